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
}
