import Testing
@testable import Markup

/// Encoding names as Python (and so feedparser, and the tools feeds are written with) spells
/// them, for code pages glibc names otherwise or lacks.
@Suite("TextConverter code pages")
struct TextConverterCodePageTests {
    private func decoded(_ bytes: [UInt8], as encoding: String) -> String? {
        bytes.withUnsafeBufferPointer { TextConverter.utf8Bytes(of: $0, encoding: encoding) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [
        ("macroman", "Ä"), ("mac_roman", "Ä"), ("maccentraleurope", "Ä"), ("maclatin2", "Ä"),
        ("macgreek", "Ä"), ("mac-turkish", "Ä"), ("macturkish", "Ä"), ("maciceland", "Ä"), ("mac_croatian", "Ä"),
        ("cp_is", "Ç"), ("csibm861", "Ç"), ("861", "Ç"), ("csibm858", "Ç"),
        ("1125", "А"), ("cp866u", "А"), ("ptcp154", "Җ"), ("cyrillic_asian", "Җ"), ("kz1048", "Ђ"), ("rk1048", "Ђ"),
        ("1251", "Ђ"), ("1252", "€"), ("775", "Ć"),
    ])
    func readsByte0x80ThroughPythonsNames(encoding: String, expected: String) {
        #expect(decoded([0x41, 0x80], as: encoding) == "A" + expected)
        #expect(TextConverter.isKnown(encoding))
    }

    @Test func macGreekReadsItsLetters() {
        // "Αθήνα" in Mac OS Greek: Α 0xB0, θ 0xF5, ή 0xDC, ν 0xEE, α 0xE1.
        #expect(decoded([0xB0, 0xF5, 0xDC, 0xEE, 0xE1], as: "mac-greek") == "Αθήνα")
    }

    @Test func aByteAPageLeavesUndefinedFailsTheConversion() {
        // KZ-1048 leaves 0x98 undefined: a wrong guess must be noticed, not read as anything.
        #expect(decoded([0x41, 0x98], as: "kz1048") == nil)
    }

    @Test func bareNumbersNameTheirCodePage() {
        #expect(TextConverter.canonicalName("1252") == "windows-1252")
        #expect(TextConverter.canonicalName("861") == "cp861")
        #expect(TextConverter.canonicalName("646") == "us-ascii")
        #expect(TextConverter.canonicalName("8859") == "iso-8859-1")
        #expect(TextConverter.canonicalName("936") == "gbk")
    }
}
