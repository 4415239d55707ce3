import Fetching
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import Refresh
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

/// "Refresh now" and "Edit" on a source's page, against a feed served from loopback
/// whose items the test changes.
@Suite struct SourceActionsTests {
    /// The feed the loopback site serves; the test adds items or makes it fail.
    actor FeedContent {
        var titles: [String] = ["First light"]
        var failing = false
        func add(_ title: String) { titles.insert(title, at: 0) }
        func setFailing(_ value: Bool) { failing = value }

        func rss() -> String {
            let items = titles.enumerated().map { index, title in
                "<item><guid>item-\(titles.count - index)</guid><title>\(title)</title><description>About \(title).</description></item>"
            }
            return "<rss version=\"2.0\"><channel><title>Quay Log</title><link>http://quay.example/</link>\(items.joined())</channel></rss>"
        }
    }

    /// Runs `body` with a store following the loopback feed and an app that can refresh it.
    func withFollowedFeed(_ body: @Sendable (SQLiteStore, FeedContent, Source, any TestClientProtocol) async throws -> Void) async throws {
        let content = FeedContent()
        let siteRouter = Router()
        siteRouter.get("/feed.xml") { _, _ in
            if await content.failing { return Response(status: .notFound) }
            return Response(status: .ok, headers: [.contentType: "application/rss+xml"], body: .init(byteBuffer: ByteBuffer(string: await content.rss())))
        }
        let site = Application(router: siteRouter, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await site.test(.live) { siteClient in
            let store = try SQLiteStore.temporary()
            let fetcher = HTTPFetcher(configuration: FetchConfiguration(allowsPrivateAddresses: true))
            let loader = FeedLoader(fetcher: fetcher)
            let subscriber = SourceSubscriber(store: store, loader: loader)
            do {
                let followed = try await subscriber.subscribe(to: "http://127.0.0.1:\(siteClient.port ?? 0)/feed.xml")
                var logger = Logger(label: "source-actions-tests")
                logger.logLevel = .critical
                let application = buildApplication(
                    store: store, readerViews: nil, configuration: WebAppConfiguration(port: 0), logger: logger,
                    subscriber: subscriber, refresher: FeedRefresher(store: store, loader: loader, logger: logger)
                )
                try await application.test(.router) { client in try await body(store, content, followed.source, client) }
            } catch {
                try await fetcher.shutdown()
                throw error
            }
            try await fetcher.shutdown()
        }
    }

    @Test func refreshNowFetchesTheSourceAndSaysWhatArrived() async throws {
        try await withFollowedFeed { store, content, source, client in
            let page = try await client.execute(uri: "/sources/\(source.id)", method: .get).text
            #expect(page.contains(#"action="/sources/quay-log/refresh""#))
            #expect(page.contains("Updated <time"))
            #expect(page.contains("next check in 30 minutes"))

            await content.add("Second tide")
            let refreshed = try await BrowserSession.open(client: client).post("/sources/\(source.id)/refresh", client: client)
            #expect(refreshed.status == .seeOther)
            #expect(refreshed.headers[.location] == "/sources/quay-log?refreshed=1")
            let after = try await client.execute(uri: "/sources/quay-log?refreshed=1", method: .get).text
            #expect(after.contains("Refreshed: 1 new article."))
            #expect(after.contains("Second tide"))
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 2)

            let again = try await BrowserSession.open(client: client).post("/sources/\(source.id)/refresh", client: client)
            #expect(again.headers[.location] == "/sources/quay-log?refreshed=0")
            #expect(try await client.execute(uri: "/sources/quay-log?refreshed=0", method: .get).text.contains("Refreshed: nothing new."))
        }
    }

    @Test func aFailedRefreshShowsTheErrorAndTheNextTry() async throws {
        try await withFollowedFeed { _, content, source, client in
            await content.setFailing(true)
            let refreshed = try await BrowserSession.open(client: client).post("/sources/\(source.id)/refresh", client: client)
            #expect(refreshed.headers[.location] == "/sources/quay-log?refreshed=failed")
            let page = try await client.execute(uri: "/sources/quay-log?refreshed=failed", method: .get).text
            #expect(page.contains("The last refresh failed."))
            #expect(page.contains("404"))
            #expect(page.contains("Broadsheet tries again in"))
            #expect(page.contains("Last successful refresh: <time"))
        }
    }

