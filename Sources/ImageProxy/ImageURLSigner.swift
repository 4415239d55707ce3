import Crypto
import Foundation

/// Signs the addresses of images Broadsheet serves on behalf of other sites, so `/images/…`
/// fetches only what Broadsheet's own pages named and is no open proxy for anyone else: the
/// path is `/images/<signature>/<address>`, the address in base64url, the signature the
/// first 128 bits of HMAC-SHA256(secret, address) in base64url. A signed path is the same for
/// the same address every time (browsers and the offline copy can keep it), and nobody
/// without the secret can make one.
public struct ImageURLSigner: Sendable {
    /// Where the paths start.
    public static let pathPrefix = "/images/"
    /// Addresses longer than this are not signed (nor proxied): no picture needs one.
    public static let maximumURLBytes = 4_096

    private let key: SymmetricKey

    /// A signer keyed with `secret` (at least 32 bytes).
    public init(secret: [UInt8]) {
        key = SymmetricKey(data: secret)
    }

    /// The path that serves `url` through the proxy; nil for an address that is not
    /// `http(s)://` or is too long.
    public func path(for url: String) -> String? {
        guard Self.isProxiable(url) else { return nil }
        let bytes = Array(url.utf8)
        return Self.pathPrefix + Self.base64URL(signature(of: bytes)) + "/" + Self.base64URL(bytes)
    }

    /// The address a path's two parts name when the signature is right; nil otherwise.
    /// Compared in constant time.
    public func url(signature: String, encodedURL: String) -> String? {
        guard encodedURL.utf8.count <= Self.maximumURLBytes * 4 / 3 + 4,
              let presented = Self.bytes(fromBase64URL: signature), presented.count == 16,
              let bytes = Self.bytes(fromBase64URL: encodedURL) else { return nil }
        let expected = self.signature(of: bytes)
        var difference: UInt8 = 0
        for (left, right) in zip(presented, expected) { difference |= left ^ right }
        guard difference == 0 else { return nil }
        let url = String(decoding: bytes, as: UTF8.self)
        return Self.isProxiable(url) ? url : nil
    }

    private func signature(of bytes: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("broadsheet-image:".utf8) + bytes, using: key).prefix(16))
    }

    /// `http://` or `https://`, not too long, no white space or controls.
    static func isProxiable(_ url: String) -> Bool {
        let bytes = url.utf8
        guard bytes.count <= maximumURLBytes, bytes.count > 8 else { return false }
        let lower = url.prefix(8).lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
    }

    /// Base64 with `-` and `_`, without padding. Written out here rather than through
    /// Foundation's encoder and two replacements: pages sign every image they show.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        let symbols = alphabet.utf8Start
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(symbols[Int(group >> 18 & 63)])
            output.append(symbols[Int(group >> 12 & 63)])
            output.append(symbols[Int(group >> 6 & 63)])
            output.append(symbols[Int(group & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let group = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(symbols[Int(group >> 18 & 63)])
            output.append(symbols[Int(group >> 12 & 63)])
            if rest == 2 { output.append(symbols[Int(group >> 6 & 63)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func bytes(fromBase64URL text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.allSatisfy({ byte in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map { Array($0) }
    }
}
