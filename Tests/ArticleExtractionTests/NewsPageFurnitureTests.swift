import Foundation
import Testing
@testable import ArticleExtraction

/// News pages whose furniture sits inside the article's container and reads like text: each
/// test page is written for one kind (a gallery, the site's colophon, a pop-up card, byline
/// lines, a list of other posts) with the article around it.
struct NewsPageFurnitureTests {
    let extractor = ArticleExtractor()

    let paragraphs = [
        "Rivers in the north rose to record levels overnight, and the authorities opened three emergency shelters for families who had to leave their homes, while volunteers filled sandbags along the old town walls.",
        "Forecasters expect the rain to ease by Thursday, but warned that the ground is saturated, so even a short storm could send the water over the banks again before the weekend, especially in the lower valleys.",
        "The old bridge stays closed until engineers have checked its piers, which the council says could take several weeks, and buses will run on the ring road in the meantime, adding twenty minutes to the trip.",
        "Shopkeepers in the lower town said they had moved their stock upstairs in time, but several cellars flooded, and the insurance companies have set up a desk at the town hall to register the damage claims.",
    ]

    func text(of body: String, head: String = "", url: String = "https://news.example/2024/03/floods") throws -> String {
        let html = """
            <!DOCTYPE html><html><head><title>Valley floods close the old bridge | Riverside Gazette</title>\(head)</head>
            <body><header class="site-header"><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>\(body)</body></html>
            """
        return try extractor.extract(html: Array(html.utf8), url: url, contentType: nil).text
    }

    /// The four paragraphs as an article, with `after` following them inside it.
    func articleText(followedBy after: String) throws -> String {
        try text(of: """
            <article><h1>Valley floods close the old bridge</h1>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p>
            \(after)</article>
            """)
    }

    /// The four paragraphs as an article, with `block` after paragraph `index` and `after`
    /// at the end.
    func articleText(inserting block: String, afterParagraph index: Int, followedBy after: String) throws -> String {
        var body = paragraphs.map { "<p>\($0)</p>" }
        body.insert(block, at: index + 1)
        return try text(of: "<article><h1>Valley floods close the old bridge</h1>\(body.joined())\(after)</article>")
    }

