/// A page's ETag value: a 64-bit hash of its bytes read eight at a time (a multiply and a
/// shift a word, then a final mix), several times faster than a byte-at-a-time hash on
/// the tens of kilobytes of a page, which is hashed on every request. Not a cryptographic
/// hash: a tag only tells one version of one address from another.
enum PageFingerprint {
    static func hex(of text: String) -> String {
        var text = text
        return hex(value: text.withUTF8 { Self.hash($0) })
    }

    /// A hash as the 16 hex digits of a tag.
    static func hex(value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                hash = (hash ^ word) &* multiplier
                hash ^= hash >> 29
                index += 8
            }
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* multiplier
        // SplitMix64's finaliser: every input bit reaches every output bit.
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
