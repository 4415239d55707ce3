import Foundation
import HTTPTypes
import Testing
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import Refresh
import SQLiteStorage
import Storage
@testable import WebApp

/// A real SQLite store in a temporary file, filled with a few sources and articles, and
/// the application built on it.
struct WebAppFixture {
    /// 2024-01-15T18:00:00Z: every "3 hours ago" in the tests is relative to this.
    static let now = Date(timeIntervalSince1970: 1_705_341_600)
    static let hostileTitle = #"<script>alert("owned")</script> & friends"#

    let store: SQLiteStore
    let apiSecret: String
    let disabledSecret: String
    /// Articles of "the-daily", newest first.
    let dailyArticles: [Article]

    init(empty: Bool = false) async throws {
        store = try SQLiteStore.temporary()
        let key = try await store.createAPIKey(name: "tests")
        apiSecret = key.secret
        let disabled = try await store.createAPIKey(name: "disabled")
        try await store.setAPIKey(disabled.key.id, enabled: false)
        disabledSecret = disabled.secret
        guard !empty else { dailyArticles = []; return }

        let daily = try await store.addSource(Source(
            id: SourceID(slugging: "The Daily"), name: "The Daily", description: "News of the day.",
            siteURL: "https://daily.example.com", feedURL: "https://daily.example.com/feed.xml",
            category: .technology, language: .en, country: .unitedStates
        ))
        var drafts: [ArticleDraft] = []
        for index in 0..<45 {
            drafts.append(ArticleDraft(
                guid: "daily-\(index)",
                title: index == 0 ? Self.hostileTitle : "Daily story number \(index)",
                author: index % 2 == 0 ? "Ada Writer" : nil,
                summary: "Summary of story \(index).",
                contentHTML: "<p>" + String(repeating: "Long text about story \(index). ", count: 40) + "</p>",
                contentText: String(repeating: "Long text about story \(index). ", count: 40),
                url: "https://daily.example.com/stories/\(index)",
                imageURL: index == 1 ? "/demo/images/sample.svg" : (index % 3 == 0 ? "https://daily.example.com/img/\(index).jpg" : nil),
                publishedAt: Self.now.addingTimeInterval(-Double(index) * 3600 - 60),
                language: .en
            ))
        }
        _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState(lastSuccessAt: Self.now)), to: daily.id)

        let teaser = try await store.addSource(Source(
            id: SourceID(slugging: "Teaser Weekly"), name: "Teaser Weekly", feedURL: "https://teaser.example.org/rss",
            category: .business, language: .de, country: Country(rawValue: "de")
        ))
        _ = try await store.applyRefresh(RefreshResult(
            articles: [
                ArticleDraft(guid: "t1", title: "Only a teaser", summary: "Short teaser.", contentText: "Short teaser.", url: "https://teaser.example.org/1", publishedAt: Self.now.addingTimeInterval(-7200)),
                ArticleDraft(guid: "t2", title: "Teaser without link", summary: "No link here.", publishedAt: Self.now.addingTimeInterval(-9000)),
            ],
            state: FeedState(lastAttemptAt: Self.now, lastSuccessAt: Self.now.addingTimeInterval(-86_400), lastError: "The feed answered 503 Service Unavailable; Broadsheet will try again later.", consecutiveFailures: 2)
        ), to: teaser.id)

        let demo = try await store.addSource(Source(
            id: SourceID(slugging: "Demo Gazette"), name: "Demo Gazette", feedURL: "file:///demo/gazette.xml", isDemo: true
        ))
        _ = try await store.applyRefresh(RefreshResult(
            articles: [ArticleDraft(guid: "d1", title: "Welcome to the demo", summary: "A demo story.", contentHTML: "<p>Demo body.</p>", contentText: "Demo body.", publishedAt: Self.now.addingTimeInterval(-600))],
            state: FeedState(lastSuccessAt: Self.now)
        ), to: demo.id)

        dailyArticles = try await store.articles(matching: ArticleQuery(sources: [daily.id], pageSize: 100)).articles
    }

    func application(
        readerViews: (any ReaderViewLoading)? = nil,
        configuration: WebAppConfiguration = WebAppConfiguration(port: 0)
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "web-tests")
        logger.logLevel = .critical
        return buildApplication(
            store: store, readerViews: readerViews, configuration: configuration, logger: logger,
            services: [], now: { Self.now }
        )
    }

    func article(titled title: String) async throws -> Article? {
        try await store.articles(matching: ArticleQuery(pageSize: 100)).articles.first { $0.title == title }
    }
}

/// A reader-view loader that answers with a fixed view, stores it as the real one does,
/// and counts its calls.
actor RecordingReaderViews: ReaderViewLoading {
    let store: any ArticleStore
    let answer: ReaderView
    private(set) var requestedArticles: [ArticleID] = []

    init(store: any ArticleStore, answer: ReaderView) {
        self.store = store
        self.answer = answer
    }

    func readerView(for article: Article) async -> ReaderView {
        requestedArticles.append(article.id)
        try? await store.saveReaderView(answer, for: article.id)
        return answer
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

extension HTTPFields {
    /// One header whose name has no constant in HTTPTypes.
    static func named(_ name: String, _ value: String) throws -> HTTPFields {
        var fields = HTTPFields()
        fields[try #require(HTTPField.Name(name))] = value
        return fields
    }
}
