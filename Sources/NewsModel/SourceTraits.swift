/// A source's language, country and category as Broadsheet worked them out from its feed
/// (the feed's language tag or its articles' text, the language's region or the site's
/// country domain, the feed's own categories). Kept apart from the values a person set on
/// the `Source`, so that a refresh, which works them out again, never overwrites a
/// person's correction. nil where nothing could be worked out.
public struct SourceTraits: Sendable, Codable, Hashable {
    public var language: Language?
    public var country: Country?
    public var category: Category?

    public init(language: Language? = nil, country: Country? = nil, category: Category? = nil) {
        self.language = language
        self.country = country
        self.category = category
    }
}

/// What a source's language, country and category are when neither a person nor its feed
/// says: NewsAPI clients expect every source to have all three (`serve --default-country`
/// and `--default-language` set them; see README "Apps").
public struct SourceDefaults: Sendable, Hashable {
    public var language: Language
    public var country: Country
    public var category: Category

    public init(language: Language = .en, country: Country = .unitedStates, category: Category = .general) {
        self.language = language
        self.country = country
        self.category = category
    }
}

extension Source {
    /// The language its articles are known to be in: a person's choice, else the inferred
    /// one; nil when nothing says (pages then claim no language).
    public var knownLanguage: Language? {
        language ?? inferred.language
    }

    /// The language apps see: a person's choice, else the inferred one, else the default.
    public func resolvedLanguage(_ defaults: SourceDefaults) -> Language {
        language ?? inferred.language ?? defaults.language
    }

    /// The country apps see: a person's choice, else the inferred one, else the default.
    public func resolvedCountry(_ defaults: SourceDefaults) -> Country {
        country ?? inferred.country ?? defaults.country
    }

    /// The category apps see: a person's choice, else the inferred one, else the default.
    public func resolvedCategory(_ defaults: SourceDefaults) -> Category {
        category ?? inferred.category ?? defaults.category
    }
}
