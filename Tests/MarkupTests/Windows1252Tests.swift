import Markup
import Testing

struct Windows1252Tests {
    @Test func readsTheC1RangeAsBrowsersDo() {
        #expect(Windows1252.character(forC1: 0x80) == "\u{20AC}")
        #expect(Windows1252.character(forC1: 0x93) == "\u{201C}")
        #expect(Windows1252.character(forC1: 0x9F) == "\u{0178}")
        for undefined: UInt32 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            #expect(Windows1252.character(forC1: undefined) == nil)
        }
        #expect(Windows1252.character(forC1: 0x7F) == nil)
        #expect(Windows1252.character(forC1: 0xA0) == nil)
    }

    @Test func convertsBytesKeepingUndefinedOnesAsLatin1() {
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x6F, 0x6B, 0x94, 0x20, 0x80, 0x81]
        #expect(String(decoding: Windows1252.utf8Bytes(of: bytes), as: UTF8.self) == "Café “ok” €\u{81}")
    }
}
