import Testing
@testable import Markup

@Suite("HTMLSanitizer hygiene")
struct HTMLSanitizerHygieneTests {
    func tidy(_ html: String, base: String? = nil) -> String {
        HTMLSanitizer.sanitize(html, baseURL: base, hygiene: true)
    }

    /// The furniture a FeedBurner-era news feed put under every item, as written by such feeds.
    static let proxiedItem = """
        <p>The company set the terms of its offering. <img src="http://cdn.news.example/photo.jpg" width="620" height="413" alt="The headquarters"></p>
        <br />  <a rel="nofollow" href="http://feeds.wordpress.com/1.0/gocomments/news.wordpress.com/446154/"></a> \
        <a rel="nofollow" href="http://feeds.wordpress.com/1.0/gofacebook/news.wordpress.com/446154/"><img alt="" border="0" src="http://feeds.wordpress.com/1.0/facebook/news.wordpress.com/446154/" /></a>
        <p><a href="http://feedads.g.doubleclick.net/~at/qv0C7/0/da"><img src="http://feedads.g.doubleclick.net/~at/qv0C7/0/di" border="0" ismap="true"></img></a><br/>
        <a href="http://feedads.g.doubleclick.net/~at/qv0C7/1/da"><img src="http://feedads.g.doubleclick.net/~at/qv0C7/1/di" border="0" ismap="true"></img></a></p>\
        <div class="feedflare">
        <a href="http://feeds.feedburner.com/~ff/News?a=kTee:ARyd:2mJP"><img src="http://feeds.feedburner.com/~ff/News?d=2mJP" border="0"></img></a> \
        <a href="http://feeds.feedburner.com/~ff/News?a=kTee:ARyd:7Q72">Share this</a>
        </div><img src="http://feeds.feedburner.com/~r/News/~4/kTeeGj4FnwU" height="1" width="1"/>
        """

    @Test func clearsAProxiedFeedsFurnitureAndKeepsTheArticle() {
        let output = tidy(Self.proxiedItem)
        #expect(output.contains("The company set the terms of its offering."))
        #expect(output.contains("<img alt=\"The headquarters\" height=\"413\" src=\"http://cdn.news.example/photo.jpg\" width=\"620\" />"))
        for gone in ["doubleclick", "feedburner", "feeds.wordpress.com", "Share this", "<a "] {
            #expect(!output.contains(gone), "\(gone) is still in \(output)")
        }
        // Without hygiene (feedparser's result) every part of it stays.
        let reference = HTMLSanitizer.sanitize(Self.proxiedItem, baseURL: nil)
        #expect(reference.contains("feedads.g.doubleclick.net") && reference.contains("/~r/News/~4/"))
    }

    @Test func dropsTrackingPixelsBySizeVisibilityAndHost() {
        #expect(tidy("a<img src=\"http://x.example/p.gif\" width=\"1\" height=\"1\">b") == "ab")
        #expect(tidy("a<img src=\"http://x.example/p.gif\" width=\"0\">b") == "ab")
        #expect(tidy("a<img src=\"http://x.example/p.gif\" height=\"1px\" width=\"300\">b") == "ab")
        #expect(tidy("a<img src=\"http://x.example/p.gif\" hidden>b") == "ab")
        #expect(tidy("a<img src=\"http://x.example/p.gif\" style=\"DISPLAY : none\">b") == "ab")
        #expect(tidy("a<img src=\"https://pixel.wp.com/g.gif?blog=1\" alt=\"\">b") == "ab")
        #expect(tidy("a<img src=\"https://ssl-vg03.met.vgwort.de/na/abc\" width=\"1\">b") == "ab")
        #expect(tidy("a<img src=\"https://STATS.WordPress.com:443/b.gif\">b") == "ab")
        // Not tiny: a decimal, a percentage, a width alone of 10.
        #expect(tidy("<img src=\"http://x.example/p.png\" width=\"1.5em\" alt=\"x\">") == "<img alt=\"x\" src=\"http://x.example/p.png\" width=\"1.5em\" />")
        #expect(tidy("<img src=\"http://x.example/p.png\" width=\"10\" alt=\"x\">") == "<img alt=\"x\" src=\"http://x.example/p.png\" width=\"10\" />")
        // A host that only ends in a tracker's name is another host.
        #expect(tidy("<img src=\"http://notdoubleclick.net/p.png\" alt=\"x\">") == "<img alt=\"x\" src=\"http://notdoubleclick.net/p.png\" />")
    }

