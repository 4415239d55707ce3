import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Testing
@testable import WebApp

@Suite struct SearchPageTests {
    @Test("the count of matches reads with its thousands set apart, and says when it stopped counting")
    func countsReadAsNumbers() {
        #expect(SearchPage.countText(1) == "1 article matches")
        #expect(SearchPage.countText(99) == "99 articles match")
        #expect(SearchPage.countText(ArticleQuery.standardCountLimit) == "100 or more articles match: the newest 100 are listed. Add a word to find older ones.")
        #expect(SearchPage.grouped(1_234_567) == "1,234,567")
        #expect(SearchPage.grouped(0) == "0")
        #expect(SearchPage.grouped(-4_000) == "-4,000")
    }

    @Test func findsArticlesAcrossSourcesAndNamesTheirSource() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/search?q=teaser", method: .get)
            #expect(response.status == .ok)
            PageTests.expectSecurityHeaders(response)
            let page = response.text
            #expect(page.contains("2 articles match"))
            #expect(page.contains("Only a <mark>teaser</mark>"))
            #expect(page.contains("<mark>Teaser</mark> without link"))
            #expect(page.contains(#"<span class="row-source">Teaser Weekly</span>"#))
            #expect(!page.contains("Daily story number"))
            #expect(page.contains(#"value="teaser""#))
            // Matched in the text only: the passage that matched stands in for the summary.
            let inText = try await client.execute(uri: "/search?q=long+AND+text", method: .get).text
            #expect(inText.contains(#"<p class="row-summary"><mark>Long</mark> <mark>text</mark> about story 0. "#))
            #expect(!inText.contains("Summary of story"))
            let nothing = try await client.execute(uri: "/search?q=quetzalcoatl", method: .get)
            #expect(nothing.text.contains("Nothing matches “quetzalcoatl”"))
        }
    }

    @Test func pagesKeepTheSearchTextEncodedAndTheOrder() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.store.saveReaderSettings(ReaderSettings(articlesPerPage: 10), for: try await fixture.store.owner().id)
        try await fixture.application().test(.router) { client in
            // 45 Daily stories say "story"; `&` must stay part of the search text in links.
            let first = try await client.execute(uri: "/search?q=story+%26+text&sort=relevance", method: .get)
            #expect(first.status == .ok)
            let page = first.text
            #expect(page.contains("Page 1 of 5"))
            #expect(page.contains(#"href="/search?q=story%20%26%20text&amp;sort=relevance&amp;page=2""#))
            #expect(page.contains(#"<strong aria-current="true">Best match</strong>"#))
            #expect(page.contains(#"href="/search?q=story%20%26%20text">Newest</a>"#))
            let beyond = try await client.execute(uri: "/search?q=story&page=99", method: .get)
            #expect(beyond.status == .seeOther)
            #expect(beyond.headers[.location] == "/search?q=story&page=5")
        }
    }

    @Test func newestFirstByDefault() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/search?q=daily", method: .get).text
            let second = try #require(page.range(of: "</mark> story number 1<"))
            let third = try #require(page.range(of: "</mark> story number 2<"))
            #expect(second.lowerBound < third.lowerBound)
        }
    }

    @Test func escapesWhatWasTypedAndExplainsBadSearches() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let hostile = try await client.execute(uri: "/search?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E", method: .get)
            #expect(hostile.status == .ok)
            #expect(!hostile.text.contains("<script>alert"))
            #expect(hostile.text.contains("&quot;&gt;&lt;script&gt;alert(1)"))

            let nested = try await client.execute(uri: "/search?q=" + String(repeating: "(", count: 60) + "a", method: .get)
            #expect(nested.status == .badRequest)
            #expect(nested.text.contains("remove some parentheses"))

            let punctuation = try await client.execute(uri: "/search?q=***", method: .get)
            #expect(punctuation.text.contains("has no word to search for"))

            let empty = try await client.execute(uri: "/search", method: .get)
            #expect(empty.status == .ok)
            #expect(empty.text.contains("exact phrases"))
            #expect(empty.text.contains(" autofocus"))
        }
    }

    @Test func mastheadLeadsToSearchAndTheAPIPage() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application(configuration: WebAppConfiguration(port: 0, publicBaseURL: "https://news.example.org", apiRequestsPerMinute: 120)).test(.router) { client in
            let grid = try await client.execute(uri: "/", method: .get).text
            #expect(grid.contains(#"<a href="/search">"#))
            #expect(grid.contains("<span>Search</span></a>"))
            // The page's own section is marked for screen readers and drawn as current.
            #expect(grid.contains(#"<a href="/" aria-current="page">"#))
            #expect(grid.contains(#"href="/api""#))
            let api = try await client.execute(uri: "/api", method: .get)
            #expect(api.status == .ok)
            #expect(api.text.contains(#"curl -H "X-Api-Key: $KEY" "https://news.example.org/v2/top-headlines?pageSize=5""#))
            #expect(api.text.contains("120 requests a minute"))
        }
    }
}
