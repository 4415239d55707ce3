import Foundation
import Markup

/// Text rules of feed values: escaping, whitespace, content types, base64, the "is this
/// plain text really HTML?" guess, and repairs for common encoding mistakes.
enum FeedText {
    /// Appends `bytes` with `&`, `<` and `>` escaped (and `"` too with `quotes`, for a
    /// double-quoted attribute value), the runs between them copied whole.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], quotes: Bool = false) {
        var runStart = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quotes: replacement = "&quot;"
            default: continue
            }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Appends ` name="value"` for each attribute, values escaped for a double-quoted attribute.
    static func appendSerializedAttributes(_ attributes: [(String, String)], to output: inout [UInt8]) {
        for (name, value) in attributes {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: name.utf8)
            output.append(contentsOf: "=\"".utf8)
            var copy = value
            copy.withUTF8 { appendEscaped($0, to: &output, quotes: true) }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// Python's `str.strip()`: Unicode whitespace off both ends.
    static func strippingWhitespace(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        if !isWhitespaceLead(first) && !isWhitespaceTail(last) { return text }
        // ASCII whitespace at both ends (the usual indentation): trim bytes, no Unicode tables.
        var copy = text
        let trimmed: String? = copy.withUTF8 { bytes in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] <= 0x20, isPythonWhitespaceByte(bytes[start]) { start += 1 }
            while end > start, bytes[end - 1] <= 0x20, isPythonWhitespaceByte(bytes[end - 1]) { end -= 1 }
            let leadIsPlain = start == end || bytes[start] < 0x80
            let tailIsPlain = start == end || bytes[end - 1] < 0x80
            guard leadIsPlain && tailIsPlain else { return nil }
            if start == 0 && end == bytes.count { return text }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        if let trimmed { return trimmed }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace || isPythonSpaceControl(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before].properties.isWhitespace || isPythonSpaceControl(scalars[before]) else { break }
            end = before
        }
        return String(scalars[start..<end])
    }

    /// `strippingWhitespace` on UTF-8 bytes: ASCII whitespace trimmed here, anything that may be
    /// Unicode whitespace at an end through the string version.
    static func strippingWhitespace(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.first, let last = bytes.last else { return bytes }
        if !isWhitespaceLead(first) && !isWhitespaceTail(last) { return bytes }
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] <= 0x20, isPythonWhitespaceByte(bytes[start]) { start += 1 }
        while end > start, bytes[end - 1] <= 0x20, isPythonWhitespaceByte(bytes[end - 1]) { end -= 1 }
        if start == end { return [] }
        if bytes[start] < 0x80 && bytes[end - 1] < 0x80 {
            return start == 0 && end == bytes.count ? bytes : Array(bytes[start..<end])
        }
        return Array(strippingWhitespace(String(decoding: bytes, as: UTF8.self)).utf8)
    }

    @inline(__always) private static func isPythonWhitespaceByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || (byte >= 0x1C && byte <= 0x1F)
    }

    private static func isPythonSpaceControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x1C...0x1F).contains(scalar.value)
    }

    @inline(__always) private static func isWhitespaceLead(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3
    }

    @inline(__always) private static func isWhitespaceTail(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x85 || byte == 0xA0 || byte == 0x80 || byte == 0x81 || byte == 0x8A || byte == 0x80 || byte == 0xA8 || byte == 0xA9 || byte == 0xAF || byte == 0x9F || byte == 0x8E
    }

    static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C || $0 == 0x0B }
    }

    /// `text`, `html`, `xhtml` → the media types they stand for; lower-cased.
    static func mapContentType(_ type: String) -> String {
        // Types are mapped when an element starts and looked at again when it ends: most are
        // already lower-case media types, which need no new string.
        let lowered = type.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 }) ? type.lowercased() : type
        switch lowered {
        case "text", "plain": return "text/plain"
        case "html": return "text/html"
        case "xhtml": return "application/xhtml+xml"
        default: return lowered
        }
    }

    /// Base64 text decoded to UTF-8 text, or nil when it is not base64 of UTF-8.
    static func decodeBase64(_ text: String) -> String? {
        let cleaned = text.unicodeScalars.filter { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "/" || scalar == "=")
        }
        let compact = String(String.UnicodeScalarView(cleaned))
        guard !compact.isEmpty, compact.utf8.count % 4 == 0, let data = Data(base64Encoded: compact) else { return nil }
        let bytes = [UInt8](data)
        let valid = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        return valid ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Whether text declared plain looks like HTML: it has an end tag or an entity reference,
    /// every tag is one the sanitizer accepts and every named reference is an HTML one.
    /// (False positives lose text, so this errs on the side of "plain".)
    static func looksLikeHTML(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { looksLikeHTML($0) }
    }

    static func looksLikeHTML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return false }
        var hasEndTagOrReference = false
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                var nameStart = index + 1
                let isEnd = nameStart < count && bytes[nameStart] == UInt8(ascii: "/")
                if isEnd { nameStart += 1 }
                var nameEnd = nameStart
                while nameEnd < count, isWordByte(bytes[nameEnd]) { nameEnd += 1 }
                if nameEnd > nameStart {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self).lowercased()
                    if !HTMLSanitizer.acceptableElements.contains(name) { return false }
                    if isEnd, nameEnd < count, bytes[nameEnd] == UInt8(ascii: ">") { hasEndTagOrReference = true }
                }
                index = max(index + 1, nameEnd)
            } else if byte == UInt8(ascii: "&") {
                var nameStart = index + 1
                let isNumeric = nameStart < count && bytes[nameStart] == UInt8(ascii: "#")
                if isNumeric { nameStart += 1 }
                var nameEnd = nameStart
                while nameEnd < count, isWordByte(bytes[nameEnd]) { nameEnd += 1 }
                if nameEnd > nameStart, nameEnd < count, bytes[nameEnd] == UInt8(ascii: ";") {
                    hasEndTagOrReference = true
                    if !isNumeric {
                        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
                        if !HTMLSanitizer.html4EntityNames.contains(name) { return false }
                    }
                } else if isNumeric, nameEnd > nameStart + 0, nameEnd < count, bytes[nameEnd] == UInt8(ascii: ";") {
                    hasEndTagOrReference = true
                }
                index = max(index + 1, nameEnd)
            } else {
                index += 1
            }
        }
        return hasEndTagOrReference
    }

    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Text that is UTF-8 read as ISO-8859-1 and re-encoded ("Ã©" for "é") turned back into
    /// what was meant. Applies only when every character fits in one byte and those bytes
    /// form valid UTF-8, so correct text is never touched.
    /// Whether the text is plain ASCII (nothing to repair or map).
    static func isASCII(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { UTF8Validation.isASCII($0) }
    }

    static func repairingMojibake(_ text: String) -> String {
        var copy = text
        let mayBeMojibake = copy.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            var hasHighCharacters = false
            var index = 0
            while index < bytes.count {
                // ASCII words cannot hold lead bytes: skip them eight at a time.
                if index + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                if byte >= 0xC0 {
                    if byte > 0xC3 { return false }
                    // The first character past ASCII read as Latin-1 must start a UTF-8
                    // sequence; from a C2 lead it is a lone continuation byte (this ends the
                    // scan at the first no-break space, the commonest case).
                    if !hasHighCharacters, byte == 0xC2 { return false }
                    hasHighCharacters = true
                }
                index += 1
            }
            return hasHighCharacters
        }
        guard mayBeMojibake else { return text }
        // No lead byte above C3: every character is at most U+00FF, two bytes (C2/C3 and a
        // continuation) or one; the Latin-1 byte is read straight from them.
        var latin1: [UInt8] = []
        latin1.reserveCapacity(text.utf8.count)
        copy.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0xC0, index + 1 < bytes.count {
                    latin1.append((byte & 0x03) << 6 | (bytes[index + 1] & 0x3F))
                    index += 2
                } else {
                    latin1.append(byte)
                    index += 1
                }
            }
        }
        let valid = latin1.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        return valid ? String(decoding: latin1, as: UTF8.self) : text
    }

    /// C1 control characters (U+0080–U+009F) read as the windows-1252 characters they almost
    /// always are (curly quotes, dashes, the euro sign).
    static func mappingWindows1252Controls(_ text: String) -> String {
        var copy = text
        let found = copy.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var index = 0
            // memchr for each 0xC2 lead byte (C1 controls are U+0080–U+009F: C2 80 to C2 9F).
            while index + 1 < bytes.count, let lead = memchr(base + index, 0xC2, bytes.count - 1 - index) {
                index = base.distance(to: lead.assumingMemoryBound(to: UInt8.self)) + 1
                if bytes[index] >= 0x80, bytes[index] <= 0x9F { return true }
            }
            return false
        }
        guard found else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let mapped = Windows1252.character(forC1: scalar.value) {
                scalars.append(mapped)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `?a=1&amp;b=2` and `?a=1&b;=2` (query ampersands read as references) back to `?a=1&b=2`.
    static func fixingQueryAmpersands(_ url: String, replacingEscapedAmpersands: Bool) -> String {
        guard url.utf8.contains(UInt8(ascii: "&")) else { return url }
        var text = url
        if replacingEscapedAmpersands { text = text.replacingAll("&amp;", with: "&") }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard byte == UInt8(ascii: "&") else { continue }
            var end = index
            while end < bytes.count, isNameCharacter(bytes[end]) { end += 1 }
            if end > index, end < bytes.count, bytes[end] == UInt8(ascii: ";") {
                output.append(contentsOf: bytes[index..<end])
                index = end + 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @inline(__always) private static func isNameCharacter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The first e-mail address in an author string ("Jane (jane@example.com)"), with an
    /// optional `?subject=…`: local part, `@`, dotted domain labels and a 2–4 letter or
    /// 1–3 digit final label (or a bracketed IPv4 address).
    static func firstEmailAddress(in text: String) -> String? {
        let bytes = Array(text.utf8)
        let count = bytes.count
        var at = 0
        while at < count {
            guard bytes[at] == UInt8(ascii: "@") else {
                at += 1
                continue
            }
            var localStart = at
            while localStart > 0, isLocalPartByte(bytes[localStart - 1]) { localStart -= 1 }
            if localStart < at, let end = domainEnd(bytes, from: at + 1) {
                var finish = end
                let subject = Array("?subject=".utf8)
                if finish + subject.count < count, Array(bytes[finish..<(finish + subject.count)]) == subject {
                    var subjectEnd = finish + subject.count
                    while subjectEnd < count, !isSpace(bytes[subjectEnd]) { subjectEnd += 1 }
                    if subjectEnd > finish + subject.count { finish = subjectEnd }
                }
                return String(decoding: bytes[localStart..<finish], as: UTF8.self)
            }
            at += 1
        }
        return nil
    }

    private static func domainEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        let count = bytes.count
        if start < count, bytes[start] == UInt8(ascii: "[") {
            // [1.2.3.4] style.
            var index = start + 1
            for _ in 0..<3 {
                let digitsStart = index
                while index < count, index - digitsStart < 3, isDigit(bytes[index]) { index += 1 }
                guard index > digitsStart, index < count, bytes[index] == UInt8(ascii: ".") else { return nil }
                index += 1
            }
            guard let end = finalLabelEnd(bytes, from: index) else { return nil }
            return end < count && bytes[end] == UInt8(ascii: "]") ? end + 1 : end
        }
        // Dotted labels, then a final label; fewer labels are tried when the final one fails.
        var labelEnds: [Int] = []
        var index = start
        while true {
            let labelStart = index
            while index < count, isLabelByte(bytes[index]) { index += 1 }
            guard index > labelStart, index < count, bytes[index] == UInt8(ascii: ".") else { break }
            index += 1
            labelEnds.append(index)
        }
        while let afterLabels = labelEnds.last {
            if let end = finalLabelEnd(bytes, from: afterLabels) {
                return end < count && bytes[end] == UInt8(ascii: "]") ? end + 1 : end
            }
            labelEnds.removeLast()
        }
        return nil
    }

    private static func finalLabelEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        // feedparser stops top-level domains at 4 letters, which cuts "name@site.example"; DNS allows 63.
        while index < bytes.count, index - start < 63, isLetter(bytes[index]) { index += 1 }
        if index - start >= 2 { return index }
        index = start
        while index < bytes.count, index - start < 3, isDigit(bytes[index]) { index += 1 }
        return index > start ? index : nil
    }

    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
}
