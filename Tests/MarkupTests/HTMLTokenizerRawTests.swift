import Testing
@testable import Markup

/// `nextRaw()` is what `next()` builds its tokens from: the positions must name the same bytes.
struct HTMLTokenizerRawTests {
    static let pages = [
        #"<P CLASS="lead" Id=intro>Hello &amp; <b>world</B></p>"#,
        #"<a HREF='x' href="y" Href=z>dup</a><br/><img src=a.png alt="">"#,
        "<!DOCTYPE html><!-- note --><![CDATA[x<y]]><title>A &lt; B</title><script>if (a<b) {}</script>",
        "<custom-Element Data-One=1>t</Custom-element></>< p>text<?pi?>",
        "<div class=\"unterminated",
    ]

    @Test func rawTokensNameTheBytesOfTheTokens() {
        for page in Self.pages {
            var tokens = HTMLTokenizer(page)
            var raw = HTMLTokenizer(page)
            let bytes = Array(page.utf8)
            while let token = tokens.next() {
                guard let rawToken = raw.nextRaw() else {
                    Issue.record("raw tokens end early in \(page)")
                    break
                }
                #expect(rawToken.kind == token.kind)
                #expect(rawToken.tag == token.tag)
                #expect(Array(bytes[rawToken.source]) == Array(token.source))
                #expect(Array(bytes[rawToken.content]) == Array(token.content))
                #expect(rawToken.decodesReferences == token.decodesReferences)
                if token.kind == .startTag || token.kind == .endTag {
                    #expect(String(decoding: bytes[rawToken.name], as: UTF8.self).lowercased() == token.name)
                }
                if token.kind == .startTag {
                    #expect(raw.rawAttributes.count == token.attributes.count)
                    for (rawAttribute, attribute) in zip(raw.rawAttributes, token.attributes) {
                        #expect(String(decoding: bytes[rawAttribute.name], as: UTF8.self).lowercased() == attribute.name)
                        #expect(Array(bytes[rawAttribute.value]) == Array(attribute.rawValue))
                    }
                }
            }
            #expect(raw.nextRaw() == nil)
        }
    }

    @Test func keepsTheFirstOfAttributesNamedAlikeInAnyCase() {
        var tokenizer = HTMLTokenizer(#"<a HREF='x' href="y" Href=z title=t>"#)
        _ = tokenizer.nextRaw()
        #expect(tokenizer.rawAttributes.count == 2)
        #expect(tokenizer.rawAttributes.first.map { Array(tokenizer.bytes[$0.value]) } == Array("x".utf8))
    }

    @Test func sanitizingBytesMatchesSanitizingText() {
        let inputs = [
            "  <p onclick=\"x()\">Hi <b>there</b></p>\r\n", "plain\r\ntext ", "<a href=\"/x\">x</a>",
            "<svg><circle r=\"1\" onload=\"x\"/></svg>", "", " \r\n ",
        ]
        for input in inputs {
            let fromText = HTMLSanitizer.sanitize(input, baseURL: "http://example.com/a/")
            let fromBytes = Array(input.utf8).withUnsafeBufferPointer { HTMLSanitizer.sanitize($0, baseURL: "http://example.com/a/") }
            #expect(fromBytes == Array(fromText.utf8), "input \(input)")
        }
        #expect(HTMLSanitizer.sanitize("<a href=\"/x\">x</a>", baseURL: "http://example.com/a/") == "<a href=\"http://example.com/x\">x</a>")
    }
}
