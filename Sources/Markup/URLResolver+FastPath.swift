extension URLResolver {
    /// `http(s)://host/path` with nothing to clean or resolve: no spaces, controls,
    /// backslashes or dot segments. Such URLs are kept as they are (the common case).
    public static func isPlainAbsoluteWebURL(_ url: String) -> Bool {
        var copy = url
        return copy.withUTF8 { isPlainAbsoluteWebURL($0) }
    }

    /// `isPlainAbsoluteWebURL` on the URL's UTF-8 bytes.
    public static func isPlainAbsoluteWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count > 8 else { return false }
        let isHTTP = (bytes[0] | 0x20) == UInt8(ascii: "h") && (bytes[1] | 0x20) == UInt8(ascii: "t") && (bytes[2] | 0x20) == UInt8(ascii: "t")
            && (bytes[3] | 0x20) == UInt8(ascii: "p")
        guard isHTTP else { return false }
        var index = 4
        if (bytes[index] | 0x20) == UInt8(ascii: "s") { index += 1 }
        guard index + 3 <= count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
              bytes[index + 2] == UInt8(ascii: "/"), index + 3 < count, bytes[index + 3] != UInt8(ascii: "/") else { return false }
        // One table look-up per byte instead of six comparisons (every byte up to the query is read).
        return byteClasses.withUnsafeBufferPointer { classes in
            var previous: UInt8 = 0
            while index < count {
                let byte = bytes[index]
                switch classes[Int(byte)] {
                case ByteClass.ordinary: break
                case ByteClass.refused: return false
                case ByteClass.dot: if previous == UInt8(ascii: "/") { return false }
                default: return true
                }
                previous = byte
                index += 1
            }
            return true
        }
    }

    private enum ByteClass {
        static let ordinary: UInt8 = 0
        /// Spaces, controls, `\` and DEL: the URL needs cleaning.
        static let refused: UInt8 = 1
        /// Refused after `/` (a dot segment).
        static let dot: UInt8 = 2
        /// `?` or `#`: nothing after it matters.
        static let end: UInt8 = 3
    }

    private static let byteClasses: [UInt8] = (0...255).map { value in
        switch value {
        case 0...0x20, Int(UInt8(ascii: "\\")), 0x7F: ByteClass.refused
        case Int(UInt8(ascii: ".")): ByteClass.dot
        case Int(UInt8(ascii: "?")), Int(UInt8(ascii: "#")): ByteClass.end
        default: ByteClass.ordinary
        }
    }
}
