import Foundation
import Testing
@testable import ArticleExtraction

/// Notices and marks inside the article's container: what the site says about the article
/// (a paywall, its comment rules, how to report a mistake, where to follow it), and the
/// marks publishing systems put on paragraphs that are the article.
extension NewsPageFurnitureTests {
    @Test func keepsParagraphsMarkedAsBehindThePaywallButLeavesOutThePaywallsNotice() throws {
        let marked = paragraphs.map { "<p class=\"paywall\">\($0)</p>" }.joined()
        let notice = "<div class=\"c-paywall\"><p class=\"c-paywall__text\">Subscribe to keep reading.</p></div>"
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(marked)\(notice)</article>")
        expectArticle(text)
        #expect(!text.contains("Subscribe to keep reading"))
        let promo = "<p class=\"paywall newsletter\">Get the morning briefing in your inbox.</p>"
        let withPromo = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(marked)\(promo)</article>")
        #expect(!withPromo.contains("morning briefing"), "another hint beside the paywall's still names furniture")
    }
}

extension NewsPageFurnitureTests {
    @Test func leavesOutAGallerysNumberedButtonsAndSaysItsTitleRepeatedPerSlideOnce() throws {
        let slides = (1...6).map { _ in "<div class=\"slide-title\">Storm over the valley in pictures</div>" }.joined()
        let buttons = "<div><span>&lt;&lt;</span></div><div><span>&lt;</span></div>"
            + (1...6).map { "<div><span>\($0)</span></div>" }.joined() + "<div><span>&gt;</span></div><div><span>&gt;&gt;</span></div>"
        let text = try articleText(inserting: "<div>\(slides)\(buttons)</div>", afterParagraph: 0, followedBy: "")
        expectArticle(text)
        #expect(text.components(separatedBy: "Storm over the valley in pictures").count == 2, "said once")
        for control in ["<<", ">>", "\n<\n", "\n3\n", "\n6\n"] { #expect(!text.contains(control)) }
    }

    @Test func keepsNumbersWithTextBetweenThemAndALineSaidTwice() throws {
        let ranks = "<table><tr><td>1</td><td>Riverside</td></tr><tr><td>2</td><td>Hillford</td></tr><tr><td>3</td><td>Lowmoor</td></tr></table>"
        let twice = "<p>Stay away from the river.</p><p>Stay away from the river.</p>"
        let text = try articleText(inserting: ranks + twice, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains("1\nRiverside\n2\nHillford\n3\nLowmoor"), "a table's ranks are no row of buttons")
        #expect(text.components(separatedBy: "Stay away from the river.").count == 3, "two repeats are no run")
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: [
        "Found a typo? Select the text and press Ctrl+Enter.",
        "Нашли ошибку? Выделите фрагмент текста и нажмите Ctrl + Enter",
        "Zauważyłeś błąd? Zaznacz go i naciśnij Ctrl+Enter, a redakcja go poprawi.",
        "Pamanījāt kļūdu? Iezīmējiet tekstu un nospiediet pogu Ziņot, lai to nosūtītu redaktoram.",
        "Spotted a mistake? Highlight the words and use the Report button to tell our editors.",
    ])
    func leavesOutTheNoticeOnHowToReportAMistake(notice: String) throws {
        try expectLeftOutAfterTheArticle(notice)
    }

    @Test func leavesOutTheQuestionAboveTheNotice() throws {
        let text = try articleText(followedBy: "<p>Kļūda tekstā?</p><p>Iezīmējiet kļūdaino vietu un spiediet pogu, lai ziņotu redakcijai.</p>")
        expectArticle(text)
        #expect(!text.contains("Kļūda tekstā?"))
        #expect(!text.contains("Iezīmējiet"))
    }

    @Test func keepsAHowTosSelectionWithoutAReport() throws {
        let howTo = "<p>Select the misspelt word and fix the error with the spelling checker before you print.</p>"
        let text = try articleText(followedBy: howTo)
        #expect(text.contains("fix the error with the spelling checker"), "a selection with nothing to report is the article's")
    }

    @Test func keepsAnArticlesOwnWordsOnTheKeys() throws {
        let howTo = "<p>To send the form from the keyboard, press Ctrl+Enter once you have filled it in.</p>"
        let text = try articleText(followedBy: howTo)
        #expect(text.contains("press Ctrl+Enter once"), "keys without a mistake to report are the article's")
        #expect(!ArticleContentCleaner.isTypoReportNotice(Array(("Found an error? Press Ctrl+Enter. " + String(repeating: "More words here. ", count: 20)).utf8)))
    }
}

extension NewsPageFurnitureTests {
    @Test func leavesOutAListOfOtherArticlesUnderATitleInCyrillicCapitals() throws {
        let list = """
            <h3>Читайте также</h3><ul><li><a href="/a">Мост закрыт до весны</a></li><li><a href="/b">Паводок в долине</a></li></ul>
            """
        let text = try articleText(followedBy: list)
        expectArticle(text)
        #expect(!text.contains("Читайте"))
        #expect(!text.contains("Мост закрыт"))
    }
}

extension NewsPageFurnitureTests {
    @Test func leavesOutTheDetailsOfAVideoPlayerThatScriptsWouldBuild() throws {
        let player = """
            <div class="video-resource"><div class="video-resource__image"><img src="/thumbs/bridge.jpg" alt=""></div>
            <div class="video-resource__details"><div class="video-resource__headline">Watch the river rise over the old bridge</div>
            <span class="video-resource__duration">02:12</span><div>Now playing</div></div></div>
            """
        let text = try articleText(inserting: player, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("Watch the river rise"))
        #expect(!text.contains("02:12"))
    }

