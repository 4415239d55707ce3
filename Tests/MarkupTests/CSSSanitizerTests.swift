import Testing
@testable import Markup

/// The ASCII byte path must say exactly what the scalar path says.
@Suite struct CSSSanitizerTests {
    static let styles = [
        "color: red", "color:red;background-color:#fff", "COLOR: Blue; Font-Weight: bold",
        "margin: 0 auto; padding: 2px 4px; position: absolute", "border: 1px solid #ccc",
        "border-left: 3px dashed rgb(10,20,30)", "border: 1px solid rgb(10, 20, 30)", "margin: 1.5em 50% 12px",
        "background: url(http://example.com/x.png) no-repeat", "background: url( x.png ) red",
        "color: red /* comment */", "width: expression(alert(1))", "font-family: 'Helvetica Neue', sans-serif",
        "font-family: \"Times\"", "color: red;; ;", "  color : red ; ", "x: y: z", "color", ": red", "",
        "fill: red; stroke-width: 2", "padding: #abc", "padding: #ABC", "margin: -1px", "margin: 100px",
        "border-top: 1px solid red !important", "text-align: center; display: block", "a-b-c: d",
        "color: red\u{0B}", "color:\u{1C}red", "border: 1px (1, 2) solid", "border: 1px (a) solid",
        "margin: 0 0 0 0;margin-top:2em", "font: 12px/1.5 sans", "color: rgb(1%,2%,3%)", "padding: 1.234px",
    ]

    @Test func bytePathMatchesScalarPath() {
        for style in Self.styles {
            for svg in [false, true] {
                #expect(CSSSanitizer.sanitize(style, allowSVGProperties: svg) == CSSSanitizer.sanitizeScalars(style, allowSVGProperties: svg),
                        "style \(style), svg \(svg)")
            }
        }
    }

    @Test func keepsAllowedDeclarations() {
        #expect(CSSSanitizer.sanitize("COLOR: Blue; position: fixed") == "COLOR: Blue;")
        #expect(CSSSanitizer.sanitize("fill: red; color: red", allowSVGProperties: true) == "fill: red; color: red;")
        #expect(CSSSanitizer.sanitize("fill: red; color: red", allowSVGProperties: false) == "color: red;")
        #expect(CSSSanitizer.sanitize("background: url(x.png) red") == "background: red;")
    }
}