    func expectArticle(_ text: String) {
        for paragraph in paragraphs { #expect(text.contains(paragraph)) }
    }

    /// The article followed by `line` in a paragraph of its own: the article stays, the line goes.
    func expectLeftOutAfterTheArticle(_ line: String) throws {
        let text = try articleText(followedBy: "<p>\(line)</p>")
        expectArticle(text)
        #expect(!text.contains(line))
    }

    @Test func leavesOutTheConsentPlaceholderOfABlockedEmbedButKeepsCheckboxLists() throws {
        let placeholder = """
            <div class="embed-box"><div>External content</div><div>To protect your personal data, we blocked the automatic \
            loading of content from video.example. If you want to see it here, agree to the terms below; you can take your \
            consent back at any time.</div><div><input type="checkbox" id="agree"><label for="agree">I agree to see this \
            content</label></div><button>Show content</button></div>
            """
        let checklist = """
            <ul class="packing"><li><label><input type="checkbox"> Torch and spare batteries for every room</label></li>
            <li><label><input type="checkbox"> Drinking water for three days in sealed bottles</label></li></ul>
            """
        let privacy = "<p>The council's privacy officer said the list of evacuated households will be deleted once the water has gone down.</p>"
        let text = try articleText(inserting: placeholder + checklist + privacy, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(!text.contains("External content"))
        #expect(!text.contains("blocked the automatic"))
        #expect(text.contains("Torch and spare batteries"), "a checklist in the article is not a consent box")
        #expect(text.contains("privacy officer"), "a paragraph about privacy without a form control stays")
    }

    @Test func leavesOutADateLabelLeftWithoutItsDateAtTheTop() throws {
        let text = try self.text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>Updated</p>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></article>
            """)
        expectArticle(text)
        #expect(!text.contains("Updated"))
    }

    @Test func takesABylineLineAtTheTopOutOfTheTextAndGivesItAsTheByline() throws {
        let html = """
            <!DOCTYPE html><html><head><title>Valley floods close the old bridge | Riverside Gazette</title></head>
            <body><article><h1>Valley floods close the old bridge</h1><div class="body">
            <p>By Jane Doe and Sam Roe, Staff Writers</p><p>Published 3:45 p.m. March 3, 2025</p>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></div></article></body></html>
            """
        let article = try extractor.extract(html: Array(html.utf8), url: "https://news.example/2024/03/floods", contentType: nil)
        expectArticle(article.text)
        #expect(!article.text.contains("Jane Doe"))
        #expect(!article.text.contains("Published"))
        #expect(article.byline == "Jane Doe and Sam Roe, Staff Writers", "no element or metadata names the authors")
    }

    @Test func leavesOutTheButtonsThatOpenAndFoldABoxOfMoreText() throws {
        let text = try articleText(
            inserting: "<div class='expander'><span class='more'>Show more</span></div>", afterParagraph: 1,
            followedBy: "<div class='sources'><span class='toggle'>Quellen ausblenden</span><p>Flood report of the river authority, 2024.</p></div>"
        )
        expectArticle(text)
        #expect(!text.contains("Show more"))
        #expect(!text.contains("Quellen ausblenden"))
        #expect(text.contains("Flood report of the river authority"), "the box's text stays")
    }

    @Test func leavesOutGalleryCountersControlsAndRepeatedCaptions() throws {
        let first = "Residents carry their belongings through the flooded market square on Tuesday morning."
        let second = "Volunteers fill sandbags along the old town walls as the water keeps rising."
        let slides = (1...4).map { number in
            "<figure class='slide'><img src='/img/flood\(number).jpg' alt=''><figcaption><span class='counter'>\(number) / 4</span> \(number % 2 == 1 ? first : second)</figcaption></figure>"
        }.joined()
        let lightbox = (1...4).map { number in
            "<div class='lb-item'><div class='lb-count'>Image \(number) of 4</div><p class='lb-caption'>\(number % 2 == 1 ? first : second)</p><span>Close</span></div>"
        }.joined()
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><div class="article-body">
            <p>\(paragraphs[0])</p>\(slides)<p>\(paragraphs[1])</p><p>\(paragraphs[2])</p>
            <div class="lb">\(lightbox)<span>Caption</span><span>Close</span></div><p>\(paragraphs[3])</p></div></article>
            """)
        expectArticle(text)
        #expect(text.components(separatedBy: first).count == 2)
        #expect(text.components(separatedBy: second).count == 2)
        for furniture in ["Image 1 of 4", "1 / 4", "Caption", "Close"] { #expect(!text.contains(furniture)) }
    }

    @Test func keepsACaptionTwoPicturesShareOutsideAGallery() throws {
        // A story told in pictures (more than a few captions, so they are kept) where two charts share a caption.
        let caption = "Water levels measured at the old bridge over the last ten days."
        let figures = ["north", "south"].map { "<figure><img src=\"/charts/\($0).png\" alt=\"\"><figcaption>\(caption)</figcaption></figure>" }
            + ["harbour", "weir"].map { "<figure><img src=\"/photos/\($0).jpg\" alt=\"\"><figcaption>The \($0) on Tuesday afternoon, seen from the ring road.</figcaption></figure>" }
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p>\(figures[0])<p>\(paragraphs[1])</p>
            \(figures[1])<p>\(paragraphs[2])</p>\(figures[2])<p>\(paragraphs[3])</p>\(figures[3])</article>
            """)
        expectArticle(text)
        #expect(text.components(separatedBy: caption).count == 3)
    }

    @Test func leavesOutTheSiteColophonAtTheEnd() throws {
        let text = try text(of: """
            <div id="page"><div class="main"><h1>Valley floods close the old bridge</h1>
            \(paragraphs.map { "<p>\($0)</p>" }.joined())
            <p>Riverside Gazette, 12 Harbour Street, Portmouth PM1 4QT</p>
            <p>Tel: +44 1632 960 123 · Fax: +44 1632 960 124 · desk@riverside.example</p>
            <p>© 2024 Riverside Media Ltd. All rights reserved.</p></div></div>
            """)
        expectArticle(text)
        for furniture in ["Harbour Street", "Tel:", "desk@riverside.example", "All rights reserved"] { #expect(!text.contains(furniture)) }
    }

    @Test func keepsContactDetailsSaidInTheArticlesLastSentence() throws {
        let closing = "Residents who need help can call the council on 01632 960 555 or write to floods@council.example before Friday."
        let text = try text(of: "<article><h1>Valley floods close the old bridge</h1>\(paragraphs.map { "<p>\($0)</p>" }.joined())<p>\(closing)</p></article>")
        expectArticle(text)
        #expect(text.contains(closing))
    }

    @Test func leavesOutAPersonsPopUpCardInsideASentence() throws {
        let card = """
            <span class="person-card"><img src="/people/maria.jpg" alt=""><span class="person-card__name">Maria Lopez</span>\
            <span class="person-card__role">Maria Lopez is the city's chief engineer and has led the bridge programme since 2019.</span>\
            <a href="/people/maria-lopez">Read more</a></span>
            """
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><div class="story"><p>\(paragraphs[0])</p>
            <p>The closure was announced by <a href="/people/maria-lopez">Maria Lopez</a>\(card), who said the piers had been under water for two days and needed a full inspection.</p>
            <p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p></div></article>
            """)
        expectArticle(text)
        #expect(text.contains("The closure was announced by Maria Lopez, who said the piers had been under water"))
        #expect(!text.contains("chief engineer"))
    }

    @Test func leavesOutBylineLinesAtTheTop() throws {
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><div class="story-body">
            <p><strong>By Anna Berg and Tom Ruiz</strong></p><p>Anna Berg, Environment Correspondent</p><p>4 min read</p>
            <p>Updated 10:27 AM GMT</p>\(paragraphs.map { "<p>\($0)</p>" }.joined())</div></article>
            """, head: "<meta name='author' content='Anna Berg'>")
        expectArticle(text)
        for furniture in ["By Anna Berg", "Environment Correspondent", "4 min read", "Updated"] { #expect(!text.contains(furniture)) }
    }

    @Test func keepsAFirstParagraphThatStartsWithTheAuthorsName() throws {
        let lede = "Anna Berg has walked the river path every morning for twenty years, and she had never seen the water this high."
        let text = try text(of: "<article><h1>Valley floods close the old bridge</h1><p>\(lede)</p>\(paragraphs.map { "<p>\($0)</p>" }.joined())</article>",
                            head: "<meta name='author' content='Anna Berg'>")
        #expect(text.contains(lede))
    }

    @Test func leavesOutOtherPostsOnAPageOfOneShortItem() throws {
        let others = [("The best way out is always through.", "Robert Frost", 101), ("Not all those who wander are lost.", "J. R. R. Tolkien", 102),
                      ("Whatever you are, be a good one.", "Abraham Lincoln", 103), ("Well done is better than well said.", "Benjamin Franklin", 105)]
        let main = """
            <div class="quote"><blockquote><p>In the middle of every difficulty lies opportunity, and the people who keep looking for it \
            through the worst of times are the ones who find their way out when the storm has passed.</p></blockquote>\
            <p class="quote-meta"><a href="/quotes/100">Permalink</a> · <a href="/tags/hope">hope</a></p></div>
            """
        let list = others.map { quote, author, number in
            "<div class=\"quote\"><blockquote><p>\(quote)</p></blockquote><p>— \(author)</p><p class=\"quote-meta\"><a href=\"/quotes/\(number)\">Permalink</a> · <a href=\"/tags/life\">life</a></p></div>"
        }.joined()
        let text = try text(of: "<div class=\"content\">\(main)<h3>More quotes</h3>\(list)</div>", url: "https://quotes.example/quotes/100")
        #expect(text.contains("In the middle of every difficulty lies opportunity"))
        for other in others { #expect(!text.contains(other.0)) }
        #expect(!text.contains("More quotes"))
    }

    @Test func keepsFiguresOfOneKindSpreadThroughTheArticle() throws {
        // Figures share their markup and link to their image pages, but sit between paragraphs: no list.
        let figures = (1...3).map { "<div class=\"thumb\"><a href=\"/files/photo\($0).jpg\"><img src=\"/files/photo\($0).jpg\" alt=\"\"></a><div class=\"thumbcaption\">The river at gauge \($0) on Tuesday</div></div>" }
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p>\(figures[0])<p>\(paragraphs[1])</p>\(figures[1])
            <p>\(paragraphs[2])</p>\(figures[2])<p>\(paragraphs[3])</p></article>
            """)
        expectArticle(text)
        for number in 1...3 { #expect(text.contains("The river at gauge \(number) on Tuesday")) }
    }

    @Test func leavesOutTheSitesAppealsAfterTheArticle() throws {
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><div class="article-body">
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p>
            <div><p>Never miss a flood warning: sign up to our newsletter today!</p>
            <p>Simply pop your email <a href="/newsletter">into the box</a> and we will write every morning.</p></div>
            <section><p>We want to hear what you think about this article. <a href="/letters">Submit a letter</a> to the editor.</p></section>
            </div></article>
            """)
        expectArticle(text)
        for appeal in ["Never miss a flood warning", "Simply pop your email", "We want to hear what you think"] { #expect(!text.contains(appeal)) }
    }

    @Test func leavesOutASupportSectionUnderItsOwnHeading() throws {
        let text = try articleText(followedBy: """
            <h2>Support our local reporting</h2><p>Did you know that the Gazette is the last paper left in the valley?</p>
            <p>With three euros a month you keep our reporters on the river banks.</p>
            """)
        expectArticle(text)
        for appeal in ["Support our local reporting", "last paper left in the valley", "three euros a month"] { #expect(!text.contains(appeal)) }
    }

    @Test func keepsAnArticleAboutNewslettersAndALongLastParagraph() throws {
        // The same words as the subject of the article, and in a last paragraph of real length, stay.
        let about = "The council will send a weekly newsletter to every household in the lower town, and residents can subscribe by text message."
        let last = "Residents who want to follow the repairs can subscribe to the council's updates, which will list the closed roads every morning, name the bus diversions, say where sandbags can still be collected, and tell shopkeepers when the insurance desk at the town hall opens, for as long as the water stays above the warning mark at the old bridge."
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1>
            <p>\(paragraphs[0])</p><p>\(about)</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p><p>\(paragraphs[3])</p><p>\(last)</p></article>
            """)
        expectArticle(text)
        #expect(text.contains(about))
        #expect(text.contains(last))
    }

