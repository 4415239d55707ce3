import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Testing
@testable import WebApp

@Suite struct PageTests {
    static func expectSecurityHeaders(_ response: TestResponse) {
        let policy = response.headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("style-src 'self'"))
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("connect-src 'self'"))
        #expect(policy.contains("img-src 'self' https: http: data:"))
        #expect(policy.contains("form-action 'self'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(policy.contains("base-uri 'none'"))
        #expect(response.headers[.xContentTypeOptions] == "nosniff")
        #expect(response.headers.value(.referrerPolicy) == "no-referrer")
    }

    @Test func sourcesGridShowsTilesBannerAndErrors() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            Self.expectSecurityHeaders(response)
            let page = response.text
            #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            #expect(page.contains(#"rel="apple-touch-icon""#))
            #expect(page.contains(#"name="theme-color""#))
            #expect(page.contains(#"href="/sources/the-daily""#))
            #expect(page.contains("The Daily"))
            #expect(page.contains("45 unread"))
            #expect(page.contains(#"<span class="tile-unread" aria-hidden="true">45</span>"#))
            #expect(page.contains("Demo edition"))
            #expect(page.contains(#"<form method="post" action="/demo/remove""#))
            // Teaser Weekly's last refresh failed.
            #expect(page.contains("Refresh failed"))
            #expect(page.components(separatedBy: "tile-error").count == 2)
            // No inline script or style anywhere.
            #expect(!page.contains("<script>"))
            #expect(!page.contains("style=\""))
            #expect(page.contains(#"<main id="main""#))
        }
    }

    @Test func launchScreenShowsOnceAndAgainWhenLaunchedFromTheHomeScreen() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let first = try await client.execute(uri: "/", method: .get)
            #expect(first.text.contains(#"class="splash""#))
            #expect(first.headers[.setCookie]?.contains("broadsheet_launched=1") == true)
            let cookie: HTTPFields = [.cookie: "broadsheet_launched=1"]
            let second = try await client.execute(uri: "/", method: .get, headers: cookie)
            #expect(!second.text.contains(#"class="splash""#))
            let launched = try await client.execute(uri: "/?launch=1", method: .get, headers: cookie)
            #expect(launched.text.contains(#"class="splash""#))
        }
    }

    @Test func emptyStoreExplainsHowToAddAFeed() async throws {
        let fixture = try await WebAppFixture(empty: true)
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.text.contains("No sources yet"))
            #expect(response.text.contains("broadsheet add"))
            #expect(!response.text.contains("Demo edition"))
        }
    }

    @Test func articleListIsNewestFirstPagedAndEscaped() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/sources/the-daily", method: .get)
            #expect(response.status == .ok)
            Self.expectSecurityHeaders(response)
            let page = response.text
            #expect(page.contains("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; &amp; friends"))
            #expect(!page.contains(WebAppFixture.hostileTitle))
            #expect(page.contains("Daily story number 1<"))
            #expect(page.contains("Daily story number 29<"))
            #expect(!page.contains("Daily story number 30<"))
            let newest = try #require(page.range(of: "Daily story number 1<"))
            let older = try #require(page.range(of: "Daily story number 2<"))
            #expect(newest.lowerBound < older.lowerBound)
            #expect(page.contains("1 hour ago"))
            #expect(page.contains(#"<time datetime="2024-01-15T16:59:00Z""#))
            #expect(page.contains("Ada Writer"))
            #expect(page.contains("Page 1 of 2"))
            #expect(page.contains(#"href="/sources/the-daily?page=2""#))
            // Rows of articles without a picture have no box for one.
            #expect(page.contains("article-row no-image"))
            #expect(page.contains("<img class=\"row-image\" src=\"https://daily.example.com/img/3.jpg\""))
            #expect(!page.contains("placeholder"))

            let second = try await client.execute(uri: "/sources/the-daily?page=2", method: .get)
            #expect(second.text.contains("Daily story number 30<"))
            #expect(second.text.contains("Daily story number 44<"))
            #expect(second.text.contains("Page 2 of 2"))

            let beyond = try await client.execute(uri: "/sources/the-daily?page=9", method: .get)
            #expect(beyond.status == .seeOther)
            #expect(beyond.headers[.location] == "/sources/the-daily?page=2")
        }
    }

    @Test func failingSourceShowsTheReason() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/sources/teaser-weekly", method: .get).text
            #expect(page.contains("The last refresh failed."))
            #expect(page.contains("503 Service Unavailable"))
        }
    }

    @Test func unknownSourceAndArticleGiveHelpfulNotFoundPages() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let source = try await client.execute(uri: "/sources/no-such-thing", method: .get)
            #expect(source.status == .notFound)
            #expect(source.text.contains("No such source"))
            #expect(source.text.contains("broadsheet add"))
            Self.expectSecurityHeaders(source)
            let hostile = try await client.execute(uri: "/sources/%3Cscript%3E", method: .get)
            #expect(hostile.status == .notFound)
            #expect(!hostile.text.contains("<script>"))
            let article = try await client.execute(uri: "/articles/999999", method: .get)
            #expect(article.status == .notFound)
            #expect(article.text.contains("No such article"))
            let nowhere = try await client.execute(uri: "/no/such/page", method: .get)
            #expect(nowhere.status == .notFound)
            #expect(nowhere.text.contains("Page not found"))
            Self.expectSecurityHeaders(nowhere)
        }
    }

    @Test func articlePageShowsFeedContentAndCountsTheRead() async throws {
        let fixture = try await WebAppFixture()
        let article = try #require(await fixture.article(titled: WebAppFixture.hostileTitle))
        let loader = RecordingReaderViews(store: fixture.store, answer: ReaderView(outcome: .extracted, html: "<p>Never used</p>"))
        try await fixture.application(readerViews: loader).test(.router) { client in
            let response = try await client.execute(uri: "/articles/\(article.id)", method: .get)
            #expect(response.status == .ok)
            Self.expectSecurityHeaders(response)
            let page = response.text
            #expect(page.contains("<h1>&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; &amp; friends</h1>"))
            #expect(!page.contains(WebAppFixture.hostileTitle))
            #expect(page.contains("Long text about story 0."))
            #expect(page.contains("Ada Writer"))
            #expect(page.contains(#"href="https://daily.example.com/stories/0""#))
            // The page already shows the feed's version: no link to switch to it.
            #expect(!page.contains("?view=feed"))
            #expect(page.contains(#"<img src="https://daily.example.com/img/0.jpg""#))
        }
        // The feed had the full text, so nothing was fetched.
        #expect(await loader.requestedArticles.isEmpty)
        #expect(try await fixture.store.article(article.id)?.readCount == 1)
    }

    @Test func summaryOnlyArticleLoadsTheFullArticle() async throws {
        let fixture = try await WebAppFixture()
        let article = try #require(await fixture.article(titled: "Only a teaser"))
        let loader = RecordingReaderViews(store: fixture.store, answer: ReaderView(
            outcome: .extracted, html: "<p>The whole story, extracted.</p>", text: "The whole story, extracted.", byline: "Reporter Name"
        ))
        try await fixture.application(readerViews: loader).test(.router) { client in
            let page = try await client.execute(uri: "/articles/\(article.id)", method: .get).text
            #expect(page.contains("The whole story, extracted."))
            #expect(page.contains("Reporter Name"))
            #expect(!page.contains("could not be loaded"))
            let feedVersion = try await client.execute(uri: "/articles/\(article.id)?view=feed", method: .get).text
            #expect(feedVersion.contains("Short teaser."))
            #expect(!feedVersion.contains("The whole story, extracted."))
            #expect(feedVersion.contains("Show the full article"))
            // Stored now: a second visit does not fetch again.
            _ = try await client.execute(uri: "/articles/\(article.id)", method: .get)
        }
        #expect(await loader.requestedArticles == [article.id])
        #expect(try await fixture.store.article(article.id)?.readerView?.outcome == .extracted)
    }

    @Test func failedFullArticleShowsTheFeedWithTheReason() async throws {
        let fixture = try await WebAppFixture()
        let article = try #require(await fixture.article(titled: "Only a teaser"))
        let loader = RecordingReaderViews(store: fixture.store, answer: ReaderView(
            outcome: .failed, failureReason: "The site answered 403 Forbidden <b>to Broadsheet</b>."
        ))
        try await fixture.application(readerViews: loader).test(.router) { client in
            let page = try await client.execute(uri: "/articles/\(article.id)", method: .get).text
            #expect(page.contains("The full article could not be loaded."))
            #expect(page.contains("403 Forbidden &lt;b&gt;to Broadsheet&lt;/b&gt;."))
            #expect(page.contains("Short teaser."))
        }
    }

    @Test func articleWithoutLinkOrLoaderShowsTheFeedText() async throws {
        let fixture = try await WebAppFixture()
        let article = try #require(await fixture.article(titled: "Teaser without link"))
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/articles/\(article.id)", method: .get).text
            #expect(page.contains("No link here."))
            #expect(!page.contains("could not be loaded"))
        }
    }

    @Test func demoRemovalRefusesCrossSiteRequestsAndRemovesTheDemo() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let bare = try await client.execute(uri: "/demo/remove", method: .post)
            #expect(bare.status == .forbidden)
            let crossSite = try await client.execute(uri: "/demo/remove", method: .post, headers: try .named("Sec-Fetch-Site", "cross-site"))
            #expect(crossSite.status == .forbidden)
            let foreignOrigin = try await client.execute(uri: "/demo/remove", method: .post, headers: [.origin: "https://evil.example"])
            #expect(foreignOrigin.status == .forbidden)
            #expect(try await fixture.store.source(SourceID(slugging: "Demo Gazette")) != nil)

            let browser = try await BrowserSession.open("/", client: client)
            let sameOriginWithoutToken = try await client.execute(uri: "/demo/remove", method: .post, headers: browser.headers(try .named("Sec-Fetch-Site", "same-origin")))
            #expect(sameOriginWithoutToken.status == .forbidden)
            #expect(sameOriginWithoutToken.text.contains("Reload the page"))
            let accepted = try await browser.post("/demo/remove", client: client, headers: try .named("Sec-Fetch-Site", "same-origin"))
            #expect(accepted.status == .seeOther)
            #expect(accepted.headers[.location] == "/")
            let grid = try await client.execute(uri: "/", method: .get).text
            #expect(!grid.contains("Demo edition"))
            #expect(!grid.contains("Demo Gazette"))
        }
        #expect(try await fixture.store.source(SourceID(slugging: "Demo Gazette")) == nil)
        #expect(try await fixture.store.setting(WebAppSettingKey.demoDismissed) == "true")
    }

    @Test func stopFollowingRemovesASourceFromItsEditPageOnly() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            // The source's edit page offers it, with a confirmation naming what goes.
            let browser = try await BrowserSession.open("/sources/the-daily/edit", client: client)
            let page = try await client.execute(uri: "/sources/the-daily/edit", method: .get, headers: [.cookie: browser.cookie]).text
            #expect(page.contains(#"<form method="post" action="/sources/the-daily/remove" data-confirm="Stop following The Daily and delete its 45 articles?"><input type="hidden" name="csrf_token" value="\#(browser.token)">"#))
            // Demo sources leave together, from the grid's banner.
            #expect(!(try await client.execute(uri: "/sources/demo-gazette/edit", method: .get).text.contains("Stop following")))
            let demo = try await browser.post("/sources/demo-gazette/remove", client: client)
            #expect(demo.status == .forbidden)

            let crossSite = try await browser.post("/sources/the-daily/remove", client: client, headers: [.origin: "https://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(try await fixture.store.source(SourceID(slugging: "The Daily")) != nil)

            let unknown = try await browser.post("/sources/nope/remove", client: client)
            #expect(unknown.status == .notFound)

            let removed = try await browser.post("/sources/the-daily/remove", client: client)
            #expect(removed.status == .seeOther)
            #expect(removed.headers[.location] == "/")
            #expect(!(try await client.execute(uri: "/", method: .get).text.contains("The Daily")))
        }
        #expect(try await fixture.store.source(SourceID(slugging: "The Daily")) == nil)
        #expect(try await fixture.store.source(SourceID(slugging: "Demo Gazette")) != nil)
    }

    @Test func demoRemovalAcceptsAMatchingOrigin() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.live) { client in
            // The test client sends "Host: localhost".
            let browser = try await BrowserSession.open("/", client: client)
            let accepted = try await browser.post("/demo/remove", client: client, headers: [.origin: "http://localhost"])
            #expect(accepted.status == .seeOther)
        }
        #expect(try await fixture.store.sourceSummaries().contains { $0.source.isDemo } == false)
    }
}
