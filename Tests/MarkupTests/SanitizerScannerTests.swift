import Testing
@testable import Markup

/// `SanitizerScanner` must cut markup exactly where `HTMLTokenizer` does: the sanitizer's output
/// was defined with the tokenizer, and the scanner only shapes tokens differently.
struct SanitizerScannerTests {
    static let tricky = [
        #"<P CLASS="lead" Id=intro>Hello &amp; <b>world</B></p>"#,
        #"<a HREF='x' href="y" Href=z title>dup</a><br/><img src=a.png alt="" =x /x>"#,
        "<!DOCTYPE html><!-- note --><![CDATA[x<y]]><!--><!---><!-- a --!><!x><?pi?></ x></>",
        "<title>A &lt; <b> B</TITLE ><textarea>&amp;</textarea x><xmp><b>&amp;</xmp>",
        "<script>if (a<b) {}</scriptx></script/><style>p{}</STYLE><iframe><a></iframe><noembed>x</noembed >",
        "<noframes>&copy;</noframes><noscript><b>x</b></noscript><plaintext></plaintext><b>",
        "<custom-Element Data-One=1>t</Custom-element>< p>text a<b c< 3",
        "<div class=\"unterminated", "<!-- unterminated -", "<p a=1 b", "<a href=", "</p", "<", "</", "a<",
        "\u{FEFF}<p>bom</p>", "<p\0x=\0>\0</p\0>", "<svg><circle fill=red FILL=blue/></svg><math><mi>x</mi></math>",
        "<a b='1\"' c=\"2'\" d=e&amp;f g = h>t</a>", "<script>unclosed <b>", "<title>", "<![CDATA[open",
    ]

    /// The tokenizer's tokens in the scanner's terms: kind, name or content bytes, flags, attributes.
    private static func tokenizerView(_ page: String) -> [String] {
        var tokenizer = HTMLTokenizer(page)
        tokenizer.rawText = .feedReader
        let bytes = tokenizer.bytes
        var view: [String] = []
        while let token = tokenizer.nextRaw() {
            switch token.kind {
            case .startTag, .endTag:
                let attributes = tokenizer.rawAttributes.map { "\(bytes[$0.name])=\(bytes[$0.value])" }
                view.append("\(token.kind == .startTag ? "start" : "end") \(token.tag) \(bytes[token.name]) \(token.isSelfClosing) \(attributes)")
            case .text:
                view.append("text \(bytes[token.content]) \(token.decodesReferences)")
            case .cdata:
                view.append("cdata \(bytes[token.source])")
            case .comment, .doctype:
                view.append("ignored")
            }
        }
        return view
    }

