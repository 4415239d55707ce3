import Testing

@testable import Markup

/// The text scan classifies references as it finds them and decoding jumps between `&`s a
/// word at a time; both must agree with a slow, byte-by-byte reading of the same text.
@Suite struct XMLTokenizerTextScanTests {
    /// Pieces of text content: references of every kind, characters the scan reports, filler.
    let pieces = [
        "&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#65;", "&#x42;", "&#0;", "&#xD800;", "&#233;", "&#x4E2D;", "&#128512;",
        "&#x110000;", "&#X41;", "&#99999999999;", "&#x;", "&nbsp;", "&bogus;", "&", "&lt",
        "&#;", "\u{01}", "]]>", "x", "word ", "é", "中", " ", "\n", "p", ">",
    ]

    /// The first error and decoded text, read the slow way: characters in order first (as the
    /// scan reports them), then the first reference XML does not define.
    func slowReading(_ text: String) -> (error: XMLSyntaxError.Kind?, errorOffset: Int?, decoded: String) {
        let bytes = Array(text.utf8)
        var characterProblem: (XMLSyntaxError.Kind, Int)?
        var referenceProblem: (XMLSyntaxError.Kind, Int)?
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") {
                    // `#`, an `x` for hexadecimal (`X` reads the same but is an error), digits, `;`.
                    var cursor = index + 2
                    let isHex = cursor < bytes.count && bytes[cursor] | 0x20 == UInt8(ascii: "x")
                    if isHex { cursor += 1 }
                    let digitsStart = cursor
                    while cursor < bytes.count, isHex ? bytes[cursor].isHexDigitForTest : (bytes[cursor] >= 48 && bytes[cursor] <= 57) { cursor += 1 }
                    guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
                        if referenceProblem == nil { referenceProblem = (.bareAmpersand, index) }
                        decoded.append(byte)
                        index += 1
                        continue
                    }
                    let digits = String(decoding: bytes[digitsStart..<cursor], as: UTF8.self)
                    let value = UInt64(digits, radix: isHex ? 16 : 10).flatMap { $0 <= 0x10FFFF ? UInt32($0) : nil }
                    let scalar = value.flatMap { $0 == 0 ? nil : Unicode.Scalar($0) }
                    let isXMLCharacter = scalar.map { [0x09, 0x0A, 0x0D].contains($0.value) || (0x20...0xFFFD).contains($0.value) || $0.value >= 0x10000 } ?? false
                    if !isXMLCharacter || bytes[index + 2] == UInt8(ascii: "X") || cursor - digitsStart > 8, referenceProblem == nil {
                        referenceProblem = (.invalidCharacterReference, index)
                    }
                    decoded += Array(String(scalar ?? "\u{FFFD}").utf8)
                    index = cursor + 1
                    continue
                }
                var semicolon = index + 1
                while semicolon < bytes.count, bytes[semicolon].isNameByteForTest { semicolon += 1 }
                guard semicolon > index + 1, semicolon < bytes.count, bytes[semicolon] == UInt8(ascii: ";") else {
                    if referenceProblem == nil { referenceProblem = (.bareAmpersand, index) }
                    decoded.append(byte)
                    index += 1
                    continue
                }
                let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
                let predefined = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
                if let value = predefined[name] {
                    decoded += Array(value.utf8)
                } else if name == "nbsp" {
                    if referenceProblem == nil { referenceProblem = (.undefinedEntity, index) }
                    decoded += Array("\u{A0}".utf8)
                } else {
                    if referenceProblem == nil { referenceProblem = (.undefinedEntity, index) }
                    decoded += Array("&\(name);".utf8)
                }
                index = semicolon + 1
                continue
            }
            if byte < 0x20, byte != 0x0A, characterProblem == nil { characterProblem = (.invalidCharacter, index) }
            if byte == UInt8(ascii: ">"), index >= 2, bytes[index - 1] == UInt8(ascii: "]"), bytes[index - 2] == UInt8(ascii: "]"),
               characterProblem == nil {
                characterProblem = (.cdataEndInText, index)
            }
            decoded.append(byte)
            index += 1
        }
        let problem = characterProblem ?? referenceProblem
        return (problem?.0, problem?.1, String(decoding: decoded, as: UTF8.self))
    }

    @Test func agreesWithASlowReadingOnRandomText() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3_000 {
            var text = ""
            let pieceCount = Int(state % 24) + 1
            for _ in 0..<pieceCount {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly well-formed pieces, so a bad one comes after many good ones.
                let choice = Int(state >> 33) % (pieces.count * 2)
                text += pieces[choice < pieces.count ? choice : choice % 8]
            }
            let document = Array(("<a>" + text + "</a>").utf8)
            let expected = slowReading(text)
            document.withUnsafeBufferPointer { buffer in
                var tokenizer = XMLTokenizer(buffer)
                #expect(tokenizer.next().kind == .startTag)
                let token = tokenizer.next()
                #expect(token.kind == .text)
                #expect(token.range == 3..<(document.count - 4))
                #expect(tokenizer.decodedString(token.range, hasReferences: token.hasReferences) == expected.decoded, "\(text)")
                #expect(tokenizer.firstError?.kind == expected.error, "\(text)")
                #expect(tokenizer.firstError.map { $0.offset - 3 } == expected.errorOffset, "\(text)")
            }
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigitForTest: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
    }

    fileprivate var isNameByteForTest: Bool {
        let lower = self | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
            || self == UInt8(ascii: "_") || self == UInt8(ascii: ":") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".") || self >= 0x80
    }
}
