import Foundation

/// What list of articles one person asks for: the web reader's timelines (all unread,
/// a source, a folder, starred) and the sync APIs' streams are all one of these.
/// Only articles of sources the person follows are listed, except in `.starred`, which keeps
/// what they starred from a source they left.
public struct Timeline: Sendable, Hashable {
    public enum Scope: Sendable, Hashable {
        /// Every source the person follows.
        case all
        case source(SourceID)
        /// The sources in one of the person's folders.
        case folder(FolderID)
        /// What the person starred.
        case starred
    }

    public enum ReadFilter: String, Sendable, Codable, CaseIterable, Hashable {
        case any
        /// "Hide read".
        case unread
        case read
    }

    public enum Order: String, Sendable, Codable, CaseIterable, Hashable {
        /// Latest publication date first (ties: latest stored first).
        case newestFirst
        /// Earliest publication date first.
        case oldestFirst
        /// In the order articles were stored, first stored first: ids grow with every
        /// article stored, so this is arrival order (what the Fever API pages by).
        case idAscending
        /// Last stored first.
        case idDescending

        /// True for the two orders by publication date.
        public var isByPublication: Bool { self == .newestFirst || self == .oldestFirst }

        /// The same order the other way round (for the article before one in a list).
        public var reversed: Order {
            switch self {
            case .newestFirst: .oldestFirst
            case .oldestFirst: .newestFirst
            case .idAscending: .idDescending
            case .idDescending: .idAscending
            }
        }
    }

    /// The most articles one page with contents can hold.
    public static let maximumArticlesPerPage = 1_000
    /// The most references one id listing can hold.
    public static let maximumReferencesPerPage = 100_000

    public var scope: Scope
    public var filter: ReadFilter
    public var order: Order
    /// Inclusive bounds on the publication date.
    public var publishedFrom: Date?
    public var publishedTo: Date?
    /// Only ids above (exclusive), as Fever's `since_id` asks.
    public var idAbove: ArticleID?
    /// Only ids below (exclusive), as Fever's `max_id` asks.
    public var idBelow: ArticleID?
    /// How many to return (clamped to the maximum for the kind of listing).
    public var limit: Int
    /// How many to skip first (the web's page numbers); `continuation` is cheaper for deep lists.
    public var offset: Int
    /// Where the previous page ended, for paging through a long list.
    public var continuation: TimelineCursor?
    /// Whether the page should say how many articles the whole list has (one more count).
    public var includesTotal: Bool

    public init(
        scope: Scope = .all, filter: ReadFilter = .any, order: Order = .newestFirst,
        publishedFrom: Date? = nil, publishedTo: Date? = nil, idAbove: ArticleID? = nil, idBelow: ArticleID? = nil,
        limit: Int = 50, offset: Int = 0, continuation: TimelineCursor? = nil, includesTotal: Bool = false
    ) {
        self.scope = scope
        self.filter = filter
        self.order = order
        self.publishedFrom = publishedFrom
        self.publishedTo = publishedTo
        self.idAbove = idAbove
        self.idBelow = idBelow
        self.limit = limit
        self.offset = offset
        self.continuation = continuation
        self.includesTotal = includesTotal
    }
}

/// Where a page of a timeline ended: the next page starts after this article in the list's
/// order. Its text form (`description`, `init?(_:)`) is what the sync APIs hand to clients
/// as their continuation string.
public struct TimelineCursor: Sendable, Hashable, LosslessStringConvertible {
    /// The last article's publication date in whole microseconds since 1970 (both backends
    /// store that precision, so the cursor compares exactly).
    public var publishedAtMicroseconds: Int64
    public var articleID: ArticleID

    public init(publishedAtMicroseconds: Int64, articleID: ArticleID) {
        self.publishedAtMicroseconds = publishedAtMicroseconds
        self.articleID = articleID
    }

