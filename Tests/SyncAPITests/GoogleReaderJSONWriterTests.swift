import Foundation
import Testing
@testable import GoogleReaderAPI

/// The fast writer must say exactly what `JSONEncoder` says for the same values.
@Suite struct GoogleReaderJSONWriterTests {
    static func parsed(_ data: Data) -> Any? { try? JSONSerialization.jsonObject(with: data) }

    @Test func itWritesWhatJSONEncoderWritesForAwkwardText() throws {
        let awkward = "Quotes \" and \\ backslashes, a tab\t, a bell \u{7}, a line\nbreak, é, 中文, 🚀, </script>, slashes / //"
        let item = GoogleReaderItem(
            id: "tag:google.com,2005:reader/item/000000000000002a", crawlTimeMsec: "1772400000123", timestampUsec: "1772400000123456",
            published: 1_772_400_000, updated: -5, title: awkward,
            canonical: [.init(href: "https://site.example/a?b=1&c=\"2\"", type: nil)],
            alternate: [.init(href: "https://site.example/a", type: "text/html")],
            summary: .init(direction: "ltr", content: "<p>" + awkward + "</p>"), author: nil,
            categories: ["user/-/state/com.google/reading-list", "user/-/label/" + awkward],
            origin: .init(streamId: "feed/https://site.example/feed", title: awkward, htmlUrl: "")
        )
        var withAuthor = item
        withAuthor.author = awkward
        withAuthor.canonical = []
        for contents in [
            GoogleReaderStreamContents(direction: "ltr", id: "feed/x", title: awkward, updated: 3, items: [item, withAuthor], continuation: "1772400000000000.42"),
            GoogleReaderStreamContents(direction: "ltr", id: "user/-/state/com.google/reading-list", title: "", updated: 0, items: [], continuation: nil),
        ] {
            var writer = GoogleReaderJSONWriter(capacity: 0)
            writer.write(contents)
            let written = try #require(Self.parsed(Data(writer.bytes)), "\(String(decoding: writer.bytes, as: UTF8.self))")
            let encoded = try #require(Self.parsed(try JSONEncoder().encode(contents)))
            #expect(NSDictionary(dictionary: ["v": written]).isEqual(to: ["v": encoded]))
        }
        let references = GoogleReaderItemReferences(itemRefs: [.init(id: "42", directStreamIds: [], timestampUsec: "1"), .init(id: "-7", directStreamIds: [], timestampUsec: "2")], continuation: nil)
        var writer = GoogleReaderJSONWriter(capacity: 0)
        writer.write(references)
        let written = try #require(Self.parsed(Data(writer.bytes)))
        let encoded = try #require(Self.parsed(try JSONEncoder().encode(references)))
        #expect(NSDictionary(dictionary: ["v": written]).isEqual(to: ["v": encoded]))
    }
}
