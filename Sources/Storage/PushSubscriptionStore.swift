import Foundation
import NewsModel

/// WebSub subscriptions (push instead of poll): what Broadsheet asked each feed's hub for,
/// what the hub verified, and when to renew. The hub a feed advertises is part of its
/// refresh state (`FeedState.hubURL`, written by `applyRefresh`); this protocol keeps the
/// subscriptions made from it. Every backend conforms and passes `PushSubscriptionStoreCheck`.
///
/// The writes that answer a hub check and change in one statement, so a verification, a
/// renewal and a delivery racing each other (or two processes) leave a consistent row.
public protocol PushSubscriptionStore: ArticleStore {
    /// In one transaction: makes a subscription (a fresh callback id and secret) for every
    /// followed source whose refresh state names a hub and that has none, or a new one when
    /// the hub or topic changed; drops subscriptions of feeds that no longer name a hub;
    /// then takes up to `claim.limit` subscriptions due at `claim.now` (never-requested
    /// first, then the longest due), marks each requested at `claim.now` with its next
    /// attempt at `claim.retryAt`, and returns them. Two concurrent calls never return the
    /// same subscription.
    func claimPushSubscriptionRequests(_ claim: PushRequestClaim) async throws -> [PushSubscription]

    /// The hub refused the request or could not be reached: no request is outstanding any
    /// more, `failures` grows, `message` is kept, and the next attempt is at `retryAt`.
    /// Does nothing when the subscription's callback id is no longer `callbackID`.
    func recordPushRequestFailure(callbackID: String, message: String, retryAt: Date) async throws

    /// The hub's verification of intent for a subscription. Returns true, and records it as
    /// verified until `leaseExpiresAt` (renewed at `renewAt`, no longer quiet, failures
    /// cleared), only when a request for exactly `topic` is outstanding at `callbackID`;
    /// otherwise changes nothing and returns false: the challenge must not be echoed.
    func confirmPushSubscription(callbackID: String, topic: String, leaseExpiresAt: Date, renewAt: Date, at now: Date) async throws -> Bool

    /// The hub denied (or ended) the subscription to `topic` at `callbackID`: nothing is
    /// outstanding or verified any more, the reason is kept, and the next request is at
    /// `retryAt`. Returns false when there is no such subscription.
    func recordPushDenial(callbackID: String, topic: String, reason: String, retryAt: Date) async throws -> Bool

    /// The subscription whose callback id is `callbackID`, if any.
    func pushSubscription(callbackID: String) async throws -> PushSubscription?

    /// The subscription made for `source`, if any.
    func pushSubscription(for source: SourceID) async throws -> PushSubscription?

    /// Content arrived at `callbackID` (signed correctly) at `date`.
    func recordPushDelivery(callbackID: String, at date: Date) async throws

    /// A poll found articles the hub never pushed: the subscription is quiet from `date`
    /// (the feed is polled as usual) and is requested again at `retryAt`.
    func recordPushMissed(source: SourceID, at date: Date, retryAt: Date) async throws
}
