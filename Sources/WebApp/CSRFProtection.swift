import Crypto
import Foundation
import Storage
import SyncSupport

/// The form tokens that prove a state-changing request came from one of Broadsheet's own
/// pages: token = HMAC-SHA256(server secret, binding), where the binding is a value only
/// that browser holds (a random cookie, or a login session once there is one). A page on
/// another site can make the browser send the cookie, but cannot read the page that holds
/// the token, and cannot compute it without the secret. `CSRFMiddleware` checks it.
public struct CSRFProtection: Sendable {
    /// The setting that keeps the secret (64 hex characters) across restarts, so pages a
    /// person opened before a restart still submit.
    public static let secretSettingKey = "web.form-token-secret"
    /// The hidden field every form carries (and the header scripts may send instead).
    public static let fieldName = "csrf_token"
    public static let headerName = "X-CSRF-Token"

    /// Paths whose state-changing requests authenticate with their own keys or tokens and
    /// never with cookies, so a page on another site cannot borrow a browser's credentials
    /// for them: the NewsAPI routes (keys), the sync APIs (their own login tokens) and the
    /// WebSub callbacks (hubs sign their deliveries with a secret only they were given).
    /// Sync clients glue paths to the address a person typed, so `//accounts/…` is the same
    /// path (`isExempt` reads runs of slashes as one, as the router does).
    public static let exemptPathPrefixes = [
        "/v1/", "/v2/", "/accounts/ClientLogin", "/reader/api/", "/reader/atom", "/api/greader.php/", "/api/fever.php", "/fever/",
        "/websub/",
    ]

    private let key: SymmetricKey

    /// A protection keyed with `secret` (at least 32 bytes).
    public init(secret: [UInt8]) {
        key = SymmetricKey(data: secret)
    }

    /// A protection with a fresh secret from the system's generator, for one process only
    /// (tests, and servers that keep no settings).
    public static func withRandomSecret() -> CSRFProtection {
        CSRFProtection(secret: randomBytes(count: 32))
    }

    /// The protection keyed with the secret kept in `store`, creating and saving one the
    /// first time. When two processes start together on a fresh store, the one saved last
    /// wins and both read it back, so they agree from then on.
    public static func loadingSecret(from store: any ArticleStore) async throws -> CSRFProtection {
        if let stored = try await store.setting(secretSettingKey), let secret = bytes(fromHex: stored), secret.count >= 32 {
            return CSRFProtection(secret: secret)
        }
        let fresh = randomBytes(count: 32)
        try await store.setSetting(secretSettingKey, to: hex(fresh))
        let readBack = try await store.setting(secretSettingKey).flatMap(bytes(fromHex:))
        return CSRFProtection(secret: readBack.flatMap { $0.count >= 32 ? $0 : nil } ?? fresh)
    }

    /// The token for forms shown to whoever holds `binding`.
    public func token(binding: String) -> String {
        Self.hex(Array(HMAC<SHA256>.authenticationCode(for: Array(Self.domain + binding.utf8), using: key)))
    }

    /// True when `token` is the one `token(binding:)` gives, compared in constant time.
    public func isValid(token: String, binding: String) -> Bool {
        guard token.utf8.count == 64, let presented = Self.bytes(fromHex: token) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(presented, authenticating: Array(Self.domain + binding.utf8), using: key)
    }

    /// True when requests to `path` are exempt from the token check (see `exemptPathPrefixes`).
    public static func isExempt(path: String) -> Bool {
        let path = SyncPath.normalized(path)
        return exemptPathPrefixes.contains { prefix in
            path.hasPrefix(prefix) || (prefix.hasSuffix("/") && path == String(prefix.dropLast()))
        }
    }

    /// Keeps these tokens apart from any other MAC made with the same secret.
    private static let domain = Array("broadsheet-form-token:".utf8)

    static func randomBytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
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
        guard characters.count % 2 == 0 else { return nil }
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
