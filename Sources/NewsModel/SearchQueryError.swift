/// Why a search text (NewsAPI's `q`) was refused, in words a person can act on.
public enum SearchQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is longer than `SearchQuery.maximumLength` characters.
    case tooLong(length: Int)
    /// Parentheses are nested deeper than `SearchQuery.maximumNestingDepth`.
    case nestedTooDeep

    public var description: String {
        switch self {
        case .tooLong(let length):
            "The search is \(length) characters long; shorten it to at most \(SearchQuery.maximumLength) characters."
        case .nestedTooDeep:
            "The search nests parentheses more than \(SearchQuery.maximumNestingDepth) deep; remove some parentheses."
        }
    }
}
