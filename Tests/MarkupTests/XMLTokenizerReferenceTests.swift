import Testing
@testable import Markup

/// References at every offset around the tokenizer's eight-byte words: the inline path for
/// the five predefined ones and the general path must agree on text and on errors.
@Suite("XMLTokenizer references")
struct XMLTokenizerReferenceTests {
    func readText(_ xml: String) -> (text: String, error: XMLSyntaxError.Kind?) {
        let bytes = Array(xml.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = XMLTokenizer(buffer)
            var text = ""
            while true {
                let token = tokenizer.next()
                if token.kind == .endOfInput { break }
                if token.kind == .text { text += tokenizer.decodedString(token.range, hasReferences: token.hasReferences) }
            }
            return (text, tokenizer.firstError?.kind)
        }
    }

    @Test(arguments: [
        ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"), ("&quot;", "\""), ("&apos;", "'"), ("&#233;", "é"), ("&#xE9;", "é"),
    ])
    func decodesAtEveryOffset(_ reference: String, _ expected: String) {
        for padding in 0..<17 {
            let filler = String(repeating: "y", count: padding)
            let result = readText("<a>" + filler + reference + filler + " end</a>")
            #expect(result.text == filler + expected + filler + " end")
            #expect(result.error == nil)
        }
    }

    @Test func cutOffOrUnknownReferencesAreErrors() {
        for padding in 0..<10 {
            let filler = String(repeating: "y", count: padding)
            #expect(readText("<a>" + filler + "&lt</a>").error == .bareAmpersand)
            #expect(readText("<a>" + filler + "&am;</a>").error == .undefinedEntity)
            #expect(readText("<a>" + filler + "& x</a>").text == filler + "& x")
            #expect(readText("<a>" + filler + "]]></a>").error == .cdataEndInText)
        }
    }
}
