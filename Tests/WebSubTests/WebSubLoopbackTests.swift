import Fetching
import Foundation
import Hummingbird
import HummingbirdTesting
import NewsModel
import Refresh
import SQLiteStorage
import Storage
import Synchronization
import Testing
@testable import WebSub

/// A clock the tests move by hand, shared by the refresher, the subscriber and the callback.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_772_445_600))  // 2026-03-02 10:00 UTC

    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var function: @Sendable () -> Date { { self.now } }
}

/// Broadsheet's side (a store, a refresher that knows about push, the callback on a live
/// loopback server, the subscriber) against `LoopbackHub`, all on 127.0.0.1.
struct WebSubHarness: Sendable {
    let store: SQLiteStore
    let hub: LoopbackHub
    let clock: TestClock
    let fetcher: HTTPFetcher
    let refresher: FeedRefresher
    let source: Source
    let subscriber: PushSubscriber
    let callbackBase: String
    let configuration: PushConfiguration

    static let interval: TimeInterval = 1_800

    /// Runs `body` with both servers up; everything is shut down after.
    static func run(maximumDeliveryBytes: Int = 64 * 1024, _ body: @Sendable (WebSubHarness) async throws -> Void) async throws {
        let store = try SQLiteStore.temporary()
        let hub = LoopbackHub(entries: [(id: "first", title: "First post")])
        let clock = TestClock()
        let fetcher = HTTPFetcher(configuration: FetchConfiguration(allowsPrivateAddresses: true, timeoutSeconds: 30))
        let refresher = FeedRefresher(
            store: store, loader: FeedLoader(fetcher: fetcher), policy: RefreshPolicy(interval: interval), pushSubscriptions: store
        )
        // Only the callback's own settings matter to it; the public address is known once it listens.
        let callbackSettings = PushConfiguration(publicBaseURL: "http://127.0.0.1", maximumDeliveryBytes: maximumDeliveryBytes)
        let controller = PushCallbackController(store: store, refresher: refresher, configuration: callbackSettings, clock: clock.function)
        let router = Router()
        controller.register(on: router)
        let broadsheet = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        do {
            try await hub.application().test(.live) { hubClient in
                hub.port = hubClient.port ?? 0
                try await broadsheet.test(.live) { broadsheetClient in
                    let base = "http://127.0.0.1:\(broadsheetClient.port ?? 0)"
                    let configuration = PushConfiguration(publicBaseURL: base, maximumDeliveryBytes: maximumDeliveryBytes)
                    let source = try await store.addSource(Source(id: SourceID(slugging: "Hub News"), name: "Hub News", feedURL: hub.feedURL))
                    let subscriber = PushSubscriber(
                        store: store, hub: HubClient(fetcher: fetcher, configuration: configuration), configuration: configuration,
                        clock: clock.function
                    )
                    try await body(WebSubHarness(
                        store: store, hub: hub, clock: clock, fetcher: fetcher, refresher: refresher, source: source,
                        subscriber: subscriber, callbackBase: base, configuration: configuration
                    ))
                }
            }
        } catch {
            try? await fetcher.shutdown()
            try? await hub.shutdown()
            throw error
        }
        try await fetcher.shutdown()
        try await hub.shutdown()
    }

    func refresh() async -> RefreshReport {
        await refresher.refresh(source, now: clock.now)
    }

    /// The entries stored, by the names the hub gave them (`urn:hub-news:<name>`).
    func guids() async throws -> Set<String> {
        Set(try await store.articles(matching: ArticleQuery(sources: [source.id], pageSize: 100)).articles.map {
            $0.guid.hasPrefix("urn:hub-news:") ? String($0.guid.dropFirst(13)) : $0.guid
        })
    }

    var subscription: PushSubscription? {
        get async throws { try await store.pushSubscription(for: source.id) }
    }

