import Foundation
import Markup

/// URL rules of feed parsing: joining a reference to a base the way feed readers always have
/// (Python's `urljoin` with feedparser's fixes), and refusing bases and links whose scheme
/// could run code (`javascript:`, `vbscript:`, `data:`): the sanitizer's list of acceptable
/// schemes, one list for links in content and links of the feed.
enum FeedURL {
    /// Schemes whose references can be relative (Python's `uses_relative`).
    private static let relativeSchemes: Set<String> = [
        "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms", "prospero", "rtsp",
        "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
    ]

    /// `reference` read relative to `base`.
    static func join(_ base: String, _ reference: String) -> String {
        if URLResolver.isPlainAbsoluteWebURL(reference) { return reference }
        let fixed = removingExtraSlashes(reference)
        if base.isEmpty { return fixed }
        if fixed.isEmpty { return base }
        let referenceScheme = URLResolver.scheme(of: fixed)
        let baseScheme = URLResolver.scheme(of: base)
        if let referenceScheme, referenceScheme != baseScheme || !relativeSchemes.contains(referenceScheme) {
            return fixed
        }
        if let baseScheme, !relativeSchemes.contains(baseScheme) { return fixed }
        return URLResolver.resolve(fixed, against: base)
    }

    /// feedparser's `make_safe_absolute_uri`: the joined URL, or "" when its scheme is not acceptable.
    static func safeAbsolute(_ base: String, _ reference: String? = nil) -> String {
        if base.isEmpty { return reference ?? "" }
        guard let reference, !reference.isEmpty else {
            guard let scheme = schemePrefix(base) else { return base }
            return HTMLSanitizer.acceptableSchemes.contains(scheme) ? base : ""
        }
        let joined = join(base, reference)
        let trimmed = joined.trimming(" \t\n\r")
        let scheme = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? trimmed
        return HTMLSanitizer.acceptableSchemes.contains(scheme) ? joined : ""
    }

    /// The scheme as Python's `urlparse` reads it (letters, digits, `+-.` before a colon), lower-cased.
    static func schemePrefix(_ url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon]
        guard let first = candidate.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return nil }
        guard candidate.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return candidate.lowercased()
    }

    /// `http:////example.com` → `http://example.com`.
    private static func removingExtraSlashes(_ url: String) -> String {
        guard let range = url.firstRange(ofASCII: "://") else { return url }
        let scheme = url[..<range.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".") }) else { return url }
        var rest = url[range.upperBound...]
        guard rest.hasPrefix("/") else { return url }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        return String(url[..<range.upperBound]) + rest
    }
}

extension String {
    func trimming(_ characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
