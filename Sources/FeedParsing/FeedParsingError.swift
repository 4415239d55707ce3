/// Why bytes could not be read as a feed.
public enum FeedParsingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not RSS, Atom or JSON Feed (an HTML page, an error message, nothing).
    case notAFeed(reason: String)
    /// The bytes stop in the middle of a feed, before anything whole (a JSON Feed cut inside
    /// its first item): a download that stopped, or a server that failed while sending.
    case cutShort(reason: String)
    /// The body is larger than the parser accepts.
    case tooLarge(size: Int, limit: Int)
    /// The document's DTD entities expand to more text than `EntityExpansionBudget` allows
    /// for its size: the shape of a memory-exhaustion attack, not of a feed.
    case entityExpansionTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .notAFeed(let reason):
            "This is not an RSS, Atom or JSON feed (\(reason)); check that the URL points at the feed itself, not at a web page."
        case .cutShort(let reason):
            "The feed stops before its end, with nothing whole before that point: \(reason). It looks cut short, as when a download stops early or the server fails while sending it; fetching it again later usually mends it, and if it keeps happening the site's feed itself is broken."
        case .tooLarge(let size, let limit):
            "The feed is \(size) bytes, more than the \(limit)-byte limit; check the URL or raise the limit if the feed is genuine."
        case .entityExpansionTooLarge(let limit):
            "The feed's DTD entities expand to more than \(limit) bytes, far more than its own size; Broadsheet refuses it, since no genuine feed needs that (it is how a small file exhausts a server's memory)."
        }
    }
}