    /// Waits (a few seconds at most) until `condition` holds.
    func eventually(_ condition: @Sendable () async throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Refreshes, subscribes and waits for the hub's verification.
    func subscribe() async throws {
        _ = await refresh()
        let outcomes = await subscriber.requestDueSubscriptions()
        #expect(outcomes.count == 1 && outcomes.first?.failure == nil)
        #expect(try await eventually { hub.subscribers.count == 1 }, "the hub verified the subscription")
    }
}

@Suite(.serialized) struct WebSubLoopbackTests {
    @Test func subscribesToTheAdvertisedHubAndStoresSignedPushes() async throws {
        try await WebSubHarness.run { harness in
            let hub = harness.hub
            #expect(await harness.refresh().isFailure == false)
            let state = try #require(try await harness.store.feedState(for: harness.source.id))
            #expect(state.hubURL == hub.hubURL && state.topicURL == hub.feedURL)

            harness.clock.advance(by: 60)
            try await harness.subscribe()
            let request = try #require(hub.requests.first)
            #expect(request.mode == "subscribe" && request.topic == hub.feedURL)
            #expect(request.callback.hasPrefix(harness.callbackBase + "/websub/"))
            #expect(request.leaseSeconds == 864_000)
            let secret = try #require(request.secret)
            #expect(secret.utf8.count == 64)
            #expect(hub.verifications.first?.echoed == true)
            let subscription = try #require(try await harness.subscription)
            #expect(subscription.isActive(at: harness.clock.now))
            #expect(subscription.leaseExpiresAt == harness.clock.now.addingTimeInterval(3_600), "the hub's lease, not the one asked for")

            // Content pushed, signed with the secret: stored at once.
            harness.clock.advance(by: 60)
            hub.addEntry(id: "second", title: "Second post")
            #expect(await hub.publish(body: hub.feed(onlyNewest: 1)) == [204])
            let stored = try await harness.guids()
            #expect(stored == ["first", "second"])
            #expect(try await harness.subscription?.lastPushAt == harness.clock.now)
            // SHA-1 signatures are WebSub's too.
            hub.addEntry(id: "third", title: "Third post")
            #expect(await hub.publish(body: hub.feed(onlyNewest: 1), signing: .withSubscriberSecret(.sha1)) == [204])
            let storedAfterSHA1 = try await harness.guids()
            #expect(storedAfterSHA1 == ["first", "second", "third"])
        }
    }