    @Test func leavesOutADateLineAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <time datetime="2024-03-05T10:35:41Z">Published: 05.03.2024, 11:35</time><p class="updated">Updated 6 March 2024</p>
            """)
        expectArticle(text)
        #expect(!text.contains("05.03.2024"))
        #expect(!text.contains("Updated 6 March 2024"))
    }

    @Test func keepsALastParagraphThatEndsOnADate() throws {
        let last = "The council will decide on the repairs at its meeting of 12 March 2024."
        let short = "The vote is on 14 March 2024."
        let text = try articleText(followedBy: """
            <p>\(last)</p><p>\(short)</p>
            """)
        expectArticle(text)
        #expect(text.contains(last))
        #expect(text.contains(short))
    }

    @Test func leavesOutCreditLinesAndPostNavigationAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <p>Quelle: Landesregierung</p><p>Titelbild: M. Weber / picture-alliance</p><p>aja/PAP</p>
            <p><a href="/2024/03/rain">« Previous post</a> | <a href="/2024/03/dam">Next post »</a></p>
            """)
        expectArticle(text)
        for credit in ["Landesregierung", "Titelbild", "aja/PAP", "Previous post", "Next post"] { #expect(!text.contains(credit)) }
    }

    /// Footer words before the end, or in a sentence at the end, are the article's: a credit
    /// in the middle and a source said in a sentence; a list title in the middle and a
    /// sentence about rating articles.
    @Test(arguments: [
        ("<p>Quelle: dpa</p>", "Quelle: dpa", 1, "Source: the council, which says the bridge will reopen in spring once every pier is checked."),
        ("<h3>Lesen Sie auch</h3>", "Lesen Sie auch", 0, "Readers who want to rate this article, or any other, can write to the editor, who reads every letter."),
    ])
    func keepsFooterWordsBeforeTheEndAndInTheLastSentence(block: String, middle: String, afterParagraph index: Int, last: String) throws {
        let text = try articleText(inserting: block, afterParagraph: index, followedBy: "<p>\(last)</p>")
        expectArticle(text)
        #expect(text.contains(middle))
        #expect(text.contains(last))
    }

    @Test func leavesOutListTitlesRatingRequestsAndThePermalinkAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <h3>Audios et vidéos sur le sujet</h3><p>Date 23.05.2011</p><p>Permalien https://news.example/p/RPYx</p>
            <div class="rating"><p>Valora esta noticia</p></div><h4>Das könnte Sie auch interessieren</h4>
            """)
        expectArticle(text)
        for furniture in ["Audios et vidéos", "23.05.2011", "Permalien", "Valora", "interessieren"] { #expect(!text.contains(furniture)) }
    }

    /// A list of links to other pages loses its links and keeps its title: taken with the
    /// other lines after the article, and kept when it is the article's own last line.
    @Test func leavesOutTheTitleOfAnEmptiedLinkListAfterTheArticle() throws {
        let links = "<ul><li><p><span>Branchen News</span></p></li></ul><ul><li><a href='/a'>Rad-WM</a> <a href='/b'>Tour</a></li></ul>"
        let text = try articleText(followedBy: "\(links)<h4>Das könnte Sie auch interessieren</h4>")
        expectArticle(text)
        #expect(!text.contains("Branchen News"))
        #expect(!text.contains("interessieren"))
        let alone = try articleText(followedBy: "<ul><li>Flood hotline</li></ul>")
        #expect(alone.contains("Flood hotline"))
    }

    /// The sweeps from the top and the end look at the article line by line. A wrapper whose
    /// only child was `<main>` looked like one long line: both sweeps stopped at once and
    /// kept the date line above the article and the rating request below it.
    @Test func seesTheLinesOfAnArticleInsideMain() throws {
        let text = try text(of: """
            <div class='container'><main><div class="node"><h1>Valley floods close the old bridge</h1><div class="date">Publicado el 03/05/2022 a las 22h03</div>
            \(paragraphs.map { "<p>\($0)</p>" }.joined())
            <div class="news-rate"><div class="form-item"><label>Valora esta noticia</label></div></div></div></main></div>
            """)
        expectArticle(text)
        #expect(!text.contains("Publicado"))
        #expect(!text.contains("Valora"))
    }

    @Test(arguments: [("Das könnte Sie auch interessieren", true), ("À lire aussi :", true), ("Related stories", true),
                      ("Te puede interesar", true), ("Czytaj także:", true), ("Читайте также", true), ("ЧИТАЙТЕ ТАКЖЕ:", true),
                      ("Baca juga:", true), ("관련기사", true), ("Läs också", true),
                      ("The council said more stories of damage would surely follow in the days to come.", false),
                      ("Weather", false)])
    func recommendationLabels(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isRecommendationLabel(Array(line.utf8)) == expected)
    }

    @Test(arguments: [("Permalink: https://news.example/p/1", true), ("Kurzlink https://t.example/x", true),
                      ("Permalink", false), ("Permalink: see https://news.example/p/1 for more", false)])
    func permalinkLines(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isPermalinkLine(Array(line.utf8)) == expected)
    }

    @Test func leavesOutTheLicenceNoticeTheLegalLinksAndAPictureCreditAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <p>Beitragsbild via Unsplash.</p>
            <p>Dieser Text wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE. Die Fotos dürfen nicht verwendet werden.</p>
            <p><a href="/impressum">IMPRESSUM</a> | <a href="/datenschutz">DATENSCHUTZ</a> | COPYRIGHT RIVERSIDE GAZETTE</p>
            """)
        expectArticle(text)
        for notice in ["Beitragsbild", "CC-BY", "IMPRESSUM"] { #expect(!text.contains(notice)) }
    }

    @Test func keepsALastParagraphAboutLicencesAndPrivacy() throws {
        let last = "Creative Commons licences let the town publish its flood maps, and the privacy of the families who were moved is protected by the shelter's own terms."
        let text = try articleText(followedBy: """
            <p>\(last)</p>
            """)
        expectArticle(text)
        #expect(text.contains(last))
    }

    @Test(arguments: [("Photo by Anna Berg on Unsplash", true), ("Foto von Jan Weber", true), ("Beitragsbild via Unsplash.", true),
                      ("Screenshot by Amy Tan/Esports Desk", true), ("Illustration by Tom Ruiz", true),
                      ("Photo by photo, the town rebuilt its archive after the flood of 1998.", false), ("Bild", false)])
    func creditsSaidWithAPreposition(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isCreditLine(Array(line.utf8)) == expected)
    }

    @Test func leavesOutTheDisclaimerAndTheCommentBoxsPromptsAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <p>The Gazette is not responsible for the opinions or media content presented by contributors.</p>
            <h3>3 Comments</h3><p>Leave a reply</p>
            """)
        expectArticle(text)
        for furniture in ["not responsible", "Comments", "Leave a reply"] { #expect(!text.contains(furniture)) }
    }

    @Test func leavesOutACommentFormAndItsTitleAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <div class="titlebar">Kommentare schreiben</div>
            <div><form action="/comments" method="post"><table>
            <tr><td>Name*</td><td><input type="text" name="username"></td></tr>
            <tr><td>Beitrag*</td><td><textarea name="comment"></textarea></td></tr>
            <tr><td>&nbsp;</td><td><img src="/code.php?id=1450736446" style="width: 96px; height: 48px;"></td></tr>
            <tr><td>Code</td><td><input type="text" name="code"></td></tr>
            <tr><td>&nbsp;</td><td><strong>* Pflichtfelder</strong></td></tr></table></form></div>
            """)
        expectArticle(text)
        for furniture in ["Kommentare schreiben", "Beitrag", "Pflichtfelder"] { #expect(!text.contains(furniture)) }
    }

    @Test(arguments: [("Kommentare schreiben", true), ("12 Kommentare", true), ("Comments (3)", true), ("Comments", true),
                      ("Leave a comment", true), ("Comments from readers poured in after the vote.", false), ("3 bridges", false)])
    func commentPrompts(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isCommentPrompt(Array(line.utf8)) == expected)
    }

    @Test func leavesOutTheReadingTimeLinksBackToTheTopAndPromptsWhereverTheyStand() throws {
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>Lesezeit: 2 Minuten</p>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p><a href="#top">Nach oben ↑</a></p>
            <p>Story continues below advertisement</p><p>Share</p><p>Media playback is unsupported on your device</p>
            <p>Sign up for the Morning Briefing newsletter</p><p>Copy link</p><p>Image copyright Getty Images</p>
            <p>Credit...Anna Berg for The Gazette</p><p>Zum Vergrößern auf das Bild klicken.</p><p>Click to enlarge</p>
            <p>\(paragraphs[2])</p><p>\(paragraphs[3])</p><p>The walk back to top of the hill took the rescuers an hour.</p></article>
            """)
        expectArticle(text)
        #expect(!text.contains("Lesezeit"))
        #expect(!text.contains("Nach oben"))
        for prompt in ["continues below", "Share", "Media playback", "Morning Briefing", "Copy link", "Getty", "Credit...", "Vergrößern", "enlarge"] {
            #expect(!text.contains(prompt))
        }
        #expect(text.contains("The walk back to top of the hill took the rescuers an hour."))
    }

    @Test func leavesOutATimestampWithoutItsYearAfterTheArticle() throws {
        let text = try articleText(followedBy: "<p>最終更新:3/9(木) 18:45</p>")
        expectArticle(text)
        #expect(!text.contains("最終更新"))
        let kept = try articleText(followedBy: "<p>Updated rules apply from 10 March</p>")
        #expect(kept.contains("Updated rules apply from 10 March"), "words after the label: a line of the article")
    }

    @Test(arguments: [("最終更新:3/9(木) 18:45", true), ("Updated 14:05", true), ("Stand: 12:35 Uhr", true), ("更新：2017年3月9日", true),
                      ("Updated rules apply from 10 March", false), ("Standing room only", false), ("Posted in News", false)])
    func labeledTimestamps(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isLabeledTimestamp(Array(line.utf8)) == expected)
    }

    @Test func leavesOutAChinesePortalsLinesAfterTheArticle() throws {
        // The editor's credit, the rights notice, the comment and rating prompts and a
        // recommendation title, as Chinese news portals end their articles.
        let tail = ["精彩视频推荐", "【本文中文相关权益归本站独家所有。未经授权，不得转载。】", "[责任编辑：李明]", "我要评论(0)",
                    "您认为这篇文章与“洪水”相关度高吗？"]
        let text = try articleText(followedBy: tail.map { "<p>\($0)</p>" }.joined())
        expectArticle(text)
        for line in tail { #expect(!text.contains(line)) }
    }

    @Test(arguments: [("[责任编辑：alonliu]", true), ("来源：新华社", true), ("【责任编辑:肖春芳】", true), ("文/李明", true),
                      ("编辑部的同事们在洪水中坚持工作。", false), ("来自山区的志愿者", false)])
    func chineseCreditLines(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isCJKCreditLine(Array(line.utf8)) == expected)
    }

    @Test func keepsAnAppealsWordsInASubheadingBetweenParagraphs() throws {
        let heading = "How to subscribe to the flood alerts"
        let rest = paragraphs.dropFirst().map { "<p>\($0)</p>" }.joined()
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p><h3>\(heading)</h3>\(rest)\(rest)</article>
            """)
        expectArticle(text)
        #expect(text.contains(heading))
    }

    @Test func keepsALastSectionWhoseHeadingMentionsSubscribing() throws {
        // The heading names subscribing as the article's subject; it does not ask the reader.
        let text = try articleText(followedBy: """
            <h3>How to subscribe to the flood alerts</h3><p>Send the word FLOOD to the council's number.</p>
            <p>The alerts are free and stop when the river falls.</p>
            """)
        expectArticle(text)
        for line in ["How to subscribe to the flood alerts", "Send the word FLOOD", "The alerts are free"] { #expect(text.contains(line)) }
    }

    @Test(arguments: [("Support our local reporting", true), ("Sign up for the Morning Briefing", true),
                      ("Enjoyed this article? Subscribe today", true), ("Newsletter", true), ("Get our newsletter", true),
                      ("Unser Newsletter für das Tal", true), ("Jetzt spenden", true),
                      ("How to subscribe to the flood alerts", false), ("Why readers donate to the flood fund", false),
                      ("The newsletter that warned the valley", false), ("An hour to sign up for sandbags", false)])
    func appealHeadings(heading: String, expected: Bool) {
        #expect(ArticleContentCleaner.isAppealHeading(Array(heading.utf8)) == expected)
    }

    @Test func leavesOutFigureCaptionsSetAsTextUnderTheirPictures() throws {
        // Five numbered figures: more captions than an article's few illustrations, but the
        // numbering says they illustrate a text, not tell a story in pictures.
        var body = paragraphs.map { "<p>\($0)</p>" }
        for number in 1...5 {
            body.insert("""
                <p><img src="/figures/gauge-\(number).png" /><br /> <em>Abbildung \(number): Pegelstand am Messpunkt \(number), Quelle Wasseramt</em></p>
                """, at: min(number, body.count))
        }
        body.append("""
            <div class="imginline"><img src="/figures/map.png" /><span>Figure: The flooded streets of the lower town.</span></div>
            <p><img src="/figures/bridge.png" /></p><p>Figure 3 shows how far the water rose at the old bridge on Tuesday night, before the piers were checked.</p>
            """)
        let text = try text(of: "<article><h1>Valley floods close the old bridge</h1>\(body.joined())</article>")
        expectArticle(text)
        #expect(!text.contains("Abbildung"))
        #expect(!text.contains("The flooded streets"))
        #expect(text.contains("Figure 3 shows how far the water rose"), "a sentence about a figure is the article's")
    }

    @Test(arguments: [("Abbildung 4: klassische Schwachschicht.", true), ("Abbildung: Vergleich auf dem Gletscher", true),
                      ("Fig. 2. Growth of the river", true), ("  figure 12: gauges", true), ("Bild 3: Die Brücke", true),
                      ("Foto: Anna Berg", false), ("Figure 3 shows how far the water rose.", false),
                      ("Figures from the council: 120 homes", false), ("Bildung: ein Thema", false)])
    func figureLabels(text: String, expected: Bool) {
        #expect(ArticleContentCleaner.startsWithFigureLabel(Array(text.utf8)) == expected)
    }

    @Test func leavesOutTheTagsAndAShareInvitationAfterTheArticle() throws {
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1>
            <p>\(paragraphs[0])</p><p>Themen: the council met on Monday to decide, and it chose the bridge.</p><p>\(paragraphs[1])</p>
            <p>\(paragraphs[2])</p><p>\(paragraphs[3])</p><p>Schlagworte: Hochwasser, Brücke, Stadtrat</p><p>Posted in News | Tagged flood | 3 Comments</p><p>Artikel teilen:</p></article>
            """)
        expectArticle(text)
        #expect(!text.contains("Schlagworte"))
        #expect(!text.contains("Artikel teilen"))
        #expect(!text.contains("Posted in News"))
        #expect(text.contains("Themen: the council met"), "a line in the middle stays")
    }

    @Test(arguments: [("Posted in News | Tagged flood, bridge | 3 Comments", true),
                      ("Aufrufe: 1120 | Hinzugefügt von: Posh | Tags: Denken, Bilder | Rating: /0", true),
                      ("Posted in the valley for forty years, the sign finally came down.", false), ("News | Sport | Weather", false)])
    func postMetaLines(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isPostMetaLine(Array(line.utf8)) == expected)
    }

    @Test(arguments: [("Nach oben", true), ("↑ Back to top", true), ("Zum Seitenanfang »", true), ("Back to the drawing board", false)])
    func pageNavigationLines(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isPageNavigationLine(Array(line.utf8)) == expected)
    }

    @Test(arguments: [("Lesezeit: 2 Minuten", true), ("5 min read", true), ("Tempo di lettura: 3 minuti", true),
                      ("Reading time matters: readers gave up after 3 minutes.", false), ("Reading time", false)])
    func readingTimeLines(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isReadingTimeLine(Array(line.utf8)) == expected)
    }

    @Test(arguments: ["aja/PAP", "(dpa)", "dpa/AFP/jbr", "Quelle: TSV Dormagen", "Crédits photos : Bestimage", "Źródło: ISBnews",
                      "Reporting by Anna Berg in Vienna; Editing by Jan Weber", "Our Standards: The Thomson Reuters Trust Principles."])
    func creditLines(line: String) {
        #expect(ArticleContentCleaner.isCreditLine(Array(line.utf8)))
    }

    @Test(arguments: ["and/or", "(see above)", "Read more: the council's plan", "Foto/Video", "Kontakt: Jan Koch",
                      "Reporters from six papers were at the meeting."])
    func linesThatAreNotCredits(line: String) {
        #expect(!ArticleContentCleaner.isCreditLine(Array(line.utf8)))
    }

    @Test(arguments: [("Vorheriges Weiter", true), ("« Previous post | Next post »", true), ("Précédent : Suivant", true),
                      ("Next week", false), ("Previous governments failed", false)])
    func postNavigationLines(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isPostNavigationLine(Array(line.utf8)) == expected)
    }

    @Test(arguments: ["¿Ya sabías que tenemos canal de Telegram? Descárgalo en tu celular.", "Únete a nuestra comunidad de lectores y lectoras.",
                      "Follow Anna Berg on Twitter @annaberg", "Folgen Sie Jan Weber auf Instagram"])
    func leavesOutAChannelAppealAnAppealStartingWithAnAccentedCapitalAndTheAuthorsAccounts(appeal: String) throws {
        let text = try articleText(followedBy: """
            <p>\(appeal)</p>
            """)
        expectArticle(text)
        #expect(!text.contains(appeal))
    }

    @Test func lowerCasesLatinCapitalsButNotTheMultiplicationSign() {
        let lowered = ArticleContentCleaner.asciiLowercased(Array("ÚNETE À Über 3×4 ÞÉ".utf8))
        #expect(String(decoding: lowered, as: UTF8.self) == "únete à über 3×4 þé")
    }

    @Test func leavesOutTheAuthorsBiographyAfterTheArticle() throws {
        let bio = "Anna Berg covers the environment for the Riverside Gazette and has reported on three floods."
        let text = try articleText(followedBy: """
            <div class="author-bio"><p>\(bio)</p></div>
            """)
        expectArticle(text)
        #expect(!text.contains(bio))
    }

    @Test func leavesOutCaptionsThatCarryTheirPicturesCreditWhereverTheyStand() throws {
        // A caption whose picture loads by script, one set as a heading in its figure, one with
        // the zoom hint, and a credit under its own label.
        let scripted = """
            <div class="pic"><noscript><img src="/img/bridge.jpg"></noscript></div>\
            <div class="pic-text"><div class="pic-title"></div><div class="pic-about"><p>The old bridge at dusk, a day before it closed. © Tom Ruiz</p></div></div>
            """
        let heading = "<figure><img src='/img/walls.jpg' alt=''><h2 class='figure__title'>Sandbags line the walls of the lower town. Foto: Jan Weber/Keystone</h2></figure>"
        let zoom = "<p><a href='/img/map-large.png'><img src='/img/map.png' alt=''></a></p><p>Map of the flooded streets. Zum Vergrößern auf das Bild klicken. CC-BY-SA 2.0</p>"
        let labelled = "<p>Crédits photos : Bestimage</p>"
        let copyrightInASentence = "The © sign on the bridge's plaque dates from 1952, when the town bought the rights to its design."
        let labelInASentence = "The council showed one more picture to the press. Photo: the flooded square, seen from the church tower at noon."
        var body = paragraphs.map { "<p>\($0)</p>" }
        body.insert(scripted + heading, at: 1)
        body.insert(zoom, at: 3)
        body.insert(labelled + "<p>\(copyrightInASentence)</p><p>\(labelInASentence)</p>", at: 5)
        let text = try text(of: "<article><h1>Valley floods close the old bridge</h1>\(body.joined())</article>")
        expectArticle(text)
        for caption in ["The old bridge at dusk", "Sandbags line the walls", "Map of the flooded streets", "Crédits photos"] {
            #expect(!text.contains(caption))
        }
        #expect(text.contains(copyrightInASentence), "a sign in a sentence credits nobody")
        #expect(text.contains(labelInASentence), "a label that goes on with the sentence is no credit")
    }

    @Test(arguments: [("The old bridge at dusk. © Tom Ruiz", true), ("Sandbags on the walls. Bild: Jan Weber/Keystone", true),
                      ("Die Brücke bei Nacht (Foto: dpa)", true), ("© Tom Ruiz", false),
                      ("A page's title. ...or, why the river rose. © 2002, 2003 Anna Berg", false),
                      ("The council showed a picture. Photo: the flooded square, seen from the tower. It was noon.", false),
                      ("Das Bild: ein Chaos aus Schlamm und Sandsäcken", false)])
    func captionsEndingWithACredit(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.endsWithPictureCredit(Array(line.utf8)) == expected)
    }

    @Test func leavesOutContactBoxesButKeepsContactDetailsInTheText() throws {
        let boxes = """
            <p>Kontakt:</p><p>Jan Brenner</p><p>Telefon +49 (0)40 / 12 34 56 78</p><p>j.brenner@verband.example</p>
            <p><strong>Ansprechpartnerin zum Thema:</strong></p><p>Lena Hoff</p><p>Telefon +49 (0)40 / 12 34 56 79</p><p>l.hoff@verband.example</p>
            """
        let sentence = "Contact with the villages upstream was lost for a day, the council said, until the phone lines were repaired on Wednesday."
        let text = try articleText(inserting: boxes + "<p>\(sentence)</p>", afterParagraph: 1, followedBy: """
            <h3>Media contact</h3><p>Riverside Council, Press Office</p><p>press@council.example</p>
            """)
        expectArticle(text)
        for detail in ["Kontakt", "Jan Brenner", "12 34 56", "verband.example", "Ansprechpartnerin", "Lena Hoff", "Media contact", "Press Office", "press@"] {
            #expect(!text.contains(detail))
        }
        #expect(text.contains(sentence))
    }

    @Test(arguments: [("Kontakt:", true), ("Pressekontakt", true), ("Contacto: Ana Ruiz", true), ("Ansprechpartnerin zum Thema:", true),
                      ("Kontaktaufnahme", false), ("Contact tracing apps:", false), ("Kontakt: Der Verein ist jeden Tag von acht bis acht erreichbar.", false)])
    func contactLabels(line: String, expected: Bool) {
        #expect((ArticleContentCleaner.contactLabelDetail(Array(line.utf8)) != nil) == expected)
    }

    @Test func leavesOutProductCardsAndShopButtons() throws {
        let cards = ["Rain boots, green", "Waterproof jacket"].enumerated().map { number, product in
            """
            <div class="product"><div class="product-image"><img src="/shop/item\(number).jpg" alt=""></div><div class="product-text">\
            <div class="brand">Riverside Outdoor</div><div class="name">\(product)</div><div class="price"><span>4\(number),99 €</span></div>\
            <div class="button">Zum Shop</div></div></div>
            """
        }.joined()
        let text = try articleText(inserting: cards + "<p>» Jetzt kaufen</p>", afterParagraph: 1, followedBy: "")
        expectArticle(text)
        for furniture in ["Riverside Outdoor", "Rain boots", "Waterproof jacket", "€", "Zum Shop", "Jetzt kaufen"] { #expect(!text.contains(furniture)) }
    }

    @Test(arguments: [("Zum Shop", true), ("» Zum Angebot: Die Bundesliga im Stream", true), ("Buy now →", true),
                      ("Zum Shop der Stadtwerke geht es über die Brücke", false), ("Shop", false)])
    func shopButtons(line: String, expected: Bool) {
        #expect(ArticleContentCleaner.isShopButton(Array(line.utf8)) == expected)
    }

    @Test func leavesOutANewsletterBoxBetweenParagraphsButKeepsASectionOfTheArticle() throws {
        let box = """
            <div class="factbox"><h3>Sign up for the Gazette newsletter</h3><div class="factbox-content">
            <p>Never miss the latest flood warning by signing up to our newsletter today!</p>
            <p>Simply pop your email <a href="/newsletter">into the box at the top of this page</a> and we will write every morning.</p>
            <p>You can unsubscribe at any time, and your address is never shared.</p></div></div>
            """
        let section = """
            <section><h3>How to subscribe to the flood alerts</h3><p>Send the word FLOOD to the council's number to get the alerts by text.</p></section>
            """
        // More text after the box than an appeal's section at the end may hold.
        let rest = paragraphs.dropFirst().map { "<p>\($0)</p>" }.joined()
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1><p>\(paragraphs[0])</p>\(box)\(rest)\(section)\(rest)</article>
            """)
        expectArticle(text)
        for appeal in ["Sign up for the Gazette", "Never miss the latest", "Simply pop your email", "unsubscribe"] { #expect(!text.contains(appeal)) }
        #expect(text.contains("How to subscribe to the flood alerts"))
        #expect(text.contains("Send the word FLOOD"))
    }

    @Test func leavesOutTheDateInAListOfTheArticlesDetailsAtTheTop() throws {
        let text = try text(of: """
            <article><h1>Valley floods close the old bridge</h1>
            <ul class="details"><li>Veröffentlicht: 04.03.2024, 10:27</li><li>opublikowano:</li></ul>
            <p>\(paragraphs[0])</p><p>\(paragraphs[1])</p><p>\(paragraphs[2])</p>
            <ul><li>12.03.2024</li><li>The council votes on the repairs.</li></ul><p>\(paragraphs[3])</p></article>
            """)
        expectArticle(text)
        #expect(!text.contains("04.03.2024"))
        #expect(!text.contains("opublikowano"))
        #expect(text.contains("12.03.2024"), "a date in a list of the article's own stays")
    }

    @Test func keepsALastSectionUnderAnAppealsWordsThatTellsOfOthers() throws {
        // The heading opens with an appeal's words, but what follows tells of the council's service.
        let section = [
            "The council sends a text message to every registered household when the river passes the warning mark.",
            "More than four thousand residents registered last winter, and the service will stay free of charge.",
        ]
        let text = try articleText(followedBy: """
            <h3>Sign up for the council's flood alerts</h3><p>\(section[0])</p><p>\(section[1])</p>
            """)
        expectArticle(text)
        #expect(text.contains("Sign up for the council's flood alerts"))
        for paragraph in section { #expect(text.contains(paragraph)) }
    }

    @Test func leavesOutATeaserOfOtherArticlesUnderItsHeadingAfterTheArticle() throws {
        let text = try articleText(followedBy: """
            <section class="more"><h2>Related stories</h2><p>How did the valley cope with the last flood? Read the stories of our readers.</p>
            <a class="button" href="/floods">More flood stories</a></section>
            """)
        expectArticle(text)
        for line in ["Related stories", "stories of our readers", "More flood stories"] { #expect(!text.contains(line)) }
    }

    @Test func leavesOutListsOfOtherArticlesUnderTheirTitleButKeepsTheTitleBeforeProse() throws {
        let inline = """
            <p>See also<br><a href="/2023/11/dam">The dam that held when the November storm came down the valley</a><br>
            <a href="/2023/06/drought">A summer without rain in the valley and its farms</a><br>
            <a href="/2022/02/storm">When the storm took the roofs off the lower town</a><br>
            <a href="/2021/09/bridge">Why the old bridge has stood for three hundred years</a></p>
            """
        let listed = """
            <h3>Mehr zum Thema</h3><ul><li><a href="/2021/07/hochwasser">Das Hochwasser vor drei Jahren</a></li>
            <li><a href="/2020/01/deich">Der neue Deich am Stadtrand</a></li></ul>
            """
        let prose = """
            The museum's exhibition on the flood of 1910 shows photographs of the old bridge under water, and \
            <a href="/museum">its catalogue</a> is free.
            """
        let text = try articleText(inserting: inline + listed, afterParagraph: 1, followedBy: "<h3>See also</h3><p>\(prose)</p>")
        expectArticle(text)
        for line in ["The dam that held", "Why the old bridge", "Mehr zum Thema", "Das Hochwasser vor drei Jahren"] {
            #expect(!text.contains(line))
        }
        #expect(text.components(separatedBy: "See also").count == 2, "the title before prose stays, the other goes")
        #expect(text.contains("The museum's exhibition on the flood of 1910"))
    }

    @Test(arguments: ["Von Anna Berg", "By: Tom Ruiz", "Par Jeanne Roux"])
    func leavesOutABylineAfterTheArticle(byline: String) throws {
        try expectLeftOutAfterTheArticle(byline)
    }

    @Test func keepsALastSentenceThatOpensLikeAByline() throws {
        let sentence = "Von Montag an gilt die neue Regel."
        let text = try articleText(followedBy: "<p>\(sentence)</p>")
        expectArticle(text)
        #expect(text.contains(sentence))
    }

    @Test func leavesOutANewsletterBoxWithoutItsHeadingButKeepsAFactBoxAboutAlerts() throws {
        let box = """
            <div class="box"><div class="box-body"><p>Get every flood warning in your inbox: subscribe to the Gazette's free morning \
            newsletter.</p><p>It takes a minute, and you can leave whenever you like.</p></div></div>
            """
        let facts = """
            <div class="box"><p>Residents can subscribe to the council's flood alerts by text message.</p>
            <p>The alerts are free and stop when the river falls below the warning mark.</p></div>
            """
        let text = try articleText(inserting: box + facts, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        for appeal in ["Get every flood warning", "leave whenever you like"] { #expect(!text.contains(appeal)) }
        for fact in ["Residents can subscribe", "The alerts are free"] { #expect(text.contains(fact)) }
    }

    @Test func leavesOutAnAdvertisingLabelOnItsOwnIndentedLineButKeepsASentenceAboutAdvertising() throws {
        let label = """
            <div class="ad-unit">
                <div class="ad-label">
                    Advertisement
                </div>
                <div class="ad-slot"></div>
            </div>
            """
        let sentence = "<p>Advertisement\nrevenue of the local paper fell by a third during the floods, its publisher said.</p>"
        let text = try articleText(inserting: label + sentence, afterParagraph: 1, followedBy: "<div>\n  ANZEIGE\n</div>")
        expectArticle(text)
        #expect(text.components(separatedBy: "Advertisement").count == 2, "only the sentence's word stays")
        #expect(!text.contains("ANZEIGE"))
        #expect(text.contains("revenue of the local paper fell by a third"))
    }

    @Test func leavesOutTheLegalLinksAfterTheArticleOneALine() throws {
        let footer = """
            <p>© 2024 Riverside Media Ltd. All rights reserved.</p><p><a href="/terms">Terms of Use</a></p>
            <p><a href="/privacy">Privacy Policy</a></p><p><a href="/contact">Contact us</a></p>
            """
        let text = try articleText(followedBy: footer)
        expectArticle(text)
        for link in ["All rights reserved", "Terms of Use", "Privacy Policy", "Contact us"] { #expect(!text.contains(link)) }
        let last = "<p>Residents who register for the alerts accept the council's terms of use and its privacy policy.</p><p>Privacy</p>"
        let kept = try articleText(followedBy: last)
        #expect(kept.contains("accept the council's terms of use and its privacy policy."), "a sentence naming the pages stays")
    }

    @Test func leavesOutAPicturesCreditUnderAPictureLabelButKeepsADescriptionAfterTheLabel() throws {
        let credits = """
            <img src="/img/square.jpg" alt=""><p>Photo: Anna Berg</p><img src="/img/weir.jpg" alt=""><p>(Foto: dpa)</p>
            <img src="/img/walls.jpg" alt=""><p>Photo : Tom Ruiz / Reuters</p>
            """
        let described = "<p>Photo: the old bridge on Tuesday morning, seen from the ring road above the lower town.</p>"
        let text = try articleText(inserting: credits + described, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        for credit in ["Anna Berg", "dpa", "Tom Ruiz"] { #expect(!text.contains(credit)) }
        #expect(text.contains("the old bridge on Tuesday morning, seen from the ring road"), "a line that describes the picture stays")
    }

    @Test func leavesOutTheAuthorsRoleAndBothTimesAtTheTopButKeepsASubheadingWithTheWords() throws {
        let top = """
            <p><a href="/authors/anna-berg">Anna Berg</a></p><p>Environment reporter</p><p>Riverside Gazette Staff</p>
            <p>Posted: Mar 5, 2024 / 10:23 AM GMT / Updated: Mar 5, 2024 / 11:40 AM GMT</p>
            """
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(top)\(paragraphs.map { "<p>\($0)</p>" }.joined())</article>")
        expectArticle(text)
        for furniture in ["Environment reporter", "Gazette Staff", "Posted:"] { #expect(!text.contains(furniture)) }
        let subheadings = """
            <p>A letter to the editor</p><p>Updated figures from the gauge at the old bridge show the river still rising by 2 cm an hour</p>
            """
        let kept = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(subheadings)\(paragraphs.map { "<p>\($0)</p>" }.joined())</article>")
        #expect(kept.contains("A letter to the editor"))
        #expect(kept.contains("Updated figures from the gauge"))
    }

    @Test func leavesOutPopUpCardsThatNameTheLinkedPersonInOneOfTheirPartsOrStandAsABlock() throws {
        let surnameCard = """
            <p>The closure was announced by <a href="/people/maria-lopez">Lopez</a><span class="hover"><img src="/people/maria.jpg" alt="">\
            <span>Chief engineer</span><span>MARIA LOPEZ has led the city's bridge programme since 2019.</span></span>, who said the \
            piers had been under water for two days.</p>
            """
        let blockCard = """
            <p>The repairs will be paid by <a href="/companies/stonebridge">Stonebridge Works</a><div class="entity-card">\
            <div>Stonebridge Works</div><div>Stonebridge Works builds and repairs bridges in the north of the country.</div></div>\
            , the contractor that built the ring road.</p>
            """
        let text = try articleText(inserting: surnameCard + blockCard, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains("The closure was announced by Lopez, who said the piers had been under water for two days."))
        #expect(!text.contains("bridge programme since 2019"))
        #expect(!text.contains("builds and repairs bridges"))
        #expect(text.contains("the contractor that built the ring road."))
        let sentence = """
            <p>The plan came from <a href="/people/maria-lopez">Lopez</a><span>, and Lopez's deputy <em>said</em> it would be \
            <strong>ready</strong> in May.</span></p>
            """
        let kept = try articleText(inserting: sentence, afterParagraph: 1, followedBy: "")
        #expect(kept.contains("and Lopez's deputy said it would be ready in May."), "text that goes on after a link is no card")
    }

    @Test func leavesOutASlidesRepeatedCaptionSetAsAParagraphAfterItsPictureButKeepsRepeatsOutsideAGallery() throws {
        let caption = "Residents carry their belongings through the flooded market square."
        let slides = (1...4).map { "<div class=\"slide\"><img src=\"/img/square\($0).jpg\" alt=\"\"><p>\($0) of 4</p><p>\(caption)</p></div>" }.joined()
        let text = try articleText(inserting: "<div class=\"carousel\">\(slides)</div>", afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.components(separatedBy: caption).count == 2, "the caption once")
        #expect(!text.contains("1 of 4"))
        let refrain = "Keep the sandbags dry, keep the cellar door shut, and keep the radio on through the night."
        let pictures = (1...3).map { "<div><img src=\"/img/step\($0).jpg\" alt=\"\"></div><p>\(refrain)</p>" }.joined()
        let kept = try articleText(inserting: pictures, afterParagraph: 1, followedBy: "")
        #expect(kept.components(separatedBy: refrain).count == 4, "a line the article repeats after its pictures stays")
    }

    @Test func takesAnAgencysInitialsForACreditOnlyAsAWordOfTheirOwn() throws {
        let pictures = """
            <div><img src="/img/team.jpg" alt=""></div><p>Volunteers repair the pumps</p>
            <div><img src="/img/weir.jpg" alt=""></div><p>EPA/Anna Berg</p>
            """
        let text = try articleText(inserting: pictures, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        #expect(text.contains("Volunteers repair the pumps"), "\"repair\" holds the letters of an agency, not its name")
        #expect(!text.contains("EPA/Anna Berg"))
    }

    @Test func leavesOutTheArticlesToolsAndALinkToAGalleryBySizeButKeepsSentencesWithTheWords() throws {
        let tools = "<p>Gift this article</p><p>Text size</p><p>Follow</p><p>Listen to this story</p><p><a href=\"/gallery/floods\">View 12 photos</a></p><p>(8 Bilder)</p>"
        let sentences = "<p>Follow the signs to the shelter in the school.</p><p>Volunteers took 12 photos of every flooded cellar.</p>"
        let text = try articleText(inserting: tools + sentences, afterParagraph: 0, followedBy: "")
        expectArticle(text)
        for tool in ["Gift this article", "Text size", "Listen to this story", "View 12 photos", "8 Bilder"] { #expect(!text.contains(tool)) }
        #expect(text.contains("Follow the signs to the shelter in the school."))
        #expect(text.contains("Volunteers took 12 photos of every flooded cellar."))
    }

    @Test func leavesOutABylinesWordAloneTheSourceAndTheCommentCountAtTheTop() throws {
        let top = "<p>By</p><p><a href=\"/authors/anna-berg\">Anna Berg</a></p><p>Source: Reuters</p><p>12 Comments</p>"
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(top)\(paragraphs.map { "<p>\($0)</p>" }.joined())</article>")
        expectArticle(text)
        for furniture in ["Reuters", "12 Comments"] { #expect(!text.contains(furniture)) }
        #expect(!text.contains("By\n"))
        let subheading = "<p>Source of the trouble: the old weir</p>"
        let kept = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(subheading)\(paragraphs.map { "<p>\($0)</p>" }.joined())</article>")
        #expect(kept.contains("Source of the trouble: the old weir"))
    }

    @Test func leavesOutOtherPostsThatOutweighTheShortPostTheyFollowUnderATitle() throws {
        let post = """
            <div class="quote-single"><blockquote><p>In the middle of every difficulty lies opportunity, and the people who keep \
            looking for it are the ones who find their way out.</p></blockquote><p>— Albert Einstein</p></div>
            """
        let others = (1...5).map { number in
            "<div class=\"quote\"><blockquote><p>Quote number \(number) says the storm will pass if you keep walking through it.</p></blockquote>" +
                "<p><a href=\"/quotes/\(200 + number)\">Permalink</a></p></div>"
        }.joined()
        let text = try text(of: "<div class=\"content\">\(post)<h3>More quotes</h3>\(others)</div>", url: "https://quotes.example/quotes/100")
        #expect(text.contains("In the middle of every difficulty lies opportunity"))
        #expect(!text.contains("Quote number"))
        #expect(!text.contains("More quotes"))
        // More text than the paragraphs before them, so only the title could tell them apart.
        let helpers = (1...5).map { number in
            "<div class=\"helper\"><p>Shelter \(number) takes in families from the lower town and has beds for forty people, " +
                "hot meals twice a day, a room for children and a nurse on duty through the night, and the council's buses stop " +
                "at its door every half hour from the station, the market square and the ring road.</p>" +
                "<p><a href=\"/shelters/\(number)\">Opening hours</a></p></div>"
        }.joined()
        let article = try self.text(of: "<article><h1>Valley floods close the old bridge</h1>\(paragraphs.map { "<p>\($0)</p>" }.joined())<h3>Where to get help</h3>\(helpers)</article>")
        expectArticle(article)
        for number in 1...5 { #expect(article.contains("Shelter \(number) takes in families"), "an article's own boxes after its paragraphs stay") }
    }

    @Test func leavesOutANewslettersPitchAfterTheArticleThatPromisesTheReadersInbox() throws {
        let pitch = "<p>Get the valley's news delivered to your inbox every morning.</p><p>We rely on readers like you. Please consider supporting us.</p>"
        let text = try articleText(followedBy: pitch)
        expectArticle(text)
        #expect(!text.contains("delivered to your inbox"))
        #expect(!text.contains("readers like you"))
        let last = "<p>\u{201C}The warnings come straight to your inbox within minutes of a gauge passing the mark,\u{201D} the " +
            "officers who send them said on Tuesday, adding that more than four thousand households in the lower town had registered for " +
            "the service since the water first rose over the banks.</p>"
        let kept = try articleText(followedBy: last)
        #expect(kept.contains("more than four thousand households"), "the article's last paragraph about e-mail warnings stays")
    }

    @Test func leavesOutABylineSplitOverTwoLinesAfterTheArticleButKeepsALastLineOfNames() throws {
        let split = try articleText(followedBy: "<p><b>Von:</b></p><p>Götz Warnke</p>")
        expectArticle(split)
        #expect(!split.contains("Von:"))
        #expect(!split.contains("Götz Warnke"))
        let linked = try articleText(followedBy: "<p>Written by</p><p><a href=\"/authors/anna-berg\">Anna Berg</a></p>")
        #expect(!linked.contains("Written by"))
        let names = try articleText(followedBy: "<p>Thanks to the volunteers:</p><p>Anna Berg and Tom Ruiz</p>")
        #expect(names.contains("Anna Berg and Tom Ruiz"), "names after a line that is no byline's word stay")
    }

    @Test func leavesOutAGallerysStepButtonsWhereItCountsItsSlidesButKeepsAnArticlesOwnSteps() throws {
        let slides = (1...3).map { "<div class=\"slide\"><img src=\"/img/weir\($0).jpg\" alt=\"\"><span>\($0) / 3</span></div>" }.joined()
        let gallery = "<div class=\"gallery\">\(slides)<span>Previous</span><span>Next</span><p>Launch slideshow</p></div>"
        let text = try articleText(inserting: gallery, afterParagraph: 1, followedBy: "")
        expectArticle(text)
        for control in ["Previous", "Next", "Launch slideshow", "1 / 3"] { #expect(!text.contains(control)) }
        let steps = "<p>Fill the sack halfway and tie it.</p><p>Next</p><p>Lay the sacks like bricks, each row over the gaps below.</p>"
        let kept = try articleText(inserting: steps, afterParagraph: 1, followedBy: "")
        #expect(kept.contains("Next"), "without counted slides a bare Next is the article's")
    }

    @Test func leavesOutCountsOfSharesAndViewsButKeepsASentenceWithACount() throws {
        let counts = "<p>1,234 shares</p><p>5.2K views</p><p>Aufrufe: 1120</p>"
        let sentence = "<p>The video of the bridge had 40,000 views by noon, the council said.</p>"
        let text = try articleText(inserting: counts + sentence, afterParagraph: 0, followedBy: "")
        expectArticle(text)
        for count in ["1,234 shares", "5.2K views", "Aufrufe"] { #expect(!text.contains(count)) }
        #expect(text.contains("The video of the bridge had 40,000 views by noon, the council said."))
    }

    @Test func leavesOutTheSitesStreetAddressAfterItsCopyrightAtTheEndButKeepsAnAddressInTheLastLines() throws {
        let text = try articleText(followedBy: "<p>© 2024 Riverside Media Ltd. All rights reserved.</p><p>Riverside Media, 4 River Road, Portmouth PM1 4QT</p>")
        expectArticle(text)
        #expect(!text.contains("All rights reserved"))
        #expect(!text.contains("4 River Road"))
        let kept = try articleText(followedBy: "<p>The shelter is open day and night at:</p><p>St Mary's Hall, 12 Church Lane, Portmouth</p>")
        #expect(kept.contains("12 Church Lane"), "an address the article gives stays")
    }

    @Test func leavesOutAnAgencysNameAloneAfterTheArticleButKeepsAShortNameInLowerCase() throws {
        let text = try articleText(followedBy: "<p>AFP</p>")
        expectArticle(text)
        #expect(!text.contains("AFP"))
        let kept = try articleText(followedBy: "<p>Ani</p>")
        #expect(kept.contains("Ani"), "a short name that is not in capitals may be a person's")
    }

    @Test func leavesOutTheAuthorsNameAndOutletInCapitalsAtTheTopButKeepsATitleLineWithAComma() throws {
        let body = paragraphs.map { "<p>\($0)</p>" }.joined()
        let text = try self.text(of: "<article><h1>Valley floods close the old bridge</h1><p>Anna Berg, USA TODAY</p>\(body)</article>")
        expectArticle(text)
        #expect(!text.contains("USA TODAY"))
        let kept = try self.text(of: "<article><h1>Valley floods close the old bridge</h1><p>Valley Floods, Part II</p>\(body)</article>")
        #expect(kept.contains("Valley Floods, Part II"))
    }

    @Test func leavesOutTheDesksNumberTheSitesSoftwareAndItsAppLinksAfterTheArticleButKeepsADateUnderALabel() throws {
        let footer = """
            <p>Newsroom: (217) 555-0100</p><p>Powered by WordPress | Theme by Gazette Themes</p><p>Download our app</p>
            <p>App Store</p><p>Google Play</p>
            """
        let text = try articleText(followedBy: footer)
        expectArticle(text)
        for furniture in ["Newsroom", "WordPress", "Download our app", "App Store", "Google Play"] { #expect(!text.contains(furniture)) }
        #expect(ArticleContentCleaner.isLabeledNumberLine(Array("redaktion: 0221 / 123 45 67".utf8)))
        #expect(!ArticleContentCleaner.isLabeledNumberLine(Array("inspection: 03/05/2025".utf8)), "a date under a label is no phone number")
        #expect(!ArticleContentCleaner.isLabeledNumberLine(Array("stand: 05.03.2025 10:23".utf8)))
    }
}
