/// How a list of articles is ordered (NewsAPI's `sortBy`).
public enum SortOrder: String, Sendable, Codable, CaseIterable, Hashable {
    /// Best match for the search first; without a search, newest first.
    case relevancy
    /// Articles whose story the most sources carry first (an article in no story counts as
    /// one source); ties newest first.
    case popularity
    /// Newest first.
    case publishedAt
}
