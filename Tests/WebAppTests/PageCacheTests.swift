import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Synchronization
import Testing
@testable import WebApp

/// Pages kept for repeated requests: kept only while nothing was written, per person and
/// address, with each browser's own form token, and within their byte budget.
@Suite struct PageCacheTests {
    /// A page of about `size` bytes with two forms carrying the request's token.
    static func page(_ label: String, size: Int = 2_000) -> HTML {
        let filler = String(repeating: "x", count: size)
        return "<p>\(label)</p>\(FormToken.hiddenField)<p>\(filler)</p>\(FormToken.hiddenField)"
    }

    static func key(_ address: String, user: Int64 = 1) -> PageCache.Key {
        PageCache.Key(address: address, user: UserID(rawValue: user), isSignedIn: false)
    }

    static let tokenA = String(repeating: "a1", count: 32)
    static let tokenB = String(repeating: "b2", count: 32)

    /// Asks the cache for `key` with `token` as the request's form token, counting renders.
    static func body(_ cache: PageCache, _ key: PageCache.Key, token: String, renders: RenderCount, label: String = "page") async throws -> String {
        let response = try await FormToken.$current.withValue(token) {
            try await cache.response(for: key) {
                renders.add()
                return .page(Self.page(label + " " + key.address))
            }
        }
        let writer = CollectingWriter()
        try await response.body.write(writer)
        return String(buffer: writer.buffer.withLock { $0 })
    }

