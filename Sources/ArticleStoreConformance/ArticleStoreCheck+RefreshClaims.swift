import Foundation
import NewsModel
import Storage
import Testing

extension ArticleStoreCheck {
    private typealias Fixtures = ConformanceFixtures

    private static func request(_ claimant: String, hoursAfterBase hours: Double, limit: Int = 100, lease: TimeInterval = 600, perHost: Int = 2) -> RefreshClaimRequest {
        RefreshClaimRequest(claimant: claimant, now: Fixtures.date(hoursAfterBase: hours), limit: limit, lease: lease, perHostLimit: perHost)
    }

    private static func ids(_ sources: [Source]) -> [String] { sources.map(\.id.rawValue) }

    static let refreshClaimChecks: [ArticleStoreCheck] = [
        ArticleStoreCheck("claims take due sources in refresh order, each once, skipping demos") { store in
            for (slug, added) in [("new-later", 2.0), ("new-early", 1.0)] {
                _ = try await store.addSource(Fixtures.source(slug, addedHoursAfterBase: added))
            }
            _ = try await store.addSource(Fixtures.source("demo", isDemo: true))
            for (slug, next) in [("due-recently", 9.0), ("due-long-ago-b", 2.0), ("due-long-ago-a", 2.0), ("not-yet-due", 11.0)] {
                let source = try await store.addSource(Fixtures.source(slug))
                _ = try await store.applyRefresh(RefreshResult(articles: [], state: FeedState(nextRefreshAt: Fixtures.date(hoursAfterBase: next))), to: source.id)
            }
            // Fetched, but with no next time (a state written without one): due at once.
            let unscheduled = try await store.addSource(Fixtures.source("unscheduled"))
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: FeedState()), to: unscheduled.id)
            #expect(ids(try await store.claimSourcesForRefresh(request("a", hoursAfterBase: 10, limit: 4))) == ["new-early", "new-later", "unscheduled", "due-long-ago-a"])
            #expect(ids(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 10))) == ["due-long-ago-b", "due-recently"],
                    "equally overdue sources in the order of their ids")
            #expect(try await store.claimSourcesForRefresh(request("c", hoursAfterBase: 10)).isEmpty)
            #expect(try await store.claimSourcesForRefresh(request("a", hoursAfterBase: 10, limit: 0)).isEmpty)
        },

        ArticleStoreCheck("applyRefresh ends a claim; a claim that ran out goes to another claimant") { store in
            let first = try await store.addSource(Fixtures.source("first"))
            let second = try await store.addSource(Fixtures.source("second"))
            #expect(ids(try await store.claimSourcesForRefresh(request("a", hoursAfterBase: 0, lease: 3600))) == ["first", "second"])
            // "a" refreshes the first source and is killed before the second.
            _ = try await store.applyRefresh(Fixtures.refresh([Fixtures.draft("1")], hoursAfterBase: 0.1), to: first.id)
            #expect(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 0.5)).isEmpty, "the lease still holds")
            #expect(ids(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 1.01))) == ["second"])
            #expect(try await store.claimSourcesForRefresh(request("c", hoursAfterBase: 1.02)).isEmpty)
            _ = try await store.applyRefresh(Fixtures.refresh([], hoursAfterBase: 1.05), to: second.id)
            #expect(ids(try await store.claimSourcesForRefresh(request("c", hoursAfterBase: 2.5))) == ["first", "second"],
                    "once due again, both are free")
        },

        ArticleStoreCheck("no more live claims per feed host than the limit, across claimants") { store in
            for number in 1...5 {
                var source = Fixtures.source("busy-\(number)", addedHoursAfterBase: Double(number))
                source.feedURL = "https://Feeds.Busy.example/\(number).xml"
                _ = try await store.addSource(source)
            }
            _ = try await store.addSource(Fixtures.source("quiet", addedHoursAfterBase: 9))
            #expect(ids(try await store.claimSourcesForRefresh(request("a", hoursAfterBase: 10, perHost: 2))) == ["busy-1", "busy-2", "quiet"])
            #expect(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 10, perHost: 2)).isEmpty)
            _ = try await store.applyRefresh(Fixtures.refresh([], hoursAfterBase: 10), to: SourceID(slugging: "busy-1"))
            #expect(ids(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 10, perHost: 2))) == ["busy-3"])
            #expect(ids(try await store.claimSourcesForRefresh(request("c", hoursAfterBase: 10, perHost: 3))) == ["busy-4"])
        },

        ArticleStoreCheck("released claims are free at once; nextRefreshDate tells when the next free source is due") { store in
            #expect(try await store.nextRefreshDate(now: Fixtures.baseDate) == nil)
            let early = try await store.addSource(Fixtures.source("early"))
            let late = try await store.addSource(Fixtures.source("late"))
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: FeedState(nextRefreshAt: Fixtures.date(hoursAfterBase: 3))), to: early.id)
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: FeedState(nextRefreshAt: Fixtures.date(hoursAfterBase: 5))), to: late.id)
            #expect(try await store.nextRefreshDate(now: Fixtures.baseDate) == Fixtures.date(hoursAfterBase: 3))
            #expect(ids(try await store.claimSourcesForRefresh(request("a", hoursAfterBase: 4))) == ["early"])
            #expect(try await store.nextRefreshDate(now: Fixtures.date(hoursAfterBase: 4)) == Fixtures.date(hoursAfterBase: 5), "a claimed source is not waited for")
            try await store.releaseRefreshClaims([early.id], of: "someone-else")
            #expect(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 4)).isEmpty, "only the claimant releases")
            try await store.releaseRefreshClaims([early.id], of: "a")
            #expect(ids(try await store.claimSourcesForRefresh(request("b", hoursAfterBase: 4))) == ["early"])
            _ = try await store.addSource(Fixtures.source("never-fetched"))
            let next = try #require(try await store.nextRefreshDate(now: Fixtures.date(hoursAfterBase: 4)))
            #expect(next <= Fixtures.date(hoursAfterBase: 4), "a never-fetched source is due now")
        },

        ArticleStoreCheck("claimants racing each other never claim one source twice") { store in
            let count = 60
            for number in 0..<count { _ = try await store.addSource(Fixtures.source("feed-\(number)")) }
            let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
                for claimant in 0..<6 {
                    group.addTask {
                        var mine: [String] = []
                        while true {
                            let batch = try await store.claimSourcesForRefresh(request("claimant-\(claimant)", hoursAfterBase: 1, limit: 3))
                            if batch.isEmpty { return mine }
                            mine += ids(batch)
                            await Task.yield()
                        }
                    }
                }
                var all: [String] = []
                for try await mine in group { all += mine }
                return all
            }
            #expect(claimed.count == count, "every source claimed exactly once")
            #expect(Set(claimed).count == count)
        },
    ]
}
