/// Which sources are asked for (NewsAPI's sources endpoint); nil means "any".
public struct SourceQuery: Sendable, Hashable {
    public var category: Category?
    public var language: Language?
    public var country: Country?

    public init(category: Category? = nil, language: Language? = nil, country: Country? = nil) {
        self.category = category
        self.language = language
        self.country = country
    }
}
