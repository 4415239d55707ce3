import Testing
@testable import ArticleExtraction

/// The lines news pages set around the title inside the article: the section's label above
/// it, the outlet and both times under it.
extension NewsPageFurnitureTests {
    private func articleText(aboveTitle kicker: String, underTitle meta: String = "") throws -> String {
        try text(of: """
            <article><header>\(kicker)<h1>Valley floods close the old bridge</h1>\(meta)</header>
            \(paragraphs.map { "<p>\($0)</p>" }.joined())</article>
            """)
    }

    @Test(arguments: ["<p class=\"kicker\">Transports</p>", "<a href=\"/news/local\">Local news</a>", "<span>EXCLUSIVE</span>",
                      "<div class=\"rubric\">Chronik</div>"])
    func leavesOutTheLabelAboveTheTitle(kicker: String) throws {
        let text = try articleText(aboveTitle: kicker)
        expectArticle(text)
        for word in ["Transports", "Local news", "EXCLUSIVE", "Chronik"] { #expect(!text.contains(word)) }
    }

    @Test(arguments: ["<p>Flood warning: what it means for you.</p>", "<p>Updated 12 March 2024</p>",
                      "<div><span>Weather</span><h2>The wettest March in fifty years</h2></div>"])
    func keepsASentenceADateOrALabelOverASubheadingAboveTheTitleForTheirOwnRules(above: String) throws {
        // A sentence is no label; a date is left to the date sweeps; a block of two lines is no single label.
        let text = try articleText(aboveTitle: above)
        expectArticle(text)
        if above.contains("Flood warning") { #expect(text.contains("Flood warning: what it means for you.")) }
        if above.contains("wettest") { #expect(text.contains("The wettest March in fifty years")) }
    }

    @Test func leavesOutABylineInLowerCaseUnderADekThatIsNotMarkedAsOne() throws {
        let dek = "<p>From nine on Thursday evening to nine on Friday the regional trains stop, and the fast lines run a third of their trains</p>"
        let text = try articleText(aboveTitle: "", underTitle: dek + "<p>di Giulia Romano</p>")
        expectArticle(text)
        #expect(!text.contains("Giulia Romano"))
        #expect(text.contains("the regional trains stop"), "the dek stays")
    }

    @Test func keepsTheSecondParagraphThatFollowsTheFirstAtTheTop() throws {
        // Only one long line is passed: a byline's words under the article's second paragraph are its own.
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p><p>\(paragraphs[1])</p>
            <p>By Monday Night The River Had Fallen</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></article>
            """)
        #expect(text.contains("By Monday Night The River Had Fallen"))
    }

    @Test func keepsAListOfTheArticlesWhoseItemsEndOnADate() throws {
        let list = "<ul><li>A new rate for water pipe tobacco and for heated tobacco comes into force from 1 January 2022,</li>"
            + "<li>and a rate for the new taxable goods, substitutes for tobacco products, from the first of July 2022,</li></ul>"
        let text = try articleText(aboveTitle: "", underTitle: list)
        #expect(text.contains("heated tobacco comes into force from 1 January 2022,"), "a date is no time of day")
    }

    @Test(arguments: [
        ("<div class=\"story-byline\"><span>By ANNA BERG Associated Press</span><span>Posted: Oct 21, 2019 / 05:14 AM CDT / Updated: Oct 21, 2019 / 11:32 AM CDT</span></div>",
         ["Posted:", "ANNA BERG"]),
        ("<div class=\"meta\"><span>La Gazette avec AFP</span> <span>Publié le 12 mai 2021 à 10h32 - Mis à jour le 12 mai 2021 à 11h05</span></div>",
         ["Publié le", "avec AFP"]),
    ])
    func leavesOutTheBylineAndBothTimesWithTheirZoneOrWrittenTheFrenchWayUnderTheTitle(meta: String, leftOut: [String]) throws {
        let text = try articleText(aboveTitle: "", underTitle: meta)
        expectArticle(text)
        for words in leftOut { #expect(!text.contains(words)) }
    }

    @Test(arguments: [("Publié le 12 mai 2021 à 10h32", true), ("Mis à jour le 3 juin 2022 à 8h05", true),
                      ("Rendez-vous le 12 mai 2021 à 10h32.", false), ("Le vol 2021 part à 10h32", false),
                      ("Updated: Oct 21, 2019 / 11:32 AM CDT", true), ("21.10.2019, 10:27 CET", true), ("October 2019 NASA", false),
                      ("Posted on 21 October 2019 in NYC", false)])
    func endsWithADateAndATimeWrittenWithAnHOrAZone(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.endsWithDate(Array(line.utf8)) == expected)
    }

    @Test(arguments: [1, 2])
    func leavesOutABylineUnderADekOfSentences(dekParagraphs: Int) throws {
        let dek = [
            "Rail rivals fear the new timetable of the state railway and the ministry, and say that competition would reach the climate goals sooner than a plan drawn up by one company.",
            "Passengers too would gain less than promised, they say, as the plan leaves the night trains and the smaller towns out, and prices would rise on the busiest lines within two years.",
        ]
        let text = try articleText(aboveTitle: "", underTitle: dek.prefix(dekParagraphs).map { "<p>\($0)</p>" }.joined() + "<p><em>Von Markus Balser, Berlin</em></p>")
        expectArticle(text)
        #expect(!text.contains("Markus Balser"))
        #expect(text.contains("Rail rivals fear"), "the dek stays")
    }

    @Test func keepsASubheadingOrAShortLineUnderADekOfSentences() throws {
        let dek = "<p>Rail rivals fear the new timetable of the state railway and the ministry, and say that competition would reach the climate goals sooner.</p>"
        let heading = try articleText(aboveTitle: "", underTitle: dek + "<h2>Von Berlin nach Hamburg</h2>")
        #expect(heading.contains("Von Berlin nach Hamburg"))
        let line = try articleText(aboveTitle: "", underTitle: dek + "<p>Von Montag an gilt der Takt</p>")
        #expect(line.contains("Von Montag an gilt der Takt"))
    }
}
