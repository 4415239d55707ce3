import Foundation
import NewsModel

/// A store for a library several people read: the shared sources and articles of
/// `ArticleStore`, the people of `AccountStore`, and what is each person's own —
/// subscriptions, folders, and read and starred state per article. Every backend conforms
/// and passes the `ReaderStoreCheck` conformance suite.
///
/// Sources are shared: following a feed someone else follows subscribes to the same source,
/// fetched once. A person's library is the sources they follow; every article of those is
/// in it, unread until marked read (an article that arrives later starts unread too).
/// `ArticleStore`'s own methods act for the owner, as the single-person Broadsheet did:
/// `addSource` adds a source the owner follows, `createAPIKey(name:)` makes an owner's key.
///
/// Methods taking a person's id act for that person only; ids of articles or sources they
/// cannot see are ignored (lists) or not found (single items), never someone else's.
public protocol ReaderStore: ArticleStore, AccountStore, SourceActivityStore, BlogrollStore {
    // MARK: Folders

    /// A person's folders, by name.
    func folders(of user: UserID) async throws -> [Folder]
    /// The person's folder with this name (ignoring case), created if missing.
    /// Throws `invalidFolderName`.
    func folder(named name: String, for user: UserID) async throws -> Folder
    /// Throws `folderNotFound`, `folderNameTaken`, `invalidFolderName`.
    func renameFolder(_ id: FolderID, to name: String, for user: UserID) async throws
    /// Removes the folder; its subscriptions stay, in no folder. Throws `folderNotFound`.
    func removeFolder(_ id: FolderID, for user: UserID) async throws

    // MARK: Subscriptions

    /// Follows a feed: the library's source with the same feed address if there is one
    /// (fetched once for everyone), else `source` added to the library (its id made free as
    /// `addSource` does). `name` is the person's own name for it (nil, empty or the source's
    /// own name: none). One transaction. Throws `alreadyFollowing`, `folderNotFound`.
    func follow(_ source: Source, as user: UserID, name: String?, folder: FolderID?) async throws -> FollowedSource
    /// Stops following. A source nobody follows any more leaves the library with its articles,
    /// unless someone starred one of them (then it stays, no longer fetched, until retention
    /// finds nothing starred in it). Throws `notFollowing`.
    func unfollow(_ source: SourceID, as user: UserID) async throws
    /// Changes the person's name for the source and its folder (`userID` and `sourceID` say
    /// which subscription). Throws `notFollowing`, `folderNotFound`.
    func updateSubscription(_ subscription: Subscription) async throws
    func subscription(to source: SourceID, for user: UserID) async throws -> Subscription?
    /// A person's subscriptions, ordered by the name they see.
    func subscriptions(of user: UserID) async throws -> [Subscription]
    /// The person's grid: every subscription with its source, folder, refresh state and
    /// counts, ordered by the name they see.
    func subscriptionSummaries(for user: UserID) async throws -> [SubscriptionSummary]

    // MARK: Reading

    /// One page of a timeline with the person's state for each article (no reader views).
    func timeline(_ timeline: Timeline, for user: UserID) async throws -> TimelinePage
    /// The same list as ids with their state, for the sync APIs (10 000 in milliseconds).
    func timelineReferences(_ timeline: Timeline, for user: UserID) async throws -> TimelineReferences
    /// The articles before and after `article` in `timeline` (its offset, limit and
    /// continuation are ignored); both nil when the article is not visible to the person.
    func neighbours(of article: ArticleID, in timeline: Timeline, for user: UserID) async throws -> TimelineNeighbours
    /// One article with its reader view and the person's state; nil unless it belongs to a
    /// source they follow or they starred it.
    func readerArticle(_ id: ArticleID, for user: UserID) async throws -> ReaderArticle?
    /// Everything an article's page reads when a person opens the article (`ArticleOpening`),
    /// with neighbours in the list `timeline` makes of the article (the list depends on its
    /// source) and at most `coverageLimit` articles of its story's coverage; nil when
    /// `readerArticle` would be nil. `separateArticleOpening` reads it piece by piece.
    func articleOpening(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline
    ) async throws -> ArticleOpening?
    /// `articleOpening`, and the article marked read when it was not (with the rest of its
    /// story the person sees, when `readsWholeStory`), as one opening: the state returned
    /// says read. By default it reads then marks; SQLite does both in one write.
    func openArticle(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline,
        readsWholeStory: Bool, at time: Date
    ) async throws -> ArticleOpening?
    /// Several articles (without reader views) in the order asked, skipping unknown and
    /// invisible ids (the sync APIs' "contents of these items").
    func readerArticles(_ ids: [ArticleID], for user: UserID) async throws -> [ReaderArticle]
    /// The person's state for each visible id (for lists made elsewhere, such as search).
    func readingStates(of ids: [ArticleID], for user: UserID) async throws -> [ArticleID: ReadingState]
    /// Marks articles of followed sources read or unread; returns how many changed.
    func setRead(_ isRead: Bool, articles ids: [ArticleID], for user: UserID, at date: Date) async throws -> Int
    /// Stars or unstars articles the person can see; returns how many changed.
    func setStarred(_ isStarred: Bool, articles ids: [ArticleID], for user: UserID, at date: Date) async throws -> Int
    /// Marks read every unread article of the scope up to `limit`; returns how many.
    func markAllRead(in scope: Timeline.Scope, upTo limit: MarkReadLimit, for user: UserID, at date: Date) async throws -> Int
    func unreadCounts(for user: UserID) async throws -> UnreadCounts

    // MARK: Retention

    /// Removes every article published and first stored before `cutoff` that nobody starred,
    /// and sources nobody follows whose starred articles are all gone. Ids are never given
    /// again, and a removed article still in its feed does not come back at the next refresh.
    func removeArticles(before cutoff: Date) async throws -> RetentionSummary
}
