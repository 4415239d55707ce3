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

/// The "Add a source" form, with a local feed file standing in for a site.
@Suite struct AddSourceTests {
    func withApplication(subscriber: Bool = true, _ body: @Sendable (SQLiteStore, any TestClientProtocol) async throws -> Void) async throws {
        let store = try SQLiteStore.temporary()
        let fetcher = HTTPFetcher()
        let application = buildApplication(
            store: store, readerViews: nil,
            configuration: WebAppConfiguration(host: "127.0.0.1", port: 0),
            logger: Logger(label: "add-source-tests"),
            subscriber: subscriber ? SourceSubscriber(store: store, loader: FeedLoader(fetcher: fetcher)) : nil
        )
        do {
            try await application.test(.router) { client in try await body(store, client) }
        } catch {
            try await fetcher.shutdown()
            throw error
        }
        try await fetcher.shutdown()
    }

    @Test func showsTheForm() async throws {
        try await withApplication { _, client in
            let response = try await client.execute(uri: "/sources/new", method: .get)
            #expect(response.status == .ok)
            let page = String(buffer: response.body)
            #expect(page.contains(#"<form method="post" action="/sources""#))
            #expect(page.contains(#"name="address""#))
            #expect(page.contains(#"<option value="technology">Technology</option>"#))
        }
    }

    @Test func refusesCrossSiteRequestsAndNonWebAddresses() async throws {
        try await withApplication { store, client in
            let crossSite = try await client.execute(
                uri: "/sources", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .init("Sec-Fetch-Site")!: "cross-site"],
                body: ByteBuffer(string: "address=https%3A%2F%2Fexample.org")
            )
            #expect(crossSite.status == .forbidden)
            let fileAddress = try await BrowserSession.open(client: client).post("/sources", "address=file%3A%2F%2F%2Fetc%2Fpasswd", client: client)
            #expect(fileAddress.status == .unprocessableContent)
            #expect(String(buffer: fileAddress.body).contains("Only web addresses"))
            let empty = try await BrowserSession.open(client: client).post("/sources", "address=+", client: client)
            #expect(empty.status == .unprocessableContent)
            #expect(try await store.sources(matching: SourceQuery()).isEmpty)
        }
    }

    /// The web never opens a server path, and its answer is the same whether the file
    /// exists, is a readable feed, or is not there at all.
    @Test func neverOpensServerFilesAndRevealsNothingAboutThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-web-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let feed = directory.appendingPathComponent("feed.xml")
        try Data(#"<rss version="2.0"><channel><title>Server file</title><item><title>Secret</title></item></channel></rss>"#.utf8).write(to: feed)
        let missing = directory.appendingPathComponent("missing.xml")
        let traversal = String(repeating: "../", count: 12) + String(feed.path.dropFirst())
        try await withApplication { store, client in
            var answers: [String] = []
            let browser = try await BrowserSession.open(client: client)
            for address in [feed.path, missing.path, traversal, "file://" + feed.path, "file:" + feed.path, "./feed.xml"] {
                let encoded = address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let response = try await browser.post("/sources", "address=" + encoded, client: client)
                #expect(response.status == .unprocessableContent, "\(address)")
                let page = String(buffer: response.body)
                #expect(page.contains("Only web addresses (http or https)"), "\(address)")
                answers.append(page.replacingOccurrences(of: HTML.escape(address), with: "ADDRESS"))
            }
            #expect(Set(answers).count == 1)
            #expect(try await store.sources(matching: SourceQuery()).isEmpty)
        }
    }

    @Test func explainsWhyAnAddressCouldNotBeFollowedAndKeepsWhatWasTyped() async throws {
        try await withApplication { _, client in
            let response = try await BrowserSession.open(client: client).post(
                "/sources", "address=http%3A%2F%2F127.0.0.1%3A9%2Ffeed&name=%3Cb%3EMine%3C%2Fb%3E", client: client
                )
            #expect(response.status == .unprocessableContent)
            let page = String(buffer: response.body)
            #expect(page.contains("--allow-private-addresses"))
            #expect(page.contains("&lt;b&gt;Mine&lt;/b&gt;"))
            #expect(!page.contains("<b>Mine</b>"))
        }
    }

    @Test func followsASiteFoundThroughItsPageAndRedirectsToIt() async throws {
        // A tiny "site" on loopback: a home page that advertises its feed.
        let siteRouter = Router()
        siteRouter.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: """
                <html><head><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head><body>Hi</body></html>
                """)))
        }
        siteRouter.get("/atom.xml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/atom+xml"], body: .init(byteBuffer: ByteBuffer(string: """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>Harbour Lights</title><id>urn:x</id><updated>2026-11-20T10:00:00Z</updated>
                <entry><title>Lamps relit</title><id>urn:x:1</id><updated>2026-11-20T10:00:00Z</updated><link href="/lamps"/><content type="html">&lt;p&gt;All twelve.&lt;/p&gt;</content></entry>
                </feed>
                """)))
        }
        let site = Application(router: siteRouter, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await site.test(.live) { siteClient in
            let store = try SQLiteStore.temporary()
            let fetcher = HTTPFetcher(configuration: FetchConfiguration(allowsPrivateAddresses: true))
            let application = buildApplication(
                store: store, readerViews: nil, configuration: WebAppConfiguration(host: "127.0.0.1", port: 0),
                logger: Logger(label: "add-source-tests"),
                subscriber: SourceSubscriber(store: store, loader: FeedLoader(fetcher: fetcher))
            )
            let address = "http://127.0.0.1:\(siteClient.port ?? 0)/"
            let form = "address=" + (address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "&category=science"
            try await application.test(.router) { client in
                let response = try await BrowserSession.open(client: client).post("/sources", form, client: client)
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/sources/harbour-lights")
            }
            try await fetcher.shutdown()
            let source = try #require(try await store.source(SourceID(slugging: "Harbour Lights")))
            #expect(source.category == .science)
            #expect(source.feedURL == address + "atom.xml")
            #expect(try await store.articles(matching: ArticleQuery()).articles.map(\.title) == ["Lamps relit"])
        }
    }

    @Test func saysWhenTheServerCannotFetch() async throws {
        try await withApplication(subscriber: false) { _, client in
            let response = try await BrowserSession.open(client: client).post("/sources", "address=https%3A%2F%2Fexample.org", client: client)
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains("broadsheet add URL"))
        }
    }
}
