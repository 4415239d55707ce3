/// Finds the character encoding a page declares for itself before any text is decoded:
/// a byte-order mark, or `<meta charset>` / `<meta http-equiv="Content-Type" content="…;
/// charset=…">` in the first kilobytes, as the WHATWG prescan does.
public enum HTMLCharsetPrescan {
    /// Browsers look this far; pages put their declaration near the top.
    public static let prescanLength = 4096

    /// The lower-cased encoding label the page declares (`"utf-8"`, `"windows-1252"`,
    /// `"shift_jis"`), or nil when it declares none.
    public static func declaredEncoding(in bytes: [UInt8]) -> String? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return "utf-8" }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return "utf-16be" }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return "utf-16le" }
        let head = Array(bytes.prefix(prescanLength))
        for token in HTMLTokenizer(head) where token.kind == .startTag && token.tag == .meta {
            if let charset = token.value(of: "charset") {
                let label = cleanLabel(charset)
                if !label.isEmpty { return label }
            }
            if let equiv = token.value(of: "http-equiv"), equiv.lowercased() == "content-type",
               let content = token.value(of: "content"), let label = charset(inContentType: content) {
                return label
            }
        }
        return nil
    }

    /// The `charset=` parameter of a Content-Type value (`text/html; charset="utf-8"`).
    public static func charset(inContentType value: String) -> String? {
        let bytes = Array(value.lowercased().utf8)
        let key = Array("charset".utf8)
        var index = 0
        while index + key.count <= bytes.count {
            guard bytes[index..<(index + key.count)].elementsEqual(key) else {
                index += 1
                continue
            }
            var cursor = index + key.count
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            var end = cursor
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: ",") { end += 1 }
            let label = cleanLabel(String(decoding: bytes[cursor..<end], as: UTF8.self))
            return label.isEmpty ? nil : label
        }
        return nil
    }

    private static func cleanLabel(_ raw: String) -> String {
        let allowed = raw.lowercased().unicodeScalars.filter { $0 != "\"" && $0 != "'" }
        let trimmed = String(String.UnicodeScalarView(allowed)).trimmingSpaces()
        return String(trimmed.prefix { !$0.isWhitespace })
    }
}

extension String {
    /// The string without leading and trailing ASCII white space.
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        return String(scalars)
    }
}
