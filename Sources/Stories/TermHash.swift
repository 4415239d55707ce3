/// 64-bit hashes of terms: FNV-1a over scalars, finished with a mixer so that the low bits
/// (which dictionaries use) depend on every scalar. Collisions between two terms in one
/// window are rare enough (about one in 10¹⁰ for 100,000 terms) to ignore.
enum TermHash {
    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    @inline(__always)
    static func mix(_ hash: UInt64, _ scalar: UInt32) -> UInt64 {
        (hash ^ UInt64(scalar)) &* prime
    }

    /// A pair of characters from a script written without spaces; never equal to a word's hash
    /// in practice, because it starts from a different seed.
    static func pair(_ first: UInt32, _ second: UInt32) -> UInt64 {
        finish(mix(mix(seed ^ 0x5851_F42D_4C95_7F2D, first), second))
    }

    /// A lone character from a script written without spaces.
    static func single(_ scalar: UInt32) -> UInt64 {
        finish(mix(seed ^ 0x1405_7B7E_F767_814F, scalar))
    }

    /// The murmur3 finaliser: spreads every input bit over the whole word.
    @inline(__always)
    static func finish(_ hash: UInt64) -> UInt64 {
        var value = hash
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
