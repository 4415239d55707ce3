import Foundation
import Testing
@testable import FeedParsing

/// Proxied feeds put a redirect in `link` and the article's own address elsewhere.
@Suite struct OriginalLinkTests {
    @Test func readsFeedBurnerAndPheedoOriginalLinks() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0" xmlns:pheedo="http://www.pheedo.com/namespace/pheedo">
        <channel><title>Proxied</title><link>https://www.example-tech.com/</link>
        <item><title>One</title><link>http://feedproxy.google.com/~r/ExampleTech/~3/abc/</link><guid isPermaLink="false">one</guid>
        <feedburner:origLink> https://www.example-tech.com/2024/01/one/ </feedburner:origLink></item>
        <item><title>Two</title><link>http://ads.pheedo.example/click/two</link><guid isPermaLink="false">two</guid>
        <pheedo:origLink>https://www.example-tech.com/2024/01/two/</pheedo:origLink></item>
        <item><title>Three</title><link>https://www.example-tech.com/2024/01/three/</link><guid isPermaLink="false">three</guid></item>
        </channel></rss>
        """
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.items.map(\.originalLink) == ["https://www.example-tech.com/2024/01/one/", "https://www.example-tech.com/2024/01/two/", nil])
        #expect(feed.items.first?.link == "http://feedproxy.google.com/~r/ExampleTech/~3/abc/")
        // The identity does not change: articles stored before keep theirs.
        #expect(feed.items.map(\.id) == ["one", "two", "three"])
    }

    @Test func readsAtomFeedBurnerOriginalLinks() throws {
        let xml = """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0">
        <title>Atom proxied</title><id>urn:x</id>
        <entry><id>urn:a</id><title>A</title><link rel="alternate" href="http://feeds.example.net/~r/x/~3/1/"/>
        <feedburner:origLink>https://blog.example.org/a</feedburner:origLink><updated>2024-01-01T00:00:00Z</updated></entry>
        </feed>
        """
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.items.first?.originalLink == "https://blog.example.org/a")
    }

    @Test func readsTheFeedsOwnCategories() throws {
        let xml = """
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Cast</title>
        <category>Technology</category><itunes:category text="Health &amp; Fitness"/>
        <item><title>Episode</title><guid>e1</guid><category>Gadgets</category></item></channel></rss>
        """
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.categories.contains("Technology"))
        #expect(feed.categories.contains("Health & Fitness"))
        #expect(feed.items.first?.categories == ["Gadgets"])
    }
}
