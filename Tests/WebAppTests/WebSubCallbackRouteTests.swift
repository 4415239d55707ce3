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
@testable import WebSub

/// The WebSub callback sits behind the same middleware as every page: hubs reach it without
/// a login, a page password or a form token (they cannot have any), but only through a host
/// the server answers to.
@Suite struct WebSubCallbackRouteTests {
    struct NoFetching: HTTPFetching {
        func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse { throw .hostNotFound("nowhere.example") }
    }

    static let feed = """
        <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Pushed</title><id>urn:pushed</id>
        <entry><id>urn:pushed:1</id><title>Pushed through the page walls</title><updated>2024-01-15T17:00:00Z</updated></entry></feed>
        """

    @Test func hubsReachTheCallbackWithoutLoginPasswordOrFormTokenButOnlyThroughAllowedHosts() async throws {
        let store = try SQLiteStore.temporary()
        // Accounts exist and a page password is set: every page wants one or the other.
        _ = try await store.createUser(name: "owner-account", passwordHash: "$2b$04$x", role: .admin)
        let source = try await store.addSource(Source(id: SourceID(slugging: "Pushed"), name: "Pushed", feedURL: "https://pushed.example/feed.xml"))
        _ = try await store.applyRefresh(RefreshResult(articles: [], state: FeedState(
            lastSuccessAt: WebAppFixture.now, hubURL: "https://hub.example/", topicURL: "https://pushed.example/feed.xml"
        )), to: source.id)
        let subscription = try #require(try await store.claimPushSubscriptionRequests(PushRequestClaim(now: WebAppFixture.now, limit: 1)).first)

        let push = PushConfiguration(publicBaseURL: "https://news.example.org")
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: NoFetching()))
        var logger = Logger(label: "websub-route-tests")
        logger.logLevel = .critical
        let application = buildApplication(
            store: store, readerViews: nil,
            configuration: WebAppConfiguration(port: 0, publicBaseURL: "https://news.example.org", webPassword: "page password"),
            logger: logger,
            pushCallbacks: PushCallbackController(store: store, refresher: refresher, configuration: push, clock: { WebAppFixture.now }),
            now: { WebAppFixture.now }
        )
        let path = "/websub/" + subscription.callbackID
        let query = String(decoding: HubClient.formEncoded([
            ("hub.mode", "subscribe"), ("hub.topic", subscription.topicURL), ("hub.challenge", "c4ll3nge"), ("hub.lease_seconds", "86400"),
        ]), as: UTF8.self)
        let signature = HubSignature.header(for: Array(Self.feed.utf8), secret: subscription.secret)
        @Sendable func verification(host: String) -> String {
            "GET \(path)?\(query) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
        }
        @Sendable func delivery(host: String) -> String {
            "POST \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/atom+xml\r\nX-Hub-Signature: \(signature)\r\n"
                + "Content-Length: \(Self.feed.utf8.count)\r\nConnection: close\r\n\r\n\(Self.feed)"
        }

        try await application.test(.live) { client in
            let port = try #require(client.port)
            // A page, for comparison: with accounts, it sends the browser to sign in.
            let page = try await RawHTTPExchange.send("GET / HTTP/1.1\r\nHost: news.example.org\r\nConnection: close\r\n\r\n", port: port)
            #expect(page.hasPrefix("HTTP/1.1 303") && page.lowercased().contains("location: /login"))
            // Another host is refused before anything else, callback or not.
            let rebound = try await RawHTTPExchange.send(verification(host: "attacker.example"), port: port)
            #expect(rebound.hasPrefix("HTTP/1.1 403") && !rebound.contains("c4ll3nge"))
            #expect(try await RawHTTPExchange.send(delivery(host: "attacker.example"), port: port).hasPrefix("HTTP/1.1 403"))
            #expect(try await store.pushSubscription(for: source.id)?.verifiedAt == nil)
            // The hub's verification and its delivery go through.
            let verified = try await RawHTTPExchange.send(verification(host: "news.example.org"), port: port)
            #expect(verified.hasPrefix("HTTP/1.1 200"))
            #expect(verified.hasSuffix("\r\n\r\nc4ll3nge"))
            #expect(verified.lowercased().contains("content-type: text/plain"))
            let delivered = try await RawHTTPExchange.send(delivery(host: "news.example.org"), port: port)
            #expect(delivered.hasPrefix("HTTP/1.1 204"))
        }
        #expect(try await store.pushSubscription(for: source.id)?.isActive(at: WebAppFixture.now) == true)
        let stored = try await store.articles(matching: ArticleQuery(sources: [source.id])).articles.map(\.title)
        #expect(stored == ["Pushed through the page walls"])
    }
}
