/// Text made safe for XML 1.0 (the Atom output) and for HTML (plain summaries shown as HTML):
/// markup characters escaped, and the characters XML forbids (most control characters,
/// lone surrogates cannot occur in a Swift string, U+FFFE and U+FFFF) dropped, since one of
/// them would make a strict parser refuse the whole feed.
enum GoogleReaderXML {
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default:
                if isAllowed(scalar) { escaped.append(scalar) }
            }
        }
        return String(escaped)
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'": true
        default: !isAllowed(scalar)
        }
    }

    /// XML 1.0's `Char` production.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