    @Test func refusesUnsignedMisSignedOversizedAndUnknownDeliveries() async throws {
        try await WebSubHarness.run(maximumDeliveryBytes: 8 * 1024) { harness in
            let hub = harness.hub
            try await harness.subscribe()
            hub.addEntry(id: "forged", title: "Forged post")
            let forged = hub.feed(onlyNewest: 1)
            #expect(await hub.publish(body: forged, signing: .unsigned) == [403])
            #expect(await hub.publish(body: forged, signing: .withSecret("not the secret we gave")) == [403])
            let stored = try await harness.guids()
            #expect(stored == ["first"], "nothing of a refused delivery is stored")

            let callback = try #require(hub.subscribers.first?.callback)
            let huge = Array(repeating: UInt8(ascii: "x"), count: 9 * 1024)
            let signature = HubSignature.header(for: huge, secret: try #require(hub.subscribers.first?.secret))
            #expect(await hub.post(callback, body: huge, headers: [("X-Hub-Signature", signature)]).status == 413)
            let unknown = harness.callbackBase + "/websub/" + String(repeating: "0", count: 32)
            #expect(await hub.post(unknown, body: Array(forged.utf8), headers: []).status == 404)
            #expect(await hub.post(harness.callbackBase + "/websub/not-an-id", body: [], headers: []).status == 404)
        }
    }

    @Test func echoesTheChallengeOnlyForASubscriptionItAskedFor() async throws {
        try await WebSubHarness.run { harness in
            let hub = harness.hub
            _ = await harness.refresh()
            // The subscription exists but nothing was asked yet: a hub (or anyone who learnt
            // the callback) verifying it gets nothing back.
            _ = try await harness.store.claimPushSubscriptionRequests(PushRequestClaim(now: harness.clock.now, limit: 0))
            let unasked = try #require(try await harness.subscription)
            let early = String(decoding: HubClient.formEncoded([("hub.mode", "subscribe"), ("hub.topic", hub.feedURL), ("hub.challenge", "early")]), as: UTF8.self)
            #expect(await hub.get(harness.callbackBase + "/websub/" + unasked.callbackID + "?" + early).status == 404)
            #expect(try await harness.subscription?.verifiedAt == nil)
            try await harness.subscribe()
            let subscription = try #require(try await harness.subscription)
            #expect(subscription.callbackID == unasked.callbackID)
            let callback = harness.callbackBase + "/websub/" + subscription.callbackID
            for (mode, topic) in [("subscribe", hub.feedURL), ("subscribe", "https://elsewhere.example/feed"), ("unsubscribe", hub.feedURL)] {
                let query = String(decoding: HubClient.formEncoded([("hub.mode", mode), ("hub.topic", topic), ("hub.challenge", "guess-me")]), as: UTF8.self)
                let answer = await hub.get(callback + "?" + query)
                #expect(answer.status == 404, "\(mode) \(topic): no request of ours is outstanding")
                #expect(!answer.body.contains("guess-me"))
            }
            let other = harness.callbackBase + "/websub/" + String(repeating: "a", count: 32)
            let query = String(decoding: HubClient.formEncoded([("hub.mode", "subscribe"), ("hub.topic", hub.feedURL), ("hub.challenge", "x")]), as: UTF8.self)
            #expect(await hub.get(other + "?" + query).status == 404)
            #expect(try await harness.subscription == subscription, "nothing changed")
        }
    }

    @Test func renewsBeforeTheLeaseEndsAndPollsLessWhilePushed() async throws {
        try await WebSubHarness.run { harness in
            let hub = harness.hub
            try await harness.subscribe()
            let verified = try #require(try await harness.subscription)
            // The hub granted an hour: renewed half an hour before it ends.
            #expect(verified.nextAttemptAt == harness.clock.now.addingTimeInterval(1_800))

            // While pushed, the feed is polled far less often.
            harness.clock.advance(by: 120)
            _ = await harness.refresh()
            let state = try #require(try await harness.store.feedState(for: harness.source.id))
            #expect(state.nextRefreshAt == harness.clock.now.addingTimeInterval(RefreshPolicy().intervalWhilePushed))

            harness.clock.advance(by: 1_000)
            #expect(await harness.subscriber.requestDueSubscriptions().isEmpty, "not yet")
            harness.clock.advance(by: 800)
            let renewal = await harness.subscriber.requestDueSubscriptions()
            #expect(renewal.count == 1 && renewal.first?.failure == nil)
            #expect(try await harness.eventually { hub.verifications.count == 2 })
            #expect(hub.requests.count == 2)
            #expect(hub.requests[1].callback == hub.requests[0].callback && hub.requests[1].secret == hub.requests[0].secret)
            let renewed = try #require(try await harness.subscription)
            #expect(renewed.leaseExpiresAt == harness.clock.now.addingTimeInterval(3_600))
        }
    }

    @Test func fallsBackToPollingWhenTheHubGoesQuietOrLetsTheLeaseRunOut() async throws {
        try await WebSubHarness.run { harness in
            let hub = harness.hub
            try await harness.subscribe()
            // A poll after the verification: what was published before it was not pushed, so
            // finding it proves nothing.
            hub.addEntry(id: "before-subscription", title: "Published before")
            harness.clock.advance(by: 600)
            _ = await harness.refresh()
            #expect(try await harness.subscription?.quietSince == nil)

            // The next poll finds an article the hub never pushed: the hub is quiet.
            hub.addEntry(id: "never-pushed", title: "Never pushed")
            harness.clock.advance(by: 1_200)
            _ = await harness.refresh()
            let quiet = try #require(try await harness.subscription)
            #expect(quiet.quietSince == harness.clock.now && !quiet.isActive(at: harness.clock.now))
            let state = try #require(try await harness.store.feedState(for: harness.source.id))
            #expect(state.nextRefreshAt == harness.clock.now.addingTimeInterval(WebSubHarness.interval), "polled as usual again")

            // It is asked again later, and the feed is pushed again once verified.
            harness.clock.advance(by: 3_600)
            #expect(await harness.subscriber.requestDueSubscriptions().count == 1)
            #expect(try await harness.eventually { hub.verifications.count == 2 })
            #expect(try await harness.subscription?.isActive(at: harness.clock.now) == true)

            // A lease that runs out without a renewal (the hub refuses it) means polling too.
            hub.answerSubscriptions(with: 503)
            harness.clock.advance(by: 1_800)
            let refused = await harness.subscriber.requestDueSubscriptions()
            #expect(refused.first?.failure?.contains("503") == true)
            harness.clock.advance(by: 1_801)
            #expect(try await harness.subscription?.isActive(at: harness.clock.now) == false)
            _ = await harness.refresh()
            let polled = try #require(try await harness.store.feedState(for: harness.source.id))
            #expect(polled.nextRefreshAt == harness.clock.now.addingTimeInterval(WebSubHarness.interval))
        }
    }

    @Test func aHubThatDeniesOrSendsOnlyANotification() async throws {
        try await WebSubHarness.run { harness in
            let hub = harness.hub
            try await harness.subscribe()
            // A notification without content: Broadsheet fetches the feed itself.
            hub.addEntry(id: "pinged", title: "Announced by a ping")
            #expect(await hub.publish(body: "") == [204])
            #expect(try await harness.eventually { try await harness.guids().contains("pinged") })

            let subscription = try #require(try await harness.subscription)
            let query = String(decoding: HubClient.formEncoded([("hub.mode", "denied"), ("hub.topic", hub.feedURL), ("hub.reason", "quota")]), as: UTF8.self)
            #expect(await hub.get(harness.callbackBase + "/websub/" + subscription.callbackID + "?" + query).status == 200)
            let denied = try #require(try await harness.subscription)
            #expect(!denied.isActive(at: harness.clock.now))
            #expect(denied.lastError?.contains("quota") == true)
        }
    }
}
