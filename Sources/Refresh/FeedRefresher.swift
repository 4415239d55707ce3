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
        let previous: FeedState?
        do {
            previous = try await store.feedState(for: source.id)
        } catch {
            logger.error("could not read the refresh state", metadata: ["feed.id": "\(source.id)", "error": "\(error)"])
            return RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .failed("The database could not be read: \(error)"))
        }
        return await record(await fetch(source, previous: previous, now: now), for: source, previous: previous, now: now)
    }

    /// What one fetch of a source came to: a report with nothing to store (the fetch was
    /// stopped), or a result to store and the outcome it reports.
    enum Fetched {
        case finished(RefreshReport)
        /// `polled`: a successful poll, which a pushed feed's subscription has a say in.
        case toRecord(RefreshResult, RefreshReport.Outcome, polled: Bool)
    }

    /// Loads the feed (conditionally on `previous`), parses and maps it; stores nothing.
    func fetch(_ source: Source, previous: FeedState?, now: Date) async -> Fetched {
        var logger = logger
        logger[metadataKey: "feed.id"] = "\(source.id)"
        logger[metadataKey: "feed.url"] = "\(source.feedURL)"
        var state = previous ?? FeedState()
        state.lastAttemptAt = now

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
                return .toRecord(RefreshResult(articles: [], state: state), .notModified, polled: true)
            }
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
            if !feed.problems.isEmpty {
                logger.info("feed has problems the parser recovered from", metadata: ["problems": "\(feed.problems.map(\.description))"])
            }
            return .toRecord(RefreshResult(articles: articles, state: state, discoveredMetadata: metadata), .updated(inserted: 0, updated: 0), polled: true)
        } catch {
            let message = Self.message(for: error, feedURL: source.feedURL)
            if case .stopped? = error as? FetchError {
                // Shutdown, not the feed's fault: nothing is recorded, the next start tries again.
                return .finished(RefreshReport(sourceID: source.id, sourceName: source.name, outcome: .failed(message)))
            }
            state.lastError = message
            if state.consecutiveFailures == 0 { state.failingSince = now }
            state.consecutiveFailures += 1
            state.nextRefreshAt = policy.nextRefresh(afterFailureAt: now, failures: state.consecutiveFailures)
            logger.warning("refresh failed", metadata: ["error": "\(message)"])
            return .toRecord(RefreshResult(articles: [], state: state), .failed(message), polled: false)
        }
    }

    /// Stores what `fetch` found, in one transaction, and reports it.
    func record(_ fetched: Fetched, for source: Source, previous: FeedState?, now: Date) async -> RefreshReport {
        switch fetched {
        case .finished(let report):
            return report
        case .toRecord(let result, let outcome, let polled):
            var logger = logger
            logger[metadataKey: "feed.id"] = "\(source.id)"
            guard polled, let pushSubscriptions else {
                return await record(result, for: source, outcome: outcome, logger: logger)
            }
            return await recordPolled(result, for: source, outcome: outcome, previous: previous, now: now, pushSubscriptions: pushSubscriptions, logger: logger)
        }
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
        if let parseError = error as? FeedParsingError {
            // Cut short, the address is a feed's all the same.
            if case .cutShort = parseError { return "\(feedURL): \(parseError)" }
            return "\(feedURL) is not a feed Broadsheet can read: \(parseError)"
        }
        return "\(feedURL) could not be refreshed: \(error)"
    }
}
