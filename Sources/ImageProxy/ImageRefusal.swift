import Fetching

/// Why the proxy did not pass an image on, in words for the log (and the operator).
public enum ImageRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are no picture the proxy passes on; `looksLike` says what they are
    /// (`ImageKind.describeNonImage`).
    case notAnImage(looksLike: String)
    /// An SVG: a document that can hold script, refused rather than sanitized.
    case svg
    case tooLarge(limit: Int)
    case timedOut(seconds: Int)
    /// The address, or one it redirected to, is on a private or loopback network.
    case privateAddress(host: String, address: String)
    /// Any other failure to fetch it (status, DNS, network), in the fetcher's words.
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case .notAnImage(let what): "it is not an image (\(what))"
        case .svg: "it is an SVG image, which can carry script; SVG is not passed through"
        case .tooLarge(let limit): "it is larger than the \(limit / 1_048_576) MB limit for images"
        case .timedOut(let seconds): "it did not arrive within \(seconds) seconds"
        case .privateAddress(let host, let address): "\(host) points to the internal address \(address), which Broadsheet does not fetch from"
        case .unavailable(let reason): reason
        }
    }

    /// The status the proxy answers with: 502 when the other server failed, 415 when what it
    /// sent is no image, 403 when the address may not be fetched.
    public var statusCode: Int {
        switch self {
        case .notAnImage, .svg: 415
        case .privateAddress: 403
        case .tooLarge, .timedOut, .unavailable: 502
        }
    }

    init(_ error: FetchError) {
        switch error {
        case .tooLarge(_, let limit): self = .tooLarge(limit: limit)
        case .timedOut(_, let seconds): self = .timedOut(seconds: seconds)
        case .privateAddress(let host, let address): self = .privateAddress(host: host, address: address)
        default: self = .unavailable(reason: error.description)
        }
    }
}
