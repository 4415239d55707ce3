import Foundation

/// What the reader view shows of an article page: its metadata and its cleaned content.
public struct ExtractedArticle: Sendable, Hashable {
    public var title: String?
    public var byline: String?
    /// Publication date, UTC.
    public var published: Date?
    /// The publication date as the page wrote it (keeps the page's own day and zone).
    public var publishedAsWritten: String?
    public var siteName: String?
    /// BCP 47 tag from the page (`<html lang>`, metadata).
    public var language: String?
    /// A sentence or two summarising the article, plain text.
    public var excerpt: String?
    /// The lead image, absolute URL.
    public var leadImageURL: String?
    /// The article's content: sanitized HTML, every URL absolute.
    public var html: String
    /// The content as plain text, each block on its own line.
    public var text: String
    /// What looked wrong (a declared charset that lied, little text found, …).
    public var problems: [String]

    public init(
        title: String? = nil, byline: String? = nil, published: Date? = nil, siteName: String? = nil,
        language: String? = nil, excerpt: String? = nil, leadImageURL: String? = nil,
        html: String, text: String, problems: [String] = []
    ) {
        self.title = title
        self.byline = byline
        self.published = published
        self.siteName = siteName
        self.language = language
        self.excerpt = excerpt
        self.leadImageURL = leadImageURL
        self.html = html
        self.text = text
        self.problems = problems
    }
}
