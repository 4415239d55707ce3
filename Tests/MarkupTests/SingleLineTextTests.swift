import Testing
@testable import Markup

@Suite("HTMLText.singleLine")
struct SingleLineTextTests {
    /// What the one-pass version must agree with: the tree's plain text, its white space
    /// collapsed character by character.
    private func reference(_ html: String) -> String {
        HTMLText.plainText(fromHTML: html).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(arguments: [
        "Plain title", "  padded\ttitle \n", "Tides &amp; <em>times</em>", "<p>One</p><p>Two</p>",
        "a<br>b<br/>c", "<div>block</div>inline<span>span</span>", "<ul><li>x</li><li>y</li></ul>",
        "Before<script>var a = '<p>x</p>';</script>after", "<style>p { color: red }</style>Styled",
        "Über&nbsp;alles — “quoted”", "no\u{00A0}break\u{2009}thin\u{3000}ideographic", "soft\u{00AD}hyphen",
        "&lt;not a tag&gt;", "emoji 🎉 <b>party</b>", "<select><option>hidden</option></select>shown",
        "<button>Click</button> text", "<iframe src=\"x\">frame</iframe>after", "a<!-- comment -->b",
        "<title>t</title>body", "<textarea>typed <b>x</b></textarea>rest", "x<object><param>o</object>y",
        "<h1>Head</h1>\n\n<p>para  with   spaces</p>", "&#x1F600;&#169;&copy", "<pre>  pre\n  text</pre>",
        "line\u{2028}separator\u{0085}next", "<p>\u{00A0}</p>", "<td>cell</td><td>cell2</td>", "",
        "tab\u{0B}vertical", "<b>bold</b><i>italic</i>", "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>字",
        "many short words in a row", "a b", "x \u{00A0}y", "tail space ", " lead space", "a b\u{00AD}c d",
        "w1 w2  w3 \u{2003}w4 é ü", "<p>a b</p> <p>c d</p>", "a \n b", "I a",
    ])
    func agreesWithTheTreesTextCollapsed(html: String) {
        #expect(HTMLText.singleLine(fromHTML: html) == reference(html))
    }

    @Test func returnsCleanTextAsItIs() {
        let text = "Already one clean line"
        #expect(HTMLText.singleLine(fromHTML: text) == text)
        #expect(HTMLText.collapsingWhiteSpace(" two\u{00A0}\u{00A0}words ") == "two words")
    }
}
