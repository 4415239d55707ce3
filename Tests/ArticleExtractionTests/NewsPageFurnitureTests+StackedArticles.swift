import Testing
@testable import ArticleExtraction

/// Pages that stack whole stories one after another, each in an `<article>` of its own:
/// the page's own story is the one headed with the page's title, wherever it stands.
extension NewsPageFurnitureTests {
    /// A whole story of its own, longer than the page's so that length alone would pick it.
    static let otherStory = (1...6).map { index in
        "In the hill towns the harvest came in late for the \(index == 1 ? "first" : "next") time in a decade, and the growers who had planted early lost most of their fruit to the frost that settled in the valleys during the last week of April, when nobody expected it."
    }

    func stackedPage(placingThePageStoryAt position: Int) -> String {
        let own = """
            <article class="list__item"><header><h2>Valley floods close the old bridge</h2></header>
            <div class="detail__content"><p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></div></article>
            """
        let other = """
            <article class="list__item"><header><h2>A late harvest in the hill towns</h2></header>
            <div class="detail__content">\(Self.otherStory.map { "<p>\($0)</p>" }.joined())</div></article>
            """
        var stories = [other, other]
        stories.insert(own, at: position)
        return "<main><div class=\"list\">\(stories.joined())</div></main>"
    }

    @Test(arguments: [0, 1, 2])
    func takesTheStoryHeadedWithThePagesTitleFromStackedStories(position: Int) throws {
        let text = try self.text(of: stackedPage(placingThePageStoryAt: position))
        expectArticle(text)
        #expect(!text.contains("hill towns"))
    }

    @Test func takesTheLongestStoryWhenNoHeadingIsThePagesTitle() throws {
        let page = stackedPage(placingThePageStoryAt: 0).replacingOccurrences(of: "Valley floods close the old bridge", with: "Another story")
        let text = try self.text(of: page)
        #expect(text.contains("hill towns"))
    }
}
