import Foundation
import NewsModel

/// What a Broadsheet database can do with the shared library: sources, their articles and
/// their refresh state. Every backend (SQLite, PostgreSQL) conforms and passes the same
/// conformance tests. All methods are safe to call concurrently; every method that writes
/// is one transaction, so a crash leaves either all of it or none.
///
/// People and what is theirs (subscriptions, read and starred state) are `ReaderStore`'s.
/// The methods here that add something act for the library's owner, as the single-person
/// Broadsheet did; the ones that list read the whole library unless a query names a person.
public protocol ArticleStore: Sendable {
    // MARK: Sources

    /// Stores a new source, followed by the library's owner. If its id is taken, the store
    /// picks the next free one (`the-verge-2`, …) and returns the source as stored.
    func addSource(_ source: Source) async throws -> Source
    /// Replaces a stored source's fields (name, description, icon, …). Throws
    /// `StoreError.sourceNotFound` if there is none with that id.
    func updateSource(_ source: Source) async throws
    /// Removes a source from the library, for everyone who follows it, with its articles
    /// and refresh state. Throws `sourceNotFound`.
    func removeSource(_ id: SourceID) async throws
    /// Removes every demo source (and their articles); returns how many were removed.
    func removeDemoSources() async throws -> Int
    func source(_ id: SourceID) async throws -> Source?
    /// The sources among `ids` that exist, by id: one read for a page that names several.
    func sources(_ ids: Set<SourceID>) async throws -> [SourceID: Source]
    /// Sources matching the query, ordered by name.
    func sources(matching query: SourceQuery) async throws -> [Source]
    /// Every source with its article count and newest article date, ordered by name (for the grid).
    func sourceSummaries() async throws -> [SourceSummary]

    // MARK: Articles

    /// The pipeline's one write: in one transaction, inserts new articles and updates
    /// changed ones (identity is `(source, guid)`), then records the fetch outcome and
    /// ends any refresh claim on the source.
    /// New articles get `refresh.state.lastAttemptAt` (else the current time) as `fetchedAt`,
    /// and as `publishedAt` when the feed gives no date. An empty guid is refused, and the
    /// whole refresh with it. An article removed by retention is not stored again while its
    /// feed still carries it.
    func applyRefresh(_ refresh: RefreshResult, to source: SourceID) async throws -> SaveSummary
    /// One page of matches and their total. Listed articles carry no `readerView`
    /// (`article(_:)` does); a search without any searchable word matches nothing.
    func articles(matching query: ArticleQuery) async throws -> ArticleResults
    func article(_ id: ArticleID) async throws -> Article?
    /// Stores (or replaces) the extracted full article for the reader view.
    func saveReaderView(_ readerView: ReaderView, for id: ArticleID) async throws
    /// Counts one reader-view open (`Article.readCount`).
    func recordRead(_ id: ArticleID) async throws
    /// Adds many opens counted together, in one write; articles no longer stored are skipped.
    func recordReads(_ counts: [ArticleID: Int]) async throws

    // MARK: Refresh bookkeeping

    func feedState(for source: SourceID) async throws -> FeedState?
    /// The refresh states of those of `sources` that have one: one read for a whole pass.
    func feedStates(for sources: [SourceID]) async throws -> [SourceID: FeedState]
    /// Records fetch outcomes that carry no articles (a 304, a failure) for several sources,
    /// each as `applyRefresh` with no articles would (the state replaced, the claim ended);
    /// a source that no longer exists is skipped. A store may write them all in one
    /// transaction: a refresh pass then costs one write for its unchanged feeds.
    func recordRefreshStates(_ states: [SourceID: FeedState]) async throws
    /// Sources someone follows whose next refresh is due at `date` (never-fetched first), at most `limit`.
    func sourcesDueForRefresh(at date: Date, limit: Int) async throws -> [Source]
    /// Claims sources due at `request.now` (never-fetched first, then the most overdue,
    /// no demo sources) that no one holds a live claim on, for `request.claimant` until
    /// `request.expiresAt`, keeping at most `request.perHostLimit` live claims per feed
    /// host across all claimants. Atomic across processes: two concurrent calls never
    /// claim the same source. `applyRefresh` ends a source's claim.
    func claimSourcesForRefresh(_ request: RefreshClaimRequest) async throws -> [Source]
    /// Gives back claims of `claimant` that will not be refreshed (a cancelled refresh):
    /// those sources are at once free for anyone.
    func releaseRefreshClaims(_ sources: [SourceID], of claimant: String) async throws
    /// The earliest time a source without a live claim at `now` falls due (a time at or
    /// before `now` if one is due already); nil when there is nothing to refresh.
    func nextRefreshDate(now: Date) async throws -> Date?

    // MARK: API keys

    /// Creates a key for the library's owner; the secret is returned once and only its hash is stored.
    func createAPIKey(name: String) async throws -> NewAPIKey
    /// The key a secret belongs to, disabled or not; nil for an unknown secret.
    func apiKey(forSecret secret: String) async throws -> APIKey?
    func setAPIKey(_ id: APIKey.ID, enabled: Bool) async throws
    /// Everyone's keys, oldest first.
    func apiKeys() async throws -> [APIKey]

    // MARK: Settings

    /// A small named value the library keeps (for example that the demo was dismissed, or
    /// `LibrarySettingKey.retentionDays`).
    func setting(_ key: String) async throws -> String?
    func setSetting(_ key: String, to value: String?) async throws
}

extension ArticleStore {
    /// One `feedState(for:)` per source, for stores with nothing faster.
    public func feedStates(for sources: [SourceID]) async throws -> [SourceID: FeedState] {
        var states: [SourceID: FeedState] = [:]
        for source in sources {
            states[source] = try await feedState(for: source)
        }
        return states
    }

    /// One `applyRefresh` per source, for stores with nothing faster.
    public func recordRefreshStates(_ states: [SourceID: FeedState]) async throws {
        for (source, state) in states {
            do {
                _ = try await applyRefresh(RefreshResult(articles: [], state: state), to: source)
            } catch StoreError.sourceNotFound {
                continue
            }
        }
    }

    /// One `source(_:)` per id, for stores with nothing faster.
    public func sources(_ ids: Set<SourceID>) async throws -> [SourceID: Source] {
        var sources: [SourceID: Source] = [:]
        for id in ids {
            sources[id] = try await source(id)
        }
        return sources
    }
}
