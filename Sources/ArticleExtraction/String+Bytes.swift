/// Searches and trims on a string's UTF-8 bytes. Foundation's `contains(_:)`,
/// `range(of:)` and `trimmingCharacters(in:)` go through `NSString` on Linux and cost a few
/// percent of every extraction when called once per element or attribute.
extension StringProtocol {
    /// Whether the bytes of `needle` (ASCII) occur in the string, case kept.
    func containsASCII(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        let bytes = utf8
        guard bytes.count >= pattern.count else { return false }
        var index = bytes.startIndex
        let lastStart = bytes.index(bytes.endIndex, offsetBy: -pattern.count)
        while index <= lastStart {
            if bytes[index] == first {
                var matched = true
                var probe = bytes.index(after: index)
                for expected in pattern.dropFirst() {
                    if bytes[probe] != expected { matched = false; break }
                    probe = bytes.index(after: probe)
                }
                if matched { return true }
            }
            index = bytes.index(after: index)
        }
        return false
    }

}

extension String {
    /// The string without white space and line breaks at either end: the characters of
    /// Foundation's `.whitespacesAndNewlines` (Unicode's separators, tab, U+000A–U+000D,
    /// U+0085). A string with letters at both ends is returned as it is.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let firstKept = scalars.firstIndex(where: { !Self.isWhitespaceOrNewline($0) }),
              let lastKept = scalars.lastIndex(where: { !Self.isWhitespaceOrNewline($0) }) else { return "" }
        if firstKept == scalars.startIndex, scalars.index(after: lastKept) == scalars.endIndex { return self }
        return String(scalars[firstKept...lastKept])
    }

    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        if value == 0x85 { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
