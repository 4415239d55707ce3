import Testing

@testable import Markup

/// The validator's fast paths (sixteen ASCII bytes per test, a jump to the first high byte of
/// a word, the common two- and three-byte shapes) against the standard library's decoder.
@Suite struct UTF8ValidationTests {
    /// The offset where the standard library's strict decoder first fails, or nil.
    func referenceFirstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Pieces that cover each shape the validator treats differently, good and bad.
    let pieces: [[UInt8]] = [
        Array("a".utf8), Array("plain ascii run ".utf8), Array("é".utf8), Array("д".utf8), Array("中".utf8),
        Array("\u{E000}".utf8), Array("\u{D7FF}".utf8), Array("ࠀ".utf8), Array("𝄞".utf8), Array("\u{10FFFF}".utf8),
        [0xC3], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x28, 0xA1], [0xE2, 0x82],
        [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF, 0x41],
    ]

    @Test func agreesWithTheStandardLibraryOnMixedText() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            let pieceCount = Int(state % 12) + 1
            for _ in 0..<pieceCount {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly valid pieces, so that a bad one lands at many offsets after good ones.
                let choice = Int(state >> 33) % (pieces.count + 10)
                bytes += choice < pieces.count ? pieces[choice] : pieces[choice % 10]
            }
            var sawNonASCII = false
            let answer = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0, sawNonASCII: &sawNonASCII) }
            #expect(answer == referenceFirstInvalidOffset(bytes), "\(bytes)")
            #expect(sawNonASCII == bytes.contains { $0 >= 0x80 } || answer != nil)
        }
    }

    /// ASCII of every length, with a high byte just past the end of the view: the checker must
    /// never look at it (it did when an ASCII run ended exactly at a multiple of sixteen).
    @Test func neverReadsPastTheEndOfASCII() {
        for length in 0...80 {
            let storage = Array(repeating: UInt8(ascii: "a"), count: length) + [0xFF]
            storage.withUnsafeBufferPointer { buffer in
                var sawNonASCII = false
                let view = UnsafeBufferPointer(rebasing: buffer[0..<length])
                #expect(UTF8Validation.firstInvalidOffset(view, sawNonASCII: &sawNonASCII) == nil)
                #expect(!sawNonASCII, "ASCII of length \(length) read as non-ASCII")
            }
        }
    }

    @Test func findsABadByteAtEveryOffsetOfLongASCII() {
        for length in 0..<40 {
            for badOffset in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                bytes[badOffset] = 0xFF
                #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) } == badOffset)
            }
            let clean = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            #expect(clean.withUnsafeBufferPointer { UTF8Validation.isValid($0) })
        }
    }
}
