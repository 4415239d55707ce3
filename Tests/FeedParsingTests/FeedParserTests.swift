import Foundation
import Testing
@testable import FeedParsing
import Markup

@Suite("Feed formats")
struct FeedFormatTests {
    @Test func readsRSS20() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel><title>Example News</title><link>https://news.example/</link><description>All the news</description>
        <language>en-us</language><lastBuildDate>Sat, 07 Sep 2002 00:00:01 GMT</lastBuildDate>
        <item><title>First story</title><link>https://news.example/1</link><guid>story-1</guid>
        <dc:creator>Jane Reporter</dc:creator><category>World</category><category>Politics</category>
        <pubDate>Thu, 01 Jan 2004 19:48:21 GMT</pubDate>
        <description>Short &lt;b&gt;summary&lt;/b&gt;</description>
        <content:encoded><![CDATA[<p>Full <em>text</em></p>]]></content:encoded>
        <enclosure url="https://news.example/a.mp3" length="1234" type="audio/mpeg"/></item>
        </channel></rss>
        """
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.format == .rss20)
        #expect(feed.title == "Example News")
        #expect(feed.link == "https://news.example/")
        #expect(feed.subtitle == "All the news")
        #expect(feed.language == "en-us")
        #expect(feed.problems.isEmpty)
        let item = try #require(feed.items.first)
        #expect(item.id == "story-1")
        #expect(item.title == "First story")
        #expect(item.link == "https://news.example/1")
        #expect(item.author == "Jane Reporter")
        #expect(item.categories == ["World", "Politics"])
        #expect(item.summary == "Short <b>summary</b>")
        #expect(item.content == "<p>Full <em>text</em></p>")
        #expect(item.published == Date(timeIntervalSince1970: 1_072_986_501))
        #expect(item.enclosures == [ParsedEnclosure(url: "https://news.example/a.mp3", type: "audio/mpeg", length: 1234)])
    }

    @Test func readsAtom10WithXHTMLContent() throws {
        let xml = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
          <title type="text">Atom Example</title>
          <link rel="alternate" type="text/html" href="http://example.org/"/>
          <updated>2003-12-13T18:30:02Z</updated>
          <entry>
            <title>Atom entry</title><id>urn:uuid:1225c695</id>
            <link href="http://example.org/2003/12/13/atom03"/>
            <author><name>John Doe</name><email>john@example.org</email></author>
            <updated>2003-12-13T18:30:02Z</updated>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hello <b>world</b></p></div></content>
          </entry>
        </feed>
        """
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(document.version == "atom10")
        #expect(!document.bozo)
        #expect(document.feed.string("language") == "en")
        let entry = try #require(document.entries.first)
        #expect(entry.string("author") == "John Doe (john@example.org)")
        let content = try #require(entry["content"]?.listValue?.first?.dictionaryValue)
        #expect(content.string("value") == "<p>Hello <b>world</b></p>")
        #expect(content.string("type") == "application/xhtml+xml")
        let feed = ParsedFeed(document)
        #expect(feed.format == .atom10)
        #expect(feed.items.first?.link == "http://example.org/2003/12/13/atom03")
        #expect(feed.items.first?.updated == Date(timeIntervalSince1970: 1_071_340_202))
    }

    @Test func readsRSS10() throws {
        let xml = """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
          <channel rdf:about="http://example.org/"><title>RDF site</title><link>http://example.org/</link></channel>
          <item rdf:about="http://example.org/one"><title>One</title><link>http://example.org/one</link></item>
        </rdf:RDF>
        """
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(document.version == "rss10")
        #expect(document.entries.first?.string("id") == "http://example.org/one")
    }

    @Test func readsJSONFeed11() throws {
        let json = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "JSON site", "home_page_url": "https://json.example/",
         "feed_url": "https://json.example/feed.json",
         "items": [{"id": "1", "url": "https://json.example/1", "title": "Hello",
                    "content_html": "<p onclick=\\"x()\\">Hi</p><script>bad()</script>",
                    "date_published": "2020-01-02T03:04:05Z", "tags": ["a"],
                    "authors": [{"name": "Ann"}],
                    "attachments": [{"url": "https://json.example/a.png", "mime_type": "image/png"}]}]}
        """
        let feed = try FeedParser.parse(Array(json.utf8))
        #expect(feed.format == .jsonFeed11)
        #expect(feed.title == "JSON site")
        let item = try #require(feed.items.first)
        #expect(item.content == "<p>Hi</p>")
        #expect(item.author == "Ann")
        #expect(item.categories == ["a"])
        #expect(item.imageURL == "https://json.example/a.png")
        #expect(item.published == Date(timeIntervalSince1970: 1_577_934_245))
    }

    @Test func detectsRSSVersions() throws {
        for (declared, expected) in [("0.91", "rss091u"), ("0.92", "rss092"), ("2.0", "rss20"), ("", "rss")] {
            let version = declared.isEmpty ? "" : " version=\"\(declared)\""
            let document = try FeedParser.parseDocument(Array("<rss\(version)><channel><title>t</title></channel></rss>".utf8))
            #expect(document.version == expected)
        }
    }

    @Test func throwsOnlyForThingsThatAreNoFeed() {
        #expect(throws: FeedParsingError.self) { try FeedParser.parse(Array("<html><body>Hello</body></html>".utf8)) }
        #expect(throws: FeedParsingError.self) { try FeedParser.parse(Array("just text".utf8)) }
        #expect(throws: FeedParsingError.self) { try FeedParser.parse([]) }
    }
}

@Suite("Encodings")
struct FeedEncodingTests {
    @Test func convertsDeclaredWindows1252() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss version=\"2.0\"><channel><title>caf".utf8)
        bytes += [0xE9, 0x20, 0x93, 0x71, 0x94]
        bytes += Array("</title></channel></rss>".utf8)
        let feed = try FeedParser.parse(bytes)
        #expect(feed.title == "café “q”")
        #expect(feed.encoding == "windows-1252")
        #expect(feed.problems.isEmpty)
    }

    @Test func readsUTF16WithByteOrderMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"utf-16\"?><rss version=\"2.0\"><channel><title>Grüße</title></channel></rss>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = try FeedParser.parseDocument(bytes)
        #expect(document.encoding == "utf-16le")
        #expect(document.feed.string("title") == "Grüße")
        #expect(!document.bozo)
    }

    @Test func reportsAWrongDeclaredEncoding() throws {
        // Declared UTF-8, but the bytes are ISO-8859-1.
        var bytes = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>".utf8)
        bytes += [0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E]
        bytes += Array("</title></channel></rss>".utf8)
        let document = try FeedParser.parseDocument(bytes)
        #expect(document.bozo)
        #expect(document.problems.first?.kind == "CharacterEncodingOverride")
        #expect(document.feed.string("title") == "München")
    }

    @Test func httpCharsetWinsForXMLMediaTypes() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><rss><channel><title>x</title></channel></rss>".utf8)
        let document = try FeedParser.parseDocument(bytes, httpHeaders: ["Content-Type": "application/xml; charset=us-ascii"])
        #expect(document.encoding == "us-ascii")
        let textXML = try FeedParser.parseDocument(bytes, httpHeaders: ["content-type": "text/xml"])
        #expect(textXML.encoding == "us-ascii")
    }

    @Test func convertsLegacyCJKEncodings() throws {
        // "中文" in GB2312 (read as GB18030, its superset).
        var bytes = Array("<?xml version=\"1.0\" encoding=\"gb2312\"?><rss version=\"2.0\"><channel><title>".utf8)
        bytes += [0xD6, 0xD0, 0xCE, 0xC4]
        bytes += Array("</title></channel></rss>".utf8)
        let document = try FeedParser.parseDocument(bytes)
        #expect(document.encoding == "gb18030")
        #expect(document.feed.string("title") == "中文")
    }
}

@Suite("Recovery and entities")
struct FeedRecoveryTests {
    @Test func illFormedFeedStillYieldsEntries() throws {
        let xml = """
        <rss version="2.0"><channel><title>Broken & proud</title>
        <item><title>One</title><link>http://a.example/1</link></item>
        <item><title>Two<title><link>http://a.example/2</link></item>
        </channel>
        """
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(document.bozo)
        let problem = try #require(document.problems.first)
        #expect(problem.line == 1)
        #expect(problem.column != nil)
        #expect(document.entries.count == 2)
        #expect(document.feed.string("title") == "Broken & proud")
    }

    @Test func decodesHTMLEntitiesAndNumericReferences() throws {
        let xml = "<rss><channel><title>caf&eacute; &#8220;q&#x201D; &amp;amp;</title></channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(document.feed.string("title") == "café “q” &amp;")
        // An HTML entity is not XML: the document is bozo but readable.
        #expect(document.bozo)
    }

    @Test func keepsDoublyEscapedMarkupAsText() throws {
        let xml = "<rss version=\"2.0\"><channel><item><description>&amp;lt;b&amp;gt; is bold</description></item></channel></rss>"
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.items.first?.summary == "&lt;b&gt; is bold")
    }

    @Test func fixesQueryAmpersandsInLinks() throws {
        let xml = "<rss version=\"2.0\"><channel><item><link>http://x.example/?a=1&amp;b=2</link></item></channel></rss>"
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.items.first?.link == "http://x.example/?a=1&b=2")
    }
}

@Suite("Links and xml:base")
struct FeedLinkTests {
    @Test func resolvesXMLBaseAndDocumentURL() throws {
        let xml = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.org/blog/">
          <entry><id>e1</id><link href="posts/1"/>
            <content type="html" xml:base="/media/">&lt;img src="pic.png"&gt; &lt;a href="../about"&gt;about&lt;/a&gt;</content>
          </entry>
          <entry><id>e2</id><link href="/two"/></entry>
        </feed>
        """
        let feed = try FeedParser.parse(Array(xml.utf8), url: "http://ignored.example/feed")
        #expect(feed.items[0].link == "http://example.org/blog/posts/1")
        // The product's parse also gives the image without text an empty `alt` (hygiene).
        #expect(feed.items[0].content == "<img alt=\"\" src=\"http://example.org/media/pic.png\" /> <a href=\"http://example.org/about\">about</a>")
        #expect(feed.items[0].imageURL == "http://example.org/media/pic.png")
        #expect(feed.items[1].link == "http://example.org/two")
    }

    @Test func relativeLinksUseTheDocumentURL() throws {
        let xml = "<rss version=\"2.0\"><channel><link>/</link><item><link>item/3</link></item></channel></rss>"
        let feed = try FeedParser.parse(Array(xml.utf8), url: "https://site.example/feeds/main.xml")
        #expect(feed.link == "https://site.example/")
        #expect(feed.items.first?.link == "https://site.example/feeds/item/3")
    }
}

