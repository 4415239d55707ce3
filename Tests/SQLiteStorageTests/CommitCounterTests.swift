import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

/// What the store's commits count as changed (`libraryChangeCount`, `readingStateChangeCount`),
/// which ends the answers the web app keeps.
@Suite struct CommitCounterTests {
    @Test func aWriteThatChangesNoRowChangesNothing() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed"))
        _ = try await store.applyRefresh(
            RefreshResult(articles: [ArticleDraft(guid: "a1", title: "Harbour news", contentText: "The harbour opens.")], state: FeedState()),
            to: source.id
        )
        let owner = try await store.owner().id
        let article = try #require(try await store.timeline(Timeline(limit: 1), for: owner).articles.first).id
        func changes() -> [UInt64] { [store.libraryChangeCount, store.readingStateChangeCount(of: owner)] }
        func open() async throws -> ArticleOpening? {
            try await store.openArticle(article, for: owner, coverageLimit: 5, timeline: { _ in Timeline() }, readsWholeStory: false, at: Date())
        }

        let start = changes()
        #expect(try await open()?.item.state.isRead == true)
        #expect(changes() == [start[0], start[1] + 1], "the first opening marks the article: the owner's marks change")
        #expect(try await open() != nil)
        #expect(try await store.openArticle(ArticleID(rawValue: 999), for: owner, coverageLimit: 5, timeline: { _ in Timeline() }, readsWholeStory: false, at: Date()) == nil)
        try await store.pool.write { db in
            try db.execute(sql: "UPDATE sources SET name = 'Beta' WHERE id = 'no-such-source'")
        }
        #expect(changes() == [start[0], start[1] + 1], "opening it again, opening nothing and an update of no row write nothing")

        // A transaction that was rolled back, then one that changes nothing.
        await #expect(throws: (any Error).self) {
            try await store.pool.write { db in
                try db.execute(sql: "UPDATE sources SET name = 'Beta' WHERE id = 'alpha'")
                throw DatabaseError(message: "changed my mind")
            }
        }
        try await store.pool.write { _ in }
        #expect(changes() == [start[0], start[1] + 1])

        var renamed = source
        renamed.name = "Alpha Daily"
        try await store.updateSource(renamed)
        #expect(changes() == [start[0] + 1, start[1] + 1], "a real change of the library counts")
    }
}
