import Fetching
import FeedParsing
import Foundation
import Logging
import NewsModel
import Storage

/// The pipeline for one source: load the feed (conditionally), parse it, map its items to
/// articles, and store articles and refresh state in one transaction. A failure at any step
/// stores no articles, only the error and the time of the next attempt.
public struct FeedRefresher: Sendable {
    let store: any ArticleStore
    let loader: FeedLoader
    public let policy: RefreshPolicy
    let mapper: ArticleMapper
    let inference: SourceInference
    /// The WebSub subscriptions, when `serve` takes pushes (it has a public address): a feed
    /// whose hub pushes is polled every `policy.intervalWhilePushed`, and a poll that finds
    /// articles the hub never pushed marks the hub quiet. Nil: push plays no part.
    let pushSubscriptions: (any PushSubscriptionStore)?
    let logger: Logger

    public init(
        store: any ArticleStore, loader: FeedLoader, policy: RefreshPolicy = RefreshPolicy(),
        mapper: ArticleMapper = ArticleMapper(), inference: SourceInference = SourceInference(),
        pushSubscriptions: (any PushSubscriptionStore)? = nil,
        logger: Logger = Logger(label: "broadsheet.refresh")
    ) {
        self.store = store
        self.loader = loader
        self.policy = policy
        self.mapper = mapper
        self.inference = inference
        self.pushSubscriptions = pushSubscriptions
        self.logger = logger
    }

    public func refresh(_ source: Source, now: Date = Date()) async -> RefreshReport {
        var logger = logger
        logger[metadataKey: "feed.id"] = "\(source.id)"
        logger[metadataKey: "feed.url"] = "\(source.feedURL)"
        let previous: FeedState?
        do {
            previous = try await store.feedState(for: source.id)
        } catch {
            logger.error("could not read the refresh state", metadata: ["error": "\(error)"])
            return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .failed("The database could not be read: \(error)"))
        }
        var state = previous ?? FeedState()
        state.lastAttemptAt = now