    /// "microseconds.id", for example `1700000000000000.42`.
    public var description: String { "\(publishedAtMicroseconds).\(articleID.rawValue)" }

    /// Reads `description`'s form; nil for anything else (client input: at most 41 characters).
    public init?(_ description: String) {
        guard description.utf8.count <= 41 else { return nil }
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let published = Int64(parts[0]), let id = Int64(parts[1]), id >= 0 else { return nil }
        self.init(publishedAtMicroseconds: published, articleID: ArticleID(rawValue: id))
    }
}

/// One page of a timeline, with the person's state for each article.
public struct TimelinePage: Sendable, Hashable {
    public var articles: [ReaderArticle]
    /// Where the next page starts; nil when this page reached the end.
    public var continuation: TimelineCursor?
    /// How many articles the whole list has, when `Timeline.includesTotal` asked for it.
    public var totalCount: Int?
    /// The highest article id stored when the page was read: "mark all as read" with
    /// `.throughArticle(newestArticleID)` then leaves unread whatever arrived after the page.
    public var newestArticleID: ArticleID?

    public init(articles: [ReaderArticle], continuation: TimelineCursor?, totalCount: Int? = nil, newestArticleID: ArticleID?) {
        self.articles = articles
        self.continuation = continuation
        self.totalCount = totalCount
        self.newestArticleID = newestArticleID
    }
}

/// An article in an id listing (what sync clients ask for before they fetch contents).
public struct TimelineReference: Sendable, Hashable {
    public var id: ArticleID
    public var sourceID: SourceID
    public var publishedAt: Date
    public var state: ReadingState

    public init(id: ArticleID, sourceID: SourceID, publishedAt: Date, state: ReadingState) {
        self.id = id
        self.sourceID = sourceID
        self.publishedAt = publishedAt
        self.state = state
    }
}

/// One page of an id listing.
public struct TimelineReferences: Sendable, Hashable {
    public var references: [TimelineReference]
    /// Where the next page starts; nil when this page reached the end.
    public var continuation: TimelineCursor?

    public init(references: [TimelineReference], continuation: TimelineCursor?) {
        self.references = references
        self.continuation = continuation
    }
}

/// The articles next to one in a timeline, for "previous" and "next" on the article page.
public struct TimelineNeighbours: Sendable, Hashable {
    /// The article listed just before it; nil at the top.
    public var previous: ArticleID?
    /// The article listed just after it; nil at the end.
    public var next: ArticleID?

    public init(previous: ArticleID?, next: ArticleID?) {
        self.previous = previous
        self.next = next
    }
}

/// How far "mark all as read" goes: only what the person has seen, so an article that
/// arrives while they read stays unread.
public enum MarkReadLimit: Sendable, Hashable {
    /// Articles with this id or a lower one (ids grow with every article stored: a page's
    /// `newestArticleID` excludes everything stored after the page was read).
    case throughArticle(ArticleID)
    /// Articles first stored at or before this time (the sync APIs' `ts` and `before`).
    case fetchedThrough(Date)
}

/// Unread articles of one source, one folder or everything.
public struct UnreadCount: Sendable, Hashable {
    public var count: Int
    /// The publication date of the newest unread article; nil when there is none.
    public var newestPublishedAt: Date?

    public init(count: Int, newestPublishedAt: Date?) {
        self.count = count
        self.newestPublishedAt = newestPublishedAt
    }

    public static let zero = UnreadCount(count: 0, newestPublishedAt: nil)
}

/// One person's unread counts: per source they follow (sources without unread articles
/// included, at zero), per folder, and in all.
public struct UnreadCounts: Sendable, Hashable {
    public var bySource: [SourceID: UnreadCount]
    public var byFolder: [FolderID: UnreadCount]
    public var total: UnreadCount

    public init(bySource: [SourceID: UnreadCount], byFolder: [FolderID: UnreadCount], total: UnreadCount) {
        self.bySource = bySource
        self.byFolder = byFolder
        self.total = total
    }
}
