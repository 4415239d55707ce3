import Foundation
import Testing
@testable import ArticleExtraction

/// A small news page written for these tests: navigation, a share bar, the article,
/// related links, comments and a cookie banner around it.
private func newsPage(articleExtras: String = "", head: String = "") -> String {
    let paragraph = """
        The council voted on Tuesday to extend the harbour promenade, a plan that has divided residents, \
        shop owners and the port authority for more than a decade, and that will now go to a public consultation.
        """
    return """
        <!doctype html><html lang="en-GB"><head><meta charset="utf-8">
        <title>Harbour promenade to be extended | The Coastal Gazette</title>
        <meta property="og:site_name" content="The Coastal Gazette">
        <meta property="og:image" content="/images/promenade.jpg">
        <meta name="description" content="The council approves the harbour plan.">
        \(head)
        </head><body>
        <header class="site-header"><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
        <div class="cookie-banner">We use cookies. <button>Accept</button></div>
        <main><article>
        <h1>Harbour promenade to be extended</h1>
        <div class="share-buttons"><a href="https://twitter.com/share">Share on Twitter</a> <a href="https://facebook.com/share">Share on Facebook</a></div>
        <p class="byline">By <a rel="author" href="/people/ann">Ann Writer</a></p>
        <div class="article-body">
        <p>\(paragraph)</p>
        <p>Supporters say the <a href="/plans/promenade.pdf">new plan</a> will bring visitors back to the old town, \
        while critics point to the cost, estimated at four million pounds, and to the loss of parking spaces.</p>
        <figure><img src="images/pier.jpg" alt="The pier"><figcaption>The pier at dawn.</figcaption></figure>
        <h2>What happens next</h2>
        <p>The consultation opens in May and runs for twelve weeks, after which the council will publish \
        a final design, a budget and a timetable for the works, which could start as early as next spring.</p>
        <blockquote><p>We have listened to everyone, and this plan is better for it, said the council leader.</p></blockquote>
        <ul><li>Length: 1.2 kilometres</li><li>Cost: four million pounds</li><li>Start: next spring, if approved</li></ul>
        \(articleExtras)
        </div></article></main>
        <aside class="related"><h3>Related stories</h3><ul><li><a href="/a">Ferry timetable changes</a></li><li><a href="/b">New lifeboat station</a></li></ul></aside>
        <section id="comments"><h3>42 comments</h3><p>Great news for the town, finally something is happening here!</p></section>
        <footer class="site-footer"><p>Copyright 2026 The Coastal Gazette. All rights reserved.</p></footer>
        </body></html>
        """
}

struct ArticleExtractorTests {
    private let extractor = ArticleExtractor()
    private let url = "https://gazette.example/news/2026/harbour.html"

    private func extract(_ html: String) throws -> ExtractedArticle {
        try extractor.extract(html: Array(html.utf8), url: url, contentType: "text/html; charset=utf-8")
    }

    @Test func keepsTheArticleAndDropsBoilerplate() throws {
        let article = try extract(newsPage())
        #expect(article.text.contains("The council voted on Tuesday"))
        #expect(article.text.contains("What happens next"))
        #expect(article.text.contains("We have listened to everyone"))
        #expect(article.text.contains("Cost: four million pounds"))
        // The caption of an article's one illustration is left out with the credits (the
        // image stays, with its alt text): see `ContentHeuristicsTests` for the rule.
        #expect(!article.text.contains("The pier at dawn."))
        #expect(article.html.contains("pier.jpg"))
        for boilerplate in ["Home", "We use cookies", "Share on Twitter", "Ferry timetable", "42 comments", "Copyright 2026"] {
            #expect(!article.text.contains(boilerplate), "\(boilerplate) should not be in the article")
        }
        #expect(article.text.split(separator: "\n").contains("What happens next"))
    }