    @Test func dropsImagesWithNothingToShow() {
        #expect(tidy("a<img>b") == "ab")
        #expect(tidy("a<img src=\"  \">b") == "ab")
        #expect(tidy("a<img src=\"javascript:alert(1)\">b") == "ab")
    }

    @Test func givesImagesWithoutTextAnEmptyAlt() {
        #expect(tidy("<img src=\"http://x.example/p.png\">") == "<img alt=\"\" src=\"http://x.example/p.png\" />")
        #expect(tidy("<img src=\"http://x.example/p.png\" alt=\"A harbour\">") == "<img alt=\"A harbour\" src=\"http://x.example/p.png\" />")
        #expect(tidy("<img src=\"http://x.example/p.png\" title=\"A harbour\">") == "<img src=\"http://x.example/p.png\" title=\"A harbour\" />")
    }

    @Test func unwrapsLinksLeftWithoutAName() {
        #expect(tidy("a <a href=\"http://x.example/\"></a> b") == "a  b")
        #expect(tidy("a<a href=\"http://x.example/\"> &nbsp; </a>b") == "a \u{A0} b")
        // An image without text keeps its place; the link around it goes.
        #expect(tidy("<a href=\"http://x.example/big.jpg\"><img src=\"http://x.example/small.jpg\"></a>")
            == "<img alt=\"\" src=\"http://x.example/small.jpg\" />")
        // A link whose tracker image was dropped leaves nothing at all.
        #expect(tidy("x<a href=\"http://x.example/\"><img src=\"http://x.example/p.gif\" width=\"1\" height=\"1\"></a>y") == "xy")
        // Never closed.
        #expect(tidy("<p>x<a href=\"http://x.example/\"><span></span>") == "<p>x<span></span>")
        // A second link closes the first, which had no name.
        #expect(tidy("<a href=\"http://x.example/1\"><a href=\"http://x.example/2\">two</a>")
            == "<a href=\"http://x.example/2\">two</a>")
    }

    @Test func keepsLinksThatHaveAName() {
        #expect(tidy("<a href=\"http://x.example/\">text</a>") == "<a href=\"http://x.example/\">text</a>")
        #expect(tidy("<a href=\"http://x.example/\" title=\"Home\"></a>") == "<a href=\"http://x.example/\" title=\"Home\"></a>")
        #expect(tidy("<a href=\"http://x.example/\"><img src=\"http://x.example/p.png\" alt=\"Home\"></a>")
            == "<a href=\"http://x.example/\"><img alt=\"Home\" src=\"http://x.example/p.png\" /></a>")
        #expect(tidy("<a href=\"http://x.example/\"><b>&amp;</b></a>") == "<a href=\"http://x.example/\"><b>&amp;</b></a>")
        // Anchors that are no links (no href) are targets, not controls: they stay.
        #expect(tidy("<a name=\"top\"></a>x") == "<a name=\"top\"></a>x")
    }

    @Test func dropsShareAndAdLinksWithTheirContent() {
        #expect(tidy("<p>Read on. <a href=\"https://twitter.com/intent/tweet?text=x\">Tweet <b>this</b></a> Next.</p>") == "<p>Read on.  Next.</p>")
        #expect(tidy("<a href=\"https://www.facebook.com/sharer/sharer.php?u=x\"><img src=\"http://x.example/fb.png\" alt=\"Facebook\"></a>after")
            == "after")
        #expect(tidy("x<a href=\"https://www.addtoany.com/add_to/facebook\"/>y") == "xy")
        // An unclosed widget ends with the element around it (which is then empty, and goes too).
        #expect(tidy("<p><a href=\"https://www.reddit.com/submit?url=x\">Share <i>it</i></p><p>Next</p>") == "<p>Next</p>")
        // Links to ordinary pages of the same services stay.
        #expect(tidy("<a href=\"https://twitter.com/someone/status/1\">a tweet</a>") == "<a href=\"https://twitter.com/someone/status/1\">a tweet</a>")
        #expect(tidy("<a href=\"https://twitter.com/shareholders\">an account</a>") == "<a href=\"https://twitter.com/shareholders\">an account</a>")
        #expect(tidy("<a href=\"http://feeds.feedburner.com/~r/News/~3/abc/\">the article</a>")
            == "<a href=\"http://feeds.feedburner.com/~r/News/~3/abc/\">the article</a>")
    }

    @Test func dropsParagraphsLeftEmpty() {
        // What the ads of a proxied feed leave behind.
        #expect(tidy("<p>a</p><p><a href=\"http://feedads.g.doubleclick.net/~at/1/da\"><img src=\"http://feedads.g.doubleclick.net/~at/1/di\"></a><br/>\n<a href=\"http://feedads.g.doubleclick.net/~at/2/da\">ad</a></p><p>b</p>")
            == "<p>a</p><p>b</p>")
        #expect(tidy("<p> &nbsp; <span> </span></p>x") == "x")
        #expect(tidy("<p><a href=\"http://x.example/\"></a></p>x") == "x")
        // Anything that shows keeps it.
        #expect(tidy("<p><b>x</b></p>") == "<p><b>x</b></p>")
        #expect(tidy("<p><img alt=\"\" src=\"http://x.example/p.png\" /></p>") == "<p><img alt=\"\" src=\"http://x.example/p.png\" /></p>")
        #expect(tidy("<p><svg><circle r=\"1\"/></svg></p>").hasPrefix("<p><svg"))
        #expect(tidy("<p><hr></p>") == "<p><hr /></p>")
        // A link opened inside an empty paragraph and still open keeps the paragraph.
        #expect(tidy("<p><a href=\"http://x.example/\"></p>text</a>") == "<p><a href=\"http://x.example/\"></p>text</a>")
        // A paragraph inside a link that is unwrapped is still found where it moved to.
        #expect(tidy("<a href=\"http://x.example/\"><p> </a> </p>z") == "z")
    }

    @Test func numbersHeadingsBelowThePagesTitleWithoutGaps() {
        #expect(tidy("<h3>A</h3><p>x</p><h5>B</h5><h1>C</h1><h4>D</h4>") == "<h2>A</h2><p>x</p><h3>B</h3><h2>C</h2><h3>D</h3>")
        // A heading's end follows its start, whichever end tag closed it.
        #expect(tidy("<h3>A</h4>") == "<h2>A</h2>")
        // An empty heading goes, and the next one is numbered as if it never was.
        #expect(tidy("<h2></h2><h4>Next</h4>") == "<h2>Next</h2>")
        #expect(tidy("<h2><img alt=\"\" src=\"http://x.example/logo.png\"></h2>") == "<h2><img alt=\"\" src=\"http://x.example/logo.png\" /></h2>")
        // Off, headings stay as written.
        #expect(HTMLSanitizer.sanitize("<h3>A</h3>", baseURL: nil) == "<h3>A</h3>")
    }

    @Test func takesOutLinksABrowserWouldLeaveEmpty() {
        // A link in a paragraph around a heading: a browser ends the paragraph, and the link
        // with it, before the heading, leaving an empty link behind.
        let output = tidy("<p>known as a Merkle tree.\n<a class=\"anchor\" href=\"#merkle_trees\"><h2 id=\"merkle_trees\">Merkle Trees</h2></a>\n\n<p>A Merkle tree is built")
        #expect(output == "<p>known as a Merkle tree.\n<h2 id=\"merkle_trees\">Merkle Trees</h2>\n\n<p>A Merkle tree is built")
        // Outside a paragraph the link holds the heading, and stays.
        #expect(tidy("<a href=\"http://x.example/\"><h2>Title</h2></a>") == "<a href=\"http://x.example/\"><h2>Title</h2></a>")
        // Named before the block starts: it stays too.
        #expect(tidy("<p><a href=\"http://x.example/\">Read <div>on</div></a>") == "<p><a href=\"http://x.example/\">Read <div>on</div></a>")
    }

    @Test func keepsListsToTheirItems() {
        #expect(tidy("<ul><br />\n<li>One<br />\n<li>Two</li><br><li>Three</li></ul>") == "<ul>\n<li>One<br />\n<li>Two</li><li>Three</li></ul>")
        #expect(tidy("<p>a<br>b</p>") == "<p>a<br />b</p>")
    }

    @Test func leavesColoursToTheReadersTheme() {
        #expect(tidy("<font color=\"blue\" face=\"Arial\">x</font>") == "<font face=\"Arial\">x</font>")
        #expect(tidy("<table bgcolor=\"#000\"><tr><td>x</td></tr></table>") == "<table><tr><td>x</td></tr></table>")
        #expect(tidy("<p style=\"color: #333; text-align: center; background-color: white\">x</p>") == "<p style=\"text-align: center;\">x</p>")
        #expect(tidy("<p style=\"COLOR: red\">x</p>") == "<p>x</p>")
        #expect(tidy("<p style=\"border-color: red; font-weight: bold\">x</p>") == "<p style=\"border-color: red; font-weight: bold;\">x</p>")
    }

    @Test func removesTrackingParametersFromLinks() {
        #expect(tidy("<a href=\"https://x.example/a?utm_source=feed&amp;id=7&amp;UTM_Medium=rss#part\">a</a>")
            == "<a href=\"https://x.example/a?id=7#part\">a</a>")
        #expect(tidy("<a href=\"https://x.example/a?utm_source=feed\">a</a>") == "<a href=\"https://x.example/a\">a</a>")
        #expect(tidy("<a href=\"https://x.example/a?fbclid=AbC&amp;mc_eid=9\">a</a>") == "<a href=\"https://x.example/a\">a</a>")
        #expect(tidy("<a href=\"https://x.example/a?utm=1&amp;q=utm_source\">a</a>") == "<a href=\"https://x.example/a?utm=1&amp;q=utm_source\">a</a>")
        #expect(tidy("<a href=\"https://x.example/#?utm_source=x\">a</a>") == "<a href=\"https://x.example/#?utm_source=x\">a</a>")
        // Images keep their addresses (they are the picture's name on its server).
        #expect(tidy("<img alt=\"x\" src=\"https://x.example/p.png?utm_source=x\">") == "<img alt=\"x\" src=\"https://x.example/p.png?utm_source=x\" />")
    }

    @Test func hygieneOffChangesNothing() {
        let html = "<a href=\"https://x.example/?utm_source=a\"></a><img src=\"http://x.example/p.gif\" width=\"1\" height=\"1\">"
        #expect(HTMLSanitizer.sanitize(html, baseURL: nil) == "<a href=\"https://x.example/?utm_source=a\"></a><img height=\"1\" src=\"http://x.example/p.gif\" width=\"1\" />")
    }
}

