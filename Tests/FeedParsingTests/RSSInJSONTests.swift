import Foundation
@testable import FeedParsing
import Testing

/// RSS written as JSON (the rss.js format) is read as the RSS it stands for.
@Suite struct RSSInJSONTests {
    static let feed = """
        {"rss": {"version": "2.0", "xmlns:source": "http://source.example/ns",
          "channel": {
            "title": "Harbour & Notes", "link": "https://notes.example/", "description": "Short posts & links",
            "language": "en-gb", "lastBuildDate": "Tue, 03 Mar 2026 10:00:00 GMT",
            "cloud": {"domain": "rpc.example", "port": 80, "path": "/rpc", "registerProcedure": "", "protocol": "http-post"},
            "item": [
              {"title": "Tide tables", "link": "https://notes.example/tides", "description": "<p>High water at <b>noon</b>.</p><script>x()</script>",
               "pubDate": "Tue, 03 Mar 2026 09:00:00 GMT", "guid": {"isPermaLink": "false", "#value": "tide-1"},
               "category": [{"domain": "https://notes.example/tags", "#value": "sea"}, "weather"],
               "enclosure": {"url": "https://notes.example/tides.mp3", "type": "audio/mpeg", "length": 277413},
               "source:outline": {"text": "High water", "type": "outline"},
               "media:thumbnail": {"url": "https://notes.example/tide.jpg"},
               "bad key": "left out", "empty": null},
              {"link": "https://notes.example/2", "description": "A post without a title.", "guid": "https://notes.example/2",
               "pubDate": "Mon, 02 Mar 2026 08:00:00 GMT"}
            ]}}}
        """

    @Test func readsChannelItemsAndTheirAttributes() throws {
        let feed = try FeedParser.parse(Array(Self.feed.utf8))
        #expect(feed.format == .rss20)
        #expect(feed.title == "Harbour & Notes")
        #expect(feed.link == "https://notes.example/")
        #expect(feed.subtitle == "Short posts & links")
        #expect(feed.language == "en-gb")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.id == "tide-1")
        #expect(first.title == "Tide tables")
        #expect(first.summary == "<p>High water at <b>noon</b>.</p>", "sanitized as any RSS description")
        #expect(first.published == Date(timeIntervalSince1970: 1_772_528_400))
        #expect(first.categories == ["sea", "weather"])
        #expect(first.enclosures.map(\.url) == ["https://notes.example/tides.mp3"])
        #expect(first.enclosures.first?.length == 277_413)
        #expect(first.imageURL == "https://notes.example/tide.jpg", "a namespaced element of plain values is attributes")
        #expect(feed.items[1].title == nil)
        #expect(feed.items[1].summary == "A post without a title.")
        #expect(feed.items[1].link == "https://notes.example/2")
    }

    @Test func otherJSONIsNotTakenForRSS() throws {
        #expect(RSSInJSON.xml(from: Array(#"{"rss": "2.0"}"#.utf8)) == nil)
        #expect(RSSInJSON.xml(from: Array(#"{"rss": {"version": "2.0"}}"#.utf8)) == nil, "no channel")
        #expect(RSSInJSON.xml(from: Array(#"{"version": "https://jsonfeed.org/version/1", "items": []}"#.utf8)) == nil)
        #expect(throws: FeedParsingError.self) { try FeedParser.parse(Array(#"{"title": "no version, no rss"}"#.utf8)) }
        // A JSON Feed is still read as one.
        let jsonFeed = try FeedParser.parse(Array(#"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": []}"#.utf8))
        #expect(jsonFeed.format == .jsonFeed11)
    }

    @Test func keysThatCannotBeXMLAreLeftOutAndTextIsEscaped() throws {
        let json = #"{"rss": {"channel": {"title": "A </title><evil/> & \"quoted\"", "1st": "x", "a:b:c": "y", "item": {"title": "One\u0001"}}}}"#
        let xml = String(decoding: try #require(RSSInJSON.xml(from: Array(json.utf8))), as: UTF8.self)
        #expect(xml.contains("<title>A &lt;/title&gt;&lt;evil/&gt; &amp; &quot;quoted&quot;</title>"))
        #expect(!xml.contains("1st") && !xml.contains("a:b:c"))
        #expect(xml.contains("<title>One</title>"), "control characters XML cannot carry are dropped")
        let feed = try FeedParser.parse(Array(json.utf8))
        // The text is an RSS title's text: markup in it is read as RSS readers read it there
        // (as HTML, then made plain), never as the document's own elements.
        #expect(feed.title == "A & \"quoted\"")
        #expect(feed.items.map(\.title) == ["One"])
    }
}
