import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Testing
@testable import WebApp

/// One person's reading: unread counts, read on open, unread again, stars, mark all read up
/// to what the page showed, hide read, next and previous.
@Suite struct ReadingPageTests {
    /// The value of a hidden field in a page's form.
    static func hiddenValue(_ name: String, in page: String) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        let start = try #require(page.range(of: marker)).upperBound
        return String(page[start...].prefix { $0 != "\"" })
    }

    @Test func theGridCountsUnreadAndOpeningAnArticleReadsIt() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            #expect(try await client.execute(uri: "/", method: .get).text.contains("48 unread"))
            let article = fixture.dailyArticles[3]
            let page = try await client.execute(uri: "/articles/\(article.id)?from=source", method: .get).text
            #expect(page.contains(#"aria-label="Mark unread""#))
            #expect(try await client.execute(uri: "/", method: .get).text.contains("47 unread"))
            // Next and previous follow the source, newest first.
            #expect(page.contains(#"href="/articles/\#(fixture.dailyArticles[2].id)?from=source""#))
            #expect(page.contains(#"href="/articles/\#(fixture.dailyArticles[4].id)?from=source""#))
            // Read again as unread, from the article page: back to the list.
            let browser = try await BrowserSession.open("/articles/\(article.id)", client: client)
            let unread = try await browser.post("/articles/\(article.id)/read", "read=false&return=%2Fsources%2Fthe-daily", client: client)
            #expect(unread.status == .seeOther)
            #expect(unread.headers[.location] == "/sources/the-daily")
            #expect(try await client.execute(uri: "/", method: .get).text.contains("48 unread"))
            // A return address on another site is not followed.
            let elsewhere = try await browser.post("/articles/\(article.id)/read", "read=true&return=%2F%2Fevil.example%2F", client: client)
            #expect(elsewhere.headers[.location] == "/articles/\(article.id)")
        }
    }

    @Test func starsGatherInStarred() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            #expect(try await client.execute(uri: "/starred", method: .get).text.contains("Nothing starred yet"))
            let article = fixture.dailyArticles[5]
            let browser = try await BrowserSession.open("/sources/new", client: client)
            let starred = try await browser.post("/articles/\(article.id)/star", "starred=true&return=%2Fstarred", client: client)
            #expect(starred.headers[.location] == "/starred")
            let list = try await client.execute(uri: "/starred", method: .get).text
            #expect(list.contains("Daily story number 5<"))
            #expect(list.contains(#"aria-label="Unstar""#))
            // The script's own request gets no page back.
            let scripted = try await browser.post("/articles/\(article.id)/star", "starred=false", client: client, headers: try .named("X-Broadsheet-Script", "1"))
            #expect(scripted.status == .noContent)
            #expect(!(try await client.execute(uri: "/starred", method: .get).text.contains("Daily story number 5<")))
        }
    }

    @Test func markAllReadStopsAtWhatThePageShowed() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/sources/the-daily", method: .get).text
            let through = try Self.hiddenValue("through", in: page)
            #expect(try Self.hiddenValue("scope", in: page) == "source:the-daily")
            // An article arrives while the person reads.
            let daily = SourceID(slugging: "The Daily")
            _ = try await fixture.store.applyRefresh(RefreshResult(
                articles: [ArticleDraft(guid: "late", title: "Arrived late", publishedAt: WebAppFixture.now.addingTimeInterval(-5_000))],
                state: FeedState(lastSuccessAt: WebAppFixture.now)
            ), to: daily)
            let browser = try await BrowserSession.open("/sources/the-daily", client: client)
            let marked = try await browser.post("/mark-all-read", "scope=source%3Athe-daily&through=\(through)&return=%2Fsources%2Fthe-daily", client: client)
            #expect(marked.headers[.location] == "/sources/the-daily?marked=45")
            let after = try await client.execute(uri: "/sources/the-daily?show=unread", method: .get).text
            #expect(after.contains("Arrived late"))
            #expect(after.contains("1 unread article"))
            #expect(try await client.execute(uri: "/sources/the-daily?marked=45", method: .get).text.contains("Marked 45 articles as read."))
            // Other sources are untouched.
            #expect(try await client.execute(uri: "/sources/teaser-weekly?show=unread", method: .get).text.contains("2 unread articles"))
            let refused = try await browser.post("/mark-all-read", "scope=everything&through=1", client: client)
            #expect(refused.status == .badRequest)
        }
    }

    @Test func hideReadAndOrderAreKeptInTheListsLinks() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.store.saveReaderSettings(ReaderSettings(articlesPerPage: 10, hidesRead: true), for: try await fixture.store.owner().id)
        try await fixture.application().test(.router) { client in
            _ = try await client.execute(uri: "/articles/\(fixture.dailyArticles[0].id)", method: .get)
            let hidden = try await client.execute(uri: "/sources/the-daily", method: .get).text
            #expect(hidden.contains("44 unread articles"))
            #expect(!hidden.contains("&lt;script&gt;"))
            #expect(hidden.contains(#"href="/sources/the-daily?show=all">Show read too</a>"#))
            #expect(hidden.contains(#"href="/sources/the-daily?page=2""#))
            let oldest = try await client.execute(uri: "/sources/the-daily?show=all&order=oldest", method: .get).text
            #expect(oldest.contains("45 articles"))
            let first = try #require(oldest.range(of: "Daily story number 44<"))
            let second = try #require(oldest.range(of: "Daily story number 43<"))
            #expect(first.lowerBound < second.lowerBound)
            #expect(oldest.contains(#"href="/sources/the-daily?show=all&amp;order=oldest&amp;page=2""#))
            let unread = try await client.execute(uri: "/unread?show=all", method: .get).text
            #expect(unread.contains("<h1>All articles</h1>"))
        }
    }

    @Test func settingsChangeTheThemeAndTheLists() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/settings", client: client)
            let saved = try await browser.post("/settings", "theme=dark&articles_per_page=5&order=oldestFirst&hides_read=true", client: client)
            #expect(saved.text.contains(#"<html lang="en" data-theme="dark">"#))
            #expect(saved.text.contains(#"<meta name="color-scheme" content="dark">"#))
            let settings = try await fixture.store.readerSettings(for: try await fixture.store.owner().id)
            #expect(settings == ReaderSettings(theme: .dark, articlesPerPage: 5, order: .oldestFirst, hidesRead: true))
            #expect(try await client.execute(uri: "/sources/the-daily", method: .get).text.contains("Page 1 of 9"))
            let refused = try await browser.post("/settings", "theme=purple&articles_per_page=5&order=oldestFirst", client: client)
            #expect(refused.status == .unprocessableContent)
            let retention = try await browser.post("/settings/library", "retention_days=30", client: client)
            #expect(retention.text.contains("Articles are kept for 30 days"))
            #expect(try await fixture.store.setting(LibrarySettingKey.retentionDays) == "30")
        }
    }

    @Test func aPersonFilesASourceInAFolder() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/sources/the-daily/edit", client: client)
            let saved = try await browser.post("/sources/the-daily/edit", "name=The+Daily&address=https%3A%2F%2Fdaily.example.com%2Ffeed.xml&new_folder=Morning+papers", client: client)
            #expect(saved.status == .seeOther)
            let grid = try await client.execute(uri: "/", method: .get).text
            let folder = try #require(try await fixture.store.folders(of: try await fixture.store.owner().id).first)
            #expect(grid.contains(#"<a href="/folders/\#(folder.id)">Morning papers</a> <span class="count">45 unread</span>"#))
            let list = try await client.execute(uri: "/folders/\(folder.id)", method: .get).text
            #expect(list.contains("<h1>Morning papers</h1>"))
            #expect(list.contains(#"name="scope" value="folder:\#(folder.id)""#))
        }
    }
}
