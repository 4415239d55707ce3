import Foundation
import NewsModel

/// What `broadsheet copy` needs of a backend beyond `ArticleStore`: every row read and
/// written as it is stored — ids, dates to the microsecond, read counts, reader views,
/// the hashes of API keys — so a library moves between SQLite and PostgreSQL unchanged.
/// Imports are batches, each one transaction, in id order, so an interrupted copy
/// resumes after the last article the target holds.
public protocol LibraryCopying: ArticleStore {
    /// How many rows of each kind the library holds.
    func libraryCounts() async throws -> LibraryCounts

    func exportSources() async throws -> [SourceRecord]
    /// Up to `limit` articles with ids above `id`, in id order, each with its reader view.
    func exportArticles(after id: Int64, limit: Int) async throws -> [Article]
    func exportAPIKeys() async throws -> [APIKeyRecord]
    func exportSettings() async throws -> [String: String]
    /// The highest article id ever given, also by articles since removed (ids are never
    /// given twice); 0 when none was.
    func articleIDHighWater() async throws -> Int64

    /// Adds or replaces sources (with their refresh state) by id.
    func importSources(_ records: [SourceRecord]) async throws
    /// Adds articles with their ids, texts, reader views and read counts, in one transaction.
    func importArticles(_ articles: [Article]) async throws
    /// Adds or replaces keys by id, with their secret hashes.
    func importAPIKeys(_ records: [APIKeyRecord]) async throws
    /// Makes sure no new article gets an id at or below `id`.
    func raiseArticleIDHighWater(to id: Int64) async throws

    /// People and what is theirs, but for their reading marks: users (with password hashes),
    /// folders, subscriptions, sessions and app passwords (with their digests), per-person
    /// settings, and the articles retention removed.
    func exportPeople() async throws -> PeopleRecords
    /// Adds or replaces them by id (subscriptions by person and source). Needs the sources.
    func importPeople(_ people: PeopleRecords) async throws
    /// Read and starred marks of the articles whose ids are in `ids`.
    func exportReadingMarks(articleIDs ids: ClosedRange<Int64>) async throws -> [ReadingMark]
    /// Applies marks to articles already copied (their entries exist through the subscriptions).
    func importReadingMarks(_ marks: [ReadingMark]) async throws
    /// After a large import: refreshes the planner's statistics (and whatever else the
    /// backend needs) so that queries on the new rows are planned well at once.
    func optimizeAfterImport() async throws
}

/// A source and its refresh state, as stored.
public struct SourceRecord: Sendable, Hashable {
    public var source: Source
    public var state: FeedState?

    public init(source: Source, state: FeedState?) {
        self.source = source
        self.state = state
    }
}

/// An API key with the hash of its secret, as stored.
public struct APIKeyRecord: Sendable, Hashable {
    public var key: APIKey
    public var secretHash: String

    public init(key: APIKey, secretHash: String) {
        self.key = key
        self.secretHash = secretHash
    }
}

/// A person as stored, with their password's bcrypt hash (nil for the implicit owner).
public struct UserRecord: Sendable, Hashable {
    public var user: User
    public var passwordHash: String?

    public init(user: User, passwordHash: String?) {
        self.user = user
        self.passwordHash = passwordHash
    }
}

/// A session as stored, with its token's digest.
public struct SessionRecord: Sendable, Hashable {
    public var session: Session
    public var tokenHash: String

    public init(session: Session, tokenHash: String) {
        self.session = session
        self.tokenHash = tokenHash
    }
}

/// An app password as stored, with the digests of the password and of its Fever key.
public struct AppPasswordRecord: Sendable, Hashable {
    public var appPassword: AppPassword
    public var secretHash: String
    public var feverKeyHash: String

    public init(appPassword: AppPassword, secretHash: String, feverKeyHash: String) {
        self.appPassword = appPassword
        self.secretHash = secretHash
        self.feverKeyHash = feverKeyHash
    }
}