@Suite("Sanitizing")
struct FeedSanitizingTests {
    @Test func removesScriptsHandlersAndDangerousURLs() throws {
        let html = "<p onclick=\"steal()\">Hi <script>alert(1)</script><a href=\"javascript:alert(2)\">x</a>"
            + "<iframe src=\"http://evil.example/\"></iframe><object data=\"x\"></object><form><input></form>"
            + "<img src=\"vbscript:bad\"><b style=\"color: red; background: url(javascript:x)\">ok</b></p>"
        let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let xml = "<rss version=\"2.0\"><channel><item><description>\(escaped)</description></item></channel></rss>"
        let summary = try #require(try FeedParser.parse(Array(xml.utf8)).items.first?.summary)
        #expect(!summary.contains("script"))
        #expect(!summary.contains("onclick"))
        #expect(!summary.contains("javascript"))
        #expect(!summary.contains("vbscript"))
        #expect(!summary.contains("iframe"))
        #expect(!summary.contains("object"))
        #expect(summary.contains("<p>Hi "))
        #expect(summary.contains("<a href=\"\">x</a>"))
    }

    @Test func plainTextThatLooksLikeHTMLIsSanitized() throws {
        let xml = "<rss version=\"2.0\"><channel><item><title>A &lt;b&gt;bold&lt;/b&gt; title</title></item></channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(document.entries.first?["title_detail"]?.dictionaryValue?.string("type") == "text/html")
        #expect(ParsedFeed(document).items.first?.title == "A bold title")
    }
}

