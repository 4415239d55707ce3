import Testing
@testable import Markup

@Suite("HTMLSanitizer")
struct HTMLSanitizerTests {
    func clean(_ html: String, base: String? = nil) -> String {
        HTMLSanitizer.sanitize(html, baseURL: base)
    }

    @Test func keepsSafeMarkupIntact() {
        #expect(clean("<p>Hello <b>bold</b> <a href=\"http://x.example/\" title=\"t\">link</a><br/></p>")
            == "<p>Hello <b>bold</b> <a href=\"http://x.example/\" title=\"t\">link</a><br /></p>")
        #expect(clean("plain text") == "plain text")
        #expect(clean("<table><tr><td colspan=\"2\">x</td></tr></table>") == "<table><tr><td colspan=\"2\">x</td></tr></table>")
    }

    @Test func dropsScriptsWithTheirContent() {
        #expect(clean("a<script>alert(1)</script>b<style>p{}</style>c") == "abc")
        #expect(clean("<SCRIPT SRC=http://x/x.js></SCRIPT>safe") == "safe")
    }

    @Test func dropsDangerousElementsButKeepsTheirText() {
        #expect(clean("<iframe src=\"x\"></iframe><object>o</object><embed src=\"e\">x<blink>y</blink>") == "oxy")
        #expect(clean("<meta http-equiv=\"refresh\" content=\"0\">safe") == "safe")
    }

    @Test func dropsEventHandlersAndScriptURLs() {
        #expect(clean("<img src=\"a.png\" onerror=\"x()\" onload=\"y()\">") == "<img src=\"a.png\" />")
        #expect(clean("<a href=\"javascript:alert(1)\">x</a>") == "<a href=\"\">x</a>")
        #expect(clean("<a href=\" java\tscript:alert(1)\">x</a>") == "<a href=\"\">x</a>")
        #expect(clean("<a href=\"&#106;avascript:alert(1)\">x</a>") == "<a href=\"\">x</a>")
        #expect(clean("<img src=\"data:text/html;base64,xx\">") == "<img src=\"\" />")
        #expect(clean("<a href=\"VBScript:msgbox(1)\">x</a>") == "<a href=\"\">x</a>")
    }

    @Test func resolvesRelativeURLsAgainstTheBase() {
        #expect(clean("<a href=\"/about\">a</a><img src=\"../i.png\">", base: "http://site.example/blog/post/")
            == "<a href=\"http://site.example/about\">a</a><img src=\"http://site.example/blog/i.png\" />")
    }

    @Test func dropsComments() {
        #expect(clean("safe<!--[if IE]><script>x</script><![endif]-->") == "safe")
        #expect(clean("safe<!--") == "safe")
    }

    func keepingComments(_ html: String) -> String {
        HTMLSanitizer.sanitize(html, baseURL: nil, keepingComments: true)
    }

    @Test func keepsWellFormedCommentsWhenAsked() {
        // As feedparser keeps them: the text verbatim, markup inside it inert.
        #expect(keepingComments("a<!-- note -->b") == "a<!-- note -->b")
        #expect(keepingComments("<p>x</p><!-- <script>alert(1)</script> --><p>y</p>") == "<p>x</p><!-- <script>alert(1)</script> --><p>y</p>")
        // Closed by `--`, white space and `>`: written back closed by `-->`.
        #expect(keepingComments("a<!-- b -- >c") == "a<!-- b -->c")
        #expect(keepingComments("a<!--b--->c") == "a<!--b--->c")
        #expect(keepingComments("a<!----><b>c</b>") == "a<!----><b>c</b>")
    }

    @Test(arguments: [
        // A browser would end these comments early and read what follows as markup.
        ("a<!--><b>x</b>-->c", "ac"),
        ("a<!---><b>x</b>-->c", "ac"),
        ("a<!-- x --!><script>alert(1)</script> -->c", "ac"),
        // Not closed by `--` and `>` with only white space between: dropped up to the first `>` after `--`.
        ("sa<!-- -- nonwhitespace >fe", "safe"),
        // Never closed: the rest goes.
        ("safe<!-- <b>x</b>", "safe"),
    ])
    func dropsCommentsABrowserWouldReadDifferently(html: String, expected: String) {
        #expect(keepingComments(html) == expected)
    }

    @Test(arguments: [
        "<!-- a -->", "x<!-- <img src=x onerror=alert(1)> -->y", "<!--a--!-->", "<!--a-->b<!--c-->", "<!-- <!-- nested -->",
        "<!--x--!>", "<!-- -- -->", "<p><!-- in a paragraph --></p>",
    ])
    func keptCommentsAreOneCommentToTheTokenizer(html: String) throws {
        // Whatever is kept, the page's own tokenizer (HTML's rules, as browsers) sees text,
        // tags and comments only where the sanitizer wrote them: no tag hides in a comment.
        let output = keepingComments(html)
        var tokenizer = HTMLTokenizer(output)
        var commentTexts: [String] = []
        while let token = tokenizer.next() {
            switch token.kind {
            case .comment:
                commentTexts.append(String(decoding: token.content, as: UTF8.self))
            case .startTag, .endTag:
                #expect(["p"].contains(token.name), "unexpected tag \(token.name) in \(output)")
            default:
                break
            }
        }
        for text in commentTexts {
            #expect(output.contains("<!--" + text + "-->"))
        }
    }

    @Test func keepsNoCommentInsideAnElementDroppedWithItsContent() {
        #expect(keepingComments("a<script><!-- x --></script>b") == "ab")
    }

    @Test func cleansStyles() {
        #expect(clean("<b style=\"color: red; background: url(http://x/a.png)\">x</b>") == "<b style=\"color: red;\">x</b>")
        #expect(clean("<b style=\"width: expression(alert(1))\">x</b>") == "<b>x</b>")
        #expect(CSSSanitizer.sanitize("margin: 0 auto; padding: 2px 4px; position: absolute") == "margin: 0 auto; padding: 2px 4px;")
        #expect(CSSSanitizer.sanitize("color: red /* comment */") == "")
    }

    @Test func keepsSVGWithItsCase() {
        #expect(clean("<svg viewbox=\"0 0 1 1\"><lineargradient id=\"g\"></lineargradient><script>x</script></svg>")
            == "<svg viewBox=\"0 0 1 1\" xmlns=\"http://www.w3.org/2000/svg\"><linearGradient id=\"g\"></linearGradient></svg>")
    }
}
