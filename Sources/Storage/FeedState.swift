import Foundation
import NewsModel

/// What Broadsheet remembers between two fetches of one feed, for polite conditional
/// requests and for telling the person what went wrong.
public struct FeedState: Sendable, Codable, Hashable {
    /// The validators of the last successful response (for `If-None-Match`/`If-Modified-Since`).
    public var etag: String?
    public var lastModified: String?
    public var lastAttemptAt: Date?
    public var lastSuccessAt: Date?
    /// A sentence a person can act on; nil after a success.
    public var lastError: String?
    public var consecutiveFailures: Int
    public var nextRefreshAt: Date?
    /// The WebSub hub the feed named at its last successful fetch (`rel="hub"`), if any.
    public var hubURL: String?
    /// What to subscribe to at that hub: the feed's own address as it names it (`rel="self"`).
    public var topicURL: String?

    public init(
        etag: String? = nil, lastModified: String? = nil, lastAttemptAt: Date? = nil, lastSuccessAt: Date? = nil,
        lastError: String? = nil, consecutiveFailures: Int = 0, nextRefreshAt: Date? = nil, hubURL: String? = nil, topicURL: String? = nil
    ) {
        self.etag = etag
        self.lastModified = lastModified
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.consecutiveFailures = consecutiveFailures
        self.nextRefreshAt = nextRefreshAt
        self.hubURL = hubURL
        self.topicURL = topicURL
    }
}
