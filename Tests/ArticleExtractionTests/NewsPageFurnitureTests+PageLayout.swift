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

/// Layout that misuses the tags of furniture, and a lead the page shows twice.
extension NewsPageFurnitureTests {
    @Test func keepsAnArticleBodyThatThePageWrapsInAnAside() throws {
        let text = try self.text(of: """
            <div class="wrap"><main><aside class="page-content"><section itemscope itemtype="http://schema.org/Article">
            <h1>Valley floods close the old bridge</h1>
            <div itemprop="articleBody"><p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></div>
            </section></aside></main><aside class="sidebar"><h3>Most read</h3><p>A late harvest in the hill towns, and what the growers who planted early lost to the April frost.</p></aside></div>
            """)
        expectArticle(text)
        #expect(!text.contains("Most read"))
    }

    @Test func showsOnceALeadThatTheHeaderRepeatsAboveTheBody() throws {
        let text = try self.text(of: """
            <section class="story"><header><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p></header>
            <div class="story-body"><p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></div></section>
            """)
        expectArticle(text)
        #expect(text.components(separatedBy: paragraphs[0]).count == 2)
    }

    @Test func keepsAParagraphTheArticleItselfRepeats() throws {
        let text = try articleText(followedBy: "<div><p>\(paragraphs[0])</p></div>")
        expectArticle(text)
        #expect(text.components(separatedBy: paragraphs[0]).count == 3)
    }
}

/// A picture's caption block with the credit as a line of its own, and no figure markup.
extension NewsPageFurnitureTests {
    func picture(_ file: String, credit: String) -> String {
        """
        <div class="img img--medium"><a class="img__frame"><picture><noscript><img src="https://news.example/\(file)" alt="The old bridge under water."/></noscript></picture></a>\
        <div class="img__text"><div class="img__text__copy">The old bridge under water on Tuesday morning, seen from the ring road.</div>\
        <div class="img__text__author">\(credit)</div></div></div>
        """
    }

    @Test(arguments: ["Photograph by <span>Anna Berg, Riverside Gazette</span>", "© Tom Ruiz &amp; Renders by Jan Weber"])
    func leavesOutTheCreditLineOfAPicturesCaptionBlock(credit: String) throws {
        let text = try self.text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p><p>\(paragraphs[1])</p>\(picture("bridge.jpg", credit: credit))
            <p>\(paragraphs[2])</p>\(picture("cellar.jpg", credit: credit))<p>\(paragraphs[3])</p></article>
            """)
        expectArticle(text)
        #expect(!text.contains("Anna Berg"))
        #expect(!text.contains("Renders by"))
    }
}

/// Credits in brackets: an agency's after a caption, a labelled one under a picture.
extension NewsPageFurnitureTests {
    @Test func leavesOutACaptionThatEndsWithAnAgencysCreditInBrackets() throws {
        let caption = "Traffic on the ring road past the closed bridge on Tuesday <span>(Getty/Anna Berg)</span>"
        let text = try self.text(of: """
            <section class="story"><strong>\(caption)</strong><h1>Valley floods close the old bridge</h1>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></section>
            """)
        expectArticle(text)
        #expect(!text.contains("Traffic on the ring road"))
    }

    @Test func tellsAnAgencysCreditFromAnAgencyNamedInASentence() {
        #expect(ArticleContentCleaner.endsWithAgencyCredit(Array("Cars queue at the ferry in Bremen (AP Photo/Tom Ruiz)".utf8)))
        #expect(ArticleContentCleaner.endsWithAgencyCredit(Array("Cars queue at the ferry in Bremen (Reuters / Tom Ruiz)".utf8)))
        #expect(!ArticleContentCleaner.endsWithAgencyCredit(Array("The council closed the bridge on Tuesday (Reuters reported)".utf8)))
        #expect(!ArticleContentCleaner.endsWithAgencyCredit(Array("(Getty/Anna Berg)".utf8)))
    }

    @Test func leavesOutALabelledCreditInBracketsUnderAPicture() throws {
        let picture = "<p><img src=\"/chart.png\" alt=\"chart\"><br><em>(Credit: Anna Berg / Riverside Gazette)</em></p>"
        let text = try articleText(inserting: picture, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("Credit:"))
    }
}
