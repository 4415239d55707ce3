import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

/// Importing an OPML file on the "Add a source" page, and exporting the sources as one.
@Suite struct OPMLPageTests {
    static let boundary = "----BroadsheetTestBoundary"

    /// The multipart upload the page's form sends, from `browser`.
    static func upload(_ opml: String, fileName: String = "feeds.opml", browser: BrowserSession, sameOrigin: Bool = true) -> (HTTPFields, ByteBuffer) {
        var headers = browser.headers(contentType: "multipart/form-data; boundary=\(boundary)")
        headers[HTTPField.Name("Sec-Fetch-Site")!] = sameOrigin ? "same-origin" : "cross-site"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(CSRFProtection.fieldName)\"\r\n\r\n\(browser.token)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"opml\"; filename=\"\(fileName)\"\r\n"
            + "Content-Type: text/x-opml\r\n\r\n\(opml)\r\n--\(boundary)--\r\n"
        return (headers, ByteBuffer(string: body))
    }

    static let subscriptions = """
        <?xml version="1.0"?>
        <opml version="2.0"><head><title>Mine</title></head><body>
        <outline text="Tech"><outline text="Alpha News" type="rss" xmlUrl="https://alpha.example/feed.xml" htmlUrl="https://alpha.example/"/>
        <outline text="Beta" type="rss" xmlUrl="https://beta.example/rss"/></outline>
        <outline text="Again" type="rss" xmlUrl="https://alpha.example/feed.xml"/>
        <outline text="Local" type="rss" xmlUrl="file:///etc/passwd"/>
        </body></opml>
        """

    func withApplication(_ body: @Sendable (SQLiteStore, any TestClientProtocol) async throws -> Void) async throws {
        let store = try SQLiteStore.temporary()
        let application = buildApplication(
            store: store, readerViews: nil, configuration: WebAppConfiguration(port: 0), logger: Logger(label: "opml-tests")
        )
        try await application.test(.router) { client in try await body(store, client) }
    }

    @Test func importsTheWebFeedsOnceAndSaysWhatItSkipped() async throws {
        try await withApplication { store, client in
            let form = try await client.execute(uri: "/sources/new", method: .get).text
            #expect(form.contains(#"<form method="post" action="/sources/import" enctype="multipart/form-data""#))
            #expect(form.contains(#"href="/subscriptions.opml""#))

            let browser = try await BrowserSession.open(client: client)
            let (headers, body) = Self.upload(Self.subscriptions, browser: browser)
            let response = try await client.execute(uri: "/sources/import", method: .post, headers: headers, body: body)
            #expect(response.status == .ok)
            #expect(response.text.contains("Added 2 sources (2 skipped: already followed, repeated or not web addresses)."))
            let sources = try await store.sources(matching: SourceQuery())
            #expect(Set(sources.map(\.feedURL)) == ["https://alpha.example/feed.xml", "https://beta.example/rss"])
            #expect(sources.first { $0.name == "Alpha News" }?.siteURL == "https://alpha.example/")

            let again = try await client.execute(uri: "/sources/import", method: .post, headers: headers, body: body)
            #expect(again.text.contains("Added 0 sources (4 skipped"))
            #expect(try await store.sources(matching: SourceQuery()).count == 2)
        }
    }

    @Test func explainsFilesItCannotUseAndRefusesOtherSites() async throws {
        try await withApplication { store, client in
            let browser = try await BrowserSession.open(client: client)
            let (crossHeaders, crossBody) = Self.upload(Self.subscriptions, browser: browser, sameOrigin: false)
            let crossSite = try await client.execute(uri: "/sources/import", method: .post, headers: crossHeaders, body: crossBody)
            #expect(crossSite.status == .forbidden)

            let (headers, body) = Self.upload("<html><body>Not a list</body></html>", fileName: "page.html", browser: browser)
            let notOPML = try await client.execute(uri: "/sources/import", method: .post, headers: headers, body: body)
            #expect(notOPML.status == .unprocessableContent)
            #expect(notOPML.text.contains("“page.html” is not a subscription list Broadsheet can read"))

            var plainHeaders = headers
            plainHeaders[.contentType] = "application/x-www-form-urlencoded"
            let notMultipart = try await client.execute(uri: "/sources/import", method: .post, headers: plainHeaders, body: browser.form("opml=x"))
            #expect(notMultipart.status == .badRequest)
            #expect(notMultipart.text.contains("Choose the OPML file again"))

            let huge = ByteBuffer(repeating: UInt8(ascii: "x"), count: 5 * 1_048_576)
            let tooLarge = try await client.execute(uri: "/sources/import", method: .post, headers: headers, body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try await store.sources(matching: SourceQuery()).isEmpty)
        }
    }

    @Test func exportsTheSourcesFollowedFromTheWeb() async throws {
        try await withApplication { store, client in
            _ = try await store.addSource(Source(id: SourceID(slugging: "Alpha & Co"), name: "Alpha & Co", siteURL: "https://alpha.example/", feedURL: "https://alpha.example/feed.xml"))
            _ = try await store.addSource(Source(id: SourceID(slugging: "Local"), name: "Local", feedURL: "file:///tmp/local.xml"))
            _ = try await store.addSource(Source(id: SourceID(slugging: "Demo"), name: "Demo", feedURL: "https://demo.example/feed", isDemo: true))
            let response = try await client.execute(uri: "/subscriptions.opml", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/x-opml; charset=utf-8")
            #expect(response.headers[.contentDisposition] == #"attachment; filename="broadsheet-subscriptions.opml""#)
            let text = response.text
            #expect(text.contains(#"xmlUrl="https://alpha.example/feed.xml""#))
            #expect(text.contains("Alpha &amp; Co"))
            #expect(!text.contains("file:"))
            #expect(!text.contains("demo.example"))
        }
    }
}
