import Testing
@testable import FeedParsing

/// Where feed readers (feedparser is the reference) read content in a way of their own:
/// comments kept, the fallback of frames read as markup, declaration-like text, a sloppy
/// XML declaration, encoding names written loosely, a byte-order mark nothing else names.
@Suite("Feed reader fidelity")
struct FeedReaderFidelityTests {
    /// An RSS item whose description holds `html` (escaped, as feeds carry HTML).
    private func description(of html: String) throws -> String? {
        let document = try FeedParser.parseDocument(Array(feed(describing: html).utf8))
        #expect(!document.bozo)
        return document.entries.first?.string("summary")
    }

    /// An RSS feed of one item whose description holds `html`, escaped.
    private func feed(describing html: String) -> String {
        var escaped = ""
        for character in html {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return "<rss version=\"2.0\"><channel><title>t</title><item><title>x</title><guid>1</guid><description>\(escaped)</description></item></channel></rss>"
    }

    @Test func keepsCommentsInContent() throws {
        #expect(try description(of: "Before<!-- a note --> after") == "Before<!-- a note --> after")
        #expect(try description(of: "<p>x</p><!-- <script>alert(1)</script> -->") == "<p>x</p><!-- <script>alert(1)</script> -->")
        // A comment a browser would end early is dropped, not kept.
        #expect(try description(of: "a<!--><b>x</b>-->b") == "ab")
    }

    /// feedparser counts script start and end tags over markup; people reading get the browser's
    /// reading, where broken embed code hides no text (`HTMLSanitizer.DroppedContentReading`).
    @Test func readsScriptsAsFeedparserForItsResultAndAsABrowserForReaders() throws {
        let html = "<p>Lead</p></script><p>Body</p><script>code()</script><p>End</p>"
        #expect(try description(of: html) == "<p>Lead</p><p></p>code()<p></p>")
        let parsed = try FeedParser.parse(Array(feed(describing: html).utf8))
        #expect(parsed.items.first?.summary == "<p>Lead</p><p>Body</p><p>End</p>")
    }

    @Test func readsTheFallbackOfAFrameAsMarkup() throws {
        #expect(try description(of: "safe<iframe src=\"http://example.com/\"> description</iframe>") == "safe description")
        #expect(try description(of: "<iframe src=\"http://x.example/\">fallback <b>text</b></iframe> after") == "fallback <b>text</b> after")
        #expect(try description(of: "a<noembed>no <i>embed</i></noembed>b<xmp><em>x</em></xmp>") == "ano <i>embed</i>b<em>x</em>")
    }

    @Test func readsAtomContentWithAFrame() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id>
            <content type="html">&lt;p&gt;safe&lt;iframe src="http://example.com/"&gt;&lt;p&gt;no frames&lt;/p&gt;&lt;/iframe&gt; description&lt;/p&gt;</content>
            </entry></feed>
            """
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        let content = try #require(document.entries.first?["content"]?.listValue?.first?.dictionaryValue)
        #expect(content.string("value") == "<p>safe<p>no frames</p> description</p>")
    }

    @Test(arguments: [
        // Well-formed declarations go.
        ("<!DOCTYPE html> hi", "hi"),
        ("x <!doctype html><p>y</p>", "x <p>y</p>"),
        ("<!DOCTYPE html PUBLIC '-//W3C//DTD' 'http://x.example/'><p>a</p>", "<p>a</p>"),
        ("a <!DOCTYPE x [ ]> b", "a  b"),
        // A character the declaration grammar does not allow: text from the `<` on.
        ("<!DOCTYPE html 5> x", "&lt;!DOCTYPE html 5&gt; x"),
        ("<!DOCTYPE <p>x</p>", "&lt;!DOCTYPE <p>x</p>"),
        // Content that ends inside the declaration: all the rest is text.
        ("<!DOCTYPE foo \"bar <b>x</b>", "&lt;!DOCTYPE foo \"bar &lt;b&gt;x&lt;/b&gt;"),
        ("<!DOCTYPE", "&lt;!DOCTYPE"),
        // Other `<!`: text. Marked sections (Office's conditionals) go, their content stays.
        ("<! foo> x", "&lt;! foo&gt; x"),
        ("a<![if !IE]>b<![endif]>c", "abc"),
    ])
    func readsDeclarationLikeTextAsFeedReadersDo(html: String, expected: String) throws {
        #expect(try description(of: html) == expected)
    }

    @Test(arguments: [
        "<?xml version=\"1.0\" encoding=\"utf-8\"? >", "<?xml version=\"1.0\" encoding=\"utf-8\">",
        "<?xml version=\"1.0\" encoding=\"utf-8\"/>", "<?xml version=\"1.0\" encoding=\"utf-8\"?\u{0B}>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"??>",
    ])
    func readsAnXMLDeclarationWithAStrayCharacter(declaration: String) throws {
        let xml = declaration + "\n<rss version=\"2.0\"><channel><title>Tést</title><item><title>café</title></item></channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(!document.bozo)
        #expect(document.version == "rss20")
        #expect(document.feed.string("title") == "Tést")
        #expect(document.entries.count == 1)
    }

    @Test(arguments: ["UTF 8", "utf-8 ", " utf-8", "utf-8;", "utf--8", "utf_8", "utf-8\u{01}"])
    func readsEncodingNamesWrittenLoosely(name: String) throws {
        let xml = "<?xml version=\"1.0\" encoding=\"\(name)\"?><rss version=\"2.0\"><channel><title>Tést ✓</title></channel></rss>"
        let document = try FeedParser.parseDocument(Array(xml.utf8))
        #expect(!document.bozo)
        #expect(document.encoding == name.lowercased())
        #expect(document.feed.string("title") == "Tést ✓")
    }

    @Test func readsLooselyWrittenLegacyEncodingNames() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO 8859 1\"?><rss version=\"2.0\"><channel><title>M".utf8)
        bytes += [0xFC] + Array("nchen</title></channel></rss>".utf8)
        let document = try FeedParser.parseDocument(bytes)
        #expect(!document.bozo)
        #expect(document.feed.string("title") == "München")
    }

    @Test func readsUTF16ThatOnlyAByteOrderMarkNames() throws {
        // No declared encoding: the mark decides, and, as feed readers say, it overrode the
        // default (UTF-8), which ASCII text in UTF-16 would also pass as.
        let text = "<rss version=\"2.0\"><channel><title>Grüße</title></channel></rss>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = try FeedParser.parseDocument(bytes)
        #expect(document.encoding == "utf-16le")
        #expect(document.feed.string("title") == "Grüße")
        #expect(document.problems.first?.kind == "CharacterEncodingOverride")
    }

    @Test func keepsHTMLElementsInsideSVG() throws {
        let summary = try description(of: "<svg><desc><abbr>foo</abbr></desc></svg>")
        #expect(summary == "<svg xmlns=\"http://www.w3.org/2000/svg\"><desc><abbr>foo</abbr></desc></svg>")
    }
}
