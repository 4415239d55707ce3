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
    let logger: Logger

    public init(
        store: any ArticleStore, loader: FeedLoader, policy: RefreshPolicy = RefreshPolicy(),
        mapper: ArticleMapper = ArticleMapper(), inference: SourceInference = SourceInference(),
        logger: Logger = Logger(label: "broadsheet.refresh")
    ) {
        self.store = store
        self.loader = loader
        self.policy = policy
        self.mapper = mapper
        self.inference = inference
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
        return await record(result, for: source, outcome: outcome, logger: logger)
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
