import FeedParsing
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

/// The public blogroll: off until published, then only what was chosen, open without login
/// or page password, for reading only.
@Suite struct BlogrollPageTests {
    /// The fixture library plus sources that must never show: one not chosen, one chosen
    /// whose feed address carries a key, one in a folder that was not chosen.
    static func library() async throws -> WebAppFixture {
        let fixture = try await WebAppFixture()
        let store = fixture.store
        let owner = try await store.owner()
        let friends = try await store.folder(named: "Friends", for: owner.id)
        let private_ = try await store.folder(named: "Private stuff", for: owner.id)
        _ = try await store.follow(Source(id: SourceID(slugging: "Garden Notes"), name: "Garden Notes", description: "Plants, soil\nand patience.", siteURL: "https://garden.example/", feedURL: "https://garden.example/feed.xml"), as: owner.id, name: nil, folder: friends.id)
        _ = try await store.follow(Source(id: SourceID(slugging: "Members Only"), name: "Members Only", feedURL: "https://members.example/feed?key=s3cr3t"), as: owner.id, name: nil, folder: friends.id)
        _ = try await store.follow(Source(id: SourceID(slugging: "Job Hunt"), name: "Job Hunt", feedURL: "https://jobs.example/feed"), as: owner.id, name: nil, folder: private_.id)
        return fixture
    }

    static func publish(_ fields: String, client: some TestClientProtocol) async throws -> TestResponse {
        let browser = try await BrowserSession.open("/settings/blogroll", client: client)
        return try await browser.post("/settings/blogroll", fields, client: client)
    }

    static let hidden = ["Teaser Weekly", "teaser.example.org", "Members Only", "s3cr3t", "Job Hunt", "jobs.example", "Private stuff", "Demo Gazette", "unread", "Daily story", "owned"]

