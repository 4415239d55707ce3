import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

/// Refreshes that wait for the writer are written together (`RefreshWriteQueue`), and each
/// still applies entirely or not at all. The writer is held busy by a write of the test's
/// own until the refreshes are all in the queue, so they are sure to wait together.
@Suite struct RefreshWriteQueueTests {
    private func store(sources names: [String]) async throws -> SQLiteStore {
        let store = try SQLiteStore.temporary()
        for name in names {
            _ = try await store.addSource(Source(id: SourceID(slugging: name), name: name, feedURL: "https://\(name).example/feed"))
        }
        return store
    }

    private func refresh(_ words: [String], state: FeedState = FeedState(etag: "\"v1\"", lastAttemptAt: Date())) -> RefreshResult {
        RefreshResult(
            articles: words.map { ArticleDraft(guid: $0, title: "About \($0)", summary: "A note on \($0).", contentText: "The \($0) story in full.") },
            state: state
        )
    }

    /// Hands `refreshes` to the store one after another while the writer is held busy by a
    /// write of the test's own, each once the one before is in the queue; lets the writer go
    /// when all are; their outcomes, in order.
    private func applyWhileTheWriterIsBusy(
        _ refreshes: [(RefreshResult, SourceID)], on store: SQLiteStore
    ) async throws -> [Result<SaveSummary, any Error>] {
        let holding = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let hold = Task {
            try await store.pool.writeWithoutTransaction { _ in
                holding.signal()
                released.wait()
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                holding.wait()
                continuation.resume()
            }
        }
        var tasks: [Task<SaveSummary, any Error>] = []
        for (index, (refresh, source)) in refreshes.enumerated() {
            tasks.append(Task { try await store.applyRefresh(refresh, to: source) })
            while await store.refreshWrites.unansweredCount < index + 1 {
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        released.signal()
        try await hold.value
        var outcomes: [Result<SaveSummary, any Error>] = []
        for task in tasks {
            outcomes.append(await task.result)
        }
        return outcomes
    }

    private func matches(_ word: String, in store: SQLiteStore) async throws -> Int {
        try await store.articles(matching: ArticleQuery(search: .term(word))).totalResults
    }

    private func checkSearchIndex(of store: SQLiteStore) async throws {
        #expect(try await store.searchIndexDifferences() == 0)
    }

    @Test func refreshesWaitingForTheWriterShareOneTransaction() async throws {
        let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
        let store = try await store(sources: names)
        let before = store.libraryChangeCount
        let outcomes = try await applyWhileTheWriterIsBusy(
            names.map { (refresh(["\($0)1", "\($0)2", "\($0)3"]), SourceID(slugging: $0)) }, on: store
        )
        for outcome in outcomes {
            #expect(try outcome.get() == SaveSummary(inserted: 3, updated: 0))
        }
        // The first refresh (perhaps with the next ones) is taken while the writer is
        // busy; the rest wait together: two commits at most, where one per refresh made six.
        #expect(store.libraryChangeCount - before <= 2)
        for name in names {
            #expect(try await matches("\(name)2", in: store) == 1)
            #expect(try await store.feedState(for: SourceID(slugging: name))?.etag == "\"v1\"")
        }
        try await checkSearchIndex(of: store)
    }

    @Test func aFailingRefreshFailsAloneAndTheOthersAreStored() async throws {
        let store = try await store(sources: ["alpha", "bravo", "charlie", "delta"])
        let outcomes = try await applyWhileTheWriterIsBusy([
            (refresh(["alpha1"]), SourceID(slugging: "alpha")),
            (refresh(["bravo1", "bravo2"]), SourceID(slugging: "bravo")),
            (refresh(["ghost1"]), SourceID(slugging: "ghost")),
            (refresh(["charlie1", "", "charlie3"]), SourceID(slugging: "charlie")),
            (refresh(["delta1"]), SourceID(slugging: "delta")),
        ], on: store)
        #expect(try outcomes[0].get().inserted == 1)
        #expect(try outcomes[1].get().inserted == 2)
        #expect(throws: StoreError.sourceNotFound(SourceID(slugging: "ghost"))) { try outcomes[2].get() }
        #expect(throws: (any Error).self) { try outcomes[3].get() }
        #expect(try outcomes[4].get().inserted == 1)
        // The refused refresh left nothing, not even its valid articles or its state.
        #expect(try await matches("charlie1", in: store) == 0)
        #expect(try await store.feedState(for: SourceID(slugging: "charlie")) == nil)
        #expect(try await matches("bravo2", in: store) == 1)
        #expect(try await matches("delta1", in: store) == 1)
        try await checkSearchIndex(of: store)
    }

    @Test func twoRefreshesOfOneSourceAreWrittenInTurn() async throws {
        let store = try await store(sources: ["alpha", "bravo"])
        let outcomes = try await applyWhileTheWriterIsBusy([
            (refresh(["bravo1"]), SourceID(slugging: "bravo")),
            (refresh(["alpha1", "alpha2"]), SourceID(slugging: "alpha")),
            (refresh(["alpha2", "alpha3"], state: FeedState(etag: "\"v2\"", lastAttemptAt: Date())), SourceID(slugging: "alpha")),
        ], on: store)
        #expect(try outcomes[0].get().inserted == 1)
        // Applied in the order they came: the second finds alpha2 stored by the first.
        #expect(try outcomes[1].get() == SaveSummary(inserted: 2, updated: 0))
        #expect(try outcomes[2].get() == SaveSummary(inserted: 1, updated: 0))
        #expect(try await store.feedState(for: SourceID(slugging: "alpha"))?.etag == "\"v2\"")
        for word in ["alpha1", "alpha2", "alpha3"] {
            #expect(try await matches(word, in: store) == 1)
        }
        try await checkSearchIndex(of: store)
    }

    @Test func refreshWritesLeaveTheConnectionsTemporaryStorageAsItWas() async throws {
        let store = try await store(sources: ["alpha"])
        _ = try await store.applyRefresh(refresh(["alpha1"]), to: SourceID(slugging: "alpha"))
        let setting = try await store.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA temp_store") }
        #expect(setting == 0)
    }
}
