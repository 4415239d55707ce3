/// HTML character references (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`) decoded the way
/// browsers decode them, including the legacy names written without a semicolon.
public enum HTMLEntities {
    /// The longest entity name in the table, in bytes; longer runs cannot be references.
    public static let longestNameLength = 32

    /// The text a named reference stands for; `name` is without `&` and `;` (`"eacute"`).
    public static func value(forName name: String) -> String? {
        namedValues[name]
    }

    /// Whether browsers also accept `name` without its closing semicolon (`&copy 2024`).
    public static func acceptsWithoutSemicolon(_ name: String) -> Bool {
        HTMLEntityTable.legacyNames.contains(name)
    }

    /// Decodes every character reference in `text`. In attribute values, a legacy reference
    /// without a semicolon followed by `=` or an alphanumeric stays as written, as in browsers
    /// (so `?a=1&copy=2` keeps its `&copy`).
    public static func decode(_ text: String, inAttribute: Bool = false) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var utf8 = text
        utf8.withUTF8 { bytes in
            decode(bytes, inAttribute: inAttribute, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes the references in `bytes` (UTF-8) and appends the result to `output`.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool, into output: inout [UInt8]) {
        var index = 0
        let count = bytes.count
        let ampersand = UInt8(ascii: "&")
        while index < count {
            // The text up to the next `&` in one copy.
            let next = ByteScan.firstIndex(in: bytes, from: index, of: ampersand, ampersand, ampersand, ampersand)
            if next > index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next])) }
            index = next
            guard index < count else { return }
            let byte = bytes[index]
            if let reference = reference(in: bytes, at: index, inAttribute: inAttribute) {
                appendUTF8(reference.first, to: &output)
                if let second = reference.second { appendUTF8(second, to: &output) }
                index += reference.length
            } else {
                output.append(byte)
                index += 1
            }
        }
    }

    /// The few names most text uses (`amp`, `lt`, `gt`, `quot`, `nbsp`), read without making a
    /// string and hashing it into the full table.
    @inline(__always)
    private static func commonScalar(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        func equals(_ literal: StaticString) -> Bool {
            guard name.count == literal.utf8CodeUnitCount else { return false }
            for index in 0..<name.count where name[index] != literal.utf8Start[index] { return false }
            return true
        }
        switch name.count {
        case 2: return equals("lt") ? "<" : equals("gt") ? ">" : nil
        case 3: return equals("amp") ? "&" : nil
        case 4: return equals("quot") ? "\"" : equals("nbsp") ? "\u{00A0}" : nil
        default: return nil
        }
    }

    /// A reference found at `start` (which holds `&`): what it decodes to and how many bytes it spans.
    public struct Reference: Sendable, Hashable {
        public var first: Unicode.Scalar
        /// A few names stand for two scalars (`&NotEqualTilde;`).
        public var second: Unicode.Scalar?
        /// Bytes from the `&` to the end of the reference (its `;` included when present).
        public var length: Int
    }

    /// Recognises the character reference starting at `start` (the `&`), or nil if the
    /// ampersand is just an ampersand.
    public static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, inAttribute: Bool) -> Reference? {
        let count = bytes.count
        var index = start + 1
        guard index < count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            return numericReference(in: bytes, at: start)
        }
        // The run of ASCII alphanumerics after '&'.
        let nameStart = index
        while index < count, index - nameStart <= longestNameLength, isASCIIAlphanumeric(bytes[index]) {
            index += 1
        }
        let runLength = index - nameStart
        guard runLength > 0 else { return nil }
        if index < count, bytes[index] == UInt8(ascii: ";"), runLength <= longestNameLength {
            if let common = commonScalar(UnsafeBufferPointer(rebasing: bytes[nameStart..<index])) {
                return Reference(first: common, second: nil, length: runLength + 2)
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
            if let value = namedScalars[name] {
                return Reference(first: value.0, second: value.1, length: runLength + 2)
            }
        }
        // Legacy names without a semicolon: the longest one that prefixes the run.
        var length = min(runLength, longestLegacyNameLength)
        while length >= 2 {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<(nameStart + length)]), as: UTF8.self)
            if HTMLEntityTable.legacyNames.contains(name), let value = namedScalars[name] {
                let next = nameStart + length
                if inAttribute, next < count, bytes[next] == UInt8(ascii: "=") || isASCIIAlphanumeric(bytes[next]) {
                    return nil
                }
                return Reference(first: value.0, second: value.1, length: length + 1)
            }
            length -= 1
        }
        return nil
    }

    private static func numericReference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Reference? {
        let count = bytes.count
        var index = start + 2
        var isHex = false
        if index < count, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
            isHex = true
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        var overflowed = false
        while index < count {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: digit = UInt32.max
            }
            if digit == UInt32.max { break }
            if !overflowed {
                value = value &* (isHex ? 16 : 10) &+ digit
                if value > 0x10FFFF { overflowed = true }
            }
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < count, bytes[index] == UInt8(ascii: ";") { index += 1 }
        let scalar = overflowed ? Unicode.Scalar(0xFFFD as UInt32) : scalarForNumericReference(value)
        return Reference(first: scalar ?? replacementCharacter, second: nil, length: index - start)
    }

    /// The HTML rules for numeric references: NUL, surrogates and out-of-range values become
    /// U+FFFD; 0x80–0x9F are read as windows-1252, as every browser does.
    static func scalarForNumericReference(_ value: UInt32) -> Unicode.Scalar? {
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return replacementCharacter }
        return Windows1252.character(forC1: value) ?? Unicode.Scalar(value)
    }

    static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"

    private static let longestLegacyNameLength = 6

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (value >> 6)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (value >> 12)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (value >> 18)))
            output.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    /// Name → one or two scalars, built once from the generated table. Read byte by byte: the
    /// table is built on the first reference a process decodes, and splitting its 2,231 lines
    /// into substrings cost ten times more than the dictionary itself.
    private static let namedScalars: [String: (Unicode.Scalar, Unicode.Scalar?)] = {
        var table: [String: (Unicode.Scalar, Unicode.Scalar?)] = [:]
        table.reserveCapacity(2_300)
        var source = HTMLEntityTable.source
        source.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let lineEnd = ByteScan.firstIndex(in: bytes, from: index, of: 0x0A, 0x0A, 0x0A, 0x0A)
                let line = UnsafeBufferPointer(rebasing: bytes[index..<lineEnd])
                index = lineEnd + 1
                // "name first [second]"
                let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
                guard fields.count >= 2, let first = hexScalar(fields[1]) else { continue }
                let second = fields.count > 2 ? hexScalar(fields[2]) : nil
                table[String(decoding: fields[0], as: UTF8.self)] = (first, second)
            }
        }
        return table
    }()

    /// The scalar whose code point `digits` spell in hexadecimal.
    private static func hexScalar(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = hexDigitValue(byte) else { return nil }
            value = value << 4 | digit
        }
        return Unicode.Scalar(value)
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static let namedValues: [String: String] = namedScalars.mapValues { scalars in
        var text = String(Character(scalars.0))
        if let second = scalars.1 { text.unicodeScalars.append(second) }
        return text
    }
}
