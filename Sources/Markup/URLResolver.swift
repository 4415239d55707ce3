/// Resolves relative URL references against a base URL (RFC 3986 section 5), with the
/// leniency of browsers for what people actually write: surrounding spaces, stray tabs and
/// line breaks, backslashes in http(s) URLs, and `http:path` relative to an http base.
public enum URLResolver {
    /// The absolute URL `reference` names when read on the page at `base`; `reference`
    /// itself (cleaned) when it is already absolute or when there is no usable base.
    public static func resolve(_ reference: String, against base: String?) -> String {
        let cleaned = clean(reference)
        guard let base, let baseParts = URLParts(parsing: clean(base)), baseParts.scheme != nil else {
            return cleaned
        }
        let backslashIsSlash = baseParts.scheme.map(isHierarchical) ?? false
        guard var parts = URLParts(parsing: cleaned, backslashIsSlash: backslashIsSlash) else { return cleaned }
        if let scheme = parts.scheme, scheme == baseParts.scheme, parts.authority == nil,
           isHierarchical(scheme), !parts.path.hasPrefix("/") {
            // "http:g" against an http base is relative, as browsers (and Python) read it.
            parts.scheme = nil
        }
        return resolve(parts, against: baseParts).serialized
    }

    /// The lower-cased scheme of `url` (`"https"`), or nil for a relative reference.
    public static func scheme(of url: String) -> String? {
        URLParts(parsing: clean(url))?.scheme
    }

    /// The lower-cased host of an absolute `url`, without port or user info.
    public static func host(of url: String) -> String? {
        writtenHost(of: url)?.lowercased()
    }

    /// The host of an absolute `url` as it is written (its case kept, an IPv6 address in
    /// its brackets), without port or user info: for showing where a link goes.
    public static func writtenHost(of url: String) -> String? {
        guard let authority = URLParts(parsing: clean(url))?.authority else { return nil }
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("[") {
            if let close = host.firstIndex(of: "]") { host = host[...close] }
        } else if let colon = host.firstIndex(of: ":") {
            host = host[..<colon]
        }
        return host.isEmpty ? nil : String(host)
    }

    /// Whether `url` is an absolute http or https URL.
    public static func isWebURL(_ url: String) -> Bool {
        guard let parts = URLParts(parsing: clean(url)), let scheme = parts.scheme else { return false }
        return (scheme == "http" || scheme == "https") && !(parts.authority ?? "").isEmpty
    }

    static func resolve(_ reference: URLParts, against base: URLParts) -> URLParts {
        var target = URLParts()
        if let scheme = reference.scheme {
            target.scheme = scheme
            target.authority = reference.authority
            target.path = removeDotSegments(reference.path)
            target.query = reference.query
        } else {
            if reference.authority != nil {
                target.authority = reference.authority
                target.path = removeDotSegments(reference.path)
                target.query = reference.query
            } else {
                if reference.path.isEmpty {
                    target.path = base.path
                    target.query = reference.query ?? base.query
                } else {
                    if reference.path.hasPrefix("/") {
                        target.path = removeDotSegments(reference.path)
                    } else {
                        target.path = removeDotSegments(merge(base: base, referencePath: reference.path))
                    }
                    target.query = reference.query
                }
                target.authority = base.authority
            }
            target.scheme = base.scheme
        }
        target.fragment = reference.fragment
        return target
    }

    private static func merge(base: URLParts, referencePath: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + referencePath }
        guard let lastSlash = base.path.lastIndex(of: "/") else { return referencePath }
        return String(base.path[...lastSlash]) + referencePath
    }

    /// RFC 3986 section 5.2.4, on path segments.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        let isAbsolute = path.hasPrefix("/")
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if isAbsolute { segments.removeFirst() }
        var output: [String] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return isAbsolute ? "/" + joined : joined
    }

    /// Trims spaces and control characters at both ends and drops tabs and line breaks inside.
    public static func clean(_ url: String) -> String {
        // Nothing to drop: no spaces, controls, tabs or line breaks anywhere.
        if !url.utf8.contains(where: { $0 <= 0x20 }) { return url }
        var scalars = Substring(url).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var result = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            result.append(scalar)
        }
        return String(result)
    }

    static func isHierarchical(_ scheme: String) -> Bool {
        switch scheme {
        case "http", "https", "ftp", "file", "ws", "wss": true
        default: false
        }
    }
}

/// The five components of a URI reference (RFC 3986 appendix B), scheme lower-cased.
struct URLParts: Hashable {
    var scheme: String?
    var authority: String?
    var path = ""
    var query: String?
    var fragment: String?

    init() {}

    /// `backslashIsSlash`: read `\` as `/` in a scheme-less reference (its base is http-like).
    init?(parsing text: String, backslashIsSlash: Bool = false) {
        var rest = Substring(text)
        // Delimiters are ASCII: found in the UTF-8 view (a Character search walks graphemes).
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.utf8.index(after: colon)...]
        }
        let hasBackslash = rest.utf8.contains(UInt8(ascii: "\\"))
        if let scheme, URLResolver.isHierarchical(scheme), hasBackslash {
            rest = Substring(rest.replacingBackslashesBeforeQuery())
        } else if scheme == nil, backslashIsSlash, hasBackslash {
            rest = Substring(rest.replacingBackslashesBeforeQuery())
        }
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        }
        if rest.utf8.starts(with: "//".utf8) {
            let afterSlashes = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    var serialized: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    private static func isScheme(_ candidate: Substring) -> Bool {
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter else { return false }
        return candidate.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

private extension Substring {
    /// Browsers read `\` as `/` in the scheme-relative and path parts of http(s) URLs.
    func replacingBackslashesBeforeQuery() -> String {
        var result = ""
        var inQueryOrFragment = false
        for character in self {
            if character == "?" || character == "#" { inQueryOrFragment = true }
            result.append(!inQueryOrFragment && character == "\\" ? "/" : character)
        }
        return result
    }
}
