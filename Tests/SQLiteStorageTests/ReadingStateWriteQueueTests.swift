import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

/// Marks that wait for the writer are written together (`ReadingStateWriteQueue`), in the
/// order they came, each caller answered with its own count. The writer is held busy by a
/// write of the test's own until the marks are all in the queue, so they wait together.
@Suite struct ReadingStateWriteQueueTests {
    @Test func marksThatWaitTogetherAreWrittenInOneTransactionInTheirOrder() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(id: SourceID(slugging: "harbour"), name: "Harbour", feedURL: "https://harbour.example/feed"))
        _ = try await store.applyRefresh(
            RefreshResult(articles: ["one", "two", "three"].map { ArticleDraft(guid: $0, title: "About \($0)") }, state: FeedState()),
            to: source.id
        )
        // The first account becomes the owner, who follows what the library follows.
        let owner = try await store.createUser(name: "owner", passwordHash: "unused", role: .admin).id
        let reader = try await store.createUser(name: "alice", passwordHash: "unused", role: .reader)
        _ = try await store.follow(source, as: reader.id, name: nil, folder: nil)
        let ids = try await store.articles(matching: ArticleQuery()).articles.map(\.id).sorted { $0.rawValue < $1.rawValue }
        try #require(ids.count == 3)
        let library = store.libraryChangeCount
        let ownerMarks = store.readingStateChangeCount(of: owner)
        let readerMarks = store.readingStateChangeCount(of: reader.id)

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
        let now = Date()
        let marks: [@Sendable () async throws -> Int] = [
            { try await store.setRead(true, articles: [ids[0], ids[1]], for: owner, at: now) },
            { try await store.setStarred(true, articles: [ids[2]], for: reader.id, at: now) },
            { try await store.setRead(false, articles: [ids[0]], for: owner, at: now) },
            { try await store.setRead(true, articles: [ids[0], ids[1], ids[2]], for: reader.id, at: now) },
            { try await store.setRead(true, articles: [ids[1]], for: owner, at: now) },
        ]
        var tasks: [Task<Int, any Error>] = []
        for (index, mark) in marks.enumerated() {
            tasks.append(Task { try await mark() })
            while await store.readingStateWrites.unansweredCount < index + 1 {
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        released.signal()
        try await hold.value
        var counts: [Int] = []
        for task in tasks { counts.append(try await task.value) }

        #expect(counts == [2, 1, 1, 3, 0], "each caller's own count; the last finds its article already read")
        let ownerStates = try await store.readingStates(of: ids, for: owner)
        #expect(ids.map { ownerStates[$0]?.isRead ?? false } == [false, true, false], "marked, then unmarked, in their order")
        let readerStates = try await store.readingStates(of: ids, for: reader.id)
        #expect(ids.map { readerStates[$0]?.isRead ?? false } == [true, true, true])
        #expect(readerStates[ids[2]]?.isStarred == true)
        // The first mark may have been taken alone into the transaction the test held up;
        // the four that waited behind it went together: two transactions, not five (three
        // of the owner's and two of Alice's, one each).
        let ownerCommits = store.readingStateChangeCount(of: owner) - ownerMarks
        let readerCommits = store.readingStateChangeCount(of: reader.id) - readerMarks
        #expect(readerCommits == 1)
        #expect((1...2).contains(ownerCommits))
        #expect(store.libraryChangeCount == library, "marks end nobody's kept library pages")
    }
}
