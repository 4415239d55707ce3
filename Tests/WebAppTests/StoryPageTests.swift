import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Testing
@testable import WebApp

/// Stories on the pages: the home page's top stories, "Also covered by" on an article, a
/// story shown once in the unread list, and the setting that reads a whole story at once.
@Suite struct StoryPageTests {
    /// The fixture's "Daily story number 2" carried by two more sources, placed in one story as
    /// the grouping would place it; and two Daily articles in a story of their own (one source).
    struct StoryLibrary {
        let fixture: WebAppFixture
        /// The Daily's article, the story's lead (stored first).
        let lead: Article
        let herald: Article
        /// Its title has markup, which every page must escape.
        let valley: Article
        let oneSourceStory: [Article]
        static let valleyTitle = #"Bridge <em>reopens</em> & "traffic" returns"#

        init() async throws {
            fixture = try await WebAppFixture()
            let store = fixture.store
            let now = WebAppFixture.now
            let herald = try await store.addSource(Source(
                id: SourceID(slugging: "Harbour Herald"), name: "Harbour Herald", feedURL: "https://herald.example.net/feed", language: .en
            ))
            _ = try await store.applyRefresh(RefreshResult(
                articles: [ArticleDraft(guid: "h1", title: "Harbour bridge open again after the storm", summary: "Cars cross again.", imageURL: "https://herald.example.net/bridge.jpg", publishedAt: now.addingTimeInterval(-5_400))],
                state: FeedState(lastSuccessAt: now)
            ), to: herald.id)
            let valley = try await store.addSource(Source(
                id: SourceID(slugging: "Valley Post"), name: "Valley Post", feedURL: "https://valley.example.org/rss", language: .en
            ))
            _ = try await store.applyRefresh(RefreshResult(
                articles: [ArticleDraft(guid: "v1", title: Self.valleyTitle, summary: "The bridge is open.", publishedAt: now.addingTimeInterval(-1_800))],
                state: FeedState(lastSuccessAt: now)
            ), to: valley.id)
            let all = try await store.articles(matching: ArticleQuery(pageSize: 100)).articles
            lead = fixture.dailyArticles[2]
            self.herald = try #require(all.first { $0.sourceID == herald.id })
            self.valley = try #require(all.first { $0.sourceID == valley.id })
            oneSourceStory = [fixture.dailyArticles[4], fixture.dailyArticles[3]]
            let story = StoryID(startedBy: lead.id)
            let alone = StoryID(startedBy: oneSourceStory[0].id)
            let placements = [
                StoryPlacementRecord(article: lead.id, story: story),
                StoryPlacementRecord(article: oneSourceStory[0].id, story: alone),
                StoryPlacementRecord(article: oneSourceStory[1].id, story: alone),
                StoryPlacementRecord(article: self.herald.id, story: story),
                StoryPlacementRecord(article: self.valley.id, story: story),
            ]
            let through = try #require(all.map(\.id).max())
            #expect(try await store.recordStoryPlacements(placements, consideredThrough: through, expectedProgress: try await store.storyProgress()))
        }

        func isRead(_ article: Article) async throws -> Bool {
            let owner = try await fixture.store.owner()
            return try #require(try await fixture.store.readerArticle(article.id, for: owner.id)).state.isRead
        }
    }

    /// The part of a page from `start` up to `end`.
    static func section(of page: String, from start: String, to end: String) throws -> Substring {
        let from = try #require(page.range(of: start), "the page has \(start)")
        let to = try #require(page[from.upperBound...].range(of: end), "\(start) ends with \(end)")
        return page[from.lowerBound..<to.upperBound]
    }

