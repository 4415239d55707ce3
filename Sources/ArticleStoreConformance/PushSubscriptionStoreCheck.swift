import Foundation
import NewsModel
import Storage
import Testing

/// One behaviour every `PushSubscriptionStore` must have (WebSub subscriptions: made from
/// the hub a feed names, claimed for requests, verified only when asked for, renewed,
/// denied, quiet), checked on a fresh, empty store:
///
/// ```swift
/// @Test(arguments: PushSubscriptionStoreCheck.all)
/// func pushConformance(_ check: PushSubscriptionStoreCheck) async throws {
///     try await check.run(on: try SQLiteStore.temporary())
/// }
/// ```
public struct PushSubscriptionStoreCheck: Sendable, CustomTestStringConvertible {
    public let name: String
    private let body: @Sendable (any PushSubscriptionStore) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (any PushSubscriptionStore) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }

    /// Runs the check against `store`, which must be empty.
    public func run(on store: any PushSubscriptionStore) async throws {
        try await body(store)
    }

    private typealias Fixtures = ConformanceFixtures

    /// A followed source whose last refresh found `hub` (nil: none) at `hoursAfterBase`.
    @discardableResult
    private static func source(
        _ slug: String, hub: String?, topic: String? = nil, hoursAfterBase hours: Double = 0, in store: any PushSubscriptionStore
    ) async throws -> Source {
        var stored = try await store.source(SourceID(slugging: slug))
        if stored == nil { stored = try await store.addSource(Fixtures.source(slug)) }
        guard let stored else { throw StoreError.sourceNotFound(SourceID(slugging: slug)) }
        try await refresh(stored.id, hub: hub, topic: topic ?? stored.feedURL, hoursAfterBase: hours, in: store)
        return stored
    }

    private static func refresh(_ source: SourceID, hub: String?, topic: String?, hoursAfterBase hours: Double, in store: any PushSubscriptionStore) async throws {
        var state = Fixtures.state(hoursAfterBase: hours)
        state.hubURL = hub
        state.topicURL = hub == nil ? nil : topic
        _ = try await store.applyRefresh(RefreshResult(articles: [], state: state), to: source)
    }

    private static func claim(_ store: any PushSubscriptionStore, hoursAfterBase hours: Double, limit: Int = 10) async throws -> [PushSubscription] {
        try await store.claimPushSubscriptionRequests(
            PushRequestClaim(now: Fixtures.date(hoursAfterBase: hours), limit: limit, verificationTimeout: 3_600)
        )
    }

    private static func confirm(_ subscription: PushSubscription, topic: String? = nil, hoursAfterBase hours: Double, in store: any PushSubscriptionStore) async throws -> Bool {
        try await store.confirmPushSubscription(
            callbackID: subscription.callbackID, topic: topic ?? subscription.topicURL,
            leaseExpiresAt: Fixtures.date(hoursAfterBase: hours + 240), renewAt: Fixtures.date(hoursAfterBase: hours + 216),
            at: Fixtures.date(hoursAfterBase: hours)
        )
    }

    /// Every check.
    public static let all: [PushSubscriptionStoreCheck] = [
        PushSubscriptionStoreCheck("a feed's hub gives a subscription, claimed once, with its own callback id and secret") { store in
            try await source("pushed", hub: "https://hub.example/", topic: "https://pushed.example/self.xml", in: store)
            try await source("polled", hub: nil, in: store)
            try await source("other", hub: "https://hub.example/", hoursAfterBase: 0.5, in: store)
            let claimed = try await claim(store, hoursAfterBase: 1)
            #expect(claimed.map(\.sourceID.rawValue).sorted() == ["other", "pushed"])
            let pushed = try #require(claimed.first { $0.sourceID.rawValue == "pushed" })
            #expect(pushed.hubURL == "https://hub.example/")
            #expect(pushed.topicURL == "https://pushed.example/self.xml")
            #expect(pushed.callbackID.utf8.count >= 32 && pushed.secret.utf8.count >= 32)
            #expect(Set(claimed.map(\.callbackID)).count == 2 && Set(claimed.map(\.secret)).count == 2)
            #expect(pushed.requestedAt == Fixtures.date(hoursAfterBase: 1))
            #expect(pushed.nextAttemptAt == Fixtures.date(hoursAfterBase: 2))
            #expect(try await claim(store, hoursAfterBase: 1.5).isEmpty, "claimed subscriptions wait for their verification")
            #expect(try await store.pushSubscription(callbackID: pushed.callbackID) == pushed)
            #expect(try await store.pushSubscription(for: pushed.sourceID) == pushed)
            #expect(try await store.pushSubscription(for: SourceID(slugging: "polled")) == nil)
            let again = try await claim(store, hoursAfterBase: 2.5)
            #expect(again.count == 2, "a verification that never came is asked for again")
            #expect(again.first { $0.sourceID.rawValue == "pushed" }?.callbackID == pushed.callbackID)
        },

        PushSubscriptionStoreCheck("claims respect the limit, oldest due first") { store in
            for number in 1...3 {
                try await source("feed-\(number)", hub: "https://hub.example/", in: store)
            }
            let first = try await claim(store, hoursAfterBase: 1, limit: 2)
            #expect(first.count == 2)
            let second = try await claim(store, hoursAfterBase: 1, limit: 2)
            #expect(second.count == 1)
            #expect(Set((first + second).map(\.sourceID)).count == 3)
            #expect(try await claim(store, hoursAfterBase: 1, limit: 0).isEmpty)
        },

        PushSubscriptionStoreCheck("a verification is confirmed only for an outstanding request of the same topic") { store in
            try await source("pushed", hub: "https://hub.example/", in: store)
            #expect(try await store.confirmPushSubscription(
                callbackID: "0123456789abcdef0123456789abcdef", topic: "https://pushed.example/feed.xml",
                leaseExpiresAt: Fixtures.date(hoursAfterBase: 10), renewAt: Fixtures.date(hoursAfterBase: 9), at: Fixtures.baseDate
            ) == false, "an unknown callback id")
            let subscription = try #require(try await claim(store, hoursAfterBase: 1).first)
            #expect(try await confirm(subscription, topic: "https://other.example/feed.xml", hoursAfterBase: 1.1, in: store) == false)
            #expect(try await confirm(subscription, hoursAfterBase: 1.1, in: store))
            let verified = try #require(try await store.pushSubscription(for: subscription.sourceID))
            #expect(verified.requestedAt == nil)
            #expect(verified.verifiedAt == Fixtures.date(hoursAfterBase: 1.1))
            #expect(verified.leaseExpiresAt == Fixtures.date(hoursAfterBase: 241.1))
            #expect(verified.nextAttemptAt == Fixtures.date(hoursAfterBase: 217.1))
            #expect(verified.isActive(at: Fixtures.date(hoursAfterBase: 100)))
            #expect(!verified.isActive(at: Fixtures.date(hoursAfterBase: 242)))
            #expect(try await confirm(subscription, hoursAfterBase: 1.2, in: store) == false, "nothing is outstanding any more")
            #expect(try await claim(store, hoursAfterBase: 200).isEmpty)
            let renewal = try #require(try await claim(store, hoursAfterBase: 217.2).first, "renewed before the lease ends")
            #expect(renewal.callbackID == subscription.callbackID && renewal.secret == subscription.secret)
            #expect(renewal.verifiedAt == Fixtures.date(hoursAfterBase: 1.1), "still verified while the renewal is outstanding")
            #expect(try await confirm(renewal, hoursAfterBase: 217.3, in: store))
            #expect(try await store.pushSubscription(for: subscription.sourceID)?.leaseExpiresAt == Fixtures.date(hoursAfterBase: 457.3))
        },

        PushSubscriptionStoreCheck("failures and denials are kept and retried later; deliveries are recorded") { store in
            try await source("pushed", hub: "https://hub.example/", in: store)
            let subscription = try #require(try await claim(store, hoursAfterBase: 1).first)
            try await store.recordPushRequestFailure(callbackID: subscription.callbackID, message: "The hub answered 500.", retryAt: Fixtures.date(hoursAfterBase: 3))
            var failed = try #require(try await store.pushSubscription(for: subscription.sourceID))
            #expect(failed.failures == 1 && failed.lastError == "The hub answered 500." && failed.requestedAt == nil)
            #expect(try await confirm(subscription, hoursAfterBase: 1.5, in: store) == false, "a failed request is not outstanding")
            #expect(try await claim(store, hoursAfterBase: 2).isEmpty)
            #expect(try await claim(store, hoursAfterBase: 3).count == 1)
            #expect(try await confirm(subscription, hoursAfterBase: 3.1, in: store))
            failed = try #require(try await store.pushSubscription(for: subscription.sourceID))
            #expect(failed.failures == 0 && failed.lastError == nil)
            try await store.recordPushDelivery(callbackID: subscription.callbackID, at: Fixtures.date(hoursAfterBase: 4))
            #expect(try await store.pushSubscription(for: subscription.sourceID)?.lastPushAt == Fixtures.date(hoursAfterBase: 4))
            #expect(try await store.recordPushDenial(callbackID: "ffffffffffffffffffffffffffffffff", topic: subscription.topicURL, reason: "no", retryAt: Fixtures.date(hoursAfterBase: 30)) == false)
            #expect(try await store.recordPushDenial(callbackID: subscription.callbackID, topic: subscription.topicURL, reason: "Over quota", retryAt: Fixtures.date(hoursAfterBase: 30)))
            let denied = try #require(try await store.pushSubscription(for: subscription.sourceID))
            #expect(denied.verifiedAt == nil && denied.leaseExpiresAt == nil && !denied.isActive(at: Fixtures.date(hoursAfterBase: 5)))
            #expect(denied.lastError == "Over quota" && denied.nextAttemptAt == Fixtures.date(hoursAfterBase: 30))
        },

        PushSubscriptionStoreCheck("a hub that went quiet makes the feed polled until a new verification") { store in
            let feed = try await source("pushed", hub: "https://hub.example/", in: store)
            let subscription = try #require(try await claim(store, hoursAfterBase: 1).first)
            #expect(try await confirm(subscription, hoursAfterBase: 1, in: store))
            try await store.recordPushMissed(source: feed.id, at: Fixtures.date(hoursAfterBase: 5), retryAt: Fixtures.date(hoursAfterBase: 6))
            let quiet = try #require(try await store.pushSubscription(for: feed.id))
            #expect(quiet.quietSince == Fixtures.date(hoursAfterBase: 5) && !quiet.isActive(at: Fixtures.date(hoursAfterBase: 5)))
            #expect(quiet.failures == 1)
            #expect(try await claim(store, hoursAfterBase: 5.5).isEmpty)
            let retry = try #require(try await claim(store, hoursAfterBase: 6).first)
            #expect(try await confirm(retry, hoursAfterBase: 6.1, in: store))
            #expect(try await store.pushSubscription(for: feed.id)?.isActive(at: Fixtures.date(hoursAfterBase: 7)) == true)
        },

        PushSubscriptionStoreCheck("a new hub or topic makes a new subscription; a feed without a hub loses it; removing the source removes it") { store in
            let feed = try await source("pushed", hub: "https://hub.example/", in: store)
            let first = try #require(try await claim(store, hoursAfterBase: 1).first)
            #expect(try await confirm(first, hoursAfterBase: 1, in: store))
            try await refresh(feed.id, hub: "https://new-hub.example/", topic: feed.feedURL, hoursAfterBase: 2, in: store)
            let moved = try #require(try await claim(store, hoursAfterBase: 2).first)
            #expect(moved.hubURL == "https://new-hub.example/" && moved.callbackID != first.callbackID && moved.secret != first.secret)
            #expect(moved.verifiedAt == nil)
            #expect(try await store.pushSubscription(callbackID: first.callbackID) == nil, "the old hub's callback answers nothing")
            try await refresh(feed.id, hub: nil, topic: nil, hoursAfterBase: 3, in: store)
            #expect(try await claim(store, hoursAfterBase: 10).isEmpty)
            #expect(try await store.pushSubscription(for: feed.id) == nil)
            try await refresh(feed.id, hub: "https://hub.example/", topic: feed.feedURL, hoursAfterBase: 4, in: store)
            let back = try #require(try await claim(store, hoursAfterBase: 4).first)
            try await store.removeSource(feed.id)
            #expect(try await store.pushSubscription(callbackID: back.callbackID) == nil)
        },

        PushSubscriptionStoreCheck("the hub is part of the refresh state; demo sources get no subscription") { store in
            let feed = try await source("pushed", hub: "https://hub.example/", in: store)
            // A refresh whose state names no hub because nothing was fetched keeps the
            // hub: the refresher carries the previous state forward on a 304.
            let state = try #require(try await store.feedState(for: feed.id))
            #expect(state.hubURL == "https://hub.example/" && state.topicURL == feed.feedURL)
            let demo = try await store.addSource(Fixtures.source("demo", isDemo: true))
            var demoState = Fixtures.state()
            demoState.hubURL = "https://hub.example/"
            demoState.topicURL = demo.feedURL
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: demoState), to: demo.id)
            #expect(try await claim(store, hoursAfterBase: 1).map(\.sourceID.rawValue) == ["pushed"])
        },
    ]
}