    @Test func refreshIsRefusedFromOtherSitesAndForUnknownSources() async throws {
        try await withFollowedFeed { _, _, source, client in
            let crossSite = try await client.execute(uri: "/sources/\(source.id)/refresh", method: .post, headers: [.origin: "https://evil.example"])
            #expect(crossSite.status == .forbidden)
            let unknown = try await BrowserSession.open(client: client).post("/sources/nope/refresh", client: client)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func refreshEverythingRunsInTheBackgroundAndShowsProgress() async throws {
        try await withFollowedFeed { store, content, _, client in
            await content.add("Everything at once")
            let response = try await BrowserSession.open(client: client).post("/refresh", client: client)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            // The grid offers it; the refresh ends with the new article stored.
            #expect(try await client.execute(uri: "/", method: .get).text.contains(#"action="/refresh""#))
            for _ in 0..<100 where try await store.articles(matching: ArticleQuery()).totalResults < 2 {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await store.articles(matching: ArticleQuery()).articles.map(\.title).contains("Everything at once"))
        }
    }

    @Test func editingRenamesAndRecategorisesASource() async throws {
        try await withFollowedFeed { store, _, source, client in
            let form = try await client.execute(uri: "/sources/\(source.id)/edit", method: .get).text
            #expect(form.contains(#"value="Quay Log""#))
            #expect(form.contains(#"<option value="fr">French</option>"#))
            #expect(form.contains(#"<option value="gb">United Kingdom</option>"#))
            #expect(form.contains(#"action="/sources/quay-log/remove""#))
            let saved = try await BrowserSession.open(client: client).post(
                "/sources/\(source.id)/edit", "name=Quay+%26+Harbour+Log&address=\(Self.encoded(source.feedURL))&category=science&language=fr&country=gb", client: client
            )
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/sources/quay-log")
            let stored = try #require(try await store.source(source.id))
            #expect(stored.name == "Quay & Harbour Log")
            #expect(stored.category == .science)
            #expect(stored.language == .fr)
            #expect(stored.country == .unitedKingdom)
            #expect(stored.feedURL == source.feedURL)
        }
    }

    @Test func editingRefusesWhatCannotBeStoredAndKeepsWhatWasTyped() async throws {
        try await withFollowedFeed { store, _, source, client in
            let cases: [(body: String, message: String)] = [
                ("name=+&address=\(Self.encoded(source.feedURL))", "Give the source a name."),
                ("name=%3Cb%3EX%3C%2Fb%3E&address=file%3A%2F%2F%2Fetc%2Fpasswd", "must be a web address"),
                ("name=X&address=https%3A%2F%2Fuser%3Apw%40example.org%2Ffeed", "must be a web address"),
                ("name=X&address=\(Self.encoded(source.feedURL))&language=xx", "Pick the language from the list."),
                ("name=X&address=\(Self.encoded(source.feedURL))&country=zz", "Pick the country from the list."),
            ]
            for (body, message) in cases {
                let response = try await BrowserSession.open(client: client).post("/sources/\(source.id)/edit", body, client: client)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(response.text.contains(message), "\(body)")
                #expect(!response.text.contains("<b>X</b>"))
            }
            #expect(try await store.source(source.id)?.name == "Quay Log")
            let crossSite = try await client.execute(uri: "/sources/\(source.id)/edit", method: .post, headers: [.origin: "https://evil.example"], body: ByteBuffer(string: "name=Evil"))
            #expect(crossSite.status == .forbidden)
            #expect(try await store.source(source.id)?.name == "Quay Log")
        }
    }

    @Test func aMovedFeedIsFetchedAtOnceFromItsNewAddress() async throws {
        try await withFollowedFeed { store, _, source, client in
            // The same feed under another path that does not exist: the refresh says so.
            let moved = source.feedURL.replacingOccurrences(of: "/feed.xml", with: "/moved.xml")
            let saved = try await BrowserSession.open(client: client).post(
                "/sources/\(source.id)/edit", "name=Quay+Log&address=\(Self.encoded(moved))", client: client
            )
            #expect(saved.status == .seeOther)
            #expect(try await store.source(source.id)?.feedURL == moved)
            #expect(try await store.feedState(for: source.id)?.lastError?.contains("404") == true)
        }
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
