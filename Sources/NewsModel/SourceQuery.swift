/// Which sources are asked for (NewsAPI's sources endpoint); nil means "any".
public struct SourceQuery: Sendable, Hashable {
    public var category: Category?
    public var language: Language?
    public var country: Country?
    /// Only sources this person follows; nil for the whole library.
    public var followedBy: UserID?

    public init(category: Category? = nil, language: Language? = nil, country: Country? = nil, followedBy: UserID? = nil) {
        self.category = category
        self.language = language
        self.country = country
        self.followedBy = followedBy
    }
}
