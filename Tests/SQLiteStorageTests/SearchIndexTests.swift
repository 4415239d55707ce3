import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

extension SQLiteStore {
    /// How far the search index, once caught up, is from one made afresh from the library's
    /// texts: FTS5's own structural check, then every (term, article, column, position) and
    /// the article count of each, compared both ways. 0 when they are the same index.
    func searchIndexDifferences() async throws -> Int {
        try await searchIndex.catchUp()
        return try await searchIndex.queue.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO articles_search(articles_search) VALUES ('integrity-check')")
            try db.execute(sql: """
                CREATE VIRTUAL TABLE temp.expected USING fts5(\(SearchIndex.tableArguments));
                INSERT INTO temp.expected (rowid, title, summary, content_text)
                SELECT article_id, title, summary, content_text FROM library.article_texts;
                CREATE VIRTUAL TABLE temp.expected_terms USING fts5vocab(temp, expected, instance);
                CREATE VIRTUAL TABLE temp.actual_terms USING fts5vocab(main, articles_search, instance);
                """)
            defer {
                try? db.execute(sql: "DROP TABLE temp.actual_terms; DROP TABLE temp.expected_terms; DROP TABLE temp.expected")
            }
            let differences = try Int.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM (SELECT * FROM temp.actual_terms EXCEPT SELECT * FROM temp.expected_terms))
                     + (SELECT count(*) FROM (SELECT * FROM temp.expected_terms EXCEPT SELECT * FROM temp.actual_terms))
                     + abs((SELECT count(*) FROM main.articles_search) - (SELECT count(*) FROM library.article_texts))
                """) ?? -1
            return differences
        }
    }
}

/// The search index in its own file (`SearchIndex`): it follows every change of the texts,
/// whoever made it and whenever the index gets to it, and it never holds up the library.
@Suite struct SearchIndexTests {
    private static let alpha = SourceID(slugging: "alpha")
    private static let bravo = SourceID(slugging: "bravo")

    private func store(at path: String? = nil) async throws -> SQLiteStore {
        let store = try path.map { try SQLiteStore(path: $0) } ?? SQLiteStore.temporary()
        for (id, name) in [(Self.alpha, "Alpha"), (Self.bravo, "Bravo")] where try await store.source(id) == nil {
            _ = try await store.addSource(Source(id: id, name: name, feedURL: "https://\(id.rawValue).example/feed"))
        }
        return store
    }

    private func drafts(_ prefix: String, count: Int, words: String) -> [ArticleDraft] {
        (0..<count).map { ArticleDraft(guid: "\(prefix)\($0)", title: "\(prefix) \($0)", summary: "\(words) \($0)", contentText: "Body of \(prefix) \($0)") }
    }

    private func found(_ word: String, in store: SQLiteStore) async throws -> [String] {
        try await store.articles(matching: ArticleQuery(search: .term(word), pageSize: 100)).articles.map(\.guid).sorted()
    }

    private func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory.appendingPathComponent("library.sqlite").path)
    }

    /// Runs `body` while `lock` holds a lock, on a thread of its own (blocking one of the
    /// tasks' few threads could stop the tests): `lock` takes it, calls the function it is
    /// given, which returns when `body` is done, and lets go.
    private func whileHeld(
        by lock: @escaping @Sendable (@Sendable () -> Void) throws -> Void, _ body: () async throws -> Void
    ) async throws {
        let holding = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let held = Task {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                DispatchQueue.global().async {
                    do {
                        try lock {
                            holding.signal()
                            released.wait()
                        }
                        continuation.resume()
                    } catch {
                        holding.signal()
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                holding.wait()
                continuation.resume()
            }
        }
        do {
            try await body()
        } catch {
            released.signal()
            throw error
        }
        released.signal()
        try await held.value
    }

    @Test func insertsUpdatesAndDeletesReachTheIndex() async throws {
        let store = try await store()
        _ = try await store.applyRefresh(RefreshResult(articles: drafts("a", count: 30, words: "harbour"), state: FeedState()), to: Self.alpha)
        _ = try await store.applyRefresh(RefreshResult(articles: drafts("b", count: 20, words: "lighthouse"), state: FeedState()), to: Self.bravo)
        #expect(try await store.searchIndexDifferences() == 0)
        #expect(try await found("harbour", in: store).count == 30)

        var changed = drafts("a", count: 30, words: "harbour")
        for index in stride(from: 0, to: 30, by: 3) { changed[index].summary = "Ferry \(index)" }
        _ = try await store.applyRefresh(RefreshResult(articles: changed, state: FeedState()), to: Self.alpha)
        #expect(try await found("harbour", in: store).count == 20)
        #expect(try await found("ferry", in: store).count == 10)
        #expect(try await store.searchIndexDifferences() == 0)

        try await store.removeSource(Self.bravo)
        #expect(try await found("lighthouse", in: store).isEmpty)
        #expect(try await store.searchIndexDifferences() == 0)
    }

    /// Changes made while the index is busy pile up in the log: an article inserted, changed
    /// twice and another removed before the index reads any of it.
    @Test func changesThatPileUpAreAppliedInOrder() async throws {
        let store = try await store()
        try await whileHeld(by: { wait in store.searchIndex.queue.writeWithoutTransaction { _ in wait() } }) {
            _ = try await store.applyRefresh(RefreshResult(articles: drafts("a", count: 10, words: "harbour"), state: FeedState()), to: Self.alpha)
            var changed = drafts("a", count: 10, words: "harbour")
            changed[0].summary = "Ferry"
            _ = try await store.applyRefresh(RefreshResult(articles: changed, state: FeedState()), to: Self.alpha)
            changed[0].summary = "Lighthouse"
            changed[1].title = "Pier"
            _ = try await store.applyRefresh(RefreshResult(articles: changed, state: FeedState()), to: Self.alpha)
            _ = try await store.applyRefresh(RefreshResult(articles: drafts("b", count: 3, words: "dune"), state: FeedState()), to: Self.bravo)
            try await store.removeSource(Self.bravo)
        }

        #expect(try await found("ferry", in: store).isEmpty)
        #expect(try await found("lighthouse", in: store) == ["a0"])
        #expect(try await found("pier", in: store) == ["a1"])
        #expect(try await found("dune", in: store).isEmpty)
        #expect(try await store.searchIndexDifferences() == 0)
    }

    /// A write that does not wake the index (here a plain statement; in life, a process
    /// killed before its index caught up) is found by the next search all the same.
    @Test func aSearchWaitsForChangesTheIndexHasNotApplied() async throws {
        let store = try await store()
        _ = try await store.applyRefresh(RefreshResult(articles: drafts("a", count: 5, words: "harbour"), state: FeedState()), to: Self.alpha)
        #expect(try await found("harbour", in: store).count == 5)
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE article_texts SET title = 'Zebra crossing' WHERE article_id = (SELECT min(article_id) FROM article_texts)")
        }
        #expect(try await found("zebra", in: store) == ["a0"])
        #expect(try await store.searchIndexDifferences() == 0)
    }

    @Test func anotherProcessesLeftoversAreAppliedWhenTheLibraryIsOpened() async throws {
        try await withTemporaryDirectory { path in
            do {
                let first = try await store(at: path)
                // Written through the pool alone: the index never hears of it, as if the
                // process had been killed before its index caught up.
                _ = try await first.applyRefresh(RefreshResult(articles: drafts("a", count: 3, words: "harbour"), state: FeedState()), to: Self.alpha)
                try await first.pool.write { db in try db.execute(sql: "UPDATE article_texts SET summary = 'Lagoon'") }
            }
            let second = try SQLiteStore(path: path)
            #expect(try await found("lagoon", in: second).count == 3)
            #expect(try await found("harbour", in: second).isEmpty)
            #expect(try await second.searchIndexDifferences() == 0)
            await second.close()
        }
    }

    @Test func aMissingIndexFileIsMadeAgainFromTheTexts() async throws {
        try await withTemporaryDirectory { path in
            let first = try await store(at: path)
            _ = try await first.applyRefresh(RefreshResult(articles: drafts("a", count: 12, words: "harbour"), state: FeedState()), to: Self.alpha)
            await first.close()
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: SearchIndex.path(forLibraryAt: path) + suffix)
            }
            let reopened = try SQLiteStore(path: path)
            #expect(try await found("harbour", in: reopened).count == 12)
            #expect(try await reopened.searchIndexDifferences() == 0)
            await reopened.close()
        }
    }

    /// An index file made from another library (copied in by hand, say) is never read as
    /// this library's: the token it records differs, so it is made again.
    @Test func anIndexOfAnotherLibraryIsMadeAgain() async throws {
        try await withTemporaryDirectory { path in
            let otherPath = path + ".other"
            let other = try await store(at: otherPath)
            _ = try await other.applyRefresh(RefreshResult(articles: drafts("z", count: 4, words: "glacier"), state: FeedState()), to: Self.alpha)
            await other.close()
            let mine = try await store(at: path)
            _ = try await mine.applyRefresh(RefreshResult(articles: drafts("a", count: 4, words: "harbour"), state: FeedState()), to: Self.alpha)
            await mine.close()
            for suffix in ["", "-wal", "-shm"] {
                let target = SearchIndex.path(forLibraryAt: path) + suffix
                try? FileManager.default.removeItem(atPath: target)
                try? FileManager.default.copyItem(atPath: SearchIndex.path(forLibraryAt: otherPath) + suffix, toPath: target)
            }
            let reopened = try SQLiteStore(path: path)
            #expect(try await found("glacier", in: reopened).isEmpty)
            #expect(try await found("harbour", in: reopened).count == 4)
            #expect(try await reopened.searchIndexDifferences() == 0)
            await reopened.close()
        }
    }

    @Test func closingLeavesTheIndexCurrentAndTheLogEmpty() async throws {
        try await withTemporaryDirectory { path in
            let first = try await store(at: path)
            _ = try await first.applyRefresh(RefreshResult(articles: drafts("a", count: 40, words: "harbour"), state: FeedState()), to: Self.alpha)
            try await first.removeSource(Self.alpha)
            _ = try await first.applyRefresh(RefreshResult(articles: drafts("b", count: 5, words: "dune"), state: FeedState()), to: Self.bravo)
            await first.close()
            let library = try DatabaseQueue(path: path)
            let index = try DatabaseQueue(path: SearchIndex.path(forLibraryAt: path))
            let logged = try await library.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_changes") }
            let last = try await library.read { db in try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'search_changes'") }
            let applied = try await index.read { db in try Int64.fetchOne(db, sql: "SELECT applied_change FROM index_state") }
            #expect(logged == 0)
            // An insert and a delete for each of the first 40, an insert for each of the 5.
            let expected: Int64 = 40 + 40 + 5
            #expect(last == expected)
            #expect(applied == last)
        }
    }

    /// Two processes on one library (the server and a CLI refresh, say) both apply the log
    /// to the one index file: each takes the index's write lock before it reads how far the
    /// index got, so no change is applied twice or skipped.
    @Test func twoStoresOnOneLibraryKeepOneIndex() async throws {
        try await withTemporaryDirectory { path in
            let first = try await store(at: path)
            let second = try SQLiteStore(path: path)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<6 {
                    let (store, source, prefix) = round % 2 == 0 ? (first, Self.alpha, "a") : (second, Self.bravo, "b")
                    group.addTask {
                        var drafts = self.drafts(prefix, count: 40, words: "harbour")
                        for index in drafts.indices where index % (round + 2) == 0 { drafts[index].summary = "Ferry \(round)" }
                        _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState()), to: source)
                        try await store.searchIndex.catchUp()
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await first.searchIndexDifferences() == 0)
            #expect(try await second.searchIndexDifferences() == 0)
            await first.close()
            await second.close()
        }
    }

    /// A catch-up woken just before the store closes finds the connection closed and does
    /// nothing (it runs after its delay, when the store is gone).
    @Test func aCatchUpWokenBeforeClosingIsHarmless() async throws {
        try await withTemporaryDirectory { path in
            let store = try await store(at: path)
            _ = try await store.applyRefresh(RefreshResult(articles: drafts("a", count: 3, words: "harbour"), state: FeedState()), to: Self.alpha)
            store.searchIndex.wake()
            await store.close()
            // Past the woken catch-up's delay, so that it has run against the closed connection.
            try await Task.sleep(for: .milliseconds(SearchIndex.gatheringDelayMilliseconds + 200))
            let reopened = try SQLiteStore(path: path)
            #expect(try await found("harbour", in: reopened).count == 3)
            await reopened.close()
        }
    }

    /// The library's writer and the index's never wait for each other: each finishes its
    /// work while the other holds its write lock.
    @Test func theIndexAndTheLibraryAreWrittenAtTheSameTime() async throws {
        let store = try await store()
        _ = try await store.applyRefresh(RefreshResult(articles: drafts("a", count: 5, words: "harbour"), state: FeedState()), to: Self.alpha)
        try await store.pool.write { db in try db.execute(sql: "UPDATE article_texts SET summary = 'Lagoon'") }

        // The library's writer held in a transaction: the index still catches up.
        try await whileHeld(by: { wait in try store.pool.write { _ in wait() } }) {
            let started = Date()
            try await store.searchIndex.catchUp()
            #expect(Date().timeIntervalSince(started) < SQLiteStore.busyTimeout / 2)
        }

        // The index's file held by another connection's write transaction (another
        // process's index catching up, say): a refresh is still written.
        let otherIndexConnection = try DatabaseQueue(path: store.searchIndex.path)
        try await whileHeld(by: { wait in try otherIndexConnection.inTransaction(.immediate) { _ in wait(); return .commit } }) {
            let summary = try await store.applyRefresh(RefreshResult(articles: drafts("b", count: 2, words: "dune"), state: FeedState()), to: Self.bravo)
            #expect(summary.inserted == 2)
        }
        #expect(try await found("dune", in: store).count == 2)
        #expect(try await store.searchIndexDifferences() == 0)
    }
}
