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
    /// When the current run of failures began (the first failed attempt after the last
    /// success); nil while the feed is fetched fine.
    public var failingSince: Date?
    /// Bytes the last full download of the feed took on the wire (compressed when the server
    /// compressed it); what a `304 Not Modified` answer saves.
    public var lastFeedBytes: Int?
    /// Conditional requests the server answered with `304 Not Modified`.
    public var notModifiedCount: Int
    /// Bytes not downloaded thanks to those answers: each counts the size of the feed as it
    /// was last downloaded.
    public var bytesSaved: Int64
    /// The WebSub hub the feed named at its last successful fetch (`rel="hub"`), if any.
    public var hubURL: String?
    /// What to subscribe to at that hub: the feed's own address as it names it (`rel="self"`).
    public var topicURL: String?

    public init(
        etag: String? = nil, lastModified: String? = nil, lastAttemptAt: Date? = nil, lastSuccessAt: Date? = nil,
        lastError: String? = nil, consecutiveFailures: Int = 0, nextRefreshAt: Date? = nil,
        failingSince: Date? = nil, lastFeedBytes: Int? = nil, notModifiedCount: Int = 0, bytesSaved: Int64 = 0,
        hubURL: String? = nil, topicURL: String? = nil
    ) {
        self.etag = etag
        self.lastModified = lastModified
        self.lastAttemptAt = lastAttemptAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.consecutiveFailures = consecutiveFailures
        self.nextRefreshAt = nextRefreshAt
        self.failingSince = failingSince
        self.lastFeedBytes = lastFeedBytes
        self.notModifiedCount = notModifiedCount
        self.bytesSaved = bytesSaved
        self.hubURL = hubURL
        self.topicURL = topicURL
    }
}
