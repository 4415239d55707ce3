import Testing
@testable import ArticleExtraction

/// A caption set as a block after its picture, without figure markup, that repeats the
/// picture's description.
extension NewsPageFurnitureTests {
    func describedPicture(alt: String, caption: String) -> String {
        """
        <div class="media"><picture><img src="https://news.example/bridge.jpg" alt="\(alt)" title="\(alt)"></picture>\
        <div class="description"><a class="btn" href="https://news.example/bridge-large.jpg"><strong>Enlarge</strong></a>\
        <strong class="title">\(caption)</strong><div class="box"><span class="copy">Tom Ruiz</span></div></div></div>
        """
    }

    @Test func leavesOutACaptionThatRepeatsItsPicturesDescription() throws {
        let description = "The old bridge under water on Tuesday morning, seen from the north bank."
        let picture = describedPicture(alt: description, caption: description)
        let text = try articleText(inserting: picture, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("north bank"))
        #expect(!text.contains("Tom Ruiz"))
    }

    @Test func keepsAParagraphAfterAPictureThatMentionsWhatThePictureShows() throws {
        // The picture's description is a phrase of the paragraph under it.
        let picture = "<p><img src=\"https://news.example/rain.jpg\" alt=\"Forecasters expect the rain to ease\"></p>"
        let text = try articleText(inserting: picture, afterParagraph: 0, followedBy: "")
        expectArticle(text)
    }
}

/// Another story inserted between the article's paragraphs, with its own headline and byline.
extension NewsPageFurnitureTests {
    static let insertedStory = """
        <div class="art-ins factbox floatRHS"><h3>Harbour ferry returns after a year of repairs</h3>\
        <div class="factbox-body"><p>By Tom Ruiz for the Gazette</p>\
        <p>The harbour ferry carried its first passengers in a year on Monday, after the yard replaced both of its engines and the deck.</p>\
        <p>The operator said the timetable would stay as it was before the repairs, with a boat every twenty minutes at rush hour.</p></div></div>
        """

    @Test func leavesOutAnotherStoryWithItsOwnHeadlineAndByline() throws {
        let text = try articleText(inserting: Self.insertedStory, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("harbour ferry"))
        #expect(!text.contains("Tom Ruiz"))
    }

    @Test func keepsTheEntriesOfALiveBlogThatEachHaveAHeadlineAndAByline() throws {
        let entries = paragraphs.enumerated().map { index, paragraph in
            "<div class=\"entry\"><h3>Update \(index + 1): the flood</h3><p>By Anna Berg</p><p>\(paragraph)</p><p>\(paragraph)</p></div>"
        }
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(entries.joined())</article>")
        expectArticle(text)
    }
}

/// Links set in bold inside the text, and what a removal leaves behind in a sentence.
extension NewsPageFurnitureTests {
    @Test func keepsALinkedNameInBoldInsideASentence() throws {
        let sentence = "<p>The council met the engineer who built the bridge, <b><a href=\"https://news.example/people/anna-berg\">Anna Berg</a></b>.</p>"
        let text = try articleText(inserting: sentence, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains("who built the bridge, Anna Berg."))
    }

    @Test func leavesOutALinkToReadMoreAfterAParagraphsText() throws {
        let paragraph = "<p>The council will meet again on Friday to decide on the repairs. <strong>[<a href=\"https://news.example/repairs\">Read more</a>]</strong></p>"
        let text = try articleText(inserting: paragraph, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains("decide on the repairs."))
        #expect(!text.contains("Read more"))
    }

    @Test func dropsTheFullStopLeftAloneWhereAPromptWasTakenOut() throws {
        let prompt = "<p><em>What do you think of the new bridge? <em>Tell us in the comments or on our <a href=\"https://social.example/gazette\">Twitter</a> or <a href=\"https://social.example/gazette-page\">Facebook</a></em>.</em></p>"
        let text = try articleText(inserting: prompt, afterParagraph: 3, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("Twitter"))
        #expect(!text.contains("? ."))
    }

    @Test func leavesOutAPageBuildersCallToActionBox() throws {
        let box = """
            <section class="vc_cta3-container"><div class="vc_general vc_cta3"><h2>Bridges and floods</h2>\
            <div class="vc_cta3-content">In our seminar <strong><a href="https://news.example/seminar">Bridges</a></strong> you learn how towns plan for floods.</div>\
            <a class="vc_btn3" href="https://news.example/seminar">Book now</a></div></section>
            """
        let text = try articleText(followedBy: box)
        expectArticle(text)
        #expect(!text.contains("seminar"))
    }
}

/// The site's breaking-news ticker set inside the article.
extension NewsPageFurnitureTests {
    @Test func leavesOutTheBreakingNewsTickerOverTheArticle() throws {
        let ticker = """
            <section class="site-breaking-news"><span class="category">Breaking</span><br><div class="breaking-news-content">\
            <a class="headline" href="https://news.example/ferry">Harbour ferry returns after a year of repairs</a></div></section>
            """
        let text = try self.text(of: """
            <article><h1>Valley floods close the old bridge</h1>\(ticker)\(paragraphs.map { "<p>\($0)</p>" }.joined())</article>
            """)
        expectArticle(text)
        #expect(!text.contains("Breaking"))
        #expect(!text.contains("ferry"))
    }
}

/// A site's menu drawn with scripts (labels in `div`s, no links) beside the article.
extension NewsPageFurnitureTests {
    @Test func leavesOutAMenuDrawnWithoutLinksBesideTheArticle() throws {
        let sections = ["Living", "Rooms", "Styles", "Trends", "Small Spaces", "Fashion", "Outfits", "Beauty", "Make-Up", "Hair"]
        let menu = "<div class=\"navigation flyout-mobile-right\">"
            + sections.map { "<div class=\"row\" onclick=\"openFlyout()\"><div class=\"label\">\($0)</div></div>" }.joined() + "</div>"
        let text = try self.text(of: """
            <div class="page">\(menu)<article><h1>Valley floods close the old bridge</h1>\(paragraphs.map { "<p>\($0)</p>" }.joined())</article></div>
            """)
        expectArticle(text)
        #expect(!text.contains("Small Spaces"))
    }
}

/// Web components that name what they are, as a class would.
extension NewsPageFurnitureTests {
    @Test func readsACustomElementsNameAsAHint() throws {
        let teaser = """
            <pp-inline-teaser><pp-link href="https://news.example/faq"><h3>Questions about the flood</h3></pp-link>\
            <div><p>Answers to your questions about the flood.</p></div></pp-inline-teaser>
            """
        let text = try articleText(followedBy: teaser)
        expectArticle(text)
        #expect(!text.contains("Answers to your questions"))
    }
}