/// Everything of people but their reading marks.
public struct PeopleRecords: Sendable, Hashable {
    public var users: [UserRecord]
    public var folders: [Folder]
    public var subscriptions: [Subscription]
    public var sessions: [SessionRecord]
    public var appPasswords: [AppPasswordRecord]
    /// (person, key, value)
    public var settings: [UserSetting]
    public var removedArticles: [RemovedArticle]

    public init(
        users: [UserRecord], folders: [Folder], subscriptions: [Subscription], sessions: [SessionRecord],
        appPasswords: [AppPasswordRecord], settings: [UserSetting], removedArticles: [RemovedArticle]
    ) {
        self.users = users
        self.folders = folders
        self.subscriptions = subscriptions
        self.sessions = sessions
        self.appPasswords = appPasswords
        self.settings = settings
        self.removedArticles = removedArticles
    }
}

public struct UserSetting: Sendable, Hashable {
    public var userID: UserID
    public var key: String
    public var value: String

    public init(userID: UserID, key: String, value: String) {
        self.userID = userID
        self.key = key
        self.value = value
    }
}

/// An article retention removed while its feed still carries it.
public struct RemovedArticle: Sendable, Hashable {
    public var sourceID: SourceID
    public var guid: String
    public var removedAt: Date

    public init(sourceID: SourceID, guid: String, removedAt: Date) {
        self.sourceID = sourceID
        self.guid = guid
        self.removedAt = removedAt
    }
}

/// One person's marks on one article: when they read it (nil: unread or not in their
/// library) and when they starred it (nil: not starred).
public struct ReadingMark: Sendable, Hashable {
    public var userID: UserID
    public var articleID: ArticleID
    public var readAt: Date?
    public var starredAt: Date?

    public init(userID: UserID, articleID: ArticleID, readAt: Date?, starredAt: Date?) {
        self.userID = userID
        self.articleID = articleID
        self.readAt = readAt
        self.starredAt = starredAt
    }
}

/// Rows per kind, compared on both sides after a copy.
public struct LibraryCounts: Sendable, Hashable, CustomStringConvertible {
    public var sources: Int
    public var feedStates: Int
    public var articles: Int
    public var readerViews: Int
    public var apiKeys: Int
    public var settings: Int
    /// The highest article id and the sum of read counts: a copy that lost or changed an
    /// article's id or count shows here even when the counts agree.
    public var largestArticleID: Int64
    public var totalReads: Int64
    public var users: Int = 0
    public var folders: Int = 0
    public var subscriptions: Int = 0
    /// Articles in people's libraries, and how many of those are read.
    public var readerEntries: Int = 0
    public var readEntries: Int = 0
    public var stars: Int = 0
    public var sessions: Int = 0
    public var appPasswords: Int = 0
    public var userSettings: Int = 0
    public var removedArticles: Int = 0

    public init(sources: Int, feedStates: Int, articles: Int, readerViews: Int, apiKeys: Int, settings: Int, largestArticleID: Int64, totalReads: Int64) {
        self.sources = sources
        self.feedStates = feedStates
        self.articles = articles
        self.readerViews = readerViews
        self.apiKeys = apiKeys
        self.settings = settings
        self.largestArticleID = largestArticleID
        self.totalReads = totalReads
    }

    public var description: String {
        "\(sources) sources, \(feedStates) refresh states, \(articles) articles, \(readerViews) reader views, "
            + "\(apiKeys) API keys, \(settings) settings, \(users) people, \(folders) folders, \(subscriptions) subscriptions, "
            + "\(readerEntries) library entries (\(readEntries) read), \(stars) stars, \(sessions) sessions, "
            + "\(appPasswords) app passwords, \(userSettings) personal settings, \(removedArticles) removed articles "
            + "(largest article id \(largestArticleID), \(totalReads) reader-view opens)"
    }
}