    @Test func nothingIsPublicUntilPublished() async throws {
        let fixture = try await Self.library()
        try await fixture.application().test(.router) { client in
            for path in ["/blogroll", "/blogroll.opml", "/people/owner/blogroll", "/people/nobody/blogroll.opml"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.text.contains("The Daily"))
            }
            let settings = try await client.execute(uri: "/settings/blogroll", method: .get).text
            #expect(settings.contains("Your blogroll is not published"))
            #expect(settings.contains("<span>Members Only</span> <span class=\"subtle\">Never shown: its feed address"))
            #expect(settings.contains("<span>Demo Gazette</span> <span class=\"subtle\">Never shown: a demo source."))
        }
    }

    @Test func theBlogrollShowsOnlyWhatWasChosen() async throws {
        let fixture = try await Self.library()
        let store = fixture.store
        let friends = try #require(try await store.folders(of: try await store.owner().id).first { $0.name == "Friends" })
        try await fixture.application().test(.router) { client in
            // Chosen: The Daily by itself, the Friends folder (Garden Notes and Members Only),
            // and the demo, which is never shown; published with an introduction.
            let saved = try await Self.publish(
                "published=true&introduction=What+I+read%3Cb%3E&source.the-daily=on&source.demo-gazette=on&folder.\(friends.id)=on&source.not-followed=on",
                client: client
            )
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Your blogroll is public and shows 2 sources."))

            let page = try await client.execute(uri: "/blogroll", method: .get)
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("<h1>Blogroll</h1>"), "nobody has claimed the library: no name")
            #expect(html.contains("<p>What I read&lt;b&gt;</p>"))
            #expect(html.contains(#"<a href="https://daily.example.com" rel="noopener">The Daily</a>"#))
            #expect(html.contains("<p class=\"blogroll-description\">News of the day.</p>"))
            #expect(html.contains(#"href="https://daily.example.com/feed.xml""#))
            #expect(html.contains(#"<h2 id="group-1">Friends</h2>"#))
            #expect(html.contains("Plants, soil and patience."))
            #expect(html.contains(#"<link rel="alternate" type="text/x-opml""#))
            #expect(!html.contains("<script"), "no script on the public page")
            #expect(!html.contains("class=\"site-nav\""), "no reader navigation")
            for text in Self.hidden {
                #expect(!html.contains(text), "\(text) was not chosen or is private")
            }
            #expect(page.headers[.contentSecurityPolicy] != nil)

            let opml = try await client.execute(uri: "/blogroll.opml", method: .get)
            #expect(opml.headers[.contentType] == "text/x-opml; charset=utf-8")
            let document = try OPMLDocument(parsing: Array(opml.text.utf8))
            #expect(document.outlines.map(\.feedURL).sorted() == ["https://daily.example.com/feed.xml", "https://garden.example/feed.xml"])
            #expect(document.outlines.first { $0.feedURL.contains("garden") }?.folder == "Friends")
            for text in Self.hidden {
                #expect(!opml.text.contains(text), "\(text) in the OPML")
            }

            // Unpublished again: gone, choice kept.
            _ = try await Self.publish("source.the-daily=on", client: client)
            #expect(try await client.execute(uri: "/blogroll", method: .get).status == .notFound)
            #expect(try await store.blogrollChoice(for: try await store.owner().id).sources == [SourceID(slugging: "The Daily")])
        }
    }

    @Test func blogrollsAreOpenWithoutLoginOrPasswordAndOnlyForReading() async throws {
        let fixture = try await Self.library()
        let store = fixture.store
        try await store.saveBlogrollChoice(BlogrollChoice(isPublished: true, sources: [SourceID(slugging: "The Daily")]), for: try await store.owner().id)
        let owner = try await AccountPageTests.makeUser("Ada", in: store)
        let reader = try await AccountPageTests.makeUser("Grace", role: .reader, in: store)
        _ = try await store.follow(Source(id: SourceID(slugging: "Garden Notes"), name: "Garden Notes", feedURL: "https://garden.example/feed.xml"), as: reader.id, name: "Grace's garden", folder: nil)
        try await store.saveBlogrollChoice(BlogrollChoice(isPublished: true, sources: [SourceID(slugging: "Garden Notes")]), for: reader.id)
        var configuration = AccountPageTests.configuration()
        configuration.webPassword = "page password"
        try await fixture.application(configuration: configuration).test(.router) { client in
            #expect(try await client.execute(uri: "/", method: .get).status == .seeOther, "pages ask for a login")
            #expect(try await client.execute(uri: "/settings/blogroll", method: .get).status == .seeOther)

            let ownerPage = try await client.execute(uri: "/blogroll", method: .get)
            #expect(ownerPage.status == .ok)
            #expect(ownerPage.text.contains("<h1>Ada’s blogroll</h1>"))
            #expect(ownerPage.text.contains("The Daily") && !ownerPage.text.contains("Garden"))
            #expect(try await client.execute(uri: "/people/ada/blogroll", method: .get).status == .ok)

            let gracePage = try await client.execute(uri: "/people/Grace/blogroll", method: .get)
            #expect(gracePage.text.contains("<h1>Grace’s blogroll</h1>"))
            #expect(gracePage.text.contains("Grace&#39;s garden") || gracePage.text.contains("Grace's garden"))
            #expect(!gracePage.text.contains("The Daily"))
            #expect(gracePage.text.contains(#"href="/people/Grace/blogroll.opml""#))
            #expect(try await client.execute(uri: "/people/Grace/blogroll.opml", method: .get).text.contains("https://garden.example/feed.xml"))
            #expect(try await client.execute(uri: "/people/Nobody/blogroll", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/people/Grace/blogroll", method: .head).status == .ok)

            // Reading only: no other method gets through to anything.
            for method in [HTTPRequest.Method.post, .put, .delete] {
                let response = try await client.execute(uri: "/blogroll", method: method, headers: try .named("Sec-Fetch-Site", "same-origin"))
                #expect(response.status != .ok, "\(method)")
                #expect(!response.text.contains("The Daily"))
            }
            _ = owner
        }
    }

    @Test func onlyBlogrollAddressesArePublic() {
        for path in ["/blogroll", "/blogroll.opml", "/people/ada/blogroll", "/people/ada/blogroll.opml"] {
            #expect(BlogrollController.isPublicPath(path), "\(path)")
        }
        for path in ["/blogroll/", "/blogrolls", "/people/blogroll", "/people//blogroll", "/people/ada/blogroll/x", "/people/ada/settings", "/settings/blogroll", "/x/people/ada/blogroll"] {
            #expect(!BlogrollController.isPublicPath(path), "\(path)")
        }
    }

    @Test func aForeignHostNameIsRefusedHereToo() async throws {
        let store = try SQLiteStore.temporary()
        try await store.saveBlogrollChoice(BlogrollChoice(isPublished: true), for: try await store.owner().id)
        var logger = Logger(label: "blogroll-tests")
        logger.logLevel = .critical
        let application = buildApplication(store: store, readerViews: nil, configuration: WebAppConfiguration(port: 0), logger: logger)
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let foreign = try await RawHTTPExchange.send("GET /blogroll HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n", port: port)
            #expect(foreign.hasPrefix("HTTP/1.1 403"))
            let local = try await RawHTTPExchange.send("GET /blogroll HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(local.hasPrefix("HTTP/1.1 200"))
        }
    }
}
