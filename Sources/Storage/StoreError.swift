import NewsModel

/// What a store refuses to do, in words a person can act on.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case sourceNotFound(SourceID)
    case articleNotFound(ArticleID)
    case apiKeyNotFound(APIKey.ID)

    public var description: String {
        switch self {
        case .sourceNotFound(let id):
            "There is no source with id \"\(id)\". Run `broadsheet sources` to list the ids."
        case .articleNotFound(let id):
            "There is no article with id \(id). Run `broadsheet articles` to list the ids."
        case .apiKeyNotFound(let id):
            "There is no API key with id \(id). Run `broadsheet keys list` to list the ids."
        }
    }
}