    @Test func aKeptPageIsServedUntilSomethingIsWritten() async throws {
        let fixture = try await WebAppFixture()
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: 1_048_576, admission: .onFirstAnswer))
        let renders = RenderCount()
        let first = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        let second = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        #expect(first == second)
        #expect(renders.value == 1)
        // Any write through the store ends every kept page.
        try await fixture.store.setSetting("page-cache-test", to: "changed")
        _ = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 2)
        // Another person, or another address, is another page.
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/?page=2"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 4)
    }

    @Test func aPageThatWroteWhatItShowsIsNotKeptButCountsAsAsked() async throws {
        let fixture = try await WebAppFixture()
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: 1_048_576))
        let article = try #require(fixture.dailyArticles.first)
        // As a first opening does: the page marks the article read while it is made.
        _ = try await FormToken.$current.withValue(Self.tokenA) {
            try await cache.response(for: Self.key("/articles/1")) {
                _ = try await fixture.store.setRead(true, articles: [article.id], for: UserID(rawValue: 1), at: WebAppFixture.now)
                return .page(Self.page("opened"))
            }
        }
        #expect(cache.count == 0)
        // Asked for once already, so the next rendering is kept (the default admission).
        let renders = RenderCount()
        _ = try await Self.body(cache, Self.key("/articles/1"), token: Self.tokenA, renders: renders)
        #expect(cache.count == 1)
        _ = try await Self.body(cache, Self.key("/articles/1"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 1)
    }

    @Test func onePersonsMarksEndOnlyTheirOwnPages() async throws {
        let fixture = try await WebAppFixture()
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: 1_048_576, admission: .onFirstAnswer))
        let renders = RenderCount()
        let article = try #require(fixture.dailyArticles.first)
        // Person 2 follows The Daily too, so marks of theirs change something.
        _ = try await fixture.store.createUser(name: "ada", passwordHash: "$2b$04$x", role: .admin)
        let second = try await fixture.store.createUser(name: "bob", passwordHash: "$2b$04$x", role: .reader)
        #expect(second.id == UserID(rawValue: 2))
        let daily = try #require(try await fixture.store.source(article.sourceID))
        _ = try await fixture.store.follow(daily, as: second.id, name: nil, folder: nil)
        _ = try await Self.body(cache, Self.key("/", user: 1), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        #expect(renders.value == 2)
        // Person 1 reads an article: their page is made again, person 2's is still good.
        _ = try await fixture.store.setRead(true, articles: [article.id], for: UserID(rawValue: 1), at: WebAppFixture.now)
        _ = try await Self.body(cache, Self.key("/", user: 1), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        #expect(renders.value == 3)
        _ = try await fixture.store.setStarred(true, articles: [article.id], for: UserID(rawValue: 2), at: WebAppFixture.now)
        _ = try await fixture.store.markAllRead(in: .all, upTo: .throughArticle(article.id), for: UserID(rawValue: 2), at: WebAppFixture.now)
        _ = try await Self.body(cache, Self.key("/", user: 1), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        #expect(renders.value == 4)
        // Marks that are already there change nothing: no page is made again.
        _ = try await fixture.store.setStarred(true, articles: [article.id], for: UserID(rawValue: 2), at: WebAppFixture.now)
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        #expect(renders.value == 4)
        // Read counts are shown nowhere: counting one ends no page.
        try await fixture.store.recordRead(article.id)
        _ = try await Self.body(cache, Self.key("/", user: 1), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        #expect(renders.value == 4)
        // Anything else written ends everyone's.
        try await fixture.store.setSetting("page-cache-test", to: "changed")
        _ = try await Self.body(cache, Self.key("/", user: 1), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/", user: 2), token: Self.tokenA, renders: renders)
        #expect(renders.value == 6)
    }

    @Test func anArticleOpenedAgainIsKeptYetCountedAndReadAgainAfterUnread() async throws {
        let fixture = try await WebAppFixture()
        let article = try #require(fixture.dailyArticles.first)
        let owner = try await fixture.store.owner()
        var configuration = WebAppConfiguration(port: 0)
        configuration.readCountInterval = .zero
        try await fixture.application(configuration: configuration).test(.router) { client in
            let browser = try await BrowserSession.open("/sources/new", client: client)
            let headers: HTTPFields = [.cookie: "broadsheet_launched=1; " + browser.cookie]
            let first = try await client.execute(uri: "/articles/\(article.id)", method: .get, headers: headers)
            #expect(first.status == .ok)
            // The first opening read it (a mark of this person), so the second is made again; the third is kept.
            let second = try await client.execute(uri: "/articles/\(article.id)", method: .get, headers: headers)
            let third = try await client.execute(uri: "/articles/\(article.id)", method: .get, headers: headers)
            #expect(second.text == third.text)
            #expect(try await fixture.store.article(article.id)?.readCount == 3, "every opening counts")
            #expect(try await fixture.store.readerArticle(article.id, for: owner.id)?.state.isRead == true)
            // Marked unread, then opened: the opening reads it again, so the page was not the kept one.
            let unread = try await browser.post("/articles/\(article.id)/read", "read=false", client: client)
            #expect(unread.status == .seeOther)
            #expect(try await fixture.store.readerArticle(article.id, for: owner.id)?.state.isRead == false)
            let again = try await client.execute(uri: "/articles/\(article.id)", method: .get, headers: headers)
            #expect(again.status == .ok)
            #expect(try await fixture.store.readerArticle(article.id, for: owner.id)?.state.isRead == true)
            #expect(try await fixture.store.article(article.id)?.readCount == 4)
            // No such article: a 404, counted nowhere.
            #expect(try await client.execute(uri: "/articles/999999", method: .get, headers: headers).status == .notFound)
        }
    }

    @Test func eachBrowserGetsItsOwnFormToken() async throws {
        let fixture = try await WebAppFixture()
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: 1_048_576, admission: .onFirstAnswer))
        let renders = RenderCount()
        let forA = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        let forB = try await Self.body(cache, Self.key("/"), token: Self.tokenB, renders: renders)
        #expect(renders.value == 1)
        #expect(forA.components(separatedBy: Self.tokenA).count == 3)
        #expect(!forB.contains(Self.tokenA))
        #expect(forB.components(separatedBy: Self.tokenB).count == 3)
        #expect(forA.replacingOccurrences(of: Self.tokenA, with: Self.tokenB) == forB)
    }

    @Test func pagesTooOldToServeAreForgotten() async throws {
        let fixture = try await WebAppFixture()
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: 1_048_576, lifetime: .seconds(2), admission: .onFirstAnswer))
        let renders = RenderCount()
        _ = try await Self.body(cache, Self.key("/old"), token: Self.tokenA, renders: renders)
        try await Task.sleep(for: .milliseconds(2_100))
        _ = try await Self.body(cache, Self.key("/new"), token: Self.tokenA, renders: renders)
        #expect(cache.count == 2)
        cache.removeExpired()
        #expect(cache.count == 1, "the old page is gone, the new one stays")
        _ = try await Self.body(cache, Self.key("/new"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 2)
    }

    @Test func keepsNoMoreThanItsBudget() async throws {
        let fixture = try await WebAppFixture()
        let budget = 64 * 1_024
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: budget, admission: .onFirstAnswer))
        let renders = RenderCount()
        for index in 0..<100 {
            _ = try await Self.body(cache, Self.key("/sources/\(index)"), token: Self.tokenA, renders: renders)
        }
        #expect(cache.count > 0)
        #expect(cache.count * 2_000 <= budget)
        // The newest pages are the ones kept.
        _ = try await Self.body(cache, Self.key("/sources/99"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 100)
        // A page larger than an eighth of the budget is never kept.
        let large = RenderCount()
        for _ in 0..<2 {
            _ = try await FormToken.$current.withValue(Self.tokenA) {
                try await cache.response(for: Self.key("/large")) {
                    large.add()
                    return .page(Self.page("large", size: budget / 4))
                }
            }
        }
        #expect(large.value == 2)
    }

    @Test func byDefaultAPageIsKeptOnlyOnceAskedForAgain() async throws {
        let fixture = try await WebAppFixture()
        let cache = try #require(PageCache(store: fixture.store, capacityBytes: 1_048_576))
        let renders = RenderCount()
        // Pages asked for once each (one article among many) are not kept at all.
        for index in 0..<50 {
            _ = try await Self.body(cache, Self.key("/articles/\(index)"), token: Self.tokenA, renders: renders)
        }
        #expect(cache.count == 0)
        // A page asked for again is kept from its second rendering on.
        _ = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        #expect(cache.count == 0)
        _ = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        #expect(cache.count == 1)
        _ = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 52)
        // After a write ends it, it is kept again at its next rendering: it was asked for a moment ago.
        try await fixture.store.setSetting("page-cache-test", to: "changed")
        _ = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        _ = try await Self.body(cache, Self.key("/"), token: Self.tokenA, renders: renders)
        #expect(renders.value == 53)
    }

    @Test func theDoorkeeperForgetsAfterTwoWindowsAndStaysBounded() {
        var doorkeeper = Doorkeeper()
        let start = ContinuousClock.now
        let window = Duration.seconds(5)
        func offer(_ key: Int, after seconds: Int) -> Bool {
            doorkeeper.admits(key, at: start + .seconds(seconds), window: window)
        }
        let first = offer(7, after: 0)
        let again = offer(7, after: 1)
        // Remembered from the generation before.
        let nextWindow = offer(7, after: 7)
        // Two quiet windows later it is a stranger again.
        let afterQuiet = offer(7, after: 20)
        #expect(!first && again && nextWindow && !afterQuiet)
        // A flood of different keys ends generations early rather than growing the sets.
        var admittedStrangers = 0
        for key in 1_000..<(1_000 + 3 * Doorkeeper.generationLimit) where offer(key, after: 21) {
            admittedStrangers += 1
        }
        #expect(admittedStrangers == 0)
        let afterFlood = offer(7, after: 21)
        #expect(!afterFlood, "pushed out by the flood")
    }

    @Test func listsShowAMarkMadeAMomentAgo() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/sources/new", client: client)
            let headers: HTTPFields = [.cookie: "broadsheet_launched=1; " + browser.cookie]
            let before = try await client.execute(uri: "/sources/the-daily", method: .get, headers: headers).text
            #expect(try await client.execute(uri: "/sources/the-daily", method: .get, headers: headers).text == before)
            #expect(!before.contains("is-read"))
            let article = try #require(fixture.dailyArticles.first)
            let marked = try await browser.post("/articles/\(article.id)/read", "read=true&return=%2Fsources%2Fthe-daily", client: client)
            #expect(marked.status == .seeOther)
            let after = try await client.execute(uri: "/sources/the-daily", method: .get, headers: headers).text
            #expect(after.contains("is-read"))
            // Another browser gets the same page with its own token, and its form works.
            let other = try await BrowserSession.open("/sources/the-daily", client: client)
            #expect(other.token != browser.token)
            let starred = try await other.post("/articles/\(article.id)/star", "starred=true", client: client)
            #expect(starred.status == .seeOther)
        }
    }

    @Test func apiAnswersShowNewArticlesAtOnce() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let uri = "/v2/everything?q=zeppelin&apiKey=\(fixture.apiSecret)"
            let before = try await client.execute(uri: uri, method: .get)
            #expect(before.text.contains(#""totalResults":0"#))
            #expect(try await client.execute(uri: uri, method: .get).text == before.text)
            let daily = try #require(fixture.dailyArticles.first?.sourceID)
            _ = try await fixture.store.applyRefresh(RefreshResult(
                articles: [ArticleDraft(guid: "zeppelin", title: "A zeppelin over the harbour", summary: "It floated.", publishedAt: WebAppFixture.now)],
                state: FeedState(lastSuccessAt: WebAppFixture.now)
            ), to: daily)
            #expect(try await client.execute(uri: uri, method: .get).text.contains(#""totalResults":1"#))
            // A kept answer still needs a good key.
            let refused = try await client.execute(uri: "/v2/everything?q=zeppelin&apiKey=\(fixture.disabledSecret)", method: .get)
            #expect(refused.status == .unauthorized)
        }
    }

    @Test func searchPagesShowNewArticlesAndMarksAtOnce() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/sources/new", client: client)
            let headers: HTTPFields = [.cookie: "broadsheet_launched=1; " + browser.cookie]
            let uri = "/search?q=zeppelin"
            let before = try await client.execute(uri: uri, method: .get, headers: headers).text
            #expect(!before.contains("over the harbour"))
            #expect(try await client.execute(uri: uri, method: .get, headers: headers).text == before)
            let daily = try #require(fixture.dailyArticles.first?.sourceID)
            _ = try await fixture.store.applyRefresh(RefreshResult(
                articles: [ArticleDraft(guid: "zeppelin", title: "A zeppelin over the harbour", summary: "It floated.", publishedAt: WebAppFixture.now)],
                state: FeedState(lastSuccessAt: WebAppFixture.now)
            ), to: daily)
            let found = try await client.execute(uri: uri, method: .get, headers: headers).text
            #expect(found.contains("A <mark>zeppelin</mark> over the harbour"))
            #expect(!found.contains("is-read"))
            let zeppelin = try #require(try await fixture.store.articles(matching: ArticleQuery(search: try SearchQuery(parsing: "zeppelin"))).articles.first)
            let marked = try await browser.post("/articles/\(zeppelin.id)/read", "read=true&return=%2F", client: client)
            #expect(marked.status == .seeOther)
            #expect(try await client.execute(uri: uri, method: .get, headers: headers).text.contains("is-read"))
            // What is not a page of results is answered, never kept: a search that cannot be
            // read, and a page past the last one.
            for _ in 0..<2 {
                let nested = "/search?q=" + String(repeating: "(", count: 60) + "a"
                #expect(try await client.execute(uri: nested, method: .get, headers: headers).status == .badRequest)
                #expect(try await client.execute(uri: "/search?q=zeppelin&page=9", method: .get, headers: headers).status == .seeOther)
            }
        }
    }

    @Test func alsoCoveredListsAtMostThirtyArticles() async throws {
        let fixture = try await WebAppFixture()
        let articles = fixture.dailyArticles
        #expect(articles.count > ArticlePage.alsoCoveredRows)
        var model = ArticlePage.Model(
            article: articles[0], source: nil, body: .nothing, failureNote: nil, showsFeedVersion: false, hasFullArticle: false, now: WebAppFixture.now
        )
        model.alsoCovered = articles.dropFirst().prefix(ArticlePage.alsoCoveredRows).map { ArticlePage.Coverage(article: $0, sourceName: "Elsewhere", sourceLanguage: nil) }
        model.alsoCoveredArticleCount = articles.count - 1
        model.alsoCoveredSourceCount = 1
        let html = ArticlePage.alsoCoveredHTML(model).rendered
        #expect(html.components(separatedBy: "<li><a href=").count - 1 == ArticlePage.alsoCoveredRows)
        #expect(html.contains("and \(articles.count - 1 - ArticlePage.alsoCoveredRows) more articles of this story"))
        model.alsoCovered = Array(model.alsoCovered.prefix(3))
        model.alsoCoveredArticleCount = 3
        #expect(!ArticlePage.alsoCoveredHTML(model).rendered.contains("more article"))
    }

    @Test func eachPersonGetsTheirOwnGrid() async throws {
        let fixture = try await WebAppFixture()
        _ = try await AccountPageTests.makeUser("ada", in: fixture.store)
        _ = try await AccountPageTests.makeUser("bob", role: .reader, in: fixture.store)
        try await fixture.application(configuration: AccountPageTests.configuration()).test(.router) { client in
            let ada = try await AccountPageTests.logIn("ada", client: client)
            let bob = try await AccountPageTests.logIn("bob", client: client)
            let adaGrid = try await client.execute(uri: "/", method: .get, headers: [.cookie: ada]).text
            let bobGrid = try await client.execute(uri: "/", method: .get, headers: [.cookie: bob]).text
            #expect(adaGrid.contains("The Daily"))
            #expect(bobGrid.contains("No sources yet"))
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: ada]).text.contains("The Daily"))
            #expect(!(try await client.execute(uri: "/", method: .get, headers: [.cookie: bob]).text.contains("The Daily")))
        }
    }
}

/// Collects a response body's bytes.
final class CollectingWriter: ResponseBodyWriter, Sendable {
    let buffer = Mutex(ByteBuffer())

    func write(_ buffer: ByteBuffer) async throws {
        var incoming = buffer
        self.buffer.withLock { _ = $0.writeBuffer(&incoming) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// How many times a page was rendered.
final class RenderCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
