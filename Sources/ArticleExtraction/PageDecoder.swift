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
        return Windows1252.utf8Bytes(of: bytes)
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
}
