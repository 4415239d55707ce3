import Fetching
import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import Refresh

struct RefreshSchedulerTests {
    @Test func refreshesEverySourceDueInOnePassWhateverTheBatchSize() async throws {
        let store = try SQLiteStore.temporary()
        let fetcher = StubFetcher()
        for number in 1...7 {
            let url = "https://feeds\(number).example/feed.xml"
            _ = try await store.addSource(Source(id: SourceID(slugging: "Feed \(number)"), name: "Feed \(number)", feedURL: url))
            fetcher.set(url, .body(FeedFixtures.rss(items: [("item-\(number)", "Story \(number)", "Text \(number).")])))
        }
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        let scheduler = RefreshScheduler(store: store, refresher: refresher, concurrency: 2, batchSize: 3)

        let first = await scheduler.refreshDueSources()
        #expect(first.count == 7)
        #expect(Set(first.map(\.sourceID)).count == 7)
        #expect(fetcher.requested.count == 7)
        #expect(try await store.articles(matching: ArticleQuery()).totalResults == 7)
        // Nothing is due again until the interval has passed.
        #expect(await scheduler.refreshDueSources().isEmpty)
    }

    @Test func endsThePassWhenASourceComesBackDue() async throws {
        // A source still due after its refresh (here the pass looks a year ahead, so the next
        // time the refresh set is due too) is refreshed once per pass, not again and again.
        let store = try SQLiteStore.temporary()
        let fetcher = StubFetcher()
        let url = "https://broken.example/feed.xml"
        _ = try await store.addSource(Source(id: SourceID(slugging: "Broken"), name: "Broken", feedURL: url))
        fetcher.set(url, .failure(.httpStatus(url: url, code: 500)))
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        let scheduler = RefreshScheduler(store: store, refresher: refresher, batchSize: 1)
        let reports = await scheduler.refreshDueSources(now: Date().addingTimeInterval(365 * 86_400))
        #expect(reports.count == 1)
        #expect(fetcher.requested.count == 1)
    }
}
