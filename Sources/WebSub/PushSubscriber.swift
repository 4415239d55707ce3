import Fetching
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Keeps WebSub subscriptions going, in the background of `serve` (only with a public
/// address): subscribes to the hub of every feed that names one, renews before each lease
/// ends, and asks again after a failure, a denial, a verification that never came or a hub
/// that went quiet (with growing waits). The store hands out the work (`claimPushSubscriptionRequests`),
/// so several processes sharing a database never ask a hub twice.
public struct PushSubscriber: Service {
    let store: any PushSubscriptionStore
    let hub: HubClient
    let configuration: PushConfiguration
    /// Requests sent to hubs at once.
    let concurrency: Int
    let clock: @Sendable () -> Date
    let logger: Logger

    public init(
        store: any PushSubscriptionStore, hub: HubClient, configuration: PushConfiguration, concurrency: Int = 4,
        clock: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "broadsheet.websub")
    ) {
        self.store = store
        self.hub = hub
        self.configuration = configuration
        self.concurrency = max(1, concurrency)
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        logger.info("subscribing to WebSub hubs", metadata: ["callbacks": "\(configuration.publicBaseURL)\(PushConfiguration.callbackPathPrefix)"])
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await requestDueSubscriptions()
                try? await Task.sleep(for: configuration.tick)
            }
        }
    }

    /// What became of one request.
    public struct Outcome: Sendable, Hashable {
        public var subscription: PushSubscription
        /// nil when the hub accepted the request; else why not.
        public var failure: String?
    }

    /// One pass: claims what is due, a batch at a time, and sends each request; a refused
    /// request is recorded with its retry time. Returns what was asked.
    @discardableResult
    public func requestDueSubscriptions() async -> [Outcome] {
        var outcomes: [Outcome] = []
        while !Task.isCancelled {
            let claimed: [PushSubscription]
            do {
                claimed = try await store.claimPushSubscriptionRequests(PushRequestClaim(
                    now: clock(), limit: configuration.requestsPerPass, verificationTimeout: configuration.verificationTimeout
                ))
            } catch {
                logger.error("could not read the WebSub subscriptions due", metadata: ["error": "\(error)"])
                break
            }
            outcomes += await request(claimed)
            if claimed.count < configuration.requestsPerPass { break }
        }
        return outcomes
    }

    private func request(_ subscriptions: [PushSubscription]) async -> [Outcome] {
        await withTaskGroup(of: Outcome.self) { group in
            var pending = subscriptions.makeIterator()
            var outcomes: [Outcome] = []
            var inFlight = 0
            while inFlight < concurrency, let subscription = pending.next() {
                group.addTask { await request(subscription) }
                inFlight += 1
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if let subscription = pending.next() { group.addTask { await request(subscription) } }
            }
            return outcomes
        }
    }

    private func request(_ subscription: PushSubscription) async -> Outcome {
        var logger = logger
        logger[metadataKey: "feed.id"] = "\(subscription.sourceID)"
        logger[metadataKey: "hub.url"] = "\(subscription.hubURL)"
        do throws(FetchError) {
            try await hub.subscribe(subscription)
            logger.info("asked the hub for a subscription", metadata: ["topic": "\(subscription.topicURL)"])
            return Outcome(subscription: subscription, failure: nil)
        } catch {
            if case .stopped = error { return Outcome(subscription: subscription, failure: error.description) }
            let message = "The hub \(subscription.hubURL) did not accept the subscription: \(error.description)"
            let retryAt = clock().addingTimeInterval(PushConfiguration.retryDelay(afterFailures: subscription.failures + 1))
            logger.warning("the hub refused the subscription request", metadata: ["error": "\(error.description)"])
            do {
                try await store.recordPushRequestFailure(callbackID: subscription.callbackID, message: message, retryAt: retryAt)
            } catch {
                logger.error("could not record the failed subscription request", metadata: ["error": "\(error)"])
            }
            return Outcome(subscription: subscription, failure: message)
        }
    }
}
