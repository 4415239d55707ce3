import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing

@testable import StoryTracking

@Suite("StoryTracker")
struct StoryTrackerTests {
    static let noon = Date(timeIntervalSince1970: 1_760_000_000)

    /// Fictional reports: two events, each told by two sources in their own words.
    static let reports: [(source: String, guid: String, title: String, summary: String)] = [
        ("courier", "c1", "Storm breaches Port Amberly breakwater, two trawlers damaged", "Winter waves opened a gap in the eastern breakwater near the lighthouse."),
        ("ledger", "l1", "Linden Philharmonic names Oksana Maré as principal conductor", "The orchestra's board chose her after a two-year search."),
        ("ledger", "l2", "Port Amberly closes harbour after breakwater gives way", "Repairs to the breakwater near the lighthouse could take six weeks; trawlers were damaged."),
        ("courier", "c2", "Oksana Maré to lead Linden Philharmonic as principal conductor", "Maré becomes the first woman to hold the post in Linden."),
    ]

    /// Stores the reports (from `range`) as their sources' refreshes, ten minutes apart.
    static func store(_ range: Range<Int>, in store: SQLiteStore) async throws {
        for index in range {
            let report = reports[index]
            let id = SourceID(slugging: report.source)
            if try await store.source(id) == nil {
                _ = try await store.addSource(Source(id: id, name: report.source.capitalized, feedURL: "https://\(report.source).example/feed"))
            }
            let published = noon.addingTimeInterval(Double(index) * 600)
            let draft = ArticleDraft(guid: report.guid, title: report.title, summary: report.summary, publishedAt: published)
            _ = try await store.applyRefresh(RefreshResult(articles: [draft], state: FeedState(lastAttemptAt: published)), to: id)
        }
    }

    static func id(_ guid: String, in store: SQLiteStore) async throws -> ArticleID {
        try #require(try await store.articles(matching: ArticleQuery(pageSize: 100)).articles.first { $0.guid == guid }).id
    }

    @Test("articles stored by refreshes are placed in stories, and each event is one story")
    func placesArrivals() async throws {
        let store = try SQLiteStore.temporary()
        try await Self.store(0..<4, in: store)
        let tracker = StoryTracker(store: store)
        #expect(try await tracker.catchUp(now: Self.noon) == 4)
        #expect(try await tracker.catchUp(now: Self.noon) == 0)
        let breakwater = try #require(try await store.story(containing: try await Self.id("l2", in: store), for: nil))
        #expect(breakwater.members.map(\.article.guid) == ["c1", "l2"])
        #expect(breakwater.sourceCount == 2)
        let orchestra = try #require(try await store.story(containing: try await Self.id("c2", in: store), for: nil))
        #expect(orchestra.members.map(\.article.guid) == ["l1", "c2"])
        let top = try await store.topStories(since: Self.noon.addingTimeInterval(-3600), minimumSources: 2, limit: 10, for: nil)
        #expect(top.count == 2)
    }

    @Test("after a restart, an article about an open story joins it")
    func survivesRestart() async throws {
        let store = try SQLiteStore.temporary()
        try await Self.store(0..<3, in: store)
        #expect(try await StoryTracker(store: store).catchUp(now: Self.noon) == 3)
        try await Self.store(3..<4, in: store)
        // A new tracker, as after a restart: it knows the orchestra story only from the store.
        let restarted = StoryTracker(store: store)
        #expect(try await restarted.catchUp(now: Self.noon) == 1)
        #expect(await restarted.openStoryCount == 2)
        let orchestra = try #require(try await store.story(containing: try await Self.id("c2", in: store), for: nil))
        #expect(orchestra.members.map(\.article.guid) == ["l1", "c2"])
    }

    @Test("two trackers on one library never place an article twice")
    func twoProcesses() async throws {
        let store = try SQLiteStore.temporary()
        try await Self.store(0..<2, in: store)
        let first = StoryTracker(store: store)
        let second = StoryTracker(store: store)
        #expect(try await first.catchUp(now: Self.noon) == 2)
        try await Self.store(2..<3, in: store)
        // The second tracker has seen nothing yet: it restores what the first recorded.
        #expect(try await second.catchUp(now: Self.noon) == 1)
        try await Self.store(3..<4, in: store)
        // The first still believes the progress is where it left it: its record is refused,
        // it reloads, and places only what is new.
        #expect(try await first.catchUp(now: Self.noon) == 1)
        #expect(try await second.catchUp(now: Self.noon) == 0)
        let inputs = try await store.storyInputs(StoryInputQuery(limit: 10))
        #expect(inputs.allSatisfy { $0.story != nil })
        #expect(Set(inputs.compactMap(\.story)).count == 2)
    }

    @Test("articles published before the window are passed over")
    func oldArticles() async throws {
        let store = try SQLiteStore.temporary()
        try await Self.store(0..<2, in: store)
        let tracker = StoryTracker(store: store)
        // Three days later, with a two-day window: nothing to place.
        #expect(try await tracker.catchUp(now: Self.noon.addingTimeInterval(3 * 86_400)) == 0)
        #expect(try await store.storyProgress() == nil)
        let inputs = try await store.storyInputs(StoryInputQuery(limit: 10))
        #expect(inputs.allSatisfy { $0.story == nil })
    }
}
