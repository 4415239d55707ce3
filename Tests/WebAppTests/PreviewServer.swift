import DemoEdition
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

/// Not a check: serves a realistic front page on 127.0.0.1:8089 for a while, so a person
/// (or a headless browser taking screenshots) can look at it. Runs only when
/// BROADSHEET_PREVIEW_SECONDS is set.
@Suite struct PreviewServer {
    static let seconds = ProcessInfo.processInfo.environment["BROADSHEET_PREVIEW_SECONDS"].flatMap(Double.init)

    @Test(.enabled(if: seconds != nil)) func servePreview() async throws {
        let store = try SQLiteStore.temporary()
        let now = Date()
        _ = try await DemoEdition.install(into: store, now: now)
        // Two followed feeds beside the demo: one healthy, one whose last refresh failed.
        let titles = [
            "Central bank holds rates steady as inflation cools faster than expected",
            "The quiet comeback of the night train across Europe",
            "Inside the lab growing coral that can survive hotter seas",
            "A city that replaced parking with parks, and what happened next",
        ]
        for (index, name) in ["The Morning Ledger", "Field Notes"].enumerated() {
            let source = try await store.addSource(Source(
                id: SourceID(slugging: name), name: name, description: "A feed a person follows.",
                siteURL: "https://\(SourceID(slugging: name).rawValue).example.com", feedURL: "https://\(SourceID(slugging: name).rawValue).example.com/feed"
            ))
            let drafts = (0..<34).map { number in
                ArticleDraft(
                    guid: "\(index)-\(number)", title: titles[(number + index) % titles.count],
                    author: number % 3 == 0 ? nil : "Maya Lindqvist",
                    summary: "The decision leaves borrowing costs at their highest level in fifteen years while signalling that cuts could come later this year.",
                    contentText: "A short teaser.", url: "https://\(source.id.rawValue).example.com/\(number)",
                    publishedAt: now.addingTimeInterval(-Double(number * 5400 + index * 600 + 300))
                )
            }
            _ = try await store.applyRefresh(RefreshResult(
                articles: drafts,
                state: FeedState(lastAttemptAt: now, lastSuccessAt: now.addingTimeInterval(index == 1 ? -90_000 : 0),
                                 lastError: index == 1 ? "The feed answered 404 Not Found; check its address with `broadsheet sources`." : nil)
            ), to: source.id)
        }
        var logger = Logger(label: "preview")
        logger.logLevel = .info
        let dependencies = WebAppDependencies(
            store: store, readerViews: nil, configuration: WebAppConfiguration(port: 8089), logger: logger, now: { Date() }
        )
        let app = Application(router: buildRouter(dependencies), configuration: .init(address: .hostname("127.0.0.1", port: 8089)), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            try await Task.sleep(for: .seconds(Self.seconds ?? 0))
            group.cancelAll()
        }
    }
}
