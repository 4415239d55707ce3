import Foundation
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import Refresh

/// Search finds a word anywhere in an article's text, not only in a teaser or a description.
@Suite struct WholeTextSearchTests {
    static let feedURL = "https://cloudnotes.example/feed.xml"

    /// The shape of feeds that put the whole article in `description` and a one-line teaser
    /// in `content:encoded` (seen in the wild).
    static func teaserFeed(body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
        <title>Cloud Notes</title><link>https://cloudnotes.example/</link><language>en</language>
        <item><guid isPermaLink="false">long-1</guid><title>Running databases at scale</title><link>https://cloudnotes.example/long-1</link>
        <description><![CDATA[\(body)]]></description>
        <content:encoded><![CDATA[<p>Learn how our team runs databases.</p>]]></content:encoded></item>
        </channel></rss>
        """
    }

    @Test func aWordDeepInALongEntryIsFound() async throws {
        let filler = String(repeating: "Operators watched the replication lag closely during the migration window. ", count: 45)
        let body = "<p>\(filler)</p><p>At the very end the team thanked the quartermaster for the coffee.</p>"
        #expect(body.range(of: "quartermaster").map { body.distance(from: body.startIndex, to: $0.lowerBound) } ?? 0 > 3_000)
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(id: SourceID(slugging: "Cloud Notes"), name: "Cloud Notes", feedURL: Self.feedURL))
        let fetcher = StubFetcher([Self.feedURL: .body(Self.teaserFeed(body: body), headers: ["content-type": "application/rss+xml"])])
        _ = await FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher)).refresh(source)

        let found = try await store.articles(matching: ArticleQuery(search: try SearchQuery(parsing: "quartermaster")))
        #expect(found.articles.map(\.guid) == ["long-1"])
        let phrase = try await store.articles(matching: ArticleQuery(search: try SearchQuery(parsing: "\"thanked the quartermaster\""), searchIn: [.content]))
        #expect(phrase.totalResults == 1)
    }
}
