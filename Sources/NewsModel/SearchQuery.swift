/// A parsed full-text search (NewsAPI's `q`): words, "exact phrases", `+must`, `-mustnot`,
/// `AND`, `OR`, `NOT` and parentheses. Backends translate it to their own syntax, so no
/// user text ever reaches a query language unquoted.
public indirect enum SearchQuery: Sendable, Hashable {
    /// A single word; matches its stemmed forms where the backend stems.
    case term(String)
    /// Words that must appear together, in this order.
    case phrase([String])
    case all([SearchQuery])
    case any([SearchQuery])
    case not(SearchQuery)
}

/// Which article fields a search looks at (NewsAPI's `searchIn`).
public enum SearchField: String, Sendable, Codable, CaseIterable, Hashable {
    case title, description, content
}