    @Test func withoutHTMLGivesTheSameArticleAndNoHTML() throws {
        var textOnly = extractor
        textOnly.producesHTML = false
        let bytes = Array(newsPage().utf8)
        let full = try extractor.extract(html: bytes, url: url, contentType: nil)
        let light = try textOnly.extract(html: bytes, url: url, contentType: nil)
        #expect(!full.html.isEmpty)
        #expect(light.html.isEmpty)
        #expect(light.text == full.text)
        #expect(light.title == full.title)
        #expect(light.excerpt == full.excerpt)
        #expect(light.leadImageURL == full.leadImageURL)
        #expect(light.problems == full.problems)
    }

    @Test func readsTheMetadata() throws {
        let article = try extract(newsPage(head: """
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",
            "headline":"Harbour promenade to be extended","datePublished":"2026-03-04T23:30:00-05:00",
            "author":[{"@type":"Person","name":"Ann Writer"},{"@type":"Person","name":"Bo Reporter"}]}</script>
            """))
        #expect(article.title == "Harbour promenade to be extended")
        #expect(article.byline == "Ann Writer, Bo Reporter")
        #expect(article.publishedAsWritten == "2026-03-04T23:30:00-05:00")
        #expect(article.published == Date(timeIntervalSince1970: 1_772_685_000))
        #expect(article.siteName == "The Coastal Gazette")
        #expect(article.language == "en-GB")
        #expect(article.excerpt == "The council approves the harbour plan.")
        #expect(article.leadImageURL == "https://gazette.example/images/promenade.jpg")
    }

    @Test func cleansTheDocumentTitleAndFindsTheBylineInTheText() throws {
        let article = try extract(newsPage())
        #expect(article.title == "Harbour promenade to be extended")
        #expect(article.byline == "Ann Writer", "the byline gives the names alone")
    }

