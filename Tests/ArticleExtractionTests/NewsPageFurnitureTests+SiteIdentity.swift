import Testing
@testable import ArticleExtraction

/// What the site says about itself around the article: its name over the text and in the
/// title, the author's box after it, its call to give, what a rating widget leaves.
extension NewsPageFurnitureTests {
    @Test func leavesOutTheAuthorsBoxAfterTheArticle() throws {
        let box = """
            <section class="writer-container"><h3>Anna Berg</h3><p></p>\
            <strong>MORE FROM <a href="/writer/anna-berg">Anna Berg</a></strong></section>
            """
        let text = try self.text(of: """
            <article><h1>Valley floods close the old bridge</h1>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></article>\(box)
            """, head: "<meta name=\"author\" content=\"Anna Berg\">")
        expectArticle(text)
        #expect(!text.contains("Anna Berg"))
        #expect(!text.contains("MORE FROM"))
    }

    @Test func keepsALastLineThatNamesTheAuthorInASentence() throws {
        let closing = "<p>Anna Berg</p><p>Anna Berg reported from the lower town, where the water stood highest.</p>"
        let text = try self.text(of: """
            <article><h1>Valley floods close the old bridge</h1>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p>\(closing)</article>
            """, head: "<meta name=\"author\" content=\"Anna Berg\">")
        expectArticle(text)
        #expect(text.contains("Anna Berg reported from the lower town"))
    }

    @Test func leavesOutACallToActionBox() throws {
        let box = """
            <div class="w-100p cta cta-support"><div class="card"><h2>Help us keep the lights on.</h2>\
            <p>As a nonprofit newsroom we are funded mostly by our readers.</p><a href="/give">Give now</a></div></div>
            """
        let text = try articleText(followedBy: box)
        expectArticle(text)
        #expect(!text.contains("Help us keep"))
        #expect(!text.contains("nonprofit newsroom"))
    }

    @Test(arguments: [", (1 Bewertung)", "4.5 / 5 (12 ratings)", "(3 votes)"])
    func leavesOutWhatARatingWidgetLeaves(count: String) throws {
        let text = try self.text(of: """
            <article><h1>Valley floods close the old bridge</h1><div class="hreview-aggregate">\(count)</div>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></article>
            """)
        expectArticle(text)
        #expect(!text.contains(count))
    }

    @Test func keepsALineThatCountsSomethingElse() {
        #expect(!ArticleContentCleaner.isRatingCountLine(Array("12 Bridges".utf8)))
        #expect(!ArticleContentCleaner.isRatingCountLine(Array("Ratings".utf8)))
        #expect(ArticleContentCleaner.isRatingCountLine(Array("(7 Stimmen)".utf8)))
    }

    @Test func leavesOutTheSitesNameOverTheArticle() throws {
        let text = try self.text(of: """
            <div class="page"><a href="/"><h1>Riverside Gazette</h1></a>
            <article><h2>Valley floods close the old bridge</h2>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></article></div>
            """, url: "https://www.riverside-gazette.example/2024/03/floods")
        expectArticle(text)
        #expect(!text.contains("Riverside Gazette"))
    }
}

/// The site's name taken from the title, by what the site calls itself and its address.
struct SiteNameTests {
    @Test(arguments: [
        ("Outdoor Lovers | iloveponysmag.com", "https://iloveponysmag.com/2019/outdoor", "Outdoor Lovers"),
        ("SimplyScience - Wie entsteht Erdöl?", "https://www.simplyscience.ch/erdoel", "Wie entsteht Erdöl?"),
        ("Uncork the mystery of the Ahr | DW | 10.06.2013", "https://www.dw.com/en/uncork", "Uncork the mystery of the Ahr"),
        ("Tragwerksplanung im Hochbau | RS Ingenieure", "https://www.rs-ingenieure.de/tragwerk", "Tragwerksplanung im Hochbau"),
        ("Neue Buslinie im Osten - Stadt Stuttgart", "https://www.stuttgart.de/bus", "Neue Buslinie im Osten"),
    ])
    func takesTheSitesNameOffTheTitle(title: String, url: String, expected: String) {
        #expect(SiteName(name: nil, addresses: [url]).removingName(from: title) == expected)
    }

    @Test func takesTheNameTheSiteGivesItselfOffTheTitle() {
        let site = SiteName(name: "The Coastal Gazette", addresses: ["https://news.example/harbour"])
        #expect(site.removingName(from: "Harbour promenade to be extended – The Coastal Gazette") == "Harbour promenade to be extended")
    }

    @Test(arguments: [
        // The headline's first part holds a short name by chance: only the whole part counts there.
        ("Time to act on the river | Opinion", "https://time.com/river"),
        // Nothing of the headline would be left.
        ("Stuttgart | Rathaus", "https://www.stuttgart.de/"),
        // No separator between spaces: "Erdöl-Förderung" is one word.
        ("Wie entsteht Erdöl-Förderung?", "https://erdoel.example/"),
    ])
    func keepsATitleWithoutTheSitesName(title: String, url: String) {
        #expect(SiteName(name: nil, addresses: [url]).removingName(from: title) == title)
    }
}
