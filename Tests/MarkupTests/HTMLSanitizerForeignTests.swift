import Testing
@testable import Markup

/// SVG and MathML, which the sanitizer reads on bytes with its own name tables: namespaces
/// added or kept as declared, SVG's mixed-case names, `xlink:` attributes, the lists per namespace.
@Suite("HTMLSanitizer foreign content")
struct HTMLSanitizerForeignTests {
    func clean(_ html: String) -> String {
        HTMLSanitizer.sanitize(html, baseURL: "https://example.com/a/b.html")
    }

    @Test func keepsMathAndSVGWithTheirNamespacesAndCase() {
        #expect(clean("<math><mi MathVariant=\"bold\">x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></math>")
            == "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi mathvariant=\"bold\">x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></math>")
        #expect(clean("<svg><a xlink:href=\"#a\">t</a><use XLINK:HREF=\"#b\"/></svg>")
            == "<svg xmlns=\"http://www.w3.org/2000/svg\"><a xlink:href=\"#a\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">t</a><use xlink:href=\"#b\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"></use></svg>")
        #expect(clean("<svg xmlns:xlink=\"other\"><use xlink:href=\"#b\"/></svg>")
            == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"other\"><use xlink:href=\"#b\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"></use></svg>")
        #expect(clean("<svg xmlns=\"\"><path D=\"M0 0\" style=\"fill: red\" FILL=\"red\"/></svg>")
            == "<svg xmlns=\"\"><path d=\"M0 0\" fill=\"red\"></path></svg>")
        #expect(clean("<svg xmlns=\"urn:x\"><circle r=\"1\"/></svg>after")
            == "after")
        #expect(clean("<SVG ViewBox=\"0 0 1 1\"><LinearGradient GradientUnits=\"userSpaceOnUse\"/><foo>t</foo><script>x</script></SVG>")
            == "<svg viewBox=\"0 0 1 1\" xmlns=\"http://www.w3.org/2000/svg\"><linearGradient gradientUnits=\"userSpaceOnUse\"></linearGradient>t</svg>")
        #expect(clean("<p><b>x</b><command>c</command><COMMAND/></p><img SRC=\"/i.png\" Alt=\"a&amp;b\" onload=\"x()\">")
            == "<p><b>x</b><command />c<command /></p><img alt=\"a&amp;b\" src=\"https://example.com/i.png\" />")
        #expect(clean("<a REL=\"NoFollow\" TYPE=\"Text/HTML\" href=\"page?a=1&amp;b=2\" title=\"&quot;q&quot;\">l</a>")
            == "<a href=\"https://example.com/a/page?a=1&amp;b=2\" rel=\"nofollow\" title=\"&quot;q&quot;\" type=\"text/html\">l</a>")
        #expect(clean("<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi xlink:href=\"javascript:x\">y</mi><mtext style=\"color: red\">t</mtext></math>")
            == "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi xlink:href=\"\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">y</mi><mtext>t</mtext></math>")
        // An HTML element the allowlist accepts stays inside SVG (feedparser keeps it), start and end tag.
        #expect(clean("<svg><a href=\"/x\" title=\"t\">in svg</a><b>bold in svg</b></svg>")
            == "<svg xmlns=\"http://www.w3.org/2000/svg\"><a>in svg</a><b>bold in svg</b></svg>")
    }

    @Test func dropsScriptURLsInForeignContent() {
        let output = clean("<svg><a xlink:href=\" JaVaScRiPt:alert(1)\">x</a></svg><math><mi href=\"vbscript:x\">y</mi></math>")
        #expect(!output.lowercased().contains("script:"))
    }

    @Test func staysLinearOnDeepAndWideForeignContent() {
        // Deep nesting and many attributes: each token is read once, so this finishes at once.
        let deep = "<svg>" + String(repeating: "<g><math><mi>", count: 20_000)
        #expect(clean(deep).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"><g>"))
        let wide = "<svg " + (0..<5_000).map { "xlink:a\($0)=\"\($0)\"" }.joined(separator: " ") + ">"
        #expect(clean(wide) == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">")
    }
}
