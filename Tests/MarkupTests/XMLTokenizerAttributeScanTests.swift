import Testing

@testable import Markup

/// Attribute values are skipped a word at a time up to the first byte that needs a look.
@Suite struct XMLTokenizerAttributeScanTests {
    func readAttribute(_ xml: String) -> (value: String?, error: XMLSyntaxError.Kind?) {
        let bytes = Array(xml.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = XMLTokenizer(buffer)
            var value: String?
            while true {
                let token = tokenizer.next()
                if token.kind == .endOfInput { break }
                if token.kind == .startTag, let attribute = tokenizer.attributes.first { value = tokenizer.value(of: attribute) }
            }
            return (value, tokenizer.firstError?.kind)
        }
    }

    @Test func findsWhatNeedsALookAtEveryOffset() {
        for padding in 0..<20 {
            let filler = String(repeating: "u", count: padding)
            for quote in ["\"", "'"] {
                let other = quote == "\"" ? "'" : "\""
                let cases: [(String, String, XMLSyntaxError.Kind?)] = [
                    ("&amp;", "&", nil), ("&#233;", "é", nil), ("\t", " ", nil), ("\r\n", " ", nil), (other, other, nil),
                    ("<", "<", .lessThanInAttribute), ("&bogus;", "&bogus;", .undefinedEntity), ("", "", nil),
                ]
                for (written, read, error) in cases {
                    let result = readAttribute("<a href=" + quote + filler + written + filler + quote + "/>")
                    #expect(result.value == filler + read + filler, "\(padding) \(written)")
                    #expect(result.error == error, "\(padding) \(written)")
                }
            }
        }
    }
}
