import Testing
@testable import Markup

@Suite("XMLTokenizer")
struct XMLTokenizerTests {
    /// Tokens as (kind, text) pairs, text decoded for text tokens and raw otherwise.
    func tokens(_ xml: String) -> (tokens: [(XMLTokenKind, String)], error: XMLSyntaxError?, entities: [String: String]) {
        let bytes = Array(xml.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = XMLTokenizer(buffer)
            var result: [(XMLTokenKind, String)] = []
            while true {
                let token = tokenizer.next()
                if token.kind == .endOfInput { break }
                let text = token.kind == .text ? tokenizer.decodedString(token.range, hasReferences: token.hasReferences) : tokenizer.string(token.range)
                result.append((token.kind, text))
            }
            return (result, tokenizer.firstError, tokenizer.declaredEntities)
        }
    }

    @Test func readsWellFormedDocumentsWithoutErrors() {
        let result = tokens("<?xml version=\"1.0\"?><a x='1' y=\"2\"><b/>t &amp; &lt;u&gt; &#65;&#x42;<![CDATA[<raw>]]><!-- c --></a>")
        #expect(result.error == nil)
        let kinds = result.tokens.map(\.0)
        #expect(kinds == [.processingInstruction, .startTag, .startTag, .text, .cdata, .comment, .endTag])
        #expect(result.tokens[3].1 == "t & <u> AB")
        #expect(result.tokens[4].1 == "<raw>")
    }

    @Test func readsAttributesWithNormalisedValues() {
        let bytes = Array("<a href=\"x?a=1&amp;b=2\" title=\"line\nbreak\"/>".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = XMLTokenizer(buffer)
            let token = tokenizer.next()
            #expect(token.kind == .startTag && token.isSelfClosing)
            let values = tokenizer.attributes.map { tokenizer.value(of: $0) }
            #expect(values == ["x?a=1&b=2", "line break"])
            #expect(tokenizer.firstError == nil)
        }
    }

    @Test func reportsTheFirstProblemWithItsPosition() {
        let result = tokens("<a>\n  <b>fine</b>\n  <c>oops</a>")
        let error = result.error
        #expect(error?.kind == .mismatchedEndTag)
        #expect(error?.line == 3)
        #expect(error?.column == 10)
    }

    @Test func recoversFromBareAmpersandsAndUnquotedAttributes() {
        let result = tokens("<a href=foo>Q&A &nosuch; &eacute;</a>")
        #expect(result.error != nil)
        #expect(result.tokens[1].1 == "Q&A &nosuch; é")
    }

    @Test func acceptsOnlySimpleInternalEntities() {
        let result = tokens("<!DOCTYPE r [<!ENTITY ok \"fine\"><!ENTITY ref \"&#233;\"><!ENTITY nest \"&ok;&ok;\"><!ENTITY ext SYSTEM \"file:///etc/passwd\">]><r>&ok; &ref; &nest; &ext;</r>")
        #expect(result.entities == ["ok": "fine", "ref": "é"])
        #expect(result.tokens.last { $0.0 == .text }?.1 == "fine é &nest; &ext;")
    }

    @Test func capsNestingDepth() {
        let depth = XMLTokenizer.maximumDepth + 10
        let result = tokens(String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth))
        #expect(result.error?.kind == .tooDeep || result.error?.kind == .mismatchedEndTag)
    }

    @Test func endsOnTruncatedInput() {
        for text in ["<", "<a", "<a b=\"", "<!--", "<![CDATA[", "<!DOCTYPE x [", "<?xml", "<a>&", "<a>&#"] {
            let result = tokens(text)
            #expect(result.error != nil, "\(text)")
        }
    }
}
