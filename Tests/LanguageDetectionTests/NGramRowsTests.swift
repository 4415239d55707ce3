@testable import LanguageDetection
import Testing

struct NGramRowsTests {
    @Test func findsEveryKeyItWasGivenAndNothingElse() {
        // Keys of all three orders, packed as the detector packs them, including ones that
        // collide in a small table (multiples of a power of two).
        var keys: [UInt64] = (1...500).map { UInt64($0) * 0x61 }
        keys += (1...500).map { (UInt64(0x20) << 21) | UInt64($0) }
        keys += (1...500).map { (UInt64(0x20) << 42) | (UInt64($0) << 21) | 0x65 }
        keys += (1...64).map { UInt64($0) << 40 }
        let table = NGramRows(keys)
        for (row, key) in keys.enumerated() {
            #expect(table.row(of: key) == Int32(row))
        }
        for missing: UInt64 in [0x62, 0x7A << 42, (UInt64(0x20) << 21) | 0x7FF, UInt64.max] where !keys.contains(missing) {
            #expect(table.row(of: missing) == nil)
        }
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(NGramRows([]).row(of: 0x61) == nil)
    }
}
