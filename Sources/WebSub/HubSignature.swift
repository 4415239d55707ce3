import Foundation
import Crypto
import Storage

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
        let presentedHex = parts[1].trimmingCharacters(in: .whitespaces)
        guard !presentedHex.isEmpty, presentedHex.utf8.count <= 128, let presented = SecretDigest.bytes(fromHex: presentedHex), presented.count == method.byteCount else {
            throw .malformed
        }
        let expected = digest(body, secret: secret, method: method)
        guard SecretDigest.isEqual(presented, expected) else { throw .mismatch }
    }

    /// The header value a hub would send (also what the test hub uses).
    public static func header(for body: [UInt8], secret: String, method: Method = .sha256) -> String {
        method.rawValue + "=" + SecretDigest.hex(digest(body, secret: secret, method: method))
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
}
