import Foundation

/// The host names this server answers to: the wall against DNS rebinding.
///
/// A page on `attacker.example` can make its own name resolve to 127.0.0.1 (or to the
/// server's LAN address) and then talk to Broadsheet as if it were the same site; the
/// only trace of the trick is the `Host` header, which still says `attacker.example`.
/// So a request is served only when its host is one the server was configured for:
/// - loopback names (`localhost`, `*.localhost`), which no outsider can point anywhere;
/// - IP literals (`127.0.0.1`, `192.168.1.20`, `[::1]`): rebinding needs a domain name the
///   attacker controls, so an address typed as an address is safe, and "open it from my
///   phone by LAN address" keeps working;
/// - the host of `--public-url`, and every `--allowed-host` the operator listed.
/// The port never matters: the attack works on any port.
public struct AllowedHosts: Sendable, Equatable {
    /// Configured names, lower-cased, without a trailing dot or a port.
    public let names: Set<String>

    public init(publicBaseURL: String? = nil, extraNames: [String] = []) {
        var names = Set<String>()
        if let publicBaseURL, let host = URLComponents(string: publicBaseURL)?.host {
            names.insert(Self.normalized(host))
        }
        for name in extraNames {
            if let host = Self.configuredHost(name) { names.insert(host) }
        }
        self.names = names
    }

    /// The host an operator meant by `--allowed-host VALUE`: a bare name, a name with a port,
    /// or a whole URL; nil when it is none of these.
    public static func configuredHost(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("://") {
            return URLComponents(string: trimmed)?.host.map(normalized).flatMap { isPlausibleHostName($0) ? $0 : nil }
        }
        return hostName(ofAuthority: trimmed).flatMap { isPlausibleHostName($0) || isIPLiteral($0) ? $0 : nil }
    }

    /// True when a request whose `Host` (HTTP/1) or `:authority` (HTTP/2) is `authority` may be served.
    public func allows(authority: String) -> Bool {
        guard let host = Self.hostName(ofAuthority: authority) else { return false }
        return allows(host: host)
    }

    /// True for a host name (no port, IPv6 without brackets) this server answers to.
    public func allows(host: String) -> Bool {
        let host = Self.normalized(host)
        return Self.isLoopbackName(host) || Self.isIPLiteral(host) || names.contains(host)
    }

    /// True when an `Origin` header names a web origin on an allowed host.
    public func allows(origin: String) -> Bool {
        guard origin.utf8.count <= 2_048, let components = URLComponents(string: origin),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.path.isEmpty || components.path == "/" else {
            return false
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return allows(host: bare)
    }

    /// The host part of an authority (`name`, `name:port`, `[v6]`, `[v6]:port`), lower-cased,
    /// IPv6 without brackets; nil when it is malformed.
    static func hostName(ofAuthority authority: String) -> String? {
        guard !authority.isEmpty, authority.utf8.count <= 1_024 else { return nil }
        let host: Substring
        let portPart: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            portPart = authority[authority.index(after: close)...]
            guard isIPLiteral(String(host)) else { return nil }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portPart = authority[colon...]
        } else {
            host = authority[...]
            portPart = ""
        }
        if !portPart.isEmpty {
            let digits = portPart.dropFirst()
            guard portPart.first == ":", digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        let name = normalized(String(host))
        guard !name.isEmpty, name.utf8.allSatisfy(isHostCharacter) else { return nil }
        return name
    }

    static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// Names that always mean this machine (RFC 6761; browsers resolve them to loopback themselves).
    static func isLoopbackName(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost")
    }

    /// A canonical IPv4 dotted quad or an IPv6 address (without brackets).
    static func isIPLiteral(_ host: String) -> Bool {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, host, &ipv4) == 1 || inet_pton(AF_INET6, host, &ipv6) == 1
    }

    /// Letters, digits, hyphens and dots: a name an operator could mean.
    static func isPlausibleHostName(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 253 && host.utf8.allSatisfy { isASCIILetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isHostCharacter(_ byte: UInt8) -> Bool {
        // Letters, digits, '-', '.', '_' (seen in some internal names) and ':' inside IPv6,
        // checked as UTF-8 bytes (every request's Host header passes here): any byte of a
        // character beyond ASCII is none of these.
        isASCIILetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":")
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
