import Foundation
import NewsModel
import Storage

/// An in-memory store that keeps what `addSource` and `applyRefresh` receive, for testing
/// the install without a database. Anything else the demo must not call fails loudly.
actor RecordingStore: ArticleStore {
    struct UnexpectedCall: Error, CustomStringConvertible {
        let method: String
        var description: String { "The demo install called \(method), which it must not use." }
    }

    private(set) var sources: [Source] = []
    private(set) var refreshes: [SourceID: RefreshResult] = [:]
    /// Ids already taken before the install, to check it follows the store's renaming.
    private let takenIDs: Set<SourceID>

    init(takenIDs: Set<SourceID> = []) {
        self.takenIDs = takenIDs
    }

    func addSource(_ source: Source) async throws -> Source {
        var stored = source
        if takenIDs.contains(source.id) || sources.contains(where: { $0.id == source.id }),
           let renamed = SourceID(rawValue: source.id.rawValue + "-2") {
            stored.id = renamed
        }
        sources.append(stored)
        return stored
    }

    func applyRefresh(_ refresh: RefreshResult, to source: SourceID) async throws -> SaveSummary {
        guard sources.contains(where: { $0.id == source }) else { throw StoreError.sourceNotFound(source) }
        refreshes[source] = refresh
        return SaveSummary(inserted: Set(refresh.articles.map(\.guid)).count, updated: 0)
    }

    func updateSource(_ source: Source) async throws { throw UnexpectedCall(method: "updateSource") }
    func removeSource(_ id: SourceID) async throws { throw UnexpectedCall(method: "removeSource") }
    func removeDemoSources() async throws -> Int { throw UnexpectedCall(method: "removeDemoSources") }
    func source(_ id: SourceID) async throws -> Source? { throw UnexpectedCall(method: "source") }
    func sources(matching query: SourceQuery) async throws -> [Source] { throw UnexpectedCall(method: "sources(matching:)") }
    func sourceSummaries() async throws -> [SourceSummary] { throw UnexpectedCall(method: "sourceSummaries") }
    func articles(matching query: ArticleQuery) async throws -> ArticleResults { throw UnexpectedCall(method: "articles(matching:)") }
    func article(_ id: ArticleID) async throws -> Article? { throw UnexpectedCall(method: "article") }
    func saveReaderView(_ readerView: ReaderView, for id: ArticleID) async throws { throw UnexpectedCall(method: "saveReaderView") }
    func recordRead(_ id: ArticleID) async throws { throw UnexpectedCall(method: "recordRead") }
    func recordReads(_ counts: [ArticleID: Int]) async throws { throw UnexpectedCall(method: "recordReads") }
    func feedState(for source: SourceID) async throws -> FeedState? { throw UnexpectedCall(method: "feedState") }
    func sourcesDueForRefresh(at date: Date, limit: Int) async throws -> [Source] { throw UnexpectedCall(method: "sourcesDueForRefresh") }
    func claimSourcesForRefresh(_ request: RefreshClaimRequest) async throws -> [Source] { throw UnexpectedCall(method: "claimSourcesForRefresh") }
    func releaseRefreshClaims(_ sources: [SourceID], of claimant: String) async throws { throw UnexpectedCall(method: "releaseRefreshClaims") }
    func nextRefreshDate(now: Date) async throws -> Date? { throw UnexpectedCall(method: "nextRefreshDate") }
    func createAPIKey(name: String) async throws -> NewAPIKey { throw UnexpectedCall(method: "createAPIKey") }
    func apiKey(forSecret secret: String) async throws -> APIKey? { throw UnexpectedCall(method: "apiKey") }
    func setAPIKey(_ id: APIKey.ID, enabled: Bool) async throws { throw UnexpectedCall(method: "setAPIKey") }
    func apiKeys() async throws -> [APIKey] { throw UnexpectedCall(method: "apiKeys") }
    func setting(_ key: String) async throws -> String? { throw UnexpectedCall(method: "setting") }
    func setSetting(_ key: String, to value: String?) async throws { throw UnexpectedCall(method: "setSetting") }
}
