import Testing
@testable import FeedParsing

/// A JSON Feed cut short keeps the items that arrived whole, and says it was broken.
@Suite struct TruncatedJSONTests {
    static let whole = #"{"version": "https://jsonfeed.org/version/1.1", "title": "Cut", "items": [{"id": "1", "content_text": "First [item] {whole}"}, {"id": "2", "content_text": "Second \"quoted\""}, {"id": "3", "content_text": "Third"}]}"#

    @Test func keepsTheItemsThatArrivedWhole() throws {
        // Cut inside the third item's text, with a line break where the string stops.
        let cutAt = try #require(Self.whole.range(of: "Thi")).upperBound
        let truncated = String(Self.whole[..<cutAt]) + "\n"
        let document = try FeedParser.parseDocument(Array(truncated.utf8))
        #expect(document.version == "json11")
        #expect(document.feed.string("title") == "Cut")
        #expect(document.entries.map { $0.string("id") } == ["1", "2"])
        #expect(document.problems.first?.kind == FeedProblem.cutShortKind, "the feed says it was cut short")
    }

    @Test func cutsOnlyAfterWholeValuesInArrays() {
        // Brackets and quotes inside strings do not count; the open containers are closed in order.
        let bytes = Array(#"{"a": [{"b": "x]}"}, ["y", "z"#.utf8)
        let repaired = TruncatedJSON.wholePart(of: bytes, failingAt: bytes.count)
        #expect(repaired.map { String(decoding: $0, as: UTF8.self) } == #"{"a": [{"b": "x]}"}, ["y"]]}"#)
        #expect(TruncatedJSON.wholePart(of: Array(#"{"title": "nothing whole"#.utf8), failingAt: 20) == nil)
    }

    @Test func anInvalidDocumentWithNothingWholeStaysAnError() throws {
        let document = try FeedParser.parseDocument(Array(#"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "#.utf8))
        #expect(document.version.isEmpty)
        #expect(document.entries.isEmpty)
        #expect(document.problems.first?.kind == FeedProblem.cutShortKind)
    }
}
