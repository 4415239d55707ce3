import Testing
@testable import FeedParsing

@Suite("PlainText")
struct PlainTextTests {
    /// The Character-by-Character collapse the fast path must agree with.
    private func referenceCollapse(_ text: String) -> String {
        var output = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(" ") }
                pendingSpace = false
                output.append(character)
            }
        }
        return output
    }

    @Test(arguments: [
        "Plain ASCII title", "Überraschung in München", "Café – “quoted” — done", "emoji 🎉 party",
        "no\u{00A0}break space", "ideographic\u{3000}space", "thin\u{2009}space", "trailing nbsp\u{00A0}",
        "space then mark \u{0301}x", "double  space é", "tab\tand é", "line\nbreak ü", " leading é", "ÀÉÎÕÜ ÿ",
    ])
    func collapsingAgreesWithCharacterWhitespace(_ text: String) {
        #expect(PlainText.collapsingWhitespace(text) == referenceCollapse(text))
    }

    /// A no-break space is whitespace too: it becomes one ordinary space.
    @Test func titlesLoseTagsAndKeepDecodedText() {
        #expect(PlainText.fromHTML("<b>Fish</b> &amp; <i>chips</i>&nbsp;today") == "Fish & chips today")
        #expect(PlainText.fromHTML("one<br>two<script>alert(1)</script>") == "one two")
    }
}
