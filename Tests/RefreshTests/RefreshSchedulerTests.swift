import Fetching
import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import Refresh

struct RefreshSchedulerTests {
    @Test func refreshesEverySourceDueInOnePass() async throws {
        let store = try SQLiteStore.temporary()
        let fetcher = StubFetcher()
        for number in 1...7 {
            let url = "https://feeds\(number).example/feed.xml"
            _ = try await store.addSource(Source(id: SourceID(slugging: "Feed \(number)"), name: "Feed \(number)", feedURL: url))
            fetcher.set(url, .body(FeedFixtures.rss(items: [("item-\(number)", "Story \(number)", "Text \(number).")])))
        }
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        let scheduler = RefreshScheduler(store: store, refresher: refresher, concurrency: 2)

        let first = await scheduler.refreshDueSources()
        #expect(first.count == 7)
        #expect(Set(first.map(\.sourceID)).count == 7)
        #expect(fetcher.requested.count == 7)
        #expect(try await store.articles(matching: ArticleQuery()).totalResults == 7)
        // Nothing is due again until the interval has passed.
        #expect(await scheduler.refreshDueSources().isEmpty)
    }
}