@Suite("Identity and images")
struct FeedIdentityTests {
    @Test func identityFallsBackToLinkThenHash() throws {
        let xml = """
        <rss version="2.0"><channel>
        <item><guid isPermaLink="false">abc</guid><title>a</title></item>
        <item><link>HTTP://Example.COM:80/Path#frag</link><title>b</title></item>
        <item><title>c</title><pubDate>Thu, 01 Jan 2004 19:48:21 GMT</pubDate></item>
        </channel></rss>
        """
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.items[0].id == "abc")
        #expect(feed.items[1].id == "http://example.com/Path")
        #expect(feed.items[2].id.hasPrefix("urn:broadsheet:entry:"))
        let again = try FeedParser.parse(Array(xml.utf8))
        #expect(again.items[2].id == feed.items[2].id)
    }

    @Test func picksTheBestImage() throws {
        let xml = """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
        <channel>
        <item><title>t</title><media:content url="http://i.example/big.jpg" medium="image"/><media:thumbnail url="http://i.example/thumb.jpg"/></item>
        <item><title>e</title><enclosure url="http://i.example/e.png" type="image/png" length="1"/></item>
        <item><title>c</title><description>&lt;p&gt;&lt;img src="http://i.example/c.gif"&gt;&lt;/p&gt;</description></item>
        </channel></rss>
        """
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.items[0].imageURL == "http://i.example/thumb.jpg")
        #expect(feed.items[1].imageURL == "http://i.example/e.png")
        #expect(feed.items[2].imageURL == "http://i.example/c.gif")
    }
}

@Suite("Hostile input")
struct FeedHostileInputTests {
    @Test func neverExpandsEntityBombs() throws {
        var xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"aaaaaaaaaa\">"
        var previous = "a"
        for level in 1...9 {
            let name = "e\(level)"
            xml += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
            previous = name
        }
        xml += "]><rss><channel><title>&\(previous);</title></channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        let title = document.feed.string("title") ?? ""
        #expect(title.utf8.count < 100)
    }

