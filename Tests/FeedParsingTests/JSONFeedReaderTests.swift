import Testing
@testable import FeedParsing

@Suite("JSON Feed reader")
struct JSONFeedReaderTests {
    private static let header = #"{"version": "https://jsonfeed.org/version/1.1", "#

    private func document(_ json: String) throws -> FeedDocument {
        try FeedParser.parseDocument(Array(json.utf8))
    }

    private func firstEntry(_ json: String) throws -> FeedDictionary {
        try #require(try document(json).entries.first)
    }

    @Test func decodesEscapes() throws {
        let json = Self.header + #""title": "a\n\"b\"\/c\\d\u00e9\ud83d\ude00", "items": []}"#
        #expect(try document(json).feed.string("title") == "a\n\"b\"/c\\d\u{E9}\u{1F600}")
    }

    @Test func replacesUnpairedSurrogates() throws {
        let json = Self.header + #""title": "x\ud800y\udc00z", "items": []}"#
        #expect(try document(json).feed.string("title") == "x\u{FFFD}y\u{FFFD}z")
    }

    @Test func keepsLongStringsWithEscapesAtWordBoundaries() throws {
        // Escapes and plain runs of every length around the eight-byte steps of the scanner.
        var expected = ""
        var encoded = ""
        for length in 0..<20 {
            let run = String(repeating: "r", count: length)
            expected += run + "\"\u{E9}"
            encoded += run + #"\"\u00e9"#
        }
        let json = Self.header + #""title": ""# + encoded + #"", "items": []}"#
        #expect(try document(json).feed.string("title") == expected)
    }

    @Test func readsEscapedMemberNames() throws {
        let json = Self.header + #""ti\u0074le": "escaped name", "items": []}"#
        #expect(try document(json).feed.string("title") == "escaped name")
    }

    @Test func takesTheFirstOfDuplicateMembers() throws {
        let json = Self.header + #""title": 5, "title": "later", "items": [{"id": "a", "id": "b"}], "items": [{"id": "c"}]}"#
        let document = try document(json)
        #expect(document.feed.string("title") == nil)
        #expect(document.entries.count == 1)
        #expect(document.entries.first?.string("id") == "a")
    }

    @Test func joinsItemLinksWithAFeedURLGivenAfterTheItems() throws {
        let json = Self.header + #""items": [{"id": "1", "url": "posts/1"}], "feed_url": "https://site.example/feed.json"}"#
        #expect(try firstEntry(json).string("link") == "https://site.example/posts/1")
    }

    @Test func spellsNumericIds() throws {
        let json = Self.header + #""items": [{"id": 42}, {"id": -7}, {"id": 1.5}, {"id": 1e300}, {"id": [1]}]}"#
        let ids = try document(json).entries.map { $0.string("id") }
        #expect(ids == ["42", "-7", "1.5", "1e+300", nil])
    }

    @Test func keepsItemsThatAreNotObjectsAsEmptyEntries() throws {
        let json = Self.header + #""items": [1, "two", null, {"id": "x"}]}"#
        let entries = try document(json).entries
        #expect(entries.count == 4)
        let leadingAreEmpty = entries.prefix(3).allSatisfy { $0.isEmpty }
        #expect(leadingAreEmpty)
        #expect(entries.last?.string("id") == "x")
    }

    @Test func sanitizesContentHTMLAgainstTheItemLink() throws {
        let json = Self.header + #""items": [{"url": "https://site.example/a/", "content_html": "<p onclick=\"x()\">Hi <a href=\"b\">b</a></p><script>bad()</script>"}]}"#
        let entry = try firstEntry(json)
        #expect(entry.string("summary") == #"<p>Hi <a href="https://site.example/a/b">b</a></p>"#)
    }

    @Test func readsAttachmentSizes() throws {
        let json = Self.header + #""items": [{"attachments": [{"url": "https://site.example/a.mp3", "size_in_bytes": 1234, "mime_type": "audio/mpeg"}, {"url": "https://site.example/b.mp3", "size_in_bytes": -1}]}]}"#
        let links = try #require(try firstEntry(json)["links"]?.listValue)
        let lengths = links.map { $0.dictionaryValue?.string("length") }
        #expect(lengths == ["1234", nil])
    }

    @Test func reportsSyntaxErrorsInsideSkippedMembers() throws {
        // "extra" is never mapped, yet its broken array makes the document invalid JSON.
        let json = Self.header + #""extra": {"list": [1, 2,]}, "items": []}"#
        let document = try document(json)
        #expect(document.entries.isEmpty)
        #expect(document.problems.first?.kind == "JSONDecodeError")
        #expect(document.problems.first?.message.contains("expected a value") == true)
    }

