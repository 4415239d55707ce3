import Testing

@testable import Markup

@Suite struct CheckedUTF8StringTests {
    @Test func readsValidTextOfEveryLength() {
        for text in ["", "plain", "café", String(repeating: "naïve “quoted” text — ", count: 20), String(repeating: "ascii only ", count: 30), "𝄞 music and 中文 in a sentence long enough"] {
            #expect(String(checkedUTF8: Array(text.utf8)) == text)
        }
    }

    /// Ill-formed bytes are repaired exactly as the standard library repairs them.
    @Test func repairsIllFormedBytesLikeTheStandardLibrary() {
        let prefix = Array(String(repeating: "long enough to take the checked path ", count: 2).utf8)
        let cases: [[UInt8]] = [
            [0xC3],  // cut short
            [0xC0, 0x80],  // overlong
            [0xED, 0xA0, 0x80],  // surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xFF, 0x41],
            [0xE2, 0x80],  // cut short at the end
        ]
        for bad in cases {
            let bytes = prefix + bad + Array("tail".utf8)
            #expect(String(checkedUTF8: bytes) == String(decoding: bytes, as: UTF8.self))
        }
    }
}
