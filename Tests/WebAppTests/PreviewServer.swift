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
        let sources: [(String, String, String?, Bool)] = [
            ("The Morning Ledger", "Business and markets, before breakfast.", nil, false),
            ("Orbit Weekly", "Space, science and the people who explore.", nil, false),
            ("Field Notes", "Nature writing from the edges of the map.", nil, false),
            ("Circuit", "Technology, explained without the hype.", nil, false),
            ("Local Courier", "What happened in town today.", nil, true),
            ("Harbour Review", "Essays and long reads.", nil, true),
            ("Pitchside", "Sport, properly.", nil, false),
        ]
        let titles = [
            "Central bank holds rates steady as inflation cools faster than expected",
            "The quiet comeback of the night train across Europe",
            "Inside the lab growing coral that can survive hotter seas",
            "Why your phone's battery lasts longer after this year's update",
            "A city that replaced parking with parks — and what happened next",
            "Astronomers spot a planet that should not exist",
            "The last lighthouse keeper on the northern coast",
            "How a small team rebuilt the town's flood defences in a month",
        ]
        let body = (1...9).map { "<p>Paragraph \($0). The committee met on Tuesday morning to weigh the latest figures, which showed prices rising more slowly than at any time in the past three years. Officials said the decision was unanimous, though several members noted that the outlook remained uncertain and that they would watch the coming months closely.</p>" }.joined()
        for (index, entry) in sources.enumerated() {
            let source = try await store.addSource(Source(
                id: SourceID(slugging: entry.0), name: entry.0, description: entry.1,
                siteURL: "https://\(SourceID(slugging: entry.0).rawValue).example.com",
                feedURL: "https://\(SourceID(slugging: entry.0).rawValue).example.com/feed", isDemo: entry.3
            ))
            let drafts = (0..<(index == 3 ? 48 : 12)).map { number in
                ArticleDraft(
                    guid: "\(index)-\(number)", title: titles[(number + index) % titles.count],
                    author: number % 3 == 0 ? nil : ["Maya Lindqvist", "Tomás Reyes", "Priya Natarajan"][number % 3],
                    summary: "The decision, widely expected by economists, leaves borrowing costs at their highest level in fifteen years while signalling that cuts could come later this year.",
                    contentHTML: number % 4 == 1 ? nil : body,
                    contentText: number % 4 == 1 ? "A short teaser." : String(repeating: "Word ", count: 900),
                    url: "https://\(source.id.rawValue).example.com/\(number)",
                    imageURL: number % 2 == 0 ? "/demo/images/picture-\((number + index) % 5).svg" : nil,
                    publishedAt: now.addingTimeInterval(-Double(number * 5400 + index * 600 + 300))
                )
            }
            let failed = index == 2
            _ = try await store.applyRefresh(RefreshResult(
                articles: drafts,
                state: FeedState(lastAttemptAt: now, lastSuccessAt: now.addingTimeInterval(failed ? -90_000 : 0),
                                 lastError: failed ? "The feed answered 404 Not Found; check the address with `broadsheet sources`." : nil)
            ), to: source.id)
        }
        var logger = Logger(label: "preview")
        logger.logLevel = .info
        var dependencies = WebAppDependencies(
            store: store, readerViews: nil, configuration: WebAppConfiguration(port: 8089), logger: logger, now: { Date() }
        )
        dependencies.imageAssets = { name in PreviewPictures.svg(named: name) }
        let app = Application(router: buildRouter(dependencies), configuration: .init(address: .hostname("127.0.0.1", port: 8089)), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            try await Task.sleep(for: .seconds(Self.seconds ?? 0))
            group.cancelAll()
        }
    }
}

/// Simple landscape pictures standing in for article photographs.
enum PreviewPictures {
    static func svg(named name: String) -> String? {
        guard name.hasPrefix("picture-"), let number = Int(name.dropFirst(8)) else { return nil }
        let palettes = [("#f2c48d", "#d9825b", "#5b6c8f"), ("#b9d7ea", "#769fcd", "#2d4059"), ("#d4e7c5", "#99bc85", "#4f6f52"), ("#fbe3e8", "#e7a4b4", "#6d4c5b"), ("#e8e2d0", "#b5a886", "#5c5446")]
        let (sky, hill, ground) = palettes[number % palettes.count]
        return ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"><rect width="800" height="500" fill="\##(sky)"/><circle cx="\##(560 + number * 20)" cy="140" r="60" fill="#fff8e7" opacity=".9"/><path d="M0 330 Q200 220 400 320 T800 300 V500 H0Z" fill="\##(hill)"/><path d="M0 400 Q250 330 500 410 T800 390 V500 H0Z" fill="\##(ground)"/></svg>"##
    }
}
