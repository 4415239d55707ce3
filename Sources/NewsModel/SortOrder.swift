/// How a list of articles is ordered (NewsAPI's `sortBy`).
public enum SortOrder: String, Sendable, Codable, CaseIterable, Hashable {
    /// Best match for the search first; without a search, newest first.
    case relevancy
    /// Most read first (Broadsheet counts reader-view opens); ties newest first.
    case popularity
    /// Newest first.
    case publishedAt
}
