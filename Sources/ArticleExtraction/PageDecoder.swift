import Markup

/// Brings a page's bytes to UTF-8. Valid UTF-8 is kept as it is whatever the page
/// declares (pages that declare a legacy charset but are UTF-8 are common); otherwise the
/// declared encoding is converted (iconv, through `TextConverter`), with windows-1252 —
/// the web's reading of Latin-1 and ASCII labels — when none is declared or it fails.
/// A page that is UTF-8 but for a few broken bytes (a cut character, a stray Latin-1
/// byte) stays UTF-8, the broken bytes replaced, as a browser reads it.
enum PageDecoder {
    static func utf8Bytes(of bytes: [UInt8], contentType: String?, problems: inout [String]) -> [UInt8] {
        let declared = contentType.flatMap(HTMLCharsetPrescan.charset(inContentType:))
            ?? HTMLCharsetPrescan.declaredEncoding(in: bytes)
        if isValidUTF8(bytes) {
            if let declared, !isUTF8Label(declared), bytes.contains(where: { $0 >= 0x80 }) {
                problems.append("the page declares \(declared) but is UTF-8")
            }
            return bytes
        }
        if declared.map(isUTF8Label) ?? true, isMostlyUTF8(bytes) {
            problems.append("the page has bytes that are not UTF-8; they were replaced")
            return Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        if let declared, isUTF8Label(declared) {
            problems.append("the page declares UTF-8 but is not; read as windows-1252")
        } else if let declared, !isWindows1252Compatible(declared) {
            let converted = bytes.withUnsafeBufferPointer { TextConverter.utf8Bytes(of: $0, encoding: declared) }
            if let converted { return converted }
            problems.append("the page is not valid \(declared); read as windows-1252")
        }
        return windows1252ToUTF8(bytes)
    }

    /// Whether well-formed multi-byte sequences outnumber broken bytes at least ten to one
    /// (a legacy-encoded page has almost no well-formed sequences).
    static func isMostlyUTF8(_ bytes: [UInt8]) -> Bool {
        var wellFormed = 0
        var broken = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count > 1 { wellFormed += 1 }
            case .error:
                broken += 1
            case .emptyInput:
                break parsing
            }
        }
        return wellFormed >= 10 * broken
    }

    static func isUTF8Label(_ label: String) -> Bool {
        label == "utf-8" || label == "utf8" || label == "unicode-1-1-utf-8"
    }

    static func isWindows1252Compatible(_ label: String) -> Bool {
        ["windows-1252", "cp1252", "iso-8859-1", "latin1", "iso8859-1", "l1", "us-ascii", "ascii", "iso-8859-15", "x-cp1252"]
            .contains(label)
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
    }

    static func windows1252ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            var value = UInt32(byte)
            if (0x80...0x9F).contains(byte) {
                let mapped = windows1252C1[Int(byte - 0x80)]
                value = mapped == 0 ? UInt32(byte) : mapped
            }
            appendUTF8(value, to: &output)
        }
        return output
    }

    private static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (value >> 6)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        default:
            output.append(UInt8(0xE0 | (value >> 12)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    /// windows-1252's meaning of bytes 0x80–0x9F (0 where it has none).
    private static let windows1252C1: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}
