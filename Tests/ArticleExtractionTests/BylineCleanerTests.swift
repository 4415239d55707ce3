import Testing
@testable import ArticleExtraction

/// Bylines come out as the names alone, whatever the page's template prints around them.
struct BylineCleanerTests {
    @Test(arguments: [
        ("By Erin Cunningham", "Erin Cunningham"),
        ("By : Joe S.", "Joe S."),
        ("par Bob Fischer", "Bob Fischer"),
        ("vom Support Team", "Support Team"),
        ("Posted on September 21, 2020 by Adi Tzlil", "Adi Tzlil"),
        ("von eseppelt · 31. Oktober 2023", "eseppelt"),
        ("29. Juni 2017, 23:39 · von Tobi", "Tobi"),
        ("Nicole Collignon22. Februar 2020", "Nicole Collignon"),
        ("Redaktion 1. November 2023 10:29", "Redaktion"),
        ("By Nathan Willis March 25, 2015", "Nathan Willis"),
        ("by Lucas Nolan22 Dec 2016", "Lucas Nolan"),
        ("Veröffentlicht von Henning Lobin www.lobin.de", "Henning Lobin"),
        ("Written by Rob Ewaschuk Edited by Betsy Beyer", "Rob Ewaschuk Edited by Betsy Beyer"),
        // One byline word comes off, not a name that starts like one.
        ("By Di Caprio", "Di Caprio"),
        ("von Von der Leyen", "Von der Leyen"),
    ])
    func keepsTheNames(byline: String, names: String) {
        #expect(BylineCleaner.clean(byline) == names)
    }

    @Test(arguments: ["Bybee Jones", "Vonnegut", "Anna Berg and Tom Ruiz", "Dr. Sebastian Brüggemann", "ESEPPELT"])
    func leavesNamesAsTheyAre(byline: String) {
        #expect(BylineCleaner.clean(byline) == byline)
    }

    @Test(arguments: ["Posted on", "Published by", "so Artikel empfehlen:", "By", " · "])
    func findsNoNameInTemplateWords(byline: String) {
        #expect(BylineCleaner.clean(byline) == nil)
    }

    @Test(arguments: ["Sunday, Feb 1, 2015 11:57 AM UTC", "21.01.2009, 05:42", "Donnerstag, 12. März 2020", "12 mars 2021 à 18:05"])
    func tellsADateAlone(text: String) {
        #expect(BylineCleaner.isOnlyDate(text))
    }

    @Test(arguments: ["Anna Berg, 12 March 2020", "By Lucas Nolan22 Dec 2016", "Redaktion", "March Sullivan", "Tom Ruiz 2020"])
    func tellsANameBesideADate(text: String) {
        #expect(!BylineCleaner.isOnlyDate(text))
    }

    @Test func takesTheBylineAfterADatelineThePageMarksAsOne() throws {
        let page = """
            <html><body><div class="story"><span class="dateline"><span>Sunday, Feb 1, 2015 11:57 AM UTC</span></span>
            <h1>Valley floods close the old bridge</h1><span class="byline"><a rel="author" href="/writer/anna-berg">Anna Berg</a></span>
            <p>Rivers in the north rose to record levels overnight, and the authorities opened three emergency shelters for families who had to leave their homes, while volunteers filled sandbags along the old town walls.</p>
            <p>Forecasters expect the rain to ease by Thursday, but warned that the ground is saturated, so even a short storm could send the water over the banks again before the weekend, especially in the lower valleys.</p>
            <p>The old bridge stays closed until engineers have checked its piers, which the council says could take several weeks, and buses will run on the ring road in the meantime, adding twenty minutes to the trip.</p>
            </div></body></html>
            """
        let article = try ArticleExtractor().extract(html: Array(page.utf8), url: "https://news.example/floods", contentType: "text/html; charset=utf-8")
        #expect(article.byline == "Anna Berg")
    }
}
