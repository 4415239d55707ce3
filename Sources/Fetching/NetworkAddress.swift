#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address, and whether it belongs to the public internet. Used to keep fetches
/// away from loopback, private, link-local and other internal networks (server-side
/// request forgery).
public struct NetworkAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    public let bytes: [UInt8]

    /// Parses a textual IPv4 or IPv6 address (`"10.0.0.1"`, `"::1"`, `"[fe80::1]"`); nil otherwise.
    public init?(_ text: String) {
        var literal = text
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        if let zone = literal.firstIndex(of: "%") { literal = String(literal[..<zone]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, literal, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var groups: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        return groups.joined(separator: ":")
    }

    /// True for addresses on the public internet; false for loopback, private (RFC 1918, ULA),
    /// link-local, carrier-grade NAT, multicast, documentation, unspecified and reserved ranges,
    /// including IPv4 addresses embedded in IPv6 (mapped, compatible, NAT64, 6to4).
    public var isPublic: Bool {
        if bytes.count == 4 { return Self.isPublicIPv4(bytes[0], bytes[1], bytes[2], bytes[3]) }
        guard bytes.count == 16 else { return false }
        let prefix10 = bytes[0..<10].allSatisfy { $0 == 0 }
        if prefix10 && bytes[10] == 0xFF && bytes[11] == 0xFF {  // ::ffff:a.b.c.d
            return Self.isPublicIPv4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        if prefix10 && bytes[10] == 0 && bytes[11] == 0 {  // ::, ::1, ::a.b.c.d (deprecated compatible)
            return false
        }
        if bytes[0] == 0x00, bytes[1] == 0x64, bytes[2] == 0xFF, bytes[3] == 0x9B {  // 64:ff9b::/96 NAT64
            return Self.isPublicIPv4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 {  // 2002::/16 6to4 embeds an IPv4 address
            return Self.isPublicIPv4(bytes[2], bytes[3], bytes[4], bytes[5])
        }
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return false }  // documentation
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x00, bytes[3] == 0x00 { return false }  // Teredo
        if bytes[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return false }  // fec0::/10 site-local (deprecated)
        if bytes[0] == 0xFF { return false }  // multicast
        return bytes[0] & 0xE0 == 0x20  // 2000::/3 is the only globally routed unicast space
    }

    private static func isPublicIPv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        switch (a, b) {
        case (0, _), (10, _), (127, _): return false
        case (100, 64...127): return false  // carrier-grade NAT
        case (169, 254): return false  // link-local, cloud metadata
        case (172, 16...31): return false
        case (192, 168): return false
        case (198, 18...19): return false  // benchmarking
        case (224..., _): return false  // multicast, reserved, broadcast
        default: break
        }
        if a == 192, b == 0, c == 0 || c == 2 { return false }  // IETF protocol assignments, TEST-NET-1
        if a == 198, b == 51, c == 100 { return false }  // TEST-NET-2
        if a == 203, b == 0, c == 113 { return false }  // TEST-NET-3
        _ = d
        return true
    }
}
