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

    /// The MAC with the secret and `domain` already taken in. Every page asks for a token
    /// and every form post checks one: each copies this instead of hashing the padded key
    /// and the domain again.
    private let keyedWithDomain: HMAC<SHA256>

    /// A protection keyed with `secret` (at least 32 bytes).
    public init(secret: [UInt8]) {
        var mac = HMAC<SHA256>(key: SymmetricKey(data: secret))
        mac.update(data: Self.domain)
        keyedWithDomain = mac
    }

    /// A protection with a fresh secret from the system's generator, for one process only
    /// (tests, and servers that keep no settings).
    public static func withRandomSecret() -> CSRFProtection {
        CSRFProtection(secret: SecretDigest.randomBytes(32))
    }

    /// The protection keyed with the secret kept in `store` (`storedSecret`), made the first time.
    public static func loadingSecret(from store: any ArticleStore) async throws -> CSRFProtection {
        CSRFProtection(secret: try await store.storedSecret(setting: secretSettingKey))
    }

    /// The token for forms shown to whoever holds `binding`.
    public func token(binding: String) -> String {
        SecretDigest.hex(code(binding: binding))
    }

    /// True when `token` is the one `token(binding:)` gives, compared in constant time.
    public func isValid(token: String, binding: String) -> Bool {
        guard token.utf8.count == 64, let presented = SecretDigest.bytes(fromHex: token) else { return false }
        // `HashedAuthenticationCode`'s comparison with bytes takes the same time wherever they differ.
        return code(binding: binding) == presented
    }

    /// HMAC-SHA256(secret, domain + binding).
    private func code(binding: String) -> HashedAuthenticationCode<SHA256> {
        var mac = keyedWithDomain
        mac.update(data: Array(binding.utf8))
        return mac.finalize()
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
}
