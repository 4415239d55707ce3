/// A small deterministic random number generator (SplitMix64) seeded from a string, so an
/// article's illustration is the same on every run and every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Seeds from the FNV-1a hash of the string's UTF-8 bytes.
    init(seed: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        state = hash
    }

    mutating func next() -> UInt64 {
        state = state &+ 0x9e37_79b9_7f4a_7c15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }

    /// A whole number in the range, spelled out here rather than left to the standard
    /// library so the sequence cannot change with a Swift release.
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// One of the tenths between the bounds, as SVG text ("0.4").
    mutating func opacity(_ range: ClosedRange<Int>) -> String {
        let tenths = integer(in: range)
        return tenths >= 10 ? "1" : "0.\(tenths)"
    }
}
