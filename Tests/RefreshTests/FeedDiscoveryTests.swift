import Fetching
import Foundation
import Testing
@testable import Refresh

struct FeedDiscoveryTests {
    static let page = """
        <!doctype html><html><head><title>Tidewater</title>
        <link rel="icon" href="/favicon-16.png" sizes="16x16">
        <link rel="apple-touch-icon" href="/touch-icon.png" sizes="180x180">
        <link rel="alternate" type="application/rss+xml" title="Everything" href="/feeds/all.xml">
        </head><body><a href="/feeds/other.xml">other</a></body></html>
        """

    @Test func findsTheFeedAdvertisedByASitesPage() async throws {
        let fetcher = StubFetcher([
            "https://tidewater.example/": .body(Self.page, headers: ["content-type": "text/html"]),
            "https://tidewater.example/feeds/all.xml": .body(FeedFixtures.rss(items: [("d1", "Found", "Body")])),
        ])
        let discovered = try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover("https://tidewater.example/")
        #expect(discovered.feedURL == "https://tidewater.example/feeds/all.xml")
        #expect(discovered.feed.items.count == 1)
        #expect(discovered.siteIconURL == "https://tidewater.example/touch-icon.png")
    }

    @Test func triesTheUsualFeedPathsWhenThePageAdvertisesNone() async throws {
        let fetcher = StubFetcher([
            "https://quiet.example/": .body("<html><head><title>Quiet</title></head><body>Hello</body></html>"),
            "https://quiet.example/rss.xml": .body(FeedFixtures.rss(items: [("q1", "Via a usual path", "Body")])),
        ])
        let discovered = try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover("quiet.example")
        #expect(discovered.feedURL == "https://quiet.example/rss.xml")
    }

    @Test func takesAFeedAddressAsItIsAndReadsTheSiteIcon() async throws {
        let fetcher = StubFetcher([
            "https://tidewater.example/feed.xml": .body(FeedFixtures.rss(items: [("f1", "Direct", "Body")])),
            "https://tidewater.example/": .body(Self.page),
        ])
        let discovered = try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover("https://tidewater.example/feed.xml")
        #expect(discovered.feedURL == "https://tidewater.example/feed.xml")
        #expect(discovered.siteIconURL == "https://tidewater.example/touch-icon.png")
    }

    @Test func explainsAPageWithoutAFeed() async throws {
        let fetcher = StubFetcher(["https://nofeed.example/": .body("<html><body>Just a page</body></html>")])
        await #expect(throws: FeedDiscovery.DiscoveryError.self) {
            try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover("https://nofeed.example/")
        }
        do {
            _ = try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover("https://nofeed.example/")
        } catch {
            #expect("\(error)".contains("without a feed"))
        }
    }

    @Test func readsALocalFeedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("saved.xml")
        try Data(FeedFixtures.rss(items: [("l1", "Offline", "Body")]).utf8).write(to: file)
        let address = FeedDiscovery.normalizedAddress("saved.xml", currentDirectory: directory.path)
        #expect(address.hasPrefix("file:///"))
        let fetcher = StubFetcher()
        let discovered = try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover(address, allowsLocalFiles: true)
        #expect(discovered.feed.items.first?.title == "Offline")
        #expect(discovered.feed.problems.isEmpty)
        // Offline means offline: the feed's site is not fetched for an icon.
        #expect(discovered.feed.link != nil)
        #expect(fetcher.requested.isEmpty)
        #expect(discovered.siteIconURL == nil)
    }

    /// A site's page naming a `file:` feed must not make Broadsheet read a file on the server.
    @Test func followsOnlyWebLinksFromAPage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.xml")
        try Data(FeedFixtures.rss(items: [("s1", "Server secret", "Body")]).utf8).write(to: secret)
        let fetcher = StubFetcher([
            "https://lure.example/": .body(
                #"<html><head><link rel="alternate" type="application/rss+xml" href="\#(secret.absoluteString)"><link rel="alternate" type="application/rss+xml" href="file:\#(secret.path)"></head><body>Hi</body></html>"#,
                headers: ["content-type": "text/html"]
            ),
        ])
        await #expect(throws: FeedDiscovery.DiscoveryError.self) {
            _ = try await FeedDiscovery(loader: FeedLoader(fetcher: fetcher)).discover("https://lure.example/", allowsLocalFiles: true)
        }
        #expect(fetcher.requested.allSatisfy { $0.url.hasPrefix("https://") })
    }

    /// What a web form sends is a web address or nothing, decided without looking at the disk.
    @Test func webAddressesAreHTTPOnly() {
        #expect(FeedDiscovery.webAddress(" example.org ") == "https://example.org/")
        #expect(FeedDiscovery.webAddress("example.org/news") == "https://example.org/news")
        #expect(FeedDiscovery.webAddress("http://example.org/feed") == "http://example.org/feed")
        for refused in ["/etc/passwd", "../../etc/shadow", "./feed.xml", "~/feed.xml", "file:///etc/passwd", "file:/etc/passwd",
                        "ftp://example.org/", "javascript:alert(1)", "localhost:8080/x", "", "C:\\feeds\\x.xml"] {
            #expect(FeedDiscovery.webAddress(refused) == nil, "\(refused)")
        }
    }

    @Test func oneFileHasOneAddress() {
        #expect(FeedDiscovery.normalizedAddress("file:/tmp/x.xml") == "file:///tmp/x.xml")
        #expect(FeedDiscovery.normalizedAddress("file:///tmp/./a/../x.xml") == "file:///tmp/x.xml")
        #expect(FeedDiscovery.normalizedAddress("file://localhost/tmp/x.xml") == "file:///tmp/x.xml")
    }

    @Test func normalisesWhatPeopleType() {
        #expect(FeedDiscovery.normalizedAddress("  example.org ") == "https://example.org/")
        #expect(FeedDiscovery.normalizedAddress("example.org/news") == "https://example.org/news")
        #expect(FeedDiscovery.normalizedAddress("http://example.org/feed") == "http://example.org/feed")
        #expect(FeedDiscovery.normalizedAddress("file:///tmp/x.xml") == "file:///tmp/x.xml")
    }
}
