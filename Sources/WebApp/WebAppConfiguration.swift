import Foundation
import Storage
import NewsModel

/// How the web application runs; built by the `serve` command and passed down.
public struct WebAppConfiguration: Sendable {
    /// The address to listen on, e.g. `127.0.0.1` or `0.0.0.0`.
    public var host: String
    public var port: Int
    /// The URL people and apps reach Broadsheet at (e.g. `https://news.example.org`), used
    /// for absolute URLs in API responses. When nil they are made from the request's Host.
    public var publicBaseURL: String?
    /// Rows on one page of a source's article list.
    public var articlesPerPage: Int
    /// How long after a failed full-article fetch the article page tries again.
    public var readerViewRetryInterval: Double
    /// API requests one key may make per minute (bursts up to that many at once); nil for no limit.
    public var apiRequestsPerMinute: Int?
    /// The password people must give before any page (HTTP Basic); nil when the pages are open.
    public var webPassword: String?
    /// Whether feeds on loopback and private networks may be followed (`--allow-private-addresses`):
    /// without it an OPML import refuses them up front.
    public var allowsPrivateAddresses: Bool
    /// The host names requests may carry (`--public-url`'s host and each `--allowed-host`,
    /// besides loopback names and IP addresses, which are always accepted).
    public var allowedHosts: AllowedHosts
    /// Signs and checks the token every form carries; keep its secret in the store
    /// (`CSRFProtection.loadingSecret(from:)`) so pages still submit after a restart.
    public var formTokens: CSRFProtection
    /// Where "yesterday" and clock times are reckoned (the server's zone, from `serve`).
    public var timeZone: TimeZone
    /// bcrypt's cost for new passwords (`PasswordHasher.defaultCost`; tests use less).
    public var passwordHashCost: UInt8 = PasswordHasher.defaultCost
    /// Serves every image the pages show through Broadsheet (`/images/…`); nil shows images
    /// from their own sites (`serve --no-image-proxy`).
    public var imageProxy: WebImageProxy?
    /// Bytes of rendered pages kept for repeated requests while the library is unchanged
    /// (`PageCache`), and half as much of JSON API answers (`APIAnswerCache`); 0 makes every
    /// answer anew (`serve --page-cache-megabytes 0`).
    public var pageCacheBytes = 16 * 1_048_576
    /// How often article openings counted in memory are written (`ReadCountRecorder`).
    public var readCountInterval: Duration = .seconds(2)

    /// Addresses only this machine can reach.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.") || host.hasPrefix("::ffff:127.")
    }
    /// The language, country and category the API gives a source that has none set by a
    /// person and none inferred from its feed.
    public var sourceDefaults: SourceDefaults

    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicBaseURL: String? = nil,
        articlesPerPage: Int = 30, readerViewRetryInterval: Double = 6 * 3600,
        apiRequestsPerMinute: Int? = nil, webPassword: String? = nil,
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current,
        allowedHostNames: [String] = [], formTokens: CSRFProtection = .withRandomSecret(),
        sourceDefaults: SourceDefaults = SourceDefaults(), allowsPrivateAddresses: Bool = false
    ) {
        self.timeZone = timeZone
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.host = host
        self.port = port
        self.publicBaseURL = publicBaseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.articlesPerPage = max(1, min(articlesPerPage, 100))
        self.readerViewRetryInterval = readerViewRetryInterval
        self.apiRequestsPerMinute = apiRequestsPerMinute.map { max(1, $0) }
        self.webPassword = webPassword.flatMap { $0.isEmpty ? nil : $0 }
        self.allowedHosts = AllowedHosts(publicBaseURL: self.publicBaseURL, extraNames: allowedHostNames)
        self.formTokens = formTokens
        self.sourceDefaults = sourceDefaults
    }
}

/// The names of the settings the web application keeps in the store.
public enum WebAppSettingKey {
    /// Set to "true" when a person removed the demo edition, so it is not installed again.
    public static let demoDismissed = "demo.dismissed"
}
