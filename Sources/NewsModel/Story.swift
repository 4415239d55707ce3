import Foundation

/// A story's identifier: the id of the article that started it (the first one stored about
/// the event). It stays the story's name even if that article is later removed.
public struct StoryID: RawRepresentable, Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
    public static func < (lhs: StoryID, rhs: StoryID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The story an article started.
    public init(startedBy article: ArticleID) { self.init(rawValue: article.rawValue) }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The same news from several sources: the articles about one event, grouped as they
/// arrived. Its lead is the earliest article still stored (the one that first reported it).
public struct Story: Sendable, Hashable, Identifiable {
    /// An article of the story, with the earlier article it copies word for word (a
    /// syndicated wire text under another source), if it is such a copy.
    public struct Member: Sendable, Hashable {
        public var article: Article
        public var copyOf: ArticleID?

        public init(article: Article, copyOf: ArticleID? = nil) {
            self.article = article
            self.copyOf = copyOf
        }
    }

    public var id: StoryID
    /// Every article of the story, the lead first, then in the order they were stored.
    public var members: [Member]

    public init(id: StoryID, members: [Member]) {
        self.id = id
        self.members = members
    }

    /// The earliest article still stored.
    public var lead: Article? { members.first?.article }
    /// Distinct sources carrying the story.
    public var sourceCount: Int { Set(members.map(\.article.sourceID)).count }
    /// When the story was first seen: when its lead was stored.
    public var firstSeenAt: Date? { lead?.fetchedAt }
}

/// What other sources carry of a story, as an article's page shows it: the first few of the
/// story's articles from sources other than the article's, and how many there are in all (a
/// story that ran for days in many sources can hold thousands).
public struct StoryCoverage: Sendable, Hashable {
    public var story: StoryID
    /// The first of those articles, in the order they were stored, as headlines: a store
    /// may leave out their author, summary, excerpt and texts, which the list of them
    /// ("Also covered by") does not show.
    public var articles: [Article]
    /// How many articles and distinct sources other than the article's the story has.
    public var articleCount: Int
    public var sourceCount: Int

    public init(story: StoryID, articles: [Article], articleCount: Int, sourceCount: Int) {
        self.story = story
        self.articles = articles
        self.articleCount = articleCount
        self.sourceCount = sourceCount
    }
}

/// A story as a list of top stories shows it.
public struct StorySummary: Sendable, Hashable, Identifiable {
    public var id: StoryID
    /// The earliest article still stored (among those the reader can see, for a person's list).
    public var lead: Article
    /// Distinct sources carrying the story, and their ids (lead's source first, then by name).
    public var sourceCount: Int
    public var sourceIDs: [SourceID]
    public var articleCount: Int
    /// The latest publication date among its articles.
    public var latestPublishedAt: Date

    public init(id: StoryID, lead: Article, sourceCount: Int, sourceIDs: [SourceID], articleCount: Int, latestPublishedAt: Date) {
        self.id = id
        self.lead = lead
        self.sourceCount = sourceCount
        self.sourceIDs = sourceIDs
        self.articleCount = articleCount
        self.latestPublishedAt = latestPublishedAt
    }
}

/// Where one article stands in its story, for lists that show a story once.
public struct StoryMembership: Sendable, Hashable {
    public var story: StoryID
    /// Distinct sources carrying the story (1 for an article alone).
    public var sourceCount: Int
    /// The earlier article this one copies word for word, if it is such a copy.
    public var copyOf: ArticleID?

    public init(story: StoryID, sourceCount: Int, copyOf: ArticleID? = nil) {
        self.story = story
        self.sourceCount = sourceCount
        self.copyOf = copyOf
    }
}
