import Fetching
import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import Refresh

struct ReaderViewServiceTests {
    static let articleURL = "https://tidewater.example/herons"

    static let page: String = {
        let paragraphs = (1...8).map { index in
            "<p>Paragraph \(index) about the herons of the estuary, who return each spring to the same alder trees and build on last year's nests with new sticks.</p>"
        }.joined()
        return """
            <html><head><title>Herons return | Tidewater</title></head><body>
            <nav><a href="/">Home</a> <a href="/about">About</a></nav>
            <article><h1>Herons return</h1>\(paragraphs)
            <script>steal()</script><p onclick="steal()">Last <a href="javascript:steal()">line</a>.</p></article>
            <footer>Copyright Tidewater</footer></body></html>
            """
    }()

    func storedArticle(in store: SQLiteStore, url: String? = articleURL) async throws -> Article {
        let source = try await store.addSource(Source(id: SourceID(slugging: "tidewater"), name: "Tidewater", feedURL: "https://tidewater.example/feed"))
        _ = try await store.applyRefresh(RefreshResult(
            articles: [ArticleDraft(guid: "h", title: "Herons return", summary: "Short summary.", contentText: "Short summary.", url: url)],
            state: FeedState()
        ), to: source.id)
        let listed = try #require(try await store.articles(matching: ArticleQuery()).articles.first)
        return try #require(try await store.article(listed.id))
    }

    @Test func extractsStoresAndReusesTheFullArticle() async throws {
        let store = try SQLiteStore.temporary()
        let article = try await storedArticle(in: store)
        let fetcher = StubFetcher([Self.articleURL: .body(Self.page, headers: ["content-type": "text/html; charset=utf-8"])])
        let service = ReaderViewService(store: store, fetcher: fetcher)

        let view = await service.readerView(for: article)
        #expect(view.outcome == .extracted)
        #expect(view.text.contains("Paragraph 8 about the herons"))
        #expect(!view.html.contains("<script"))
        #expect(!view.html.contains("onclick"))
        #expect(!view.html.contains("javascript:"))
        #expect(!view.text.contains("Copyright Tidewater"))

        let reloaded = try #require(try await store.article(article.id))
        #expect(reloaded.readerView?.outcome == .extracted)
        _ = await service.readerView(for: reloaded)
        #expect(fetcher.requested.count == 1)
    }

    @Test func storesAFailureWithAReasonAndAnswersConcurrentCallsWithOneFetch() async throws {
        let store = try SQLiteStore.temporary()
        let article = try await storedArticle(in: store)
        let fetcher = StubFetcher([Self.articleURL: .failure(.httpStatus(url: Self.articleURL, code: 403))])
        let service = ReaderViewService(store: store, fetcher: fetcher)
        async let first = service.readerView(for: article)
        async let second = service.readerView(for: article)
        let views = await [first, second]
        #expect(views.allSatisfy { $0.outcome == .failed })
        #expect(views[0].failureReason?.contains("403") == true)
        #expect(fetcher.requested.count == 1)
        #expect(try await store.article(article.id)?.readerView?.outcome == .failed)
    }

    @Test func refusesPagesWithNoMoreTextThanTheFeed() async throws {
        let store = try SQLiteStore.temporary()
        let article = try await storedArticle(in: store)
        let fetcher = StubFetcher([Self.articleURL: .body("<html><body><p>Subscribe to read.</p></body></html>")])
        let view = await ReaderViewService(store: store, fetcher: fetcher).readerView(for: article)
        #expect(view.outcome == .failed)
        #expect(view.failureReason?.contains("paywall") == true)
    }

    @Test func extractsAChineseArticleWrittenWithoutSpaces() async throws {
        // A thousand characters and not one space: counted by spaces it was a few words,
        // "no more text than the feed", and the reader view was refused.
        let paragraphs = (1...6).map { index in
            "<p>第\(index)段：中国人民银行今天宣布发行新的纪念币，面额为十元，材质为双色铜合金，发行数量为两亿枚，与现行流通人民币职能相同。</p>"
        }.joined()
        let page = "<html><head><title>发行纪念币</title></head><body><article><h1>发行纪念币</h1>\(paragraphs)</article></body></html>"
        let store = try SQLiteStore.temporary()
        let article = try await storedArticle(in: store)
        let fetcher = StubFetcher([Self.articleURL: .body(page, headers: ["content-type": "text/html; charset=utf-8"])])
        let view = await ReaderViewService(store: store, fetcher: fetcher).readerView(for: article)
        #expect(view.outcome == .extracted, "\(view.failureReason ?? "")")
        #expect(view.text.contains("第6段"))
    }

    @Test func explainsArticlesWithoutALink() async throws {
        let store = try SQLiteStore.temporary()
        let article = try await storedArticle(in: store, url: nil)
        let view = await ReaderViewService(store: store, fetcher: StubFetcher()).readerView(for: article)
        #expect(view.failureReason == "This article has no link to its original page.")
    }
}
