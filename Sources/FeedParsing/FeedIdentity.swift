/// A stable identity for an entry, so the same article is recognised on every refresh:
/// the feed's own id (guid, Atom id), else its link normalised, else a hash of title and date.
enum FeedIdentity {
    static func stableID(id: String?, link: String?, title: String?, date: String?) -> String {
        if let id = id.map(FeedText.strippingWhitespace), !id.isEmpty { return id }
        if let link, !link.isEmpty { return normalizedLink(link) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (title ?? "").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0x0A) &* 0x100_0000_01b3
        for byte in (date ?? "").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "urn:broadsheet:entry:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Lower-cased scheme and host, no fragment, no default port: the same page, one spelling.
    static func normalizedLink(_ link: String) -> String {
        var text = FeedText.strippingWhitespace(link)
        // Searched in the UTF-8 view: Character comparison walks grapheme clusters.
        if let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) { text = String(text[..<hash]) }
        guard let schemeEnd = text.firstRange(ofASCII: "://") else { return text }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        let rest = text[schemeEnd.upperBound...]
        let hostEnd = rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        var host = rest[..<hostEnd].lowercased()
        if scheme == "http", host.hasSuffix(":80") { host.removeLast(3) }
        if scheme == "https", host.hasSuffix(":443") { host.removeLast(4) }
        var path = String(rest[hostEnd...])
        if path.isEmpty { path = "/" }
        return scheme + "://" + host + path
    }
}
