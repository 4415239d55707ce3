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
        var previous: UInt8 = 0
        while index < count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == UInt8(ascii: "\\") || byte == 0x7F { return false }
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return true }
            previous = byte
            index += 1
        }
        return true
    }
}
