/// Why a fetch failed, in words a person can act on.
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    /// The host resolves to a loopback, private, link-local or otherwise internal address.
    case privateAddress(host: String, address: String)
    case hostNotFound(String)
    case tooLarge(url: String, limit: Int)
    case timedOut(url: String, seconds: Int)
    case tooManyRedirects(url: String, limit: Int)
    case httpStatus(url: String, code: Int)
    case network(url: String, reason: String)
    case fileUnreadable(path: String, reason: String)
    /// The fetch was stopped before it finished: the server is shutting down.
    case stopped(url: String)

    public var description: String {
        switch self {
        case .invalidURL(let url):
            "\"\(url)\" is not a valid web address; give a full http:// or https:// URL."
        case .unsupportedScheme(let url):
            "\"\(url)\" is not an http or https address; Broadsheet only fetches from the web."
        case .privateAddress(let host, let address):
            "\(host) points to the internal address \(address); Broadsheet does not fetch from private networks unless started with --allow-private-addresses."
        case .hostNotFound(let host):
            "The host \(host) could not be found; check the address and your network connection."
        case .tooLarge(let url, let limit):
            "\(url) is larger than the \(limit / 1_048_576) MB limit; it was not read."
        case .timedOut(let url, let seconds):
            "\(url) did not answer in full within \(seconds) seconds; try again later."
        case .tooManyRedirects(let url, let limit):
            "\(url) redirected more than \(limit) times; check the address."
        case .httpStatus(let url, let code):
            "\(url) answered with HTTP \(code)\(Self.hint(forStatus: code))."
        case .network(let url, let reason):
            "\(url) could not be fetched: \(reason)."
        case .fileUnreadable(let path, let reason):
            "The file \(path) could not be read: \(reason)."
        case .stopped(let url):
            "The fetch of \(url) was stopped because Broadsheet is shutting down; it is tried again at the next start."
        }
    }

    private static func hint(forStatus code: Int) -> String {
        switch code {
        case 401, 403: " (access denied; the feed may need a login Broadsheet does not have)"
        case 404, 410: " (not found; the feed may have moved: check the site for its new address)"
        case 429: " (too many requests; Broadsheet will retry later)"
        case 500...599: " (a server error; Broadsheet will retry later)"
        default: ""
        }
    }
}
