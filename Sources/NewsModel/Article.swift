import Foundation

/// A stored article's identifier, assigned by the store; stable for the article's life.
public struct ArticleID: RawRepresentable, Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
    public static func < (lhs: ArticleID, rhs: ArticleID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// An article as the reader knows it: what one feed item became once it was stored.
public struct Article: Sendable, Codable, Hashable, Identifiable {
    public var id: ArticleID
    public var sourceID: SourceID
    /// The article's identity within its source (the feed's guid/id, else its link, else a hash).
    public var guid: String
    public var title: String
    public var author: String?
    /// A short plain-text description (NewsAPI's `description`).
    public var summary: String?
    /// The feed's own content, sanitized HTML with absolute URLs; nil when the feed had none.
    public var contentHTML: String?
    /// The feed's content (or summary) as plain text, for search and NewsAPI's `content`.
    public var contentText: String?
    /// The original article on the web, absolute http(s) URL.
    public var url: String?
    /// The best image for the article, absolute http(s) URL.
    public var imageURL: String?
    /// When the article was published (UTC); the time it was first seen if the feed gave none.
    public var publishedAt: Date
    /// When Broadsheet first stored it.
    public var fetchedAt: Date
    public var language: Language?
    /// How often a person opened it in the reader (NewsAPI's `popularity`).
    public var readCount: Int
    /// The full article extracted from the original page, once it has been fetched.
    public var readerView: ReaderView?
    /// The start of `contentText` (NewsAPI's `content`), kept by the store beside the text so
    /// that lists never read whole texts; nil when there is no text.
    public var excerpt: TextExcerpt?

    /// `excerpt` is worked out from `contentText` unless given (stores give the one they keep).
    public init(
        id: ArticleID, sourceID: SourceID, guid: String, title: String, author: String? = nil,
        summary: String? = nil, contentHTML: String? = nil, contentText: String? = nil,
        url: String? = nil, imageURL: String? = nil, publishedAt: Date, fetchedAt: Date,
        language: Language? = nil, readCount: Int = 0, readerView: ReaderView? = nil, excerpt: TextExcerpt? = nil
    ) {
        self.id = id
        self.sourceID = sourceID
        self.guid = guid
        self.title = title
        self.author = author
        self.summary = summary
        self.contentHTML = contentHTML
        self.contentText = contentText
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.fetchedAt = fetchedAt
        self.language = language
        self.readCount = readCount
        self.readerView = readerView
        self.excerpt = excerpt ?? contentText.flatMap(TextExcerpt.init(of:))
    }
}

/// An article about to be stored: everything but what the store assigns.
public struct ArticleDraft: Sendable, Codable, Hashable {
    public var guid: String
    public var title: String
    public var author: String?
    public var summary: String?
    public var contentHTML: String?
    public var contentText: String?
    public var url: String?
    public var imageURL: String?
    /// nil when the feed gave no date: the store uses the time it first saw the article.
    public var publishedAt: Date?
    public var language: Language?

    public init(
        guid: String, title: String, author: String? = nil, summary: String? = nil,
        contentHTML: String? = nil, contentText: String? = nil, url: String? = nil,
        imageURL: String? = nil, publishedAt: Date? = nil, language: Language? = nil
    ) {
        self.guid = guid
        self.title = title
        self.author = author
        self.summary = summary
        self.contentHTML = contentHTML
        self.contentText = contentText
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.language = language
    }
}
