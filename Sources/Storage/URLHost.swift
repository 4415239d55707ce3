import Foundation

/// Hosts of article and feed URLs, as every backend stores and compares them.
public enum URLHost {
    /// The lower-cased host of a URL, without a trailing dot; nil without one.
    public static func of(_ url: String?) -> String? {
        guard let url, let host = URLComponents(string: url)?.host, !host.isEmpty else { return nil }
        var lowered = host.lowercased()
        while lowered.hasSuffix(".") { lowered.removeLast() }
        return lowered.isEmpty ? nil : lowered
    }

    /// Text written backwards, by Unicode scalar: hosts are stored reversed
    /// ("moc.elpmaxe.www") so that "this domain or a subdomain" is one index range.
    public static func reversed(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.reversed()))
    }

    /// The `domains` filter's values lower-cased, without surrounding dots or spaces,
    /// empty ones dropped.
    public static func normalizedDomains(_ domains: [String]) -> [String] {
        domains.compactMap { domain in
            let trimmed = domain.trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespacesAndNewlines)).lowercased()
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// The bounds a reversed host lies within when it is `domain` or one of its subdomains:
    /// equal to the first, or at least the second and below the third (`/` follows `.`
    /// in byte order). No LIKE pattern, so `%` and `_` in a domain are plain characters.
    public static func subdomainRange(of domain: String) -> (exact: String, lower: String, upper: String) {
        let reversedDomain = reversed(domain)
        return (reversedDomain, reversedDomain + ".", reversedDomain + "/")
    }
}