    /// The issue's 80 kB feed: one flat 20,000-character entity used 20,000 times would
    /// expand to 400 MB; it is refused within its budget instead.
    @Test func refusesAFlatEntityExpandedPastItsBudget() throws {
        let value = String(repeating: "x", count: 20_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY big \"\(value)\">]><rss><channel><title>t</title><item><description>"
            + String(repeating: "&big;", count: 20_000) + "</description></item></channel></rss>"
        let bytes = Array(xml.utf8)
        #expect(bytes.count < 130_000)
        let limit = EntityExpansionBudget.limit(forInputSize: bytes.count)
        #expect(limit < 1_000_000)
        #expect(throws: FeedParsingError.entityExpansionTooLarge(limit: limit)) { try FeedParser.parseDocument(bytes) }
        #expect(throws: FeedParsingError.entityExpansionTooLarge(limit: limit)) { try FeedParser.parse(bytes) }
        #expect(FeedParsingError.entityExpansionTooLarge(limit: limit).description.contains("refuses"))
    }

    /// The budget is shared by every kind of text: attributes expand from it too.
    @Test func countsExpansionsInAttributesToo() throws {
        let value = String(repeating: "y", count: 5_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY big \"\(value)\">]><rss><channel><title>t</title>"
            + String(repeating: "<item><link href=\"&big;&big;&big;&big;\"/></item>", count: 2_000) + "</channel></rss>"
        #expect(throws: FeedParsingError.self) { try FeedParser.parseDocument(Array(xml.utf8)) }
    }

    @Test func keepsDeclaredEntitiesFeedsReallyUse() throws {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY nbsp \"&#160;\"><!ENTITY site \"Harbour Lights\">]><rss><channel><title>&site;</title>"
            + String(repeating: "<item><title>A&nbsp;story from &site;</title></item>", count: 2_000) + "</channel></rss>"
        let feed = try FeedParser.parse(Array(xml.utf8))
        #expect(feed.title == "Harbour Lights")
        #expect(feed.items.count == 2_000)
        #expect(feed.items.first?.title?.hasSuffix("story from Harbour Lights") == true)
    }

    @Test func neverLoadsExternalEntities() throws {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]><rss><channel><title>&secret;</title></channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(!(document.feed.string("title") ?? "").contains("root:"))
    }

    @Test func refusesBodiesOverTheSizeCap() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 2_000)
        #expect(throws: FeedParsingError.tooLarge(size: 2_000, limit: 1_000)) {
            try FeedParser.parse(bytes, maximumSize: 1_000)
        }
    }

    @Test func survivesDeepNesting() throws {
        let depth = 100_000
        let xml = "<rss><channel><title>deep</title>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth) + "</channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(document.bozo)
        #expect(document.feed.string("title") == "deep")
    }

    /// Four times the input may cost about four times the work, not sixteen (the bound, 12,
    /// leaves room for cache effects and still fails a quadratic pass). Each parse is timed by
    /// its thread's CPU time, not the wall clock, so other work on a busy machine is not
    /// counted; the fastest of three runs is what the code costs. The small and large runs
    /// alternate, so whatever remains of the load falls on both sizes alike.
    @Test(arguments: ["</a ", "<a b='", "&amp", "<!--", "<![CDATA[", "<category>x</category>", "&lt;!-- -- x&gt;"])
    func staysLinearOnPathologicalRepetition(_ pattern: String) throws {
        func document(_ count: Int) -> [UInt8] {
            let body = String(repeating: pattern, count: count)
            return Array("<rss><channel><item><description>\(body)</description></item></channel></rss>".utf8)
        }
        func threadCPUSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        func seconds(_ bytes: [UInt8]) -> Double {
            let start = threadCPUSeconds()
            _ = try? FeedParser.parseDocument(bytes)
            return threadCPUSeconds() - start
        }
        let smallDocument = document(5_000)
        let largeDocument = document(20_000)
        var small = Double.infinity
        var large = Double.infinity
        for _ in 0..<3 {
            small = min(small, seconds(smallDocument))
            large = min(large, seconds(largeDocument))
        }
        #expect(large < max(small, 0.002) * 12, "\(pattern): \(small) s for 5,000, \(large) s for 20,000")
    }

    @Test func survivesRandomAndTruncatedBytes() {
        var generator = SystemRandomNumberGenerator()
        let sample = Array("<rss version=\"2.0\"><channel><title>T</title><item><title>I &amp; <b>x</b></title><link>http://e/</link></item></channel></rss>".utf8)
        for length in 0..<sample.count {
            _ = try? FeedParser.parseDocument(Array(sample[..<length]))
        }
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<512, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? FeedParser.parseDocument(bytes)
            _ = try? FeedParser.parseDocument([UInt8(ascii: "<")] + bytes)
        }
    }
}
