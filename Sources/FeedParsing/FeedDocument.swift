/// Everything a feed says, in detail: the feed-level values and each entry's, keyed by
/// feedparser's vocabulary (`title`, `title_detail`, `links`, `author_detail`, `tags`,
/// `content`, `enclosures`, `media_thumbnail`, `itunes_explicit`, `published_parsed` …).
/// This is what `broadsheet parse --format feedparser` prints; `ParsedFeed` is its projection.
public struct FeedDocument: Sendable, Hashable {
    /// feedparser's version string: `rss20`, `rss10`, `rss091u`, `atom10`, `atom03`, `json11`, or "" when unknown.
    public var version: String
    /// The encoding the bytes were read as.
    public var encoding: String
    /// Feed-level values.
    public var feed: FeedDictionary
    public var entries: [FeedDictionary]
    /// Namespaces the document declared: canonical prefix (or the feed's own prefix) → URI.
    public var namespaces: [String: String]
    /// What was wrong with the bytes (the first problem is feedparser's `bozo_exception`).
    public var problems: [FeedProblem]

    /// feedparser's `bozo`: the document was not a well-formed feed but was read anyway.
    public var bozo: Bool { !problems.isEmpty }

    public init(
        version: String = "", encoding: String = "utf-8", feed: FeedDictionary = FeedDictionary(),
        entries: [FeedDictionary] = [], namespaces: [String: String] = [:], problems: [FeedProblem] = []
    ) {
        self.version = version
        self.encoding = encoding
        self.feed = feed
        self.entries = entries
        self.namespaces = namespaces
        self.problems = problems
    }
}

extension FeedDocument {
    /// Whether the document is a feed at all: a known format, or entries, or a feed title or link.
    public var isFeed: Bool {
        !version.isEmpty || !entries.isEmpty || feed.contains("title") || feed.contains("link")
    }
}
