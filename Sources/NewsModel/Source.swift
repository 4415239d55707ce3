import Foundation

/// A news source the reader follows: a feed (or a local feed file), shown as one tile in the grid.
public struct Source: Sendable, Codable, Hashable, Identifiable {
    public var id: SourceID
    public var name: String
    /// One or two sentences about the source, plain text.
    public var description: String?
    /// The site's home page (what a person would visit), absolute http(s) URL.
    public var siteURL: String?
    /// Where the articles come from: an http(s) feed URL, or a `file://` URL for a local feed file.
    public var feedURL: String
    /// The category, language and country a person (or the bundled demo) set; nil where
    /// they set none. What apps see falls back to `inferred`, then to `SourceDefaults`.
    public var category: Category?
    public var language: Language?
    public var country: Country?
    /// What the refresh worked out from the feed; never written by a person's edit.
    public var inferred: SourceTraits
    /// The site's square icon when known; the grid draws a monogram tile otherwise.
    public var iconURL: String?
    /// True for the bundled demo edition, which can be removed in one go.
    public var isDemo: Bool
    public var addedAt: Date

    public init(
        id: SourceID, name: String, description: String? = nil, siteURL: String? = nil, feedURL: String,
        category: Category? = nil, language: Language? = nil, country: Country? = nil,
        iconURL: String? = nil, isDemo: Bool = false, addedAt: Date = Date(), inferred: SourceTraits = SourceTraits()
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.siteURL = siteURL
        self.feedURL = feedURL
        self.category = category
        self.language = language
        self.country = country
        self.iconURL = iconURL
        self.isDemo = isDemo
        self.addedAt = addedAt
        self.inferred = inferred
    }
}
