import Testing
@testable import Markup

struct HTMLDocumentTests {
    private func bodyHTML(_ html: String) -> String {
        let document = HTMLDocument(parsing: html)
        return document.html(of: document.body, includingNode: false)
    }

    @Test func impliesHeadAndBody() {
        let document = HTMLDocument(parsing: "<title>T</title><meta charset=utf-8><p>Hello")
        #expect(document.html(of: document.head, includingNode: false) == #"<title>T</title><meta charset="utf-8">"#)
        #expect(document.html(of: document.body, includingNode: false) == "<p>Hello</p>")
    }

    @Test func closesParagraphsListItemsAndCells() {
        #expect(bodyHTML("<p>one<p>two<div>three</div>") == "<p>one</p><p>two</p><div>three</div>")
        #expect(bodyHTML("<ul><li>a<li>b<ul><li>c</ul></ul>") == "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>")
        #expect(bodyHTML("<dl><dt>a<dd>b<dt>c</dl>") == "<dl><dt>a</dt><dd>b</dd><dt>c</dt></dl>")
        #expect(bodyHTML("<table><tr><td>1<td>2<tr><td>3</table>") == "<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>")
        #expect(bodyHTML("<select><option>a<option>b</select>") == "<select><option>a</option><option>b</option></select>")
    }

    @Test func keepsVoidElementsEmptyAndIgnoresStrayEndTags() {
        #expect(bodyHTML("<p>a<br>b<img src=x.png>c</span></div></p>") == #"<p>a<br>b<img src="x.png">c</p>"#)
        #expect(bodyHTML("<div/>text") == "<div>text</div>")
        #expect(bodyHTML("a</br>b") == "a<br>b")
    }

    @Test func recoversFromMisnestedFormatting() {
        #expect(bodyHTML("<b><i>x</b>y</i>") == "<b><i>x</i></b>y")
        #expect(bodyHTML("<b>1<p>2</b>3</p>") == "<b>1<p>23</p></b>")
        #expect(bodyHTML("<a href=1>one<a href=2>two") == #"<a href="1">one</a><a href="2">two</a>"#)
    }

    @Test func honoursSelfClosingTagsInForeignContent() {
        #expect(bodyHTML(#"<svg><path d="M0"/><circle/></svg><p>x"#) == #"<svg><path d="M0"></path><circle></circle></svg><p>x</p>"#)
    }

    @Test func keepsContentAfterTheBodyEndTagInTheBody() {
        #expect(bodyHTML("<body class=x><p>a</p></body></html><p>late") == "<p>a</p><p>late</p>")
        let document = HTMLDocument(parsing: "<html lang=de><body class=x>")
        #expect(document.value(of: "lang", on: document.htmlElement) == "de")
        #expect(document.value(of: "class", on: document.body) == "x")
    }

    @Test func escapesWhatItSerializes() {
        #expect(bodyHTML(#"<a title='"&lt;x&gt;"'>a &amp; b &lt; c</a>"#) == #"<a title="&quot;&lt;x&gt;&quot;">a &amp; b &lt; c</a>"#)
        #expect(bodyHTML("<p>x</p><script>if (a < b) x()</script>") == "<p>x</p><script>if (a < b) x()</script>")
    }

    @Test func boundsTheDepthOfDeeplyNestedPages() {
        let depth = 100_000
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let document = HTMLDocument(parsing: html)
        var deepest = 0
        for node in 0..<document.nodeCount {
            var level = 0
            var current = node
            while current != HTMLDocument.none {
                level += 1
                current = document.parent(current)
            }
            deepest = max(deepest, level)
        }
        #expect(deepest <= HTMLDocument.defaultMaximumDepth + 2)
        #expect(document.plainText(of: document.body) == "deep")
        // Serializing walks without recursion too.
        #expect(document.html(of: document.body).contains("deep"))
    }

    @Test func writesPlainTextWithBlocksOnTheirOwnLines() {
        let document = HTMLDocument(parsing: """
            <h1>Title</h1><p>First   paragraph
            with <b>bold</b> text.</p><ul><li>one</li><li>two</li></ul>line<br>break
            <pre>  keep
              this</pre><script>var x;</script><table><tr><td>a</td><td>b</td></tr></table>
            """)
        #expect(document.plainText(of: document.body) == "Title\nFirst paragraph with bold text.\none\ntwo\nline\nbreak\n  keep\n  this\na\nb")
    }

    @Test func leavesSoftHyphensOutOfPlainText() {
        let document = HTMLDocument(parsing: "<p>En réac&shy;tion à la can\u{00AD}di&#173;da&#xAD;ture</p>")
        #expect(document.plainText(of: document.body) == "En réaction à la candidature")
    }

    @Test func leavesZeroWidthNoBreakSpacesOutOfPlainTextSoThatNoLineShowsNothing() {
        let document = HTMLDocument(parsing: "<p>The vote is on Sunday.</p><p>\n  \u{FEFF}</p><p>Polls open at \u{FEFF}eight.</p>")
        #expect(document.plainText(of: document.body) == "The vote is on Sunday.\nPolls open at eight.")
    }

    @Test func editsTheTreeInPlace() throws {
        var document = HTMLDocument(parsing: "<div id=a><p>one</p><p>two</p></div>")
        let div = try #require(document.elements(in: document.body, withTags: [.div]).first)
        let paragraphs = document.elements(in: div, withTags: [.p])
        document.remove(paragraphs[0])
        document.setTag(.section, of: div)
        document.setAttribute("id", to: "b&c", on: div)
        document.setAttribute("title", to: "t", on: div)
        #expect(document.html(of: document.body, includingNode: false) == #"<section id="b&amp;c" title="t"><p>two</p></section>"#)
        document.unwrap(div)
        #expect(document.html(of: document.body, includingNode: false) == "<p>two</p>")
    }

    @Test func findsTheDeclaredCharset() {
        #expect(HTMLCharsetPrescan.declaredEncoding(in: Array("<meta charset='ISO-8859-1'>".utf8)) == "iso-8859-1")
        #expect(HTMLCharsetPrescan.declaredEncoding(in: Array(#"<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">"#.utf8)) == "shift_jis")
        #expect(HTMLCharsetPrescan.declaredEncoding(in: Array("<p>no declaration</p>".utf8)) == nil)
        #expect(HTMLCharsetPrescan.charset(inContentType: "text/html;charset=\"utf-8\"") == "utf-8")
    }
}