    @Test func theHomePageShowsStoriesOfTwoSourcesOrMore() async throws {
        let library = try await StoryLibrary()
        try await library.fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get).text
            let row = try Self.section(of: page, from: #"<section class="top-stories""#, to: "</section>")
            #expect(row.contains(#"<h2 id="top-stories-title""#))
            #expect(row.contains(#"<a class="story-link" href="/articles/\#(library.lead.id)">"#))
            #expect(row.contains("Daily story number 2</h3>"))
            #expect(row.contains(#"<strong class="story-count">3 sources</strong> · The Daily"#))
            // A story one source carries is no top story.
            #expect(!row.contains("Daily story number 3<"))
            #expect(!row.contains("Daily story number 4<"))
            // The row comes under the page's heading, so headings stay in order.
            let heading = try #require(page.range(of: "<h1>Sources</h1>"))
            let topStories = try #require(page.range(of: "Top stories</h2>"))
            #expect(heading.lowerBound < topStories.lowerBound)
        }
        // Without stories there is no row.
        let plain = try await WebAppFixture()
        try await plain.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get).text
            #expect(!page.contains("Top stories"))
        }
    }

    @Test func topStoriesWeighSourcesAgainstAge() throws {
        let now = WebAppFixture.now
        func story(_ id: Int64, sources: Int, hoursAgo: Double) -> StorySummary {
            let lead = Article(
                id: ArticleID(rawValue: id), sourceID: SourceID(slugging: "Source \(id)"), guid: "g\(id)", title: "Story \(id)",
                publishedAt: now.addingTimeInterval(-hoursAgo * 3600), fetchedAt: now
            )
            return StorySummary(
                id: StoryID(rawValue: id), lead: lead, sourceCount: sources, sourceIDs: [], articleCount: sources,
                latestPublishedAt: lead.publishedAt
            )
        }
        // The store's order: most sources first. Twelve sources nearly a day ago weigh less
        // than two within the hour (the weight halves every eight hours); among equally fresh
        // ones, more sources lead.
        let ranked = TopStoriesSection.ranked([story(1, sources: 12, hoursAgo: 23), story(2, sources: 3, hoursAgo: 0.5), story(3, sources: 2, hoursAgo: 0.5)], now: now)
        #expect(ranked.map(\.id.rawValue) == [2, 3, 1])
        // Twelve sources four hours ago still lead three within the hour.
        #expect(TopStoriesSection.ranked([story(1, sources: 12, hoursAgo: 4), story(2, sources: 3, hoursAgo: 0.5)], now: now).map(\.id.rawValue) == [1, 2])
        let many = (1...10).map { story(Int64($0), sources: 2, hoursAgo: 1) }
        #expect(TopStoriesSection.ranked(many, now: now).map(\.id.rawValue) == [1, 2, 3, 4, 5, 6])
    }

    @Test func anArticleListsTheOtherSourcesOfItsStory() async throws {
        let library = try await StoryLibrary()
        try await library.fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/articles/\(library.lead.id)", method: .get).text
            let aside = try Self.section(of: page, from: #"<aside class="also-covered""#, to: "</aside>")
            #expect(aside.contains("Also covered by 2 other sources</h2>"))
            #expect(aside.contains(#"<a href="/articles/\#(library.herald.id)"><span class="also-source">Harbour Herald</span>: <span class="also-title">Harbour bridge open again after the storm</span></a>"#))
            #expect(aside.contains("Bridge &lt;em&gt;reopens&lt;/em&gt; &amp; &quot;traffic&quot; returns"))
            #expect(!page.contains("<em>reopens</em>"))
            #expect(!aside.contains("Daily story number 2"))
            // From another source's article, the Daily is among the others and the article itself is not.
            let herald = try await client.execute(uri: "/articles/\(library.herald.id)", method: .get).text
            let other = try Self.section(of: herald, from: #"<aside class="also-covered""#, to: "</aside>")
            #expect(other.contains(#"<span class="also-source">The Daily</span>: <span class="also-title">Daily story number 2</span>"#))
            #expect(!other.contains("Harbour Herald"))
            // A story of one source, and an article in no story, list nobody.
            #expect(!(try await client.execute(uri: "/articles/\(library.oneSourceStory[0].id)", method: .get).text.contains("also-covered")))
            #expect(!(try await client.execute(uri: "/articles/\(library.fixture.dailyArticles[9].id)", method: .get).text.contains("also-covered")))
        }
    }

    @Test func theUnreadListShowsAStoryOnceWithItsOtherSourcesFolded() async throws {
        let library = try await StoryLibrary()
        try await library.fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/unread", method: .get).text
            // Newest first: the Valley Post's article stands for the story.
            let fold = try Self.section(of: page, from: #"<details class="story-fold">"#, to: "</details>")
            #expect(fold.contains("<summary>Also covered by Harbour Herald, The Daily <span class=\"subtle\">(2 articles)</span></summary>"))
            #expect(fold.contains("Harbour bridge open again after the storm</h2>"))
            #expect(fold.contains("Daily story number 2</h2>"))
            #expect(!fold.contains("Bridge &lt;em&gt;"))
            let valleyRow = try #require(page.range(of: "Bridge &lt;em&gt;reopens&lt;/em&gt;"))
            let foldStart = try #require(page.range(of: #"<details class="story-fold">"#))
            #expect(valleyRow.lowerBound < foldStart.lowerBound)
            // Each article shows once: the folded ones are not also rows of their own.
            #expect(page.components(separatedBy: "Daily story number 2</h2>").count == 2)
            #expect(page.components(separatedBy: "Harbour bridge open again after the storm</h2>").count == 2)
            // The two Daily articles of a one-source story fold too.
            let dailyFold = try Self.section(of: page, from: "Daily story number 3</h2>", to: "</details>")
            #expect(dailyFold.contains("<summary>More on this story from The Daily <span class=\"subtle\">(1 article)</span></summary>"))
            #expect(dailyFold.contains("Daily story number 4</h2>"))
            // A source's own list shows every article.
            let source = try await client.execute(uri: "/sources/harbour-herald", method: .get).text
            #expect(!source.contains("story-fold"))
        }
    }

    @Test func readingAStoryReadsItsOtherSourcesOnlyWhenThePersonWantsIt() async throws {
        let library = try await StoryLibrary()
        let store = library.fixture.store
        try await library.fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/settings", client: client)
            // Off by default: one article at a time.
            #expect(!(try await store.readerSettings(for: try await store.owner().id).readsWholeStory))
            _ = try await browser.post("/articles/\(library.valley.id)/read", "read=true", client: client)
            #expect(try await library.isRead(library.valley))
            #expect(!(try await library.isRead(library.herald)))
            #expect(!(try await library.isRead(library.lead)))
            _ = try await browser.post("/articles/\(library.valley.id)/read", "read=false", client: client)

            // Turned on in Settings, it is kept and shown checked.
            let saved = try await browser.post("/settings", "theme=system&articles_per_page=30&order=newestFirst&reads_whole_story=true", client: client)
            #expect(saved.text.contains(#"name="reads_whole_story" value="true" aria-describedby="reads-whole-story-note" checked>"#))
            #expect(try await store.readerSettings(for: try await store.owner().id).readsWholeStory)

            _ = try await browser.post("/articles/\(library.valley.id)/read", "read=true", client: client)
            #expect(try await library.isRead(library.herald))
            #expect(try await library.isRead(library.lead))
            // Unread again is one article only.
            _ = try await browser.post("/articles/\(library.herald.id)/read", "read=false", client: client)
            #expect(!(try await library.isRead(library.herald)))
            #expect(try await library.isRead(library.lead))
            // Other stories are untouched.
            #expect(!(try await library.isRead(library.oneSourceStory[0])))
            // Opening an article reads its story too.
            _ = try await browser.post("/articles/\(library.valley.id)/read", "read=false", client: client)
            _ = try await browser.post("/articles/\(library.lead.id)/read", "read=false", client: client)
            _ = try await client.execute(uri: "/articles/\(library.lead.id)", method: .get)
            #expect(try await library.isRead(library.valley))
            #expect(try await library.isRead(library.herald))

            // Turned off again, the form without the box keeps it off.
            _ = try await browser.post("/settings", "theme=system&articles_per_page=30&order=newestFirst", client: client)
            #expect(!(try await store.readerSettings(for: try await store.owner().id).readsWholeStory))
        }
    }

    @Test func foldingKeepsTheFirstArticleOfEachStoryInPlace() {
        func item(_ id: Int64) -> ReaderArticle {
            ReaderArticle(
                article: Article(id: ArticleID(rawValue: id), sourceID: SourceID(slugging: "s\(id)"), guid: "g\(id)", title: "A\(id)", publishedAt: WebAppFixture.now, fetchedAt: WebAppFixture.now),
                state: ReadingState(isRead: false)
            )
        }
        let articles = (1...6).map { item(Int64($0)) }
        let memberships: [ArticleID: StoryMembership] = [
            ArticleID(rawValue: 2): StoryMembership(story: StoryID(rawValue: 9), sourceCount: 3),
            ArticleID(rawValue: 4): StoryMembership(story: StoryID(rawValue: 9), sourceCount: 3),
            ArticleID(rawValue: 5): StoryMembership(story: StoryID(rawValue: 5), sourceCount: 1),
            ArticleID(rawValue: 6): StoryMembership(story: StoryID(rawValue: 9), sourceCount: 3),
        ]
        let folding = StoryFolding(articles, memberships: memberships)
        #expect(folding.shown.map(\.article.id.rawValue) == [1, 2, 3, 5])
        #expect(folding.folded.mapValues { $0.map(\.article.id.rawValue) } == [ArticleID(rawValue: 2): [4, 6]])
    }
}
