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
            + "\(apiKeys) API keys, \(settings) settings (largest article id \(largestArticleID), \(totalReads) reads)"
    }
}
