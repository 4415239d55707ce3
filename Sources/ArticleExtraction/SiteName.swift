import Markup

/// The names a site goes by on its own pages: the name its metadata gives (`og:site_name`,
/// the JSON-LD publisher) and its address ("www.telemedicus.info" gives "telemedicus.info"
/// and "telemedicus"). Text is compared by its letters and digits only, case folded, so
/// "RS Ingenieure" is rs-ingenieure.de's name and "ERP-News" erp-news.info's.
///
/// Pages put the name where it is not the article's: after the headline in the title
/// ("Outdoor Lovers | iloveponysmag.com") and as the first line of the text (the header's
/// logo caught with the article).
struct SiteName: Sendable {
    /// The names, as letters and digits (`key(of:)`), none shorter than `minimumKeyLength`.
    let keys: [[UInt8]]

    init(name: String?, addresses: [String]) {
        var keys: [[UInt8]] = []
        if let name { keys.append(Self.key(of: name)) }
        for address in addresses {
            guard var host = URLResolver.host(of: address)?.lowercased() else { continue }
            if host.hasPrefix("www.") { host.removeFirst(4) }
            keys.append(Self.key(of: host))
            // The name without its top-level domain ("telemedicus" of telemedicus.info).
            if let dot = host.lastIndex(of: ".") {
                let label = host[..<dot].split(separator: ".").last.map(String.init) ?? ""
                keys.append(Self.key(of: label))
            }
        }
        var seen = Set<[UInt8]>()
        self.keys = keys.filter { $0.count >= Self.minimumKeyLength && seen.insert($0).inserted }
    }

    /// A shorter name ("dw", "bbc") is matched whole only, and only in the title.
    static let minimumKeyLength = 2
    /// A part of the title that holds the site's name among other words ("Stadt Stuttgart",
    /// "Stack Overflow Blog") is the site's when the name is at least this long and the
    /// part this short: a headline's part could hold a short name by chance.
    static let minimumContainedKeyLength = 5
    static let maximumWordsAroundName = 4

    /// Whether `text` is the site's name and nothing else.
    func isName(_ text: some StringProtocol) -> Bool {
        isName(utf8: text.utf8)
    }

    /// Whether the UTF-8 `bytes` are the site's name and nothing else.
    func isName(utf8 bytes: some Sequence<UInt8>) -> Bool {
        let key = Self.key(of: bytes)
        return !key.isEmpty && keys.contains(key)
    }

    /// Whether a part of a title names the site: the name alone or, with `allowingOtherWords`,
    /// the name with a few words around it.
    func namesSite(_ part: some StringProtocol, allowingOtherWords: Bool) -> Bool {
        if isName(part) { return true }
        guard allowingOtherWords, part.split(separator: " ").count <= Self.maximumWordsAroundName else { return false }
        let key = Self.key(of: part)
        return keys.contains { name in name.count >= Self.minimumContainedKeyLength && Self.contains(key, name) }
    }

    /// The title without the site's name at its end or start: "Headline | Site" and
    /// "Site - Headline" give "Headline"; in "Headline | Site | 10.06.2013" what follows the
    /// name goes with it. A title that would keep fewer than two words is left as it is.
    func removingName(from title: String) -> String {
        guard !keys.isEmpty else { return title }
        let parts = Self.parts(of: title)
        guard parts.count > 1 else { return title }
        // The name last, or followed only by a date or a section; then the name first.
        for index in stride(from: parts.count - 1, through: 1, by: -1) where namesSite(parts[index].text, allowingOtherWords: true) {
            let kept = String(title[..<parts[index].separatorStart])
            return kept.split(separator: " ").count >= 2 ? kept : title
        }
        if isName(parts[0].text) {
            let kept = String(title[parts[1].textStart...])
            return kept.split(separator: " ").count >= 2 ? kept : title
        }
        return title
    }

    /// The separators between a title's parts, spaced on both sides.
    static let separators: [String] = [" | ", " - ", " – ", " — ", " » ", " › ", " · ", " :: ", " // "]

    /// The title's parts between separators, each with where it starts and where the
    /// separator before it starts.
    static func parts(of title: String) -> [(text: Substring, textStart: String.Index, separatorStart: String.Index)] {
        var parts: [(text: Substring, textStart: String.Index, separatorStart: String.Index)] = []
        var start = title.startIndex
        var separatorStart = title.startIndex
        var searchFrom = title.startIndex
        while searchFrom < title.endIndex {
            var nearest: Range<String.Index>?
            for separator in separators {
                if let range = title.range(of: separator, range: searchFrom..<title.endIndex),
                   nearest == nil || range.lowerBound < (nearest?.lowerBound ?? title.endIndex) {
                    nearest = range
                }
            }
            guard let found = nearest else { break }
            parts.append((title[start..<found.lowerBound], start, separatorStart))
            separatorStart = found.lowerBound
            start = found.upperBound
            searchFrom = found.upperBound
        }
        parts.append((title[start...], start, separatorStart))
        return parts
    }

    /// Letters and digits, ASCII lowercased; other bytes of UTF-8 letters kept as they are.
    static func key(of text: some StringProtocol) -> [UInt8] {
        key(of: text.utf8)
    }

    static func key(of bytes: some Sequence<UInt8>) -> [UInt8] {
        var key: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...: key.append(byte)
            default: continue
            }
        }
        return key
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
