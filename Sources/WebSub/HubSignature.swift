import Foundation
import Crypto

/// The `X-Hub-Signature` header a hub puts on every delivery: `method=hex`, the HMAC of the
/// body keyed with the subscription's secret (WebSub §8). SHA-1, SHA-256, SHA-384 and
/// SHA-512 are the methods the specification names; anything else, a malformed header or
/// a wrong digest is refused, and the digests are compared in constant time.
public enum HubSignature {
    public enum Method: String, Sendable, CaseIterable {
        case sha1, sha256, sha384, sha512

        /// The digest's length in bytes.
        var byteCount: Int {
            switch self {
            case .sha1: 20
            case .sha256: 32
            case .sha384: 48
            case .sha512: 64
            }
        }
    }

    /// Why a delivery's signature was refused.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case missing
        case malformed
        case unsupportedMethod(String)
        case mismatch

        public var description: String {
            switch self {
            case .missing: "the delivery carries no X-Hub-Signature header"
            case .malformed: "its X-Hub-Signature is not of the form method=hexdigest"
            case .unsupportedMethod(let method): "its X-Hub-Signature uses \(method), which WebSub does not name (sha1, sha256, sha384, sha512)"
            case .mismatch: "its X-Hub-Signature does not match the body and the secret given to the hub"
            }
        }
    }

    /// Checks `header` against `body` and `secret`; throws why it is refused.
    public static func verify(header: String?, body: [UInt8], secret: String) throws(Failure) {
        guard let header, !header.isEmpty else { throw .missing }
        let parts = header.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .malformed }
        let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        guard let method = Method(rawValue: name) else { throw .unsupportedMethod(String(name.prefix(20))) }
        guard let presented = bytes(fromHex: parts[1].trimmingCharacters(in: .whitespaces)), presented.count == method.byteCount else {
            throw .malformed
        }
        let expected = digest(body, secret: secret, method: method)
        guard constantTimeEqual(presented, expected) else { throw .mismatch }
    }

    /// The header value a hub would send (also what the test hub uses).
    public static func header(for body: [UInt8], secret: String, method: Method = .sha256) -> String {
        method.rawValue + "=" + hex(digest(body, secret: secret, method: method))
    }

    static func digest(_ body: [UInt8], secret: String, method: Method) -> [UInt8] {
        let key = SymmetricKey(data: Array(secret.utf8))
        switch method {
        case .sha1: return Array(HMAC<Insecure.SHA1>.authenticationCode(for: body, using: key))
        case .sha256: return Array(HMAC<SHA256>.authenticationCode(for: body, using: key))
        case .sha384: return Array(HMAC<SHA384>.authenticationCode(for: body, using: key))
        case .sha512: return Array(HMAC<SHA512>.authenticationCode(for: body, using: key))
        }
    }

    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (leftByte, rightByte) in zip(left, right) { difference |= leftByte ^ rightByte }
        return difference == 0
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    static func bytes(fromHex text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard !characters.isEmpty, characters.count % 2 == 0, characters.count <= 128 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = nibble(characters[index]), let low = nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