    @Test func keepsAPlayerWithItsVideoAndALinkToAVideoInASentence() throws {
        let player = """
            <div class="video-player"><video src="/clips/flood.mp4"></video><p>The flood from the air, filmed on Tuesday \
            morning by a drone over the valley.</p></div>
            """
        let link = """
            <p>Our film shows <a class="video-play" href="https://www.youtube.com/watch?v=def456">the flood from the air</a>, \
            shot by a drone on Tuesday morning.</p>
            """
        let text = try articleText(inserting: player + link, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains("filmed on Tuesday morning"), "a player with its video is the video's")
        #expect(text.contains("the flood from the air, shot by a drone"))
    }
}

extension NewsPageFurnitureTests {
    @Test func leavesOutTheCreditOfAScreenshotOrAnIllustrationUnderItsPicture() throws {
        // Enough pictures that their captions tell the story and stay: only the credits go.
        let told = ["The market square under water at dawn", "Volunteers stack sandbags by the church",
                    "The ring road, busy with buses", "Engineers inspect the piers of the old bridge"]
        let figures = told.enumerated().map { "<figure><img src=\"/img/\($0.offset).jpg\" alt=\"\"><figcaption>\($0.element)</figcaption></figure>" }.joined()
            + """
            <figure><img src="/img/draft.jpg" alt=""><figcaption>Screenshot by Amy Tan/Esports Desk</figcaption></figure>
            <figure><img src="/img/map.jpg" alt=""><figcaption>Illustration: Tom Ruiz</figcaption></figure>
            """
        let text = try articleText(inserting: figures, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        for caption in told { #expect(text.contains(caption)) }
        #expect(!text.contains("Amy Tan"))
        #expect(!text.contains("Tom Ruiz"))
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: [("Today, 17:40", true), ("Gestern um 9:12 Uhr", true), ("Hier à 18h05", true), ("Сегодня, 10:15", true),
                      ("Šodien, 17:40", true), ("Yesterday at 10:15pm", true), ("3:59 PM", true), ("10:23 Uhr", true),
                      ("2:1", false), ("Chapter 3.10", false), ("2.10", false), ("9.30 Uhr", true),
                      ("Today the river rose by 2.40 metres", false), ("Today, 3.45 million people", false), ("Yesterday", false)])
    func timestampsThatNameTheDayRelativeToNow(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isRelativeDayTimestamp(Array(line.utf8)) == expected)
    }

    @Test func leavesOutATimestampOfTodayAboveTheArticle() throws {
        let body = paragraphs.map { "<p>\($0)</p>" }.joined()
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1><div class=\"when\">Today, 17:40</div>\(body)</article>")
        expectArticle(text)
        #expect(!text.contains("17:40"))
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: [("Autori: Anna Ūdre (ziņu redaktore)", true), ("Authors: Anna Berg and Tom Ruiz", true),
                      ("Авторы: Анна Берг", true), ("Autorzy: Anna Berg, Tom Ruiz", true),
                      ("Authors of the report said the bridge was sound. It was not.", false), ("Autoren", false)])
    func bylinesUnderTheLabelOfOneAuthorOrSeveral(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isBylineLine(Array(line.utf8)) == expected)
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: [
        "Dieser Artikel ist nur für Abonnenten verfügbar.", "Cet article est réservé aux abonnés.",
        "Este contenido es exclusivo para suscriptores.", "［有料会員限定］ この記事は会員限定です。",
        "Die Kommentare geben die Meinung der Leser wieder, nicht die Meinung der Redaktion.",
        "Les commentaires n'engagent que leurs auteurs.", "We welcome comments that are civil and on topic. Comments are moderated.",
        "التعليقات أدناه لا تعبر عن رأي الموقع، بل عن آراء كاتبيها.",
        "We like a lively debate. Comments are reviewed before they appear; please read our community guidelines first.",
        "نرحب بتعليقاتكم، ونقوم بمراجعة التعليقات قبل نشرها وفق إرشادات الاستخدام.",
        "Kommentare werden vor der Veröffentlichung geprüft. Bitte beachten Sie unsere Netiquette.",
    ])
    func leavesOutThePaywallsNoticeAndTheCommentsDisclaimerAfterTheArticle(notice: String) throws {
        try expectLeftOutAfterTheArticle(notice)
    }

