/// Fast UTF-8 checks (ASCII runs eight bytes at a time).
public enum UTF8Validation {
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` is well-formed UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset of the first byte that breaks UTF-8, or nil.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var sawNonASCII = false
        return firstInvalidOffset(bytes, sawNonASCII: &sawNonASCII)
    }

    /// `firstInvalidOffset`, also telling whether a byte above 0x7F came before the answer
    /// (for valid bytes: whether the text is not plain ASCII), so one pass answers both.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, sawNonASCII: inout Bool) -> Int? {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index < count {
            // ASCII runs (most of any feed) sixteen bytes per test.
            while index + 16 <= count,
                  (raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)) & highBits == 0 {
                index += 16
            }
            // All-ASCII input whose length is a multiple of sixteen ends here.
            guard index < count else { break }
            if index + 8 <= count {
                let high = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits
                if high == 0 {
                    index += 8
                    continue
                }
                // Straight to the first byte above 0x7F (the lowest lane with its high bit set),
                // so accented Latin text does not walk its ASCII neighbours byte by byte.
                index += high.trailingZeroBitCount >> 3
            } else if base[index] < 0x80 {
                index += 1
                continue
            }
            sawNonASCII = true
            // Non-Latin text is sequences back to back: stay here while they are.
            while index < count {
                let lead = base[index]
                if lead < 0x80 { break }
                // The common shapes first: two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic) and
                // three bytes outside the E0/ED edge cases (most of the BMP, CJK, punctuation).
                if lead >= 0xC2, lead <= 0xDF, index + 1 < count, base[index + 1] & 0xC0 == 0x80 {
                    index += 2
                    continue
                }
                if lead >= 0xE1, lead <= 0xEF, lead != 0xED, index + 2 < count,
                   base[index + 1] & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80 {
                    index += 3
                    continue
                }
                guard let length = sequenceLength(at: index, in: bytes) else { return index }
                index += length
            }
        }
        return nil
    }

    /// The length of the well-formed sequence that starts at `index` (a byte above 0x7F), or
    /// nil when it is cut short, overlong, a surrogate or past U+10FFFF.
    private static func sequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        if second < lowerBound || second > upperBound { return nil }
        var offset = 2
        while offset < length {
            if bytes[index + offset] & 0xC0 != 0x80 { return nil }
            offset += 1
        }
        return length
    }
}

extension String {
    /// A string of UTF-8 bytes, checked by `UTF8Validation` (a few instructions per byte of
    /// non-ASCII text) rather than by the standard library's decoder, which costs several times
    /// more and dominated feed parsing. Bytes that are not valid UTF-8 are repaired as
    /// `String(decoding:as:)` repairs them (U+FFFD for each bad sequence).
    public init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var isASCII = false
        self.init(checkedUTF8: bytes, isASCII: &isASCII)
    }

    /// `init(checkedUTF8:)`, also telling whether the text is plain ASCII (from the same pass).
    public init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: inout Bool) {
        var sawNonASCII = false
        // Short text (names, attribute values) is cheaper the standard way: up to 15 bytes
        // become a small string with no allocation.
        guard bytes.count > 32, UTF8Validation.firstInvalidOffset(bytes, sawNonASCII: &sawNonASCII) == nil else {
            self = String(decoding: bytes, as: UTF8.self)
            isASCII = UTF8Validation.isASCII(bytes)
            return
        }
        isASCII = !sawNonASCII
        // Checked just above: the unchecked view is valid UTF-8, and ASCII when `isASCII` says so.
        let span = unsafe Span(_unsafeElements: bytes)
        self = String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: isASCII))
    }

    /// `init(checkedUTF8:)` for an array.
    public init(checkedUTF8 bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { String(checkedUTF8: $0) }
    }
}