    private static func scannerView(_ page: String) -> [String] {
        let bytes = Array(page.utf8)
        let names = SanitizerNames.shared
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = SanitizerScanner(buffer, names: names)
            var view: [String] = []
            while let token = scanner.next() {
                switch token.kind {
                case .startTag, .endTag:
                    let attributes = token.kind == .startTag
                        ? scanner.attributesAsTokenized().map { "\(bytes[$0.name])=\(bytes[$0.value])" } : []
                    view.append("\(token.kind == .startTag ? "start" : "end") \(token.tag) \(bytes[token.name]) \(token.isSelfClosing) \(attributes)")
                case .text:
                    // The tokenizer only flags text that holds `&`; the scanner flags where references decode.
                    let content = bytes[token.content]
                    view.append("text \(content) \(token.decodesReferences && content.contains(UInt8(ascii: "&")))")
                case .cdata:
                    view.append("cdata \(bytes[token.content])")
                case .ignored, .comment:
                    view.append("ignored")
                }
            }
            return view
        }
    }

    @Test(arguments: tricky)
    func agreesWithTheTokenizer(page: String) {
        #expect(Self.scannerView(page) == Self.tokenizerView(page))
    }

    @Test func agreesWithTheTokenizerOnEveryPrefix() {
        // Cutting input anywhere is how tags, comments and values end up unterminated.
        let page = #"<p id=a>x<!--c--><a HREF="/y" title='t' x>l</a><script>s</script><title>&amp;</title><!DOCTYPE z><br/>"#
        let bytes = Array(page.utf8)
        for end in 0...bytes.count {
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            #expect(Self.scannerView(prefix) == Self.tokenizerView(prefix), "prefix \(prefix)")
        }
    }

    @Test(arguments: [255, 256, 257, 300])
    func appliesTheAttributeCapAndFirstNameRuleAsTheTokenizerDoes(count: Int) {
        let names = (0..<count).map { "x\($0 % 270)=\($0)" }.joined(separator: " ")
        let page = "<a \(names) HREF=/first href=/second title=t>"
        #expect(Self.scannerView(page) == Self.tokenizerView(page))
    }

    @Test func sanitizerKeepsTheFirstOfRepeatedNamesAndAppliesTheCap() {
        #expect(HTMLSanitizer.sanitize("<a title=1 TITLE=2 href=/x HREF=/y>t</a>", baseURL: nil) == "<a href=\"/x\" title=\"1\">t</a>")
        // An empty first `style` still wins over a later one.
        #expect(HTMLSanitizer.sanitize("<p style=\"junk\" style=\"color: red\">x</p>", baseURL: nil) == "<p>x</p>")
        let filler = (0..<256).map { "x\($0)=1" }.joined(separator: " ")
        #expect(HTMLSanitizer.sanitize("<a \(filler) href=/z>t</a>", baseURL: nil) == "<a>t</a>")
        let fewer = (0..<255).map { "x\($0)=1" }.joined(separator: " ")
        #expect(HTMLSanitizer.sanitize("<a \(fewer) href=/z>t</a>", baseURL: nil) == "<a href=\"/z\">t</a>")
        // SVG attributes follow the same rule.
        #expect(HTMLSanitizer.sanitize("<svg><circle fill=red FILL=blue r=1/><a XLINK:HREF=http://a/ xlink:href=http://b/>t</a></svg>", baseURL: nil)
            == "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle fill=\"red\" r=\"1/\">"
            + "<a xlink:href=\"http://a/\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">t</a></svg>")
        // (`x1` and `x2` are SVG attributes; `q…` are not.)
        let svgFiller = (0..<256).map { "q\($0)=1" }.joined(separator: " ")
        #expect(HTMLSanitizer.sanitize("<svg><circle \(svgFiller) fill=red></circle></svg>", baseURL: nil)
            == "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle></circle></svg>")
    }

    @Test func decodesReferencesOnlyWhereTheyMeanSomething() {
        // `xmp` holds markup for feed readers (`RawTextRule.feedReader`); `script` holds raw text, dropped.
        #expect(HTMLSanitizer.sanitize("a &lt;b&gt; &amp; c<title>&copy;</title><xmp>&copy;</xmp>", baseURL: nil)
            == "a &lt;b&gt; &amp; c\u{A9}\u{A9}")
        #expect(HTMLSanitizer.sanitize("a<textarea>&copy;<b></textarea>", baseURL: nil) == "a<textarea>\u{A9}&lt;b&gt;</textarea>")
    }

    @Test func hostileInputStaysLinear() {
        let clock = ContinuousClock()
        let hostile = [
            String(repeating: "<!-- ", count: 50_000),
            "<a " + String(repeating: "x=1 ", count: 100_000) + ">",
            "<a " + (0..<100_000).map { "n\($0)" }.joined(separator: " ") + " href=/z>",
            String(repeating: "<div><span><svg><g>", count: 25_000),
            String(repeating: "<title>", count: 50_000), String(repeating: "</", count: 100_000),
            String(repeating: "<a href='", count: 50_000),
        ]
        for page in hostile {
            let elapsed = clock.measure { _ = HTMLSanitizer.sanitize(page, baseURL: "http://example.com/") }
            // Quadratic work on these would take minutes; linear takes well under a second even in debug builds.
            #expect(elapsed < .seconds(10), "took \(elapsed) on input starting \(page.prefix(20))")
        }
    }

    @Test func dangerousMarkupStaysOut() {
        let page = #"<SCRIPT>alert(1)</SCRIPT><a HREF="JaVaScRiPt:x" onClick=y>a</a><img src=" data:x" OnError=z>"#
            + #"<p style="background: url(javascript:x)">p</p><a href="&#x6a;avascript:x">b</a><svg><script>x</script>"#
            + #"<a xlink:href="vbscript:x">c</a></svg><iframe src=/x></iframe>"#
        let clean = HTMLSanitizer.sanitize(page, baseURL: nil).lowercased()
        for banned in ["script", "javascript", "vbscript", "data:", "onclick", "onerror", "iframe", "url("] {
            #expect(!clean.contains(banned), "\(banned) in \(clean)")
        }
    }
}