    @Test(arguments: [
        (#"{"version": "https://jsonfeed.org/version/1", "title": "abc"#, "unterminated string", FeedProblem.cutShortKind),
        (#"{"version": "https://jsonfeed.org/version/1", "title": "a\u12"}"#, "bad \\u escape", "JSONDecodeError"),
        ("{\"version\": \"https://jsonfeed.org/version/1\", \"title\": \"a\u{1}b\"}", "control character in a string", "JSONDecodeError"),
        ("{\"version\": \"https://jsonfeed.org/version/1\", \"title\": \"cut at a line break\n", "control character in a string", FeedProblem.cutShortKind),
        (#"{"version": "https://jsonfeed.org/version/1", "n": tru}"#, "unknown literal", "JSONDecodeError"),
        (#"{"version": "https://jsonfeed.org/version/1", "n": -}"#, "expected a value", "JSONDecodeError"),
        (#"{"version": "https://jsonfeed.org/version/1"} {}"#, "text after the JSON value", "JSONDecodeError"),
        (#"{"version": "https://jsonfeed.org/version/1", "items": [{"id": "#, "unexpected end", FeedProblem.cutShortKind),
    ])
    func refusesMalformedJSON(json: String, reason: String, kind: String) throws {
        let document = try document(json)
        #expect(document.version == "")
        let problem = try #require(document.problems.first)
        #expect(problem.kind == kind, "a document that stops in the middle of a value was cut short; any other fault is bad JSON")
        #expect(problem.message.contains(reason))
    }

    /// A feed that stops before anything whole says so, and that trying again may mend it,
    /// rather than that the address is not a feed's.
    @Test func aFeedCutShortBeforeAnythingWholeIsReportedAsCutShort() throws {
        let cut = Array(#"{"version": "https://jsonfeed.org/version/1.1", "title": "Half", "items": [{"id": "1", "content_html": "<p>Stopped"#.utf8) + [0x0A]
        #expect(throws: FeedParsingError.self) { try FeedParser.parse(cut) }
        do {
            _ = try FeedParser.parse(cut)
        } catch {
            guard case .cutShort(let reason) = error else {
                Issue.record("expected cutShort, got \(error)")
                return
            }
            #expect(reason.contains("stops in the middle of a value"))
            #expect(error.description.contains("fetching it again later"))
        }
        // Broken in the middle, with text after it: not a feed, as before.
        let broken = Array(#"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": 1,, "x": 2}]}"#.utf8)
        do {
            _ = try FeedParser.parse(broken)
            Issue.record("a broken document was read as a feed")
        } catch {
            guard case .notAFeed = error else {
                Issue.record("expected notAFeed, got \(error)")
                return
            }
        }
    }

    @Test func aFeedCutShortKeepsItsWholeItemsAndSaysWhy() throws {
        let document = try document(#"{"version": "https://jsonfeed.org/version/1", "items": [{"id": 1}"#)
        #expect(document.version == "json1")
        #expect(document.entries.map { $0.string("id") } == ["1"])
        let problem = try #require(document.problems.first)
        #expect(problem.kind == FeedProblem.cutShortKind)
        #expect(problem.message.contains("unexpected end"))
    }

    @Test(arguments: [
        ("https://jsonfeed.org/version/1", "json1"),
        ("http://jsonfeed.org/version/1", "json1"),
        ("https://jsonfeed.org/version/1/", "json1"),
        ("HTTP://JSONFeed.org/version/1.1", "json11"),
        (" https://jsonfeed.org/version/1.1 ", "json11"),
    ])
    func readsTheVersionWhateverTheSchemeOrFinalSlash(declared: String, version: String) throws {
        let json = #"{"version": ""# + declared + #"", "title": "t", "items": [{"id": "1", "content_text": "x"}]}"#
        let document = try document(json)
        #expect(document.version == version)
        #expect(!document.bozo)
        #expect(document.entries.count == 1)
    }

    @Test(arguments: ["https://jsonfeed.org/version/2", "http://example.org/version/1", "1", ""])
    func refusesVersionsItDoesNotKnow(declared: String) throws {
        let document = try document(#"{"version": ""# + declared + #"", "items": [{"id": "1"}]}"#)
        #expect(document.version == "")
        #expect(document.problems.first?.kind == "ValueError")
    }

    @Test func refusesNestingPastTheDepthLimitWithoutRecursingFurther() throws {
        // Far deeper than any stack would take if every level recursed.
        let depth = 200_000
        let json = Self.header + #""extra": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let problem = try #require(try document(json).problems.first)
        #expect(problem.message.contains("nested too deeply"))
    }

    @Test func acceptsNestingUpToTheDepthLimit() throws {
        // The document is level 0 and the outermost array level 1, so 63 arrays reach level 63, the deepest allowed.
        let depth = JSONValue.maximumDepth - 1
        let json = Self.header + #""extra": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + #", "items": []}"#
        let document = try document(json)
        #expect(!document.bozo)
        #expect(document.version == "json11")
    }

    @Test(arguments: ["0", "-0", "42", "-17", "123456789012345", "1234567890123456789", "1.5", "-2.5e3", "1E+2", "007"])
    func readsNumbersAsDoubleReadsThem(text: String) throws {
        let parsed = try JSONValue.parse(Array(text.utf8)).get()
        let expected = try #require(Double(text))
        guard case .number(let number) = parsed else {
            Issue.record("\(text) read as \(parsed)")
            return
        }
        #expect(number == expected)
        #expect(number.sign == expected.sign)
    }
}
