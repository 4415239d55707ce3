/// A request's query string, decoded the way browsers and HTTP client libraries encode it
/// (`+` is a space, `%XX` a byte). The first occurrence of a name wins.
struct QueryParameters: Sendable {
    /// Longer query strings are cut here; no legitimate request comes close.
    static let maximumQueryBytes = 16 * 1024
    /// Parameters past this count are ignored.
    static let maximumParameterCount = 64

    private var values: [String: String] = [:]

    /// A form with one field per item (the blogroll's checkboxes) raises the limits.
    init(query: String?, maximumBytes: Int = maximumQueryBytes, maximumCount: Int = maximumParameterCount) {
        guard let query, !query.isEmpty else { return }
        let bytes = Array(query.utf8.prefix(maximumBytes))
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).prefix(maximumCount) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
        }
    }

    subscript(_ name: String) -> String? { values[name] }

    /// Every name present (for forms whose field names carry ids).
    var names: Dictionary<String, String>.Keys { values.keys }

    /// The value, or nil when it is absent or only whitespace.
    func nonEmpty(_ name: String) -> String? {
        guard let value = values[name]?.trimmingWhitespace(), !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
