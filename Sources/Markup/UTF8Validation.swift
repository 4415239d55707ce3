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
        while index < count {
            if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            sawNonASCII = true
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            if second < lowerBound || second > upperBound { return index }
            var offset = 2
            while offset < length {
                if bytes[index + offset] & 0xC0 != 0x80 { return index }
                offset += 1
            }
            index += length
        }
        return nil
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
