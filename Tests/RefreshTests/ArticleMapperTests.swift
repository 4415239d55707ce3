import FeedParsing
import Foundation
import NewsModel
import Testing
@testable import Refresh

struct ArticleMapperTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func keepsOnlyWebURLsAndPlainText() {
        let item = ParsedItem(
            id: "x", title: "Tides &amp; <em>times</em>", link: "javascript:alert(1)", author: "  ",
            summary: "<p>One</p><p>Two</p>", imageURL: "data:image/png;base64,AAAA"
        )
        let draft = ArticleMapper().article(from: item, language: nil, now: now)
        #expect(draft.title == "Tides & times")
        #expect(draft.url == nil)
        #expect(draft.imageURL == nil)
        #expect(draft.author == nil)
        #expect(draft.summary == "One Two")
        #expect(draft.contentHTML == "<p>One</p><p>Two</p>")
    }

    @Test func fallsBackForMissingTitlesAndFutureDates() {
        let item = ParsedItem(id: "y", summary: "A walk along the estuary at dawn", published: now.addingTimeInterval(10 * 86_400))
        let draft = ArticleMapper().article(from: item, language: .en, now: now)
        #expect(draft.title == "A walk along the estuary at dawn")
        #expect(draft.publishedAt == now)
        #expect(ArticleMapper().article(from: ParsedItem(id: "z"), language: nil, now: now).title == "Untitled")
    }

    @Test func capsSizesAndDropsDuplicateItems() {
        var mapper = ArticleMapper()
        mapper.maximumTitleCharacters = 20
        mapper.maximumContentBytes = 100
        let long = ParsedItem(id: "l", title: "A very long headline that goes on and on", content: String(repeating: "<p>text</p>", count: 50))
        let feed = ParsedFeed(format: .rss20, items: [long, long, ParsedItem(id: "m", title: "Other")])
        let drafts = mapper.articles(from: feed, now: now)
        #expect(drafts.count == 2)
        #expect(drafts[0].title == "A very long headline…")
        #expect(drafts[0].contentHTML == nil)
    }

    @Test(arguments: [
        ("short enough", 20, "short enough"),
        ("exactly twenty chars", 20, "exactly twenty chars"),
        ("cut at the space here", 15, "cut at the…"),
        ("cut inside averylongword", 15, "cut inside…"),
        ("Überraschung in München heute", 16, "Überraschung in…"),
        ("日本語のタイトルです とても長い", 8, "日本語のタイトル…"),
        ("oneverylongwordwithoutspaces", 10, "oneverylon…"),
        ("emoji 🎉🎉🎉 party time", 9, "emoji 🎉🎉🎉…"),
        ("trailing space cut ", 15, "trailing space…"),
    ])
    func truncatesAtWordBoundariesCountingCharacters(text: String, limit: Int, expected: String) {
        #expect(ArticleMapper.truncated(text, to: limit) == expected)
    }

    @Test func makesOneLineOfText() {
        #expect(ArticleMapper.plainText("<p>One\u{00A0}&amp;\ttwo</p><p>three</p>") == "One & two three")
        #expect(ArticleMapper.plainText("  plain  text  ") == "plain text")
    }

    @Test func theOriginalLinkIsTheArticlesAddress() {
        let proxied = ParsedItem(id: "p", title: "T", link: "http://feedproxy.google.com/~r/x/~3/1/", originalLink: "https://www.example-tech.com/a")
        #expect(ArticleMapper().article(from: proxied, language: nil, now: now).url == "https://www.example-tech.com/a")
        let hostile = ParsedItem(id: "h", title: "T", link: "https://site.example/a", originalLink: "javascript:alert(1)")
        #expect(ArticleMapper().article(from: hostile, language: nil, now: now).url == "https://site.example/a")
        // FeedBurner's original links carry its campaign tags; the article's address does not.
        let tagged = ParsedItem(id: "t", title: "T", link: "http://feedproxy.google.com/~r/x/~3/2/",
                                originalLink: "https://www.example-tech.com/b?utm_source=feedburner&utm_medium=feed&utm_campaign=Feed%3A+x&page=2#top")
        #expect(ArticleMapper().article(from: tagged, language: nil, now: now).url == "https://www.example-tech.com/b?page=2#top")
    }

    @Test func aFullDescriptionBesideATeaserContentIsTheBody() {
        let full = "<p>" + String(repeating: "The committee met again. ", count: 150) + "The word heliotrope appears only here.</p>"
        let item = ParsedItem(id: "t", title: "Teaser feed", summary: full, content: "<p>Read the whole story on our site.</p>")
        let draft = ArticleMapper().article(from: item, language: nil, now: now)
        #expect(draft.contentText?.contains("heliotrope") == true)
        #expect(draft.contentHTML == full)
        #expect((draft.summary?.count ?? 0) <= ArticleMapper().maximumSummaryCharacters + 1)
        // The usual shape is unchanged: a short summary beside the full content.
        let usual = ParsedItem(id: "u", title: "Usual", summary: "Short.", content: "<p>The full text, longer than the summary.</p>")
        let usualDraft = ArticleMapper().article(from: usual, language: nil, now: now)
        #expect(usualDraft.contentHTML == "<p>The full text, longer than the summary.</p>")
        #expect(usualDraft.summary == "Short.")
    }
}
