import Testing
@testable import Markup

/// Tokens written compactly so that a test reads like the stream it expects:
/// `<a href="x">`, `</a>`, `"text"`, `<!--c-->`, `<!doctype html>`, `<![CDATA[x]]>`.
private func describe(_ html: String, scriptingEnabled: Bool = false) -> [String] {
    HTMLTokenizer(html, scriptingEnabled: scriptingEnabled).map(describe)
}

private func describe(_ token: HTMLToken) -> String {
    switch token.kind {
    case .startTag:
        var result = "<" + token.name
        for attribute in token.attributes { result += " \(attribute.name)=\"\(attribute.value)\"" }
        return result + (token.isSelfClosing ? "/>" : ">")
    case .endTag: return "</\(token.name)>"
    case .text: return "\"\(token.text)\""
    case .comment: return "<!--\(token.text)-->"
    case .doctype: return "<!doctype \(token.name)>"
    case .cdata: return "<![CDATA[\(token.text)]]>"
    }
}

struct HTMLTokenizerTests {
    @Test func tokenizesTagsTextAndAttributes() {
        #expect(describe(#"<P CLASS="lead" Id=intro>Hello <b>world</B></p>"#) == [
            #"<p class="lead" id="intro">"#, "\"Hello \"", "<b>", "\"world\"", "</b>", "</p>",
        ])
        let token = HTMLTokenizer("<DIV data-X='1'>").first { $0.kind == .startTag }
        #expect(token?.tag == .div)
        #expect(token?.name == "div")
        #expect(token?.value(of: "data-x") == "1")
    }

    @Test func readsEveryAttributeSyntax() {
        #expect(describe(#"<input disabled value = "a b" type=text checked>"#) == [
            #"<input disabled="" value="a b" type="text" checked="">"#,
        ])
        #expect(describe(#"<a href=/x/y/>"#) == [#"<a href="/x/y/">"#])
        #expect(describe(#"<a title="x"class="y">"#) == [#"<a title="x" class="y">"#])
        #expect(describe(#"<a =b c=>"#) == [#"<a =b="" c="">"#])
        #expect(describe(#"<a x="1" / y>"#) == [#"<a x="1" y="">"#])
    }

    @Test func keepsTheFirstOfRepeatedAttributes() {
        #expect(describe(#"<img src="first.png" SRC="second.png" alt=a alt=b>"#) == [
            #"<img src="first.png" alt="a">"#,
        ])
    }

    @Test func decodesCharacterReferencesInTextAndAttributesOnlyWhenAsked() throws {
        let tokens = Array(HTMLTokenizer(#"<a href="?a=1&amp;b=2&copy=3">caf&eacute; &lt;3 &copy 2024</a>"#))
        let link = try #require(tokens.first)
        let href = try #require(link.attribute("href"))
        #expect(String(decoding: href.rawValue, as: UTF8.self) == "?a=1&amp;b=2&copy=3")
        #expect(href.value == "?a=1&b=2&copy=3")
        #expect(tokens[1].text == "café <3 © 2024")
        #expect(String(decoding: tokens[1].content, as: UTF8.self) == "caf&eacute; &lt;3 &copy 2024")
        #expect(!HTMLTokenizer("plain text").contains { $0.decodesReferences })
    }

    @Test func marksSelfClosingTags() {
        #expect(describe("<br/><img src=x /><p/>") == [#"<br/>"#, #"<img src="x"/>"#, "<p/>"])
    }

    @Test func treatsALessThanThatStartsNoTagAsText() {
        #expect(describe("1 < 2 and 3 <4 but <= 5 <") == ["\"1 < 2 and 3 <4 but <= 5 <\""])
        #expect(describe("a </") == ["\"a </\""])
        #expect(describe("x<y>z") == ["\"x\"", "<y>", "\"z\""])
    }

    @Test func recoversFromBrokenEndTags() {
        #expect(describe("a</>b") == ["\"a\"", "\"b\""])
        #expect(describe("a</ b>c") == ["\"a\"", "<!-- b-->", "\"c\""])
        #expect(describe("</p class=x>") == ["</p>"])
        #expect(describe("</3>") == ["<!--3-->"])
    }

    @Test func readsCommentsIncludingAbruptAndUnterminatedOnes() {
        #expect(describe("<!-- note -->x") == ["<!-- note -->", "\"x\""])
        #expect(describe("<!---->x<!-->y<!--->z") == ["<!---->", "\"x\"", "<!---->", "\"y\"", "<!---->", "\"z\""])
        #expect(describe("<!-- a -- b --!>c") == ["<!-- a -- b -->", "\"c\""])
        #expect(describe("<p>text<!-- never closed <b>bold</b>") == ["<p>", "\"text\"", "<!-- never closed <b>bold</b>-->"])
        #expect(describe("<!bogus>x<?xml version='1.0'?>") == ["<!--bogus-->", "\"x\"", "<!--?xml version='1.0'?-->"])
    }

    @Test func readsDoctypeAndCDATA() {
        #expect(describe("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><html>") == ["<!doctype html>", "<html>"])
        #expect(describe("<!doctype>") == ["<!doctype >"])
        #expect(describe("<svg><![CDATA[a<b]]></svg>") == ["<svg>", "<![CDATA[a<b]]>", "</svg>"])
        #expect(describe("<![CDATA[unterminated") == ["<![CDATA[unterminated]]>"])
    }

    @Test func keepsScriptAndStyleContentAsRawText() {
        #expect(describe("<script>if (a<b && c) { x = '</div>'; }</script><p>") == [
            "<script>", "\"if (a<b && c) { x = '</div>'; }\"", "</script>", "<p>",
        ])
        #expect(describe("<style>a > b { content: '&amp;' }</STYLE >x") == [
            "<style>", "\"a > b { content: '&amp;' }\"", "</style>", "\"x\"",
        ])
        #expect(describe("<script></scripty></script>") == ["<script>", "\"</scripty>\"", "</script>"])
        #expect(describe("<script>") == ["<script>"])
        #expect(describe("<script>never ends <p>") == ["<script>", "\"never ends <p>\""])
        #expect(describe("<iframe><b>x</b></iframe>") == ["<iframe>", "\"<b>x</b>\"", "</iframe>"])
    }

    @Test func decodesReferencesInTitleAndTextareaButNotTags() {
        #expect(describe("<title>A &amp; <b>B</b></title>") == ["<title>", "\"A & <b>B</b>\"", "</title>"])
        #expect(describe("<textarea><p>&lt;</textarea>") == ["<textarea>", "\"<p><\"", "</textarea>"])
    }

    @Test func readsNoscriptAsMarkupUnlessScriptingIsEnabled() {
        #expect(describe("<noscript><img src=a.jpg></noscript>") == ["<noscript>", #"<img src="a.jpg">"#, "</noscript>"])
        #expect(describe("<noscript><img src=a.jpg></noscript>", scriptingEnabled: true) == [
            "<noscript>", "\"<img src=a.jpg>\"", "</noscript>",
        ])
    }

    @Test func treatsEverythingAfterPlaintextAsText() {
        #expect(describe("<plaintext><b>x</b></plaintext>") == ["<plaintext>", "\"<b>x</b></plaintext>\""])
    }

    @Test func dropsATagCutOffByTheEndOfInput() {
        #expect(describe("text<a href=\"x") == ["\"text\""])
        #expect(describe("text<div class=a") == ["\"text\""])
        #expect(describe("text<div") == ["\"text\""])
    }

    @Test func skipsAByteOrderMark() {
        #expect(HTMLTokenizer([0xEF, 0xBB, 0xBF] + Array("<p>".utf8)).map(describe) == ["<p>"])
    }

    @Test func recognisesKnownAndCustomElements() {
        let tokens = Array(HTMLTokenizer("<FigCaption><my-Widget><var><svg>"))
        #expect(tokens.map(\.tag) == [.figcaption, .other, .var, .svg])
        #expect(tokens.map(\.name) == ["figcaption", "my-widget", "var", "svg"])
        #expect(HTMLTag(name: "BLOCKQUOTE") == .blockquote)
        #expect(HTMLTag(name: "blockquotes") == .other)
        for tag in HTMLTag.allCases where tag != .other {
            #expect(HTMLTag(name: tag.name) == tag)
        }
    }

    @Test func reportsSourceRangesForCheapCopying() throws {
        let html = "<p>abc</p>"
        let tokens = Array(HTMLTokenizer(html))
        #expect(tokens.map(\.sourceRange) == [0..<3, 3..<6, 6..<10])
        let link = try #require(Array(HTMLTokenizer(#"<a href="u">"#)).first)
        #expect(link.attribute("href")?.valueRange == 9..<10)
    }

    @Test func boundsTheAttributesKeptPerTag() throws {
        let names = (0..<2_000).map { "a\($0)=1" }.joined(separator: " ")
        let token = try #require(Array(HTMLTokenizer("<p \(names)>")).first)
        #expect(token.attributes.count == HTMLTokenizer.maximumAttributeCount)
    }

    @Test func neverCrashesOrStallsOnArbitraryBytes() {
        // Every prefix of a nasty page, and pseudo-random bytes biased towards markup.
        let nasty = Array("<!DOCTYPE x><a b='c\"d' e=f/ g><!-- -- --!><![CDATA[ ]] <script><!--</script x><title>&amp".utf8)
        for end in 0...nasty.count {
            var tokenizer = HTMLTokenizer(Array(nasty[0..<end]))
            var steps = 0
            while tokenizer.next() != nil { steps += 1 }
            #expect(steps <= end + 1)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/!-='\"&;#x aZ?[]\n".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            var tokenizer = HTMLTokenizer(bytes)
            var covered = 0
            while let token = tokenizer.next() {
                covered = token.sourceRange.upperBound
                _ = token.text
                for attribute in token.attributes { _ = attribute.value }
            }
            #expect(covered <= bytes.count)
            #expect(tokenizer.position == bytes.count)
        }
    }
}
