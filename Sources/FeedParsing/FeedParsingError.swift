/// Why bytes could not be read as a feed.
public enum FeedParsingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not RSS, Atom or JSON Feed (an HTML page, an error message, nothing).
    case notAFeed(reason: String)
    /// The body is larger than the parser accepts.
    case tooLarge(size: Int, limit: Int)

    public var description: String {
        switch self {
        case .notAFeed(let reason):
            "This is not an RSS, Atom or JSON feed (\(reason)); check that the URL points at the feed itself, not at a web page."
        case .tooLarge(let size, let limit):
            "The feed is \(size) bytes, more than the \(limit)-byte limit; check the URL or raise the limit if the feed is genuine."
        }
    }
}
