import Storage

/// The fields of a sync request: its query string and, for a POST, its
/// `application/x-www-form-urlencoded` body, decoded the way clients encode them (`+` is a
/// space, `%XX` a byte). A name may repeat (`i=1&i=2`), so every value is kept, in order;
/// query fields come before body fields.
///
/// Client input: past `maximumFieldCount` fields the rest are ignored (a request with more
/// is refused by the caller through `isTruncated`), and each side is read only up to its limit.
public struct FormFields: Sendable {
    /// More fields than any client sends: 10 000 item ids in one `edit-tag` plus the others.
    public static let maximumFieldCount = 10_100
    /// Query strings longer than this are cut (the body has its own limit, `RequestBodyReader`).
    public static let maximumQueryBytes = 64 * 1024

    private var names: [String] = []
    private var values: [String] = []
    /// True when fields were dropped for being past `maximumFieldCount`.
    public private(set) var isTruncated = false

    public init(query: String?, body: String? = nil) {
        if let query { append(encoded: Array(query.utf8.prefix(Self.maximumQueryBytes))) }
        if let body { append(encoded: Array(body.utf8)) }
    }

    /// The first value of `name`, or nil.
    public subscript(_ name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] {
        zip(names, values).compactMap { $0.0 == name ? $0.1 : nil }
    }

    /// True when `name` is present, even without a value (Fever's `?api&feeds`).
    public func contains(_ name: String) -> Bool {
        names.contains(name)
    }

    /// The first value of `name` with surrounding white space removed; nil when absent or empty.
    public func nonEmpty(_ name: String) -> String? {
        guard let value = self[name] else { return nil }
        let trimmed = value.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    private mutating func append(encoded bytes: [UInt8]) {
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard names.count < Self.maximumFieldCount else {
                isTruncated = true
                return
            }
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            names.append(Self.decode(parts[0]))
            values.append(parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// Percent-decodes a form value (`+` is a space); bytes that are not UTF-8 become U+FFFD.
    public static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool = true) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+"), plusIsSpace {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                      let high = SecretDigest.hexDigitValue(bytes[index + 1]), let low = SecretDigest.hexDigitValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}

extension String {
    /// The text without white space (including new lines) at either end.
    public func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
