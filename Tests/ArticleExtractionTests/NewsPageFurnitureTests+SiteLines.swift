import Testing
@testable import ArticleExtraction

/// Lists of the site's other articles after the article, under titles that name the site,
/// the editors or the author rather than saying "related".
extension NewsPageFurnitureTests {
    private var otherArticles: String { """
        <a href="/2024/03/rain">Why the rain will not stop this month</a><br><br>\
        <a href="/2024/03/bridges">Ten bridges the county must repair</a><br><br>\
        <a href="/2024/03/insurance">What your insurance pays after a flood</a>
        """ }

    @Test(arguments: ["<h2>Auch auf gazette.example</h2>", "<h2>Also on Gazette.example</h2>", "<h4>Editors’ Recommendations:</h4>",
                      "<h3>More from Anna Berg</h3>", "<h2>Related Topics</h2>"])
    func leavesOutOtherArticlesUnderTheirTitle(title: String) throws {
        let text = try articleText(followedBy: "\(title)<p>\(otherArticles)</p>")
        expectArticle(text)
        for line in ["gazette.example", "Recommendations", "More from", "Related Topics", "Ten bridges"] {
            #expect(!text.lowercased().contains(line.lowercased()))
        }
    }

    @Test func keepsASectionThatStartsWithTheSameWords() throws {
        let section = "<h2>Auch auf dem Land steigen die Pegel</h2><p>In den Dörfern am Oberlauf stand das Wasser am Morgen in den Kellern, und die Feuerwehr pumpte bis zum Mittag.</p>"
        let text = try articleText(followedBy: section)
        expectArticle(text)
        #expect(text.contains("Auch auf dem Land steigen die Pegel"))
        #expect(text.contains("die Feuerwehr pumpte"))
    }
}

/// Lines of the site's own around the article: its long appeal last, a script's loading
/// placeholder, the button that writes to the editors.
extension NewsPageFurnitureTests {
    @Test func leavesOutALongLastParagraphThatAsksTwice() throws {
        let appeal = """
            Independent reporting is under pressure as never before. To stay informed quickly and without censorship, follow us \
            on Telegram or subscribe to our newsletter! If you want to help make sure that our independent journalism remains a \
            voice of its own beside the big publishers and the broadcasters, we would also be very glad of your support.
            """
        try expectLeftOutAfterTheArticle(appeal)
    }

    @Test func keepsALongLastParagraphThatMentionsSubscribingOnce() throws {
        let closing = """
            The council will publish the engineers' report on its website once the piers have been checked, and residents who \
            want to hear when the bridge reopens can subscribe to the county's text alerts, which also warn of high water on \
            the lower roads, of closed schools and of the shelters that open when the river rises above the old town walls.
            """
        let text = try articleText(followedBy: "<p>\(closing)</p>")
        #expect(text.contains(closing))
    }

    @Test(arguments: ["Loading...", "Loading…", "Wird geladen …", "Feedback"])
    func leavesOutAPlaceholderOrAButtonsWordAlone(line: String) throws {
        let text = try articleText(inserting: "<div class=\"post-ratings\">\(line)</div>", afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains(line))
    }

    @Test func keepsTheWordsInASentence() throws {
        let sentence = "Loading the sandbags took the volunteers most of the night."
        let text = try articleText(followedBy: "<p>\(sentence)</p>")
        #expect(text.contains(sentence))
    }

    @Test func leavesOutTemplateTextAScriptNeverFilledIn() throws {
        let template = "<div class=\"status\">{{ctrl.content.lastUpdateUser.fullName}} - {{ctrl.content.lastUpdateTime*1000 | date : 'dd/MM/yyyy'}}</div>"
        let text = try articleText(inserting: template, afterParagraph: 0, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("{{"))
    }

    @Test func keepsProseOrCodeThatQuotesATemplate() throws {
        let prose = "The council's new site greets visitors with {{name}} where their name should be, a fault it promised to fix by Monday."
        let code = "<pre><code>{{page.title}} - {{page.date | date}}</code></pre>"
        let text = try articleText(inserting: "<p>\(prose)</p>\(code)", afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains(prose))
        #expect(text.contains("{{page.title}}"))
    }
}