    @Test func takesNoAuthorsCardForTheBylineButLeavesItOutOfTheText() throws {
        let card = "<div class=\"author-card\"><p><strong>Ann Writer</strong> is the Gazette's harbour correspondent and has covered the town since 2009.</p></div>"
        let html = newsPage(articleExtras: card)
            .replacingOccurrences(of: #"<p class="byline">By <a rel="author" href="/people/ann">Ann Writer</a></p>"#, with: "")
        let article = try extract(html)
        #expect(article.byline != "Ann Writer is the Gazette's harbour correspondent and has covered the town since 2009.")
        #expect(!article.text.contains("harbour correspondent"))
        #expect(ContentAttempt.readsAsBiography("Ann Writer is the Gazette's harbour correspondent."))
        #expect(!ContentAttempt.readsAsBiography("By Ann Writer and Bo Reporter, Staff Writers"))
    }

    @Test func makesEveryURLAbsolute() throws {
        let article = try extract(newsPage())
        #expect(article.html.contains(#"src="https://gazette.example/news/2026/images/pier.jpg""#))
        #expect(article.html.contains(#"href="https://gazette.example/plans/promenade.pdf""#))
    }

    @Test func noScriptEventHandlerOrJavaScriptURLSurvives() throws {
        let hostile = """
            <script>alert(1)</script><p onclick="alert(2)" style="color:red">Click <a href="javascript:alert(3)">here</a>
            or <a href=" JaVaScRiPt:alert(4)">there</a> or <a href="vbscript:msgbox(5)">anywhere</a>.</p>
            <img src="x.png" onerror="alert(6)"><img src="data:text/html,<script>alert(7)</script>">
            <iframe src="https://evil.example/frame"></iframe><object data="x.swf"></object>
            <svg><script>alert(8)</script></svg><form action="https://evil.example"><input name=q></form>
            <style>body{background:url(javascript:alert(9))}</style><noscript><p>Enable JS</p></noscript>
            <a href="data:text/html;base64,PHNjcmlwdD4=">data link</a><div><math><mi xlink:href="javascript:alert(10)">x</mi></math></div>
            """
        let article = try extract(newsPage(articleExtras: hostile))
        let lowered = article.html.lowercased()
        for forbidden in ["<script", "alert(", "javascript:", "vbscript:", "onclick", "onerror", "<iframe", "<object",
                          "<style", "style=", "<form", "<input", "data:text", "<svg", "<math"] {
            #expect(!lowered.contains(forbidden), "\(forbidden) survived")
        }
        #expect(article.text.contains("The council voted on Tuesday"))
    }

    @Test func refusesAPageOverTheSizeCap() {
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 50 * 1_048_576)
        #expect(throws: ArticleExtractionError.self) {
            try extractor.extract(html: huge, url: nil, contentType: nil)
        }
        let small = ArticleExtractor(maximumPageBytes: 1_000)
        #expect(throws: ArticleExtractionError.pageTooLarge(bytes: 1_001, limit: 1_000)) {
            try small.extract(html: [UInt8](repeating: 0x20, count: 1_001), url: nil, contentType: nil)
        }
    }

    @Test func survivesDeepNesting() throws {
        let depth = 100_000
        let html = "<p>" + String(repeating: "<div>", count: depth) + "Deep text that is the whole article."
            + String(repeating: "</div>", count: depth)
        let article = try extract(html)
        #expect(article.text.contains("Deep text"))
    }

    @Test func readsLegacyEncodingsAndSaysWhenTheDeclarationLies() throws {
        // "café" in windows-1252, declared as such.
        let latin = Array("<meta charset=windows-1252><p>Un caf".utf8) + [0xE9] + Array(" au coin de la rue, avec des croissants et du pain frais tous les matins.</p>".utf8)
        let article = try extractor.extract(html: latin, url: nil, contentType: nil)
        #expect(article.text.contains("café"))
        // UTF-8 bytes declared as ISO-8859-1: read as UTF-8 and reported.
        let lying = Array("<meta charset=iso-8859-1><p>Straße und Brücke, über die jeden Morgen viele Menschen gehen.</p>".utf8)
        let second = try extractor.extract(html: lying, url: nil, contentType: nil)
        #expect(second.text.contains("Straße und Brücke"))
        #expect(second.problems.contains { $0.contains("iso-8859-1") })
        // KOI8-R: "Привет" (hello), converted through iconv.
        let cyrillic = Array("<meta charset=koi8-r><p>".utf8) + [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
            + Array(", this paragraph is long enough to be the article body of this small test page.</p>".utf8)
        let third = try extractor.extract(html: cyrillic, url: nil, contentType: nil)
        #expect(third.text.contains("Привет"))
    }

    @Test func restoresLazyImages() throws {
        let page = newsPage(articleExtras: #"<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/lazy.jpg" alt="lazy"></p>"#)
        let article = try extract(page)
        #expect(article.html.contains("https://gazette.example/img/lazy.jpg"))
    }

    @Test func neverCrashesOnArbitraryBytes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/!-='\"&;# pdivaspanbr\n".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<100 {
            let bytes = (0..<Int.random(in: 0..<2_000, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            _ = try? extractor.extract(html: bytes, url: "https://example.org/", contentType: nil)
        }
    }
}

struct ArticleCleaningTests {
    private let extractor = ArticleExtractor()

    private func article(_ body: String, head: String = "") throws -> ExtractedArticle {
        let html = "<html><head><title>A long enough headline for the page</title>\(head)</head><body>\(body)</body></html>"
        return try extractor.extract(html: Array(html.utf8), url: "https://news.example/story", contentType: nil)
    }

    private let prose = """
        <p>Rivers in the north rose to record levels overnight, and the authorities opened three emergency shelters \
        for families who had to leave their homes, while volunteers filled sandbags along the old town walls.</p>
        <p>Forecasters expect the rain to ease by Thursday, but warned that the ground is saturated, so even a short \
        storm could send the water over the banks again before the weekend, especially in the lower valleys.</p>
        """

    @Test func dropsReadMoreLinesAndPhotoCredits() throws {
        let result = try article("""
            <article>\(prose)
            <p>Read more: <a href="/other-story">Last year's floods cost the region millions</a></p>
            <figure><img src="/flood.jpg"><figcaption>Foto: Getty Images</figcaption></figure>
            \(prose)</article>
            """)
        #expect(result.text.contains("Rivers in the north"))
        #expect(!result.text.contains("Read more"))
        #expect(!result.text.contains("Getty"))
    }

    @Test func dropsHeadingsLeftWithoutTheirSection() throws {
        let result = try article("""
            <article>\(prose)<h3>Related stories</h3><ul class="related"><li><a href="/a">One</a></li><li><a href="/b">Two</a></li></ul></article>
            """)
        #expect(!result.text.contains("Related stories"))
        #expect(result.text.contains("Forecasters expect"))
    }

    @Test func keepsASentenceSetAsTheLastHeading() throws {
        let quote = "The water came faster than anyone in the valley had ever seen."
        let result = try article("""
            <article>\(prose)<h4>\(quote)</h4><h3>More from the valley</h3></article>
            """)
        #expect(result.text.contains(quote))
        #expect(!result.text.contains("More from the valley"))
    }

    @Test func takesTheArticleBodyFromJSONLDWhenTheMarkupIsEmpty() throws {
        let result = try article("<div id=app>Loading…</div>", head: """
            <script type="application/ld+json">{"@type":"NewsArticle","headline":"Floods",
            "articleBody":"Rivers in the north rose to record levels overnight.\\nForecasters expect the rain to ease by Thursday, but the ground is saturated."}</script>
            """)
        #expect(result.text == "Rivers in the north rose to record levels overnight.\nForecasters expect the rain to ease by Thursday, but the ground is saturated.")
        #expect(!result.problems.isEmpty)
    }

    @Test func removesHiddenNodes() throws {
        let result = try article("""
            <article>\(prose)<p class="sr-only">Skip to the next story</p><p style="display: none">Hidden promo text</p>\
            <p hidden>Also hidden</p></article>
            """)
        #expect(!result.text.contains("Skip to the next"))
        #expect(!result.text.contains("Hidden promo"))
        #expect(!result.text.contains("Also hidden"))
    }
}

struct ArticleExtractorHostileInputTests {
    /// Shapes that made naive cleaning quadratic: nested tables, nested lists, thousands of
    /// nested inline elements, empty headings.
    enum Shape: String, CaseIterable, Sendable {
        case nestedTables, nestedLists, nestedInlines, emptyHeadings

        func html(_ count: Int) -> String {
            switch self {
            case .nestedTables: String(repeating: "<table>", count: count) + String(repeating: "<tr><td>cell, cell", count: count)
            case .nestedLists: "<ul>" + String(repeating: "<li><ul>", count: count) + "<li>text, text, text"
            case .nestedInlines: "<p>" + String(repeating: "<b><i>", count: count) + "x"
            case .emptyHeadings: String(repeating: "<h2></h2>", count: count) + "<p>" + String(repeating: "Words in a sentence. ", count: 50) + "</p>"
            }
        }

        /// Large enough that fixed costs (finding the content, metadata) do not dominate,
        /// small enough for a debug build: nested shapes are costly per element.
        var smallCount: Int {
            switch self {
            case .nestedTables, .nestedLists: 150
            case .nestedInlines: 500
            case .emptyHeadings: 1_000
            }
        }
    }

    /// Four times the input may cost about four times the work, not sixteen (the bound, 12,
    /// leaves room for cache effects and still fails a quadratic pass). Each extraction is
    /// timed by its thread's CPU time, so other work on a busy machine is not counted; the
    /// fastest of three runs is what the code costs.
    @Test(arguments: Shape.allCases)
    func growsLinearlyOnPathologicalShapes(_ shape: Shape) throws {
        func threadCPUSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        func fastestOfThree(_ count: Int) -> Double {
            let bytes = Array(shape.html(count).utf8)
            return (0..<3).map { _ in
                let start = threadCPUSeconds()
                _ = try? ArticleExtractor().extract(html: bytes, url: nil, contentType: nil)
                return threadCPUSeconds() - start
            }.min() ?? 0
        }
        let small = fastestOfThree(shape.smallCount)
        let large = fastestOfThree(shape.smallCount * 4)
        #expect(large < max(small, 0.002) * 12, "\(shape): \(small) s for \(shape.smallCount), \(large) s for four times as many")
    }
}