        let result: RefreshResult
        let outcome: RefreshReport.Outcome
        do {
            let response = try await loader.load(source.feedURL, state: previous)
            if response.isNotModified {
                state.lastSuccessAt = now
                state.lastError = nil
                state.consecutiveFailures = 0
                state.failingSince = nil
                // The feed would have cost what it cost the last time it came in full.
                state.notModifiedCount += 1
                state.bytesSaved += Int64(state.lastFeedBytes ?? 0)
                state.nextRefreshAt = policy.nextRefresh(afterSuccessAt: now, headers: response.headers)
                result = RefreshResult(articles: [], state: state)
                outcome = .notModified
            } else {
                let feed = try response.parsedFeed()
                let articles = mapper.articles(from: feed, now: now)
                state.etag = response.etag
                state.lastModified = response.lastModified
                state.lastSuccessAt = now
                state.lastError = nil
                state.consecutiveFailures = 0
                state.failingSince = nil
                state.lastFeedBytes = response.transferredBytes
                state.nextRefreshAt = policy.nextRefresh(afterSuccessAt: now, headers: response.headers)
                let hub = PushHubDiscovery.hub(in: feed, headers: response.headers, fetchedFrom: response.url)
                state.hubURL = hub?.hub
                state.topicURL = hub?.topic
                var metadata = mapper.metadata(from: feed)
                metadata.inferred = inference.traits(of: feed, articles: articles, feedURL: source.feedURL)
                result = RefreshResult(articles: articles, state: state, discoveredMetadata: metadata)
                outcome = .updated(inserted: 0, updated: 0)
                if !feed.problems.isEmpty {
                    logger.info("feed has problems the parser recovered from", metadata: ["problems": "\(feed.problems.map(\.description))"])
                }
            }
        } catch {
            let message = Self.message(for: error, feedURL: source.feedURL)
            if case .stopped? = error as? FetchError {
                // Shutdown, not the feed's fault: nothing is recorded, the next start tries again.
                return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .failed(message))
            }
            state.lastError = message
            if state.consecutiveFailures == 0 { state.failingSince = now }
            state.consecutiveFailures += 1
            state.nextRefreshAt = policy.nextRefresh(afterFailureAt: now, failures: state.consecutiveFailures)
            logger.warning("refresh failed", metadata: ["error": "\(message)"])
            return await record(RefreshResult(articles: [], state: state), for: source, outcome: .failed(message), logger: logger)
        }
        guard let pushSubscriptions else {
            return await record(result, for: source, outcome: outcome, logger: logger)
        }
        return await recordPolled(result, for: source, outcome: outcome, previous: previous, now: now, pushSubscriptions: pushSubscriptions, logger: logger)
    }

    /// Records a successful poll of a feed that may be pushed: polled less often while its
    /// hub's subscription is active; when the poll finds articles the hub should have pushed
    /// (it was verified before the previous poll and pushed nothing since), the hub has gone
    /// quiet: the subscription is marked so, asked for again later, and the feed is polled
    /// as usual from now.
    private func recordPolled(
        _ result: RefreshResult, for source: Source, outcome: RefreshReport.Outcome, previous: FeedState?, now: Date,
        pushSubscriptions: any PushSubscriptionStore, logger: Logger
    ) async -> RefreshReport {
        let subscription: PushSubscription?
        do {
            subscription = try await pushSubscriptions.pushSubscription(for: source.id)
        } catch {
            logger.error("could not read the push subscription", metadata: ["error": "\(error)"])
            subscription = nil
        }
        guard let subscription, subscription.isActive(at: now), let polledAt = result.state.nextRefreshAt else {
            return await record(result, for: source, outcome: outcome, logger: logger)
        }
        var pushed = result
        pushed.state.nextRefreshAt = max(polledAt, now.addingTimeInterval(policy.intervalWhilePushed))
        let report = await record(pushed, for: source, outcome: outcome, logger: logger)
        guard case .updated(let inserted, _) = report.outcome, inserted > 0,
              let previousPoll = previous?.lastSuccessAt, let verifiedAt = subscription.verifiedAt, verifiedAt < previousPoll,
              (subscription.lastPushAt ?? .distantPast) < previousPoll else {
            return report
        }
        logger.warning("the poll found articles the hub never pushed; polling as usual", metadata: ["inserted": "\(inserted)"])
        do {
            let retryAt = now.addingTimeInterval(policy.resubscribeDelay(afterQuietEpisodes: subscription.failures + 1))
            try await pushSubscriptions.recordPushMissed(source: source.id, at: now, retryAt: retryAt)
            // The next poll at the usual time, not the pushed one this refresh stored.
            _ = try await store.applyRefresh(RefreshResult(articles: [], state: result.state), to: source.id)
        } catch {
            logger.error("could not record the quiet hub", metadata: ["error": "\(error)"])
        }
        return report
    }

    private func record(_ result: RefreshResult, for source: Source, outcome: RefreshReport.Outcome, logger: Logger) async -> RefreshReport {
        do {
            let summary = try await store.applyRefresh(result, to: source.id)
            if case .updated = outcome {
                logger.info("refreshed", metadata: ["inserted": "\(summary.inserted)", "updated": "\(summary.updated)"])
                return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .updated(inserted: summary.inserted, updated: summary.updated))
            }
            return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: outcome)
        } catch {
            logger.error("could not store the refresh", metadata: ["error": "\(error)"])
            return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .failed("The articles could not be stored: \(error)"))
        }
    }

    static func message(for error: any Error, feedURL: String) -> String {
        if let fetchError = error as? FetchError { return fetchError.description }
        if let parseError = error as? FeedParsingError { return "\(feedURL) is not a feed Broadsheet can read: \(parseError)" }
        return "\(feedURL) could not be refreshed: \(error)"
    }
}
