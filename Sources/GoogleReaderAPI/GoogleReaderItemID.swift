import NewsModel
import SyncSupport

/// Item ids in the two forms Google Reader clients use: the long form
/// `tag:google.com,2005:reader/item/<16 hex digits>` and the short form, the same 64-bit number
/// in decimal (Google's were signed, so negative short ids are read as their two's complement).
/// Broadsheet's article ids are the number itself.
enum GoogleReaderItemID {
    static let longPrefix = "tag:google.com,2005:reader/item/"

    /// The long form, zero-padded to 16 hex digits as Google wrote it.
    static func long(_ id: ArticleID) -> String {
        let hex = String(UInt64(bitPattern: id.rawValue), radix: 16)
        return longPrefix + String(repeating: "0", count: max(0, 16 - hex.utf8.count)) + hex
    }

    /// The short form: decimal.
    static func short(_ id: ArticleID) -> String {
        String(id.rawValue)
    }

    /// Reads either form (and bare 16-digit hex, which some clients send); nil for anything else.
    static func parse(_ text: String) -> ArticleID? {
        let text = text.trimmingSpaces()
        guard !text.isEmpty, text.utf8.count <= longPrefix.utf8.count + 16 else { return nil }
        if text.hasPrefix(longPrefix) {
            return hex(text.dropFirst(longPrefix.utf8.count))
        }
        if let decimal = Int64(text) { return ArticleID(rawValue: decimal) }
        if text.utf8.count == 16 { return hex(Substring(text)) }
        return nil
    }

    private static func hex(_ digits: Substring) -> ArticleID? {
        guard !digits.isEmpty, digits.utf8.count <= 16, let value = UInt64(digits, radix: 16) else { return nil }
        return ArticleID(rawValue: Int64(bitPattern: value))
    }
}
