import Foundation
import NewsModel
import Refresh
import SQLiteStorage
import Storage
import Testing

@Suite struct ArticleRetentionTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// A store with articles 10, 100 and 200 days old (published and fetched then); the
    /// oldest one starred by the owner.
    func storeWithOldArticles() async throws -> SQLiteStore {
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed"))
        for days in [10.0, 100.0, 200.0] {
            let date = Self.now.addingTimeInterval(-days * 86_400)
            _ = try await store.applyRefresh(
                RefreshResult(articles: [ArticleDraft(guid: "\(Int(days))", title: "\(Int(days)) days old", publishedAt: date)], state: FeedState(lastAttemptAt: date)),
                to: source.id
            )
        }
        let oldest = try #require(try await store.articles(matching: ArticleQuery(pageSize: 10)).articles.last)
        _ = try await store.setStarred(true, articles: [oldest.id], for: try await store.owner().id, at: Self.now)
        return store
    }

    func guids(_ store: SQLiteStore) async throws -> [String] {
        try await store.articles(matching: ArticleQuery(pageSize: 10)).articles.map(\.guid)
    }

    @Test func keepsNinetyDaysByDefaultAndStarredArticlesForGood() async throws {
        let store = try await storeWithOldArticles()
        let retention = ArticleRetention(store: store)
        #expect(try await retention.days() == 90)
        #expect(try await retention.run(now: Self.now) == RetentionSummary(articlesRemoved: 1, sourcesRemoved: 0))
        #expect(try await guids(store) == ["10", "200"])
    }

    @Test func theLibrarysSettingChangesItAndZeroKeepsEverything() async throws {
        let store = try await storeWithOldArticles()
        let retention = ArticleRetention(store: store)
        try await retention.setDays(0)
        #expect(try await retention.run(now: Self.now) == nil)
        #expect(try await guids(store).count == 3)
        try await retention.setDays(5)
        #expect(try await retention.days() == 5)
        #expect(try await retention.run(now: Self.now)?.articlesRemoved == 2)
        #expect(try await guids(store) == ["200"])
        await #expect(throws: RetentionError.outOfRange(-1)) { try await retention.setDays(-1) }
        try await store.setSetting(LibrarySettingKey.retentionDays, to: "not a number")
        #expect(try await retention.days() == ArticleRetention.defaultDays)
    }

    @Test func theSchedulerRunsItOnceADay() async throws {
        let store = try await storeWithOldArticles()
        let retention = ArticleRetention(store: store)
        try await retention.setDays(50)
        await retention.runIfDue(now: Self.now)
        #expect(try await guids(store) == ["10", "200"])
        // Within a day nothing runs, even with a shorter retention; a day later it does.
        try await retention.setDays(5)
        await retention.runIfDue(now: Self.now.addingTimeInterval(3_600))
        #expect(try await guids(store) == ["10", "200"])
        await retention.runIfDue(now: Self.now.addingTimeInterval(ArticleRetention.interval))
        #expect(try await guids(store) == ["200"])
    }
}
