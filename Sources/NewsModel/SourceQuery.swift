/// Which sources are asked for (NewsAPI's sources endpoint); nil means "any". The filters
/// apply to what apps see: a person's value, else the inferred one, else `defaults`.
public struct SourceQuery: Sendable, Hashable {
    public var category: Category?
    public var language: Language?
    public var country: Country?
    public var defaults: SourceDefaults
    /// Only sources this person follows; nil for the whole library.
    public var followedBy: UserID?

    public init(
        category: Category? = nil, language: Language? = nil, country: Country? = nil, defaults: SourceDefaults = SourceDefaults(),
        followedBy: UserID? = nil
    ) {
        self.category = category
        self.language = language
        self.country = country
        self.defaults = defaults
        self.followedBy = followedBy
    }
}
