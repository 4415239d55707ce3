import Fetching
import FeedParsing
import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import Refresh

@Suite struct PushHubDiscoveryTests {
    static let rss = """
        <?xml version="1.0"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Estuary</title>
        <link>https://estuary.example/</link>
        <atom:link rel="hub" href="https://hub.example/websub"/>
        <atom:link rel="self" type="application/rss+xml" href="https://estuary.example/feed.xml"/>
        <item><guid>1</guid><title>One</title></item>
        </channel></rss>
        """

    static let atom = """
        <?xml version="1.0"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Delta</title><id>urn:delta</id>
        <link rel="hub" href="/hub"/><link rel="self" href="https://delta.example/atom.xml"/>
        <entry><id>1</id><title>One</title></entry></feed>
        """

    @Test func readsTheHubFromTheFeed() throws {
        let rss = try FeedParser.parse(Array(Self.rss.utf8), url: "https://estuary.example/feed.xml")
        #expect(rss.hubURL == "https://hub.example/websub")
        #expect(rss.selfURL == "https://estuary.example/feed.xml")
        let found = try #require(PushHubDiscovery.hub(in: rss, headers: [:], fetchedFrom: "https://estuary.example/feed.xml?utm=x"))
        #expect(found.hub == "https://hub.example/websub" && found.topic == "https://estuary.example/feed.xml")

        let atom = try FeedParser.parse(Array(Self.atom.utf8), url: "https://delta.example/atom.xml")
        #expect(atom.hubURL == "https://delta.example/hub", "resolved against the feed")
    }

    @Test func theLinkHeaderComesFirstAndTheFetchedAddressIsTheFallbackTopic() throws {
        let plain = try FeedParser.parse(Array("<rss version=\"2.0\"><channel><title>T</title><item><guid>1</guid></item></channel></rss>".utf8))
        #expect(PushHubDiscovery.hub(in: plain, headers: [:], fetchedFrom: "https://a.example/feed") == nil)
        let fromHeader = try #require(PushHubDiscovery.hub(in: plain, headers: ["link": "<https://hub.example/>; rel=\"hub\""], fetchedFrom: "https://a.example/feed"))
        #expect(fromHeader.hub == "https://hub.example/" && fromHeader.topic == "https://a.example/feed")
        let rss = try FeedParser.parse(Array(Self.rss.utf8), url: "https://estuary.example/feed.xml")
        let both = try #require(PushHubDiscovery.hub(in: rss, headers: ["link": "<https://other-hub.example/>; rel=hub, </canonical.xml>; rel=self"], fetchedFrom: "https://estuary.example/feed.xml"))
        #expect(both.hub == "https://other-hub.example/" && both.topic == "https://estuary.example/canonical.xml")
        // Only web addresses: a hub on another scheme is no hub.
        #expect(PushHubDiscovery.hub(in: plain, headers: ["link": "<file:///etc/passwd>; rel=hub"], fetchedFrom: "https://a.example/feed") == nil)
    }

    @Test func aRefreshRemembersTheHubAndA304KeepsIt() async throws {
        let store = try SQLiteStore.temporary()
        let url = "https://estuary.example/feed.xml"
        let source = try await store.addSource(Source(id: SourceID(slugging: "Estuary"), name: "Estuary", feedURL: url))
        let fetcher = StubFetcher([url: .body(Self.rss, headers: ["content-type": "application/rss+xml", "etag": "\"1\""])])
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        _ = await refresher.refresh(source, now: now)
        #expect(try await store.feedState(for: source.id)?.hubURL == "https://hub.example/websub")
        fetcher.set(url, .notModified)
        _ = await refresher.refresh(source, now: now.addingTimeInterval(1_800))
        let state = try #require(try await store.feedState(for: source.id))
        #expect(state.hubURL == "https://hub.example/websub" && state.topicURL == url)
        // Without a store that keeps subscriptions, the hub changes nothing about polling.
        #expect(state.nextRefreshAt == now.addingTimeInterval(3_600))
        fetcher.set(url, .body(Self.rss.replacingOccurrences(of: "<atom:link rel=\"hub\" href=\"https://hub.example/websub\"/>", with: ""), headers: [:]))
        _ = await refresher.refresh(source, now: now.addingTimeInterval(3_600))
        #expect(try await store.feedState(for: source.id)?.hubURL == nil, "a feed that stops naming a hub has none")
    }
}