    @Test func leavesOutACommentPolicyLongerThanAParagraphsFirstLines() throws {
        let policy = "We welcome a lively and useful discussion under our articles. So that we need not check every comment "
            + "before it is published, please read our community guidelines and keep to them: stay on topic, be civil, no "
            + "personal attacks, no advertising, no links to other sites. Everything you post may be shown with your name "
            + "and picture, as our privacy policy and terms of use describe. Comments that break the rules are removed."
        #expect(policy.utf8.count > 400)
        try expectLeftOutAfterTheArticle(policy)
    }

    @Test func keepsALastParagraphOnRulesAndComments() throws {
        let last = "<p>The firm changed its guidelines after comments from regulators, the chief executive said.</p>"
        #expect(try articleText(followedBy: last).contains("changed its guidelines after comments"), "rules and comments without moderation are news")
    }

    @Test func keepsALastParagraphThatReportsOnViews() throws {
        let last = "<p>The survey found that the polls do not reflect the views of young voters, the professor said.</p>"
        #expect(try articleText(followedBy: last).contains("do not reflect the views of young voters"))
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: [("See more photos:", true), ("Mehr Bilder", true), ("View 12 photos", true),
                      ("More photos", true), ("More photos of the flood came in overnight", false), ("Photos", false)])
    func linksToMorePicturesOfAGallery(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isPhotoCountLine(Array(line.utf8)) == expected)
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: ["Il vous reste 40 % de cet article à lire. La suite est réservée aux abonnés.",
                      "Questa intervista è riservata agli abbonati.", "Dit artikel is alleen voor abonnees.",
                      "Subscribe to continue reading this story."])
    func leavesOutThePaywallsNoticeWhateverItsGrammaticalGender(notice: String) throws {
        try expectLeftOutAfterTheArticle(notice)
    }

    @Test(arguments: ["Se adhiere a los criterios de The Trust Project", "Learn more about The Trust Project", "© RIPRODUZIONE RISERVATA"])
    func leavesOutTheTrustProjectsBadgeAndTheRightsNoticeAfterTheArticle(badge: String) throws {
        try expectLeftOutAfterTheArticle(badge)
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: ["Continua após a publicidade", "Continúa después de la publicidad", "Weiter nach der Anzeige",
                      "Artikel gaat verder onder de advertentie"])
    func leavesOutWhatThePageSaysAroundAnAdBetweenParagraphs(prompt: String) throws {
        let text = try articleText(inserting: "<div class=\"ad-slot\"><span>\(prompt)</span></div>", afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains(prompt))
    }

    @Test(arguments: ["📲 Receba as notícias do Jornal do Vale no WhatsApp", "Recibe las noticias de La Gaceta en Telegram",
                      "Get the news on WhatsApp: join our channel"])
    func leavesOutTheInvitationToAMessagingChannelAfterTheArticle(appeal: String) throws {
        try expectLeftOutAfterTheArticle(appeal)
    }

    @Test func keepsALastParagraphAboutAMessagingApp() throws {
        let last = "<p>Police said the scammers had reached most of their victims on WhatsApp, posing as relatives in trouble.</p>"
        #expect(try articleText(followedBy: last).contains("posing as relatives in trouble"))
    }
}

extension NewsPageFurnitureTests {
    @Test func leavesOutAPicturesCreditWhoseLabelIsForScreenReadersOnly() throws {
        let figure = """
            <figure><img src="/ferry.jpg" alt="A ferry"><span role="text"><span class="visually-hidden">Image source, </span>Harbour Press</span>\
            <figcaption>The ferry leaving the harbour</figcaption></figure>
            """
        let text = try articleText(inserting: figure, afterParagraph: 0, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("Harbour Press"), "the credit would stand alone once its hidden label went")
    }
}

extension NewsPageFurnitureTests {
    @Test(arguments: ["広告", "광고", "Реклама", "スポンサーリンク", "Advertentie", "Publicidade"])
    func leavesOutAnAdvertisingLabelInOtherScripts(label: String) throws {
        let text = try articleText(inserting: "<div class=\"slot\">\(label)</div>", afterParagraph: 1, followedBy: "<div>\(label)</div>")
        expectArticle(text)
        #expect(!text.contains(label))
    }

    @Test func keepsASentenceThatOpensWithTheWordForAdvertising() throws {
        let sentence = "<p>Реклама на радио подорожала на треть за год, говорят в агентстве.</p>"
        #expect(try articleText(followedBy: sentence).contains("Реклама на радио подорожала"))
    }
}