@Suite("Tracker list and tracking parameters")
struct TrackerListTests {
    @Test func matchesHostsWithTheirSubdomainsAndPaths() {
        #expect(TrackerList.rule(for: "http://feedads.g.doubleclick.net/~at/x", target: .images)?.host == "doubleclick.net")
        #expect(TrackerList.rule(for: "//user:pw@AD.DoubleClick.NET.:8080/x", target: .links)?.host == "doubleclick.net")
        #expect(TrackerList.rule(for: "https://feeds.feedburner.com/~r/x/~4/y", target: .images) != nil)
        #expect(TrackerList.rule(for: "https://feeds.feedburner.com/~r/x/~3/y/", target: .links) == nil)
        #expect(TrackerList.rule(for: "https://www.linkedin.com/shareArticle?url=x", target: .links) != nil)
        #expect(TrackerList.rule(for: "https://twitter.com:443/intent/tweet?text=x", target: .links) != nil)
        #expect(TrackerList.rule(for: "https://twitter.com./share", target: .links) != nil)
        #expect(TrackerList.rule(for: "https://doubleclick.net@news.example/ad.png", target: .images) == nil)
        #expect(TrackerList.rule(for: "https://www.linkedin.com/in/someone", target: .links) == nil)
        #expect(TrackerList.rule(for: "https://assoc-amazon.com/e/ir?t=x", target: .links) == nil)
        #expect(TrackerList.rule(for: "mailto:someone@doubleclick.net", target: .links) == nil)
        #expect(TrackerList.rule(for: "/relative/path", target: .images) == nil)
    }

    @Test func everyRuleSaysWhy() {
        for rule in TrackerList.rules {
            #expect(!rule.reason.isEmpty && rule.host == rule.host.lowercased(), "\(rule.host)")
        }
        for entry in TrackingParameters.names + TrackingParameters.prefixes {
            #expect(!entry.reason.isEmpty && entry.name == entry.name.lowercased(), "\(entry.name)")
        }
    }

    @Test func removesOnlyTrackingParameters() {
        #expect(TrackingParameters.removing(from: "https://x.example/a?b=1&utm_campaign=Feed%3A+x&c=2") == "https://x.example/a?b=1&c=2")
        #expect(TrackingParameters.removing(from: "https://x.example/a?gclid=1;utm_term=2") == "https://x.example/a")
        #expect(TrackingParameters.removing(from: "https://x.example/a?b=1") == "https://x.example/a?b=1")
        #expect(TrackingParameters.removing(from: "https://x.example/a") == "https://x.example/a")
        #expect(TrackingParameters.removing(from: "https://x.example/a?&&utm_source=x&&") == "https://x.example/a")
    }
}
