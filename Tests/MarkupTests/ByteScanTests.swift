import Foundation
import Testing
@testable import Markup

@Suite("ByteScan")
struct ByteScanTests {
    /// Inputs of every length around the eight-byte word, with the wanted byte at every
    /// position, checked against a plain bytewise search.
    @Test func firstIndexFindsTheFirstOfAnyWantedByteAtEveryPosition() {
        let wanted: [UInt8] = [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\"")]
        for length in 0..<20 {
            for position in 0...length {
                for byte in wanted {
                    var input = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { input[position] = byte }
                    for start in 0...length {
                        let expected = input.indices.first { $0 >= start && wanted.contains(input[$0]) } ?? length
                        let found = input.withUnsafeBufferPointer {
                            ByteScan.firstIndex(in: $0, from: start, of: wanted[0], wanted[1], wanted[2], wanted[3])
                        }
                        #expect(found == expected, "length \(length), byte at \(position), from \(start)")
                    }
                }
            }
        }
    }

    @Test func wordTestsAnswerExactlyForEveryLane() {
        for lane in 0..<8 {
            for value in [UInt8(0x00), 0x1F, 0x20, 0x21, 0x26, 0x7F, 0x80, 0xC3, 0xFF] {
                var bytes = [UInt8](repeating: 0x61, count: 8)
                bytes[lane] = value
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(ByteScan.contains(word, ByteScan.broadcast(0x26)) == (value == 0x26))
                #expect(ByteScan.containsByte(word, below: 0x20) == (value < 0x20))
                #expect(ByteScan.containsByte(word, below: 0x21) == (value < 0x21))
            }
        }
    }

    @Test func textEscapingMatchesBytewiseEscapingAroundWordBoundaries() {
        for length in 0..<20 {
            for position in 0..<max(length, 1) {
                var text = String(repeating: "x", count: length)
                if length > 0 {
                    var characters = Array(text)
                    characters[position] = "&"
                    text = String(characters)
                }
                let html = "<p>" + text + " &lt;ok&gt; \"q\"</p>"
                let sanitized = HTMLSanitizer.sanitize(html, baseURL: nil)
                let escapedText = text.replacingOccurrences(of: "&", with: "&amp;")
                #expect(sanitized == "<p>" + escapedText + " &lt;ok&gt; \"q\"</p>")
            }
        }
    }
}
