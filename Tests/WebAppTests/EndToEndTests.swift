import Fetching
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import Refresh
import SQLiteStorage
import Storage
import Testing
import WebApp

/// The whole product in one process: a feed file goes through discovery, parsing, mapping
/// and storage, then comes back out through the JSON API and the three pages.
@Suite struct EndToEndTests {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel>
          <title>Estuary Post</title>
          <link>https://estuary.example/</link>
          <description>Tides, boats and the people who mind them.</description>
          <language>en</language>
          <item>
            <title>Ferry timetable changes for winter</title>
            <link>https://estuary.example/ferry-winter</link>
            <guid isPermaLink="false">estuary-1</guid>
            <dc:creator>Ines Marlow</dc:creator>
            <pubDate>Fri, 20 Nov 2026 09:30:00 GMT</pubDate>
            <media:thumbnail url="https://estuary.example/img/ferry.jpg"/>
            <description><![CDATA[<p>The ferry will run <b>hourly</b> from December.</p><script>alert('x')</script><img src="/img/chart.png" onerror="alert(1)">]]></description>
          </item>
          <item>
            <title>Heron count reaches a record</title>
            <link>https://estuary.example/herons</link>
            <guid isPermaLink="false">estuary-2</guid>
            <pubDate>Thu, 19 Nov 2026 07:00:00 GMT</pubDate>
            <description>Volunteers counted 41 herons on the mudflats at dawn.</description>
          </item>
        </channel>
        </rss>
        """

    @Test func aFeedFileBecomesPagesAndNewsAPIResponses() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("estuary.xml")
        try Data(Self.feed.utf8).write(to: file)

        let store = try SQLiteStore.temporary()
        let fetcher = HTTPFetcher()
        let subscription = try await SourceSubscriber(store: store, loader: FeedLoader(fetcher: fetcher))
            .subscribe(to: file.path, category: .general, country: .unitedKingdom, allowsLocalFiles: true)
        try await fetcher.shutdown()
        #expect(subscription.source.id.rawValue == "estuary-post")
        #expect(subscription.articlesStored == 2)
        let key = try await store.createAPIKey(name: "e2e").secret

        let application = buildApplication(
            store: store, readerViews: nil,
            configuration: WebAppConfiguration(host: "127.0.0.1", port: 0, publicBaseURL: "http://news.test"),
            logger: Logger(label: "e2e")
        )
        try await application.test(.router) { client in
            // The API, as a NewsAPI client sees it.
            let headlines = try await client.execute(uri: "/v2/top-headlines?pageSize=1", method: .get, headers: [.init("X-Api-Key")!: key])
            #expect(headlines.status == .ok)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: headlines.body)) as? [String: Any])
            #expect(json["status"] as? String == "ok")
            #expect(json["totalResults"] as? Int == 2)
            let articles = try #require(json["articles"] as? [[String: Any]])
            #expect(articles.count == 1)
            let first = try #require(articles.first)
            #expect((first["source"] as? [String: Any])?["id"] as? String == "estuary-post")
            #expect(first["title"] as? String == "Ferry timetable changes for winter")
            #expect(first["author"] as? String == "Ines Marlow")
            #expect(first["urlToImage"] as? String == "https://estuary.example/img/ferry.jpg")
            #expect(first["publishedAt"] as? String == "2026-11-20T09:30:00Z")
            #expect((first["content"] as? String)?.contains("hourly") == true)
            #expect((first["content"] as? String)?.contains("alert") == false)

            let search = try await client.execute(uri: "/v2/everything?q=herons&apiKey=\(key)", method: .get)
            let found = try #require(try JSONSerialization.jsonObject(with: Data(buffer: search.body)) as? [String: Any])
            #expect(found["totalResults"] as? Int == 1)

            let sources = try await client.execute(uri: "/v2/top-headlines/sources", method: .get, headers: [.authorization: "Bearer \(key)"])
            #expect(String(buffer: sources.body).contains(#""id":"estuary-post","name":"Estuary Post""#))

            let missingKey = try await client.execute(uri: "/v2/top-headlines", method: .get)
            #expect(missingKey.status == .unauthorized)
            #expect(String(buffer: missingKey.body).contains(#""code":"apiKeyMissing""#))

            let badPageSize = try await client.execute(uri: "/v2/everything?q=x&pageSize=500", method: .get, headers: [.init("X-Api-Key")!: key])
            #expect(badPageSize.status == .badRequest)
            #expect(String(buffer: badPageSize.body).contains(#""code":"parameterInvalid""#))

            // The three pages, as a person sees them.
            let grid = try await client.execute(uri: "/", method: .get)
            #expect(grid.status == .ok)
            #expect(String(buffer: grid.body).contains(#"href="/sources/estuary-post""#))

            let list = try await client.execute(uri: "/sources/estuary-post", method: .get)
            let listPage = String(buffer: list.body)
            #expect(list.status == .ok)
            #expect(listPage.contains("Ferry timetable changes for winter"))
            #expect(listPage.contains("Ines Marlow"))
            #expect(listPage.range(of: "Ferry timetable")?.lowerBound ?? listPage.endIndex < listPage.range(of: "Heron count")?.lowerBound ?? listPage.startIndex)

            let stored = try await store.articles(matching: ArticleQuery(search: .term("ferry"))).articles
            let ferry = try #require(stored.first)
            let article = try await client.execute(uri: "/articles/\(ferry.id)", method: .get)
            let articlePage = String(buffer: article.body)
            #expect(article.status == .ok)
            #expect(articlePage.contains("<b>hourly</b>"))
            #expect(articlePage.contains("https://estuary.example/img/chart.png"))
            #expect(articlePage.contains(#"href="https://estuary.example/ferry-winter""#))
            #expect(!articlePage.contains("alert("))
            #expect(!articlePage.contains("onerror"))

            let unknown = try await client.execute(uri: "/sources/no-such-source", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func aMalformedFeedIsRefusedAndNothingIsStored() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.xml")
        try Data("<html><body>This is a page, not a feed</body></html>".utf8).write(to: file)
        let store = try SQLiteStore.temporary()
        let fetcher = HTTPFetcher()
        await #expect(throws: FeedDiscovery.DiscoveryError.self) {
            try await SourceSubscriber(store: store, loader: FeedLoader(fetcher: fetcher)).subscribe(to: file.path, allowsLocalFiles: true)
        }
        try await fetcher.shutdown()
        #expect(try await store.sources(matching: SourceQuery()).isEmpty)
        #expect(try await store.articles(matching: ArticleQuery()).totalResults == 0)
    }
}
