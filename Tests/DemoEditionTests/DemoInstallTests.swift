import Foundation
import NewsModel
import Storage
import Testing
@testable import DemoEdition

@Suite("Installing the demo edition")
struct DemoInstallTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func storesEverySourceAndArticle() async throws {
        let store = RecordingStore()
        let installed = try await DemoEdition.install(into: store, now: now)
        let expected = DemoEdition.sources.reduce(0) { $0 + $1.articles.count }
        #expect(installed == expected)

        let sources = await store.sources
        #expect(sources.map(\.id) == DemoEdition.sources.map(\.id))
        #expect(sources.allSatisfy { $0.isDemo && $0.addedAt == now })
        #expect(sources.allSatisfy { DemoEdition.isDemoFeedURL($0.feedURL) })

        let refreshes = await store.refreshes
        for demoSource in DemoEdition.sources {
            let refresh = try #require(refreshes[demoSource.id])
            #expect(refresh.articles.map(\.title) == demoSource.articles.map(\.title))
            #expect(refresh.state.lastSuccessAt == now)
            let nextRefresh = try #require(refresh.state.nextRefreshAt)
            #expect(nextRefresh > now.addingTimeInterval(365 * 86_400), "a demo source must never fall due")
        }
    }

    @Test func followsTheIdTheStoreAssigns() async throws {
        let taken = try #require(DemoEdition.sources.first).id
        let store = RecordingStore(takenIDs: [taken])
        _ = try await DemoEdition.install(into: store, now: now)
        let refreshes = await store.refreshes
        #expect(refreshes[taken] == nil)
        #expect(refreshes[try #require(SourceID(rawValue: taken.rawValue + "-2"))] != nil)
    }
}
