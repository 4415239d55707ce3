import Foundation
import NewsModel

/// A WebSub subscription Broadsheet holds, or is asking for, at the hub a feed advertises:
/// the hub sends new content to `callbackID`'s address as soon as it is published, signed
/// with `secret`, instead of Broadsheet polling for it. One per source.
public struct PushSubscription: Sendable, Hashable {
    public var sourceID: SourceID
    /// The hub the feed advertises (`rel="hub"`).
    public var hubURL: String
    /// What is subscribed to: the feed's own address as it names it (`rel="self"`), else its URL.
    public var topicURL: String
    /// The random last segment of the callback address (`/websub/<callbackID>`): it names the
    /// subscription, and nobody who was not told it can find it.
    public var callbackID: String
    /// The `hub.secret` given to the hub: every delivery must be signed with it.
    public var secret: String
    /// When the subscription request now outstanding was sent; nil when none is. Only while
    /// a request is outstanding does Broadsheet confirm a verification of intent.
    public var requestedAt: Date?
    /// When the hub last verified the subscription (nil: never).
    public var verifiedAt: Date?
    /// When the hub's lease ends: after that nothing is pushed until a renewal is verified.
    public var leaseExpiresAt: Date?
    /// When content was last pushed.
    public var lastPushAt: Date?
    /// Set when a poll found articles the hub never pushed: the hub has gone quiet, so the
    /// feed is polled as if it had no hub until a new subscription is verified.
    public var quietSince: Date?
    /// Failed requests in a row (reset by a verification).
    public var failures: Int
    /// What went wrong last, as a sentence; nil after a verification.
    public var lastError: String?
    /// When the subscriber acts on this subscription next: a renewal before the lease ends,
    /// a retry after a failure, or a new request when a verification never came.
    public var nextAttemptAt: Date

    public init(
        sourceID: SourceID, hubURL: String, topicURL: String, callbackID: String, secret: String,
        requestedAt: Date? = nil, verifiedAt: Date? = nil, leaseExpiresAt: Date? = nil, lastPushAt: Date? = nil,
        quietSince: Date? = nil, failures: Int = 0, lastError: String? = nil, nextAttemptAt: Date
    ) {
        self.sourceID = sourceID
        self.hubURL = hubURL
        self.topicURL = topicURL
        self.callbackID = callbackID
        self.secret = secret
        self.requestedAt = requestedAt
        self.verifiedAt = verifiedAt
        self.leaseExpiresAt = leaseExpiresAt
        self.lastPushAt = lastPushAt
        self.quietSince = quietSince
        self.failures = failures
        self.lastError = lastError
        self.nextAttemptAt = nextAttemptAt
    }

    /// True while the hub is expected to push: verified, within its lease, and not gone quiet.
    /// Polling slows down then; otherwise the feed is polled as usual.
    public func isActive(at now: Date) -> Bool {
        guard verifiedAt != nil, quietSince == nil, let leaseExpiresAt else { return false }
        return leaseExpiresAt > now
    }

    /// A fresh callback id: 128 random bits in hex.
    public static func newCallbackID() -> String {
        SecretDigest.hex(SecretDigest.randomBytes(16))
    }

    /// A fresh secret: 256 random bits in hex (64 characters, under WebSub's 200-byte limit).
    public static func newSecret() -> String {
        SecretDigest.hex(SecretDigest.randomBytes(32))
    }
}

/// What the push subscriber asks the store for: the subscriptions to request now (new hubs,
/// renewals, retries), each marked as requested so that no other process asks too.
public struct PushRequestClaim: Sendable, Hashable {
    public var now: Date
    /// At most this many.
    public var limit: Int
    /// How long to wait for the hub's verification before asking again. The claim also
    /// holds the subscription for this long, so two processes never ask at once.
    public var verificationTimeout: TimeInterval

    public init(now: Date, limit: Int, verificationTimeout: TimeInterval = 3_600) {
        self.now = now
        self.limit = limit
        self.verificationTimeout = verificationTimeout
    }

    /// When a request claimed now is retried if no verification came.
    public var retryAt: Date { now.addingTimeInterval(max(1, verificationTimeout)) }
}
