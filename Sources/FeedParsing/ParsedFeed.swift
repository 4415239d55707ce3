import Foundation

/// What a feed says, in one shape for every format: the parser's output, before
/// Broadsheet decides what to store. All HTML here is sanitized and all URLs absolute.
public struct ParsedFeed: Sendable, Hashable {
    public var format: FeedFormat
    public var title: String?
    /// The site's home page.
    public var link: String?
    /// The feed's description (plain text).
    public var subtitle: String?
    /// The feed's language tag as written (`en-us`).
    public var language: String?
    /// The feed's icon or logo, absolute URL.
    public var iconURL: String?
    /// The feed's own categories (RSS `category`, `itunes:category`, Atom `category`).
    public var categories: [String] = []
    /// The WebSub hub the feed names (`<link rel="hub">`, also as `atom:link` in RSS), absolute.
    public var hubURL: String?
    /// The feed's own address as it names it (`<link rel="self">`), absolute.
    public var selfURL: String?
    public var updated: Date?
    public var items: [ParsedItem]
    /// The encoding the bytes were read as (`utf-8`, `windows-1252`, …).
    public var encoding: String
    /// What was wrong with the bytes that the parser could still read (feedparser's "bozo").
    /// Empty for a well-formed feed.
    public var problems: [FeedProblem]

    public init(
        format: FeedFormat, title: String? = nil, link: String? = nil, subtitle: String? = nil,
        language: String? = nil, iconURL: String? = nil, updated: Date? = nil, items: [ParsedItem] = [],
        encoding: String = "utf-8", problems: [FeedProblem] = []
    ) {
        self.format = format
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.language = language
        self.iconURL = iconURL
        self.updated = updated
        self.items = items
        self.encoding = encoding
        self.problems = problems
    }
}

/// One entry of a feed.
public struct ParsedItem: Sendable, Hashable {
    /// A stable identity: the guid/id, else the normalised link, else a hash of title and date.
    public var id: String
    public var title: String?
    /// The article's web page, absolute URL.
    public var link: String?
    /// The article's own address when `link` goes through a redirecting proxy
    /// (`feedburner:origLink`, `pheedo:origLink`), as the feed wrote it.
    public var originalLink: String?
    /// The author's name (or e-mail when that is all there is).
    public var author: String?
    /// Short text or HTML (sanitized) describing the item.
    public var summary: String?
    /// The full content, sanitized HTML, when the feed carries it.
    public var content: String?
    public var published: Date?
    public var updated: Date?
    /// The best image: media:thumbnail, media:content, image enclosure, itunes:image, first content image.
    public var imageURL: String?
    public var categories: [String]
    public var enclosures: [ParsedEnclosure]

    public init(
        id: String, title: String? = nil, link: String? = nil, originalLink: String? = nil, author: String? = nil, summary: String? = nil,
        content: String? = nil, published: Date? = nil, updated: Date? = nil, imageURL: String? = nil,
        categories: [String] = [], enclosures: [ParsedEnclosure] = []
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.originalLink = originalLink
        self.author = author
        self.summary = summary
        self.content = content
        self.published = published
        self.updated = updated
        self.imageURL = imageURL
        self.categories = categories
        self.enclosures = enclosures
    }
}

/// A file attached to an item (podcast audio, an image).
public struct ParsedEnclosure: Sendable, Hashable {
    public var url: String
    public var type: String?
    public var length: Int?

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

public enum FeedFormat: String, Sendable, Hashable, CaseIterable {
    case rss090 = "rss090", rss091 = "rss091", rss092 = "rss092", rss093 = "rss093", rss094 = "rss094"
    case rss10 = "rss10", rss20 = "rss20", rss = "rss"
    case atom03 = "atom03", atom10 = "atom10", atom = "atom"
    case jsonFeed10 = "json1", jsonFeed11 = "json11"
}

/// Something wrong in a feed that the parser recovered from.
public struct FeedProblem: Sendable, Hashable, CustomStringConvertible {
    public var kind: String
    public var message: String
    /// 1-based position in the document, when known.
    public var line: Int?
    public var column: Int?

    public init(kind: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// The kind of a JSON document that stops in the middle of a value, with nothing but
    /// white space after where reading failed: cut short, not written wrong.
    public static let cutShortKind = "JSONCutShort"

    public var description: String {
        if let line, let column { return "\(message) (line \(line), column \(column))" }
        return message
    }
}
