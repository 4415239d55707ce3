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
        <outline text="Router" type="rss" xmlUrl="http://192.168.1.1/feed"/>
        <outline text="Here" type="rss" xmlUrl="http://localhost:8080/feed"/>
        </body></opml>
        """

    func withApplication(
        allowsPrivateAddresses: Bool = false, _ body: @Sendable (SQLiteStore, any TestClientProtocol) async throws -> Void
    ) async throws {
        let store = try SQLiteStore.temporary()
        let application = buildApplication(
            store: store, readerViews: nil,
            configuration: WebAppConfiguration(port: 0, allowsPrivateAddresses: allowsPrivateAddresses), logger: Logger(label: "opml-tests")
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
            let page = response.text
            #expect(page.contains(#"<div class="notice success" role="status"><p>Followed 2 new sources."#), "success shows as success")
            #expect(page.contains("Skipped 4 feeds:"))
            #expect(page.contains("<li>Again (https://alpha.example/feed.xml): appears earlier in the file</li>"))
            #expect(page.contains("<li>Local (file:///etc/passwd): not a web (http or https) address</li>"))
            #expect(page.contains("<li>Router (http://192.168.1.1/feed): 192.168.1.1 is on this machine or a private network"))
            #expect(page.contains("<li>Here (http://localhost:8080/feed): localhost is on this machine or a private network"))
            let sources = try await store.sources(matching: SourceQuery())
            #expect(Set(sources.map(\.feedURL)) == ["https://alpha.example/feed.xml", "https://beta.example/rss"])
            #expect(sources.first { $0.name == "Alpha News" }?.siteURL == "https://alpha.example/")
            // The folder came along.
            let owner = try await store.owner()
            let tech = try #require(try await store.folders(of: owner.id).first)
            #expect(tech.name == "Tech")
            #expect(try await store.subscriptions(of: owner.id).allSatisfy { $0.folderID == tech.id })

            let again = try await client.execute(uri: "/sources/import", method: .post, headers: headers, body: body)
            #expect(again.text.contains("No new source was followed"))
            #expect(!again.text.contains("notice success"))
            #expect(again.text.contains("<li>Alpha News (https://alpha.example/feed.xml): already followed</li>"))
            #expect(try await store.sources(matching: SourceQuery()).count == 2)
        }
    }

    @Test func followsPrivateAddressesWhenTheServerMay() async throws {
        try await withApplication(allowsPrivateAddresses: true) { store, client in
            let browser = try await BrowserSession.open(client: client)
            let (headers, body) = Self.upload(Self.subscriptions, browser: browser)
            let response = try await client.execute(uri: "/sources/import", method: .post, headers: headers, body: body)
            #expect(response.text.contains("Followed 4 new sources."))
            #expect(Set(try await store.sources(matching: SourceQuery()).map(\.feedURL)).isSuperset(of: ["http://192.168.1.1/feed", "http://localhost:8080/feed"]))
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
            // What was left out is said, in the file and on the page.
            #expect(text.contains(#"<!-- Left out 2 sources another reader could not fetch (feed files on this machine or the demo): "Demo", "Local". -->"#))
            let form = try await client.execute(uri: "/sources/new", method: .get).text
            #expect(form.contains("Left out 2 sources another reader could not fetch"))
        }
    }

    @Test func exportsFoldersAndOwnNames() async throws {
        try await withApplication { store, client in
            let owner = try await store.owner()
            let folder = try await store.folder(named: "Morning", for: owner.id)
            let source = try await store.addSource(Source(id: SourceID(slugging: "Alpha"), name: "Alpha", feedURL: "https://alpha.example/feed.xml"))
            try await store.updateSubscription(Subscription(userID: owner.id, sourceID: source.id, name: "My alpha", folderID: folder.id, createdAt: Date()))
            let text = try await client.execute(uri: "/subscriptions.opml", method: .get).text
            #expect(text.contains(#"<outline text="Morning" title="Morning">"#))
            #expect(text.contains(#"<outline type="rss" text="My alpha" title="My alpha" xmlUrl="https://alpha.example/feed.xml"/>"#))
            #expect(!text.contains("<!--"), "nothing was left out")
            #expect(!(try await client.execute(uri: "/sources/new", method: .get).text.contains("Left out")))
        }
    }
}
