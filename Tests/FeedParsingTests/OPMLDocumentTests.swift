import Testing
@testable import FeedParsing

struct OPMLDocumentTests {
    @Test func readsFeedsWithTheirFoldersAsCategories() throws {
        let opml = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <opml version="1.0"><head><title>Caf\u{E9} reading</title></head><body>
            <outline text="Technology">
              <outline text="Orbital" title="Orbital Weekly" type="rss" xmlUrl="https://orbital.example/feed.xml" htmlUrl="https://orbital.example/"/>
              <outline text="Nested"><outline text="Deep" xmlUrl="https://deep.example/rss"/></outline>
            </outline>
            <outline text="Lens &amp; Loupe" category="science" xmlUrl="https://lens.example/atom"/>
            <outline text="Folder without feeds"/>
            </body></opml>
            """
        let bytes = Array(opml.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let document = try OPMLDocument(parsing: bytes)
        #expect(document.title == "Café reading")
        #expect(document.outlines == [
            OPMLOutline(title: "Orbital Weekly", feedURL: "https://orbital.example/feed.xml", siteURL: "https://orbital.example/", category: "Technology", folder: "Technology"),
            OPMLOutline(title: "Deep", feedURL: "https://deep.example/rss", category: "Nested", folder: "Nested"),
            OPMLOutline(title: "Lens & Loupe", feedURL: "https://lens.example/atom", category: "science"),
        ])
    }

    @Test func writesWhatItReads() throws {
        let original = OPMLDocument(title: "Mine <3", outlines: [
            OPMLOutline(title: "A \"quoted\" & <odd> name", feedURL: "https://a.example/feed?x=1&y=2", siteURL: "https://a.example/", category: "general"),
            OPMLOutline(feedURL: "https://b.example/rss"),
        ])
        let reread = try OPMLDocument(parsing: Array(original.serialized().utf8))
        #expect(reread == original)
    }

    @Test func writesFoldersAsOutlinesAroundTheirFeeds() throws {
        let original = OPMLDocument(title: "Mine", outlines: [
            OPMLOutline(title: "One", feedURL: "https://one.example/feed", folder: "News & views"),
            OPMLOutline(title: "Loose", feedURL: "https://loose.example/feed"),
            OPMLOutline(title: "Two", feedURL: "https://two.example/feed", category: "technology", folder: "Tech"),
            OPMLOutline(title: "Three", feedURL: "https://three.example/feed", folder: "News & views"),
        ])
        let text = original.serialized(comment: "Left out -- one file")
        #expect(text.contains(#"<outline text="News &amp; views" title="News &amp; views">"#))
        #expect(text.contains("<!-- Left out - - one file -->"))
        let reread = try OPMLDocument(parsing: Array(text.utf8))
        #expect(reread.outlines.map(\.title) == ["Loose", "One", "Three", "Two"])
        #expect(reread.outlines.map(\.folder) == [nil, "News & views", "News & views", "Tech"])
        #expect(reread.outlines.map(\.category) == [nil, "News & views", "News & views", "technology"])
    }

    @Test func refusesWhatIsNotOPMLAndWhatIsTooLarge() {
        #expect(throws: OPMLDocument.ParsingError.notOPML(reason: "it has no <opml> element")) {
            try OPMLDocument(parsing: Array("<rss><channel/></rss>".utf8))
        }
        #expect(throws: OPMLDocument.ParsingError.self) {
            try OPMLDocument(parsing: [UInt8](repeating: 0x20, count: OPMLDocument.maximumSize + 1))
        }
    }

    @Test func keepsWhatCameBeforeABrokenEnd() throws {
        let document = try OPMLDocument(parsing: Array(#"<opml><body><outline text="One" xmlUrl="https://one.example/feed"/><outline text="Two" xmlUrl="https://tw"#.utf8))
        #expect(document.outlines.map(\.feedURL) == ["https://one.example/feed"])
    }
}
