import Fetching
import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Synchronization
import Testing
@testable import Refresh

struct FeedRefresherTests {
    static let feedURL = "https://tidewater.example/feed.xml"
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func makeSource(in store: SQLiteStore) async throws -> Source {
        try await store.addSource(Source(id: SourceID(slugging: "Tidewater"), name: Self.feedURL, feedURL: Self.feedURL))
    }

    @Test func storesArticlesAndValidatorsThenRevalidates() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await makeSource(in: store)
        let feed = FeedFixtures.rss(items: [("a1", "Herons return", "The herons came back &lt;b&gt;early&lt;/b&gt;."), ("a2", "Low tide", "A walk.")])
        let fetcher = StubFetcher([Self.feedURL: .body(feed, headers: ["etag": "\"v7\"", "content-type": "application/rss+xml"])])
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))

        let first = await refresher.refresh(source, now: now)
        #expect(first.outcome == .updated(inserted: 2, updated: 0))
        let articles = try await store.articles(matching: ArticleQuery(sources: [source.id])).articles
        #expect(Set(articles.map(\.title)) == ["Herons return", "Low tide"])
        let herons = try #require(articles.first { $0.title == "Herons return" })
        #expect(herons.summary == "The herons came back early.")
        #expect(herons.author == "Ines Marlow")
        #expect(herons.url == "https://tidewater.example/a1")
        // The feed's language is its source's (a person may correct it), not copied onto articles.
        #expect(herons.language == nil)
        #expect(try await store.source(source.id)?.inferred.language == .en)
        #expect(try await store.source(source.id)?.inferred.country == .unitedKingdom, "en-gb")
        let state = try #require(try await store.feedState(for: source.id))
        #expect(state.etag == "\"v7\"")
        #expect(state.lastError == nil)
        #expect(state.nextRefreshAt == now.addingTimeInterval(30 * 60))
        // The feed's title fills the name the person did not set.
        #expect(try await store.source(source.id)?.name == "Tidewater Notes")

        fetcher.set(Self.feedURL, .notModified)
        let second = await refresher.refresh(source, now: now.addingTimeInterval(1_800))
        #expect(second.outcome == .notModified)
        #expect(fetcher.requested.last?.etag == "\"v7\"")
        #expect(try await store.articles(matching: ArticleQuery(sources: [source.id])).totalResults == 2)
    }

    @Test func countsWhatNotModifiedAnswersSavedAndHowLongAFailureLasts() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await makeSource(in: store)
        let feed = FeedFixtures.rss(items: [("a1", "Herons return", "Body.")])
        let fetcher = StubFetcher([Self.feedURL: .body(feed, headers: ["etag": "\"v1\""])])
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        _ = await refresher.refresh(source, now: now)
        #expect(try await store.feedState(for: source.id)?.lastFeedBytes == feed.utf8.count)

        fetcher.set(Self.feedURL, .notModified)
        _ = await refresher.refresh(source, now: now.addingTimeInterval(1_800))
        _ = await refresher.refresh(source, now: now.addingTimeInterval(3_600))
        var state = try #require(try await store.feedState(for: source.id))
        #expect(state.notModifiedCount == 2)
        #expect(state.bytesSaved == Int64(2 * feed.utf8.count))
        #expect(state.failingSince == nil)

        fetcher.set(Self.feedURL, .failure(.timedOut(url: Self.feedURL, seconds: 30)))
        _ = await refresher.refresh(source, now: now.addingTimeInterval(7_200))
        _ = await refresher.refresh(source, now: now.addingTimeInterval(9_000))
        state = try #require(try await store.feedState(for: source.id))
        #expect(state.failingSince == now.addingTimeInterval(7_200), "the first failure of the run")
        #expect(state.consecutiveFailures == 2)
        #expect(state.bytesSaved == Int64(2 * feed.utf8.count), "kept through failures")

        fetcher.set(Self.feedURL, .notModified)
        _ = await refresher.refresh(source, now: now.addingTimeInterval(10_000))
        state = try #require(try await store.feedState(for: source.id))
        #expect(state.failingSince == nil && state.lastError == nil)
        #expect(state.notModifiedCount == 3)
    }

    /// A source in a new library whose feed answers `body`, refreshed once: the failure's
    /// message (nil, and an issue recorded, when the refresh did not fail).
    struct FailedRefresh {
        let store: SQLiteStore
        let source: Source
        let fetcher: StubFetcher
        let refresher: FeedRefresher
        let message: String?
    }

    func refreshFailing(on body: String, contentType: String) async throws -> FailedRefresh {
        let store = try SQLiteStore.temporary()
        let source = try await makeSource(in: store)
        let fetcher = StubFetcher([Self.feedURL: .body(body, headers: ["content-type": contentType])])
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher), policy: RefreshPolicy(interval: 600))
        let outcome = await refresher.refresh(source, now: now).outcome
        guard case .failed(let message) = outcome else {
            Issue.record("the refresh must fail, got \(outcome)")
            return FailedRefresh(store: store, source: source, fetcher: fetcher, refresher: refresher, message: nil)
        }
        return FailedRefresh(store: store, source: source, fetcher: fetcher, refresher: refresher, message: message)
    }

    @Test func recordsFailuresWithoutStoringAnythingAndBacksOff() async throws {
        let failed = try await refreshFailing(on: "<html><body>Not a feed</body></html>", contentType: "text/html")
        let (store, source, fetcher, refresher) = (failed.store, failed.source, failed.fetcher, failed.refresher)
        let message = try #require(failed.message)
        #expect(message.contains("not a feed"))
        #expect(try await store.articles(matching: ArticleQuery(sources: [source.id])).totalResults == 0)
        let state = try #require(try await store.feedState(for: source.id))
        #expect(state.lastError == message)
        #expect(state.consecutiveFailures == 1)
        #expect(state.nextRefreshAt == now.addingTimeInterval(600))

        fetcher.set(Self.feedURL, .failure(.timedOut(url: Self.feedURL, seconds: 30)))
        _ = await refresher.refresh(source, now: now)
        let backedOff = try #require(try await store.feedState(for: source.id))
        #expect(backedOff.consecutiveFailures == 2)
        #expect(backedOff.nextRefreshAt == now.addingTimeInterval(1_200))
        #expect(backedOff.lastError?.contains("did not answer") == true)
    }

    /// A feed that arrives cut short fails with what happened and what to do, not with "not
    /// a feed": its address is a feed's.
    @Test func aFeedCutShortFailsAsCutShort() async throws {
        let cut = #"{"version": "https://jsonfeed.org/version/1.1", "title": "Tidewater", "items": [{"id": "1", "content_text": "The tide"#
        let message = try #require(try await refreshFailing(on: cut, contentType: "application/feed+json").message)
        #expect(message.contains("cut short"))
        #expect(message.contains("fetching it again later"))
        #expect(!message.contains("not a feed"))
    }

    @Test func keepsArticlesWhenAFeedBreaksLater() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await makeSource(in: store)
        let fetcher = StubFetcher([Self.feedURL: .body(FeedFixtures.rss(items: [("k1", "Kept", "Body")]))])
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        _ = await refresher.refresh(source, now: now)
        fetcher.set(Self.feedURL, .failure(.httpStatus(url: Self.feedURL, code: 500)))
        let report = await refresher.refresh(source, now: now.addingTimeInterval(3_600))
        #expect(report.isFailure)
        #expect(try await store.articles(matching: ArticleQuery(sources: [source.id])).articles.map(\.title) == ["Kept"])
    }

    @Test func updatesChangedArticlesAndAddsNewOnes() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await makeSource(in: store)
        let fetcher = StubFetcher([Self.feedURL: .body(FeedFixtures.rss(items: [("u1", "First title", "Body")]))])
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        _ = await refresher.refresh(source, now: now)
        fetcher.set(Self.feedURL, .body(FeedFixtures.rss(items: [("u1", "Corrected title", "Body"), ("u2", "New", "Body")])))
        let report = await refresher.refresh(source, now: now.addingTimeInterval(3_600))
        #expect(report.outcome == .updated(inserted: 1, updated: 1))
    }

    @Test func refreshesManySourcesWithBoundedConcurrency() async throws {
        let store = try SQLiteStore.temporary()
        let fetcher = StubFetcher()
        var sources: [Source] = []
        for index in 0..<7 {
            let url = "https://site\(index).example/feed"
            fetcher.set(url, .body(FeedFixtures.rss(title: "Site \(index)", items: [("g\(index)", "Story \(index)", "Body")])))
            sources.append(try await store.addSource(Source(id: SourceID(slugging: "site \(index)"), name: url, feedURL: url)))
        }
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        let reports = await refresher.refresh(sources, concurrency: 3)
        #expect(reports.count == 7)
        #expect(reports.allSatisfy { $0.outcome == .updated(inserted: 1, updated: 0) })
        #expect(try await store.articles(matching: ArticleQuery()).totalResults == 7)
    }

    /// A pass reads the states at once and writes the article-less outcomes together: each
    /// still ends up in its source's state, the validators of the last fetch are sent, and
    /// every source is reported once.
    @Test func aPassRecordsUnchangedAndFailedFeedsAndTheirValidators() async throws {
        let store = try SQLiteStore.temporary()
        let fetcher = StubFetcher()
        var sources: [Source] = []
        for index in 0..<5 {
            let url = "https://site\(index).example/feed"
            fetcher.set(url, .body(FeedFixtures.rss(title: "Site \(index)", items: [("g\(index)", "Story \(index)", "Body")]), headers: ["etag": "\"e\(index)\""]))
            sources.append(try await store.addSource(Source(id: SourceID(slugging: "site \(index)"), name: url, feedURL: url)))
        }
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        #expect(await refresher.refresh(sources, concurrency: 2).count == 5)
        let stored = try await store.feedStates(for: sources.map(\.id))
        #expect(stored.count == 5)

        for index in 0..<3 { fetcher.set(sources[index].feedURL, .notModified) }
        fetcher.set(sources[3].feedURL, .failure(.httpStatus(url: sources[3].feedURL, code: 503)))
        fetcher.set(sources[4].feedURL, .body(FeedFixtures.rss(title: "Site 4", items: [("g4", "Story 4", "Body"), ("n4", "News", "Body")])))
        let reported = LockedReports()
        let reports = await refresher.refresh(sources, concurrency: 2) { reported.append($0) }
        #expect(Set(reports.map(\.sourceID)) == Set(sources.map(\.id)))
        #expect(reported.all.count == 5, "each source is reported once, after its outcome is stored")
        let byID = Dictionary(uniqueKeysWithValues: reports.map { ($0.sourceID, $0.outcome) })
        #expect(byID[sources[0].id] == .notModified)
        #expect(byID[sources[4].id] == .updated(inserted: 1, updated: 0))
        guard case .failed? = byID[sources[3].id] else {
            Issue.record("the failing feed is reported as failed")
            return
        }
        // The second pass asked with each feed's validator from the first.
        let second = fetcher.requested.suffix(5)
        for index in 0..<4 {
            #expect(second.first { $0.url == sources[index].feedURL }?.etag == "\"e\(index)\"")
        }
        let states = try await store.feedStates(for: sources.map(\.id))
        for index in 0..<3 {
            #expect(states[sources[index].id]?.notModifiedCount == 1)
            #expect(states[sources[index].id]?.etag == "\"e\(index)\"", "a 304 keeps the validator")
        }
        #expect(states[sources[3].id]?.consecutiveFailures == 1)
        #expect(states[sources[3].id]?.lastError?.contains("503") == true)
        #expect(states[sources[4].id]?.notModifiedCount == 0)
        #expect(try await store.articles(matching: ArticleQuery()).totalResults == 6)
    }
}

/// Reports collected from `onReport`, which may be called from any task.
private final class LockedReports: Sendable {
    private let reports = Mutex<[RefreshReport]>([])
    func append(_ report: RefreshReport) { reports.withLock { $0.append(report) } }
    var all: [RefreshReport] { reports.withLock { $0 } }
}
