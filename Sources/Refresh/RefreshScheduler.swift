import Foundation
import Logging
import ServiceLifecycle
import NewsModel
import Storage

/// Refreshes the sources that are due, in the background of `serve`, until shutdown.
/// Each source's next time comes from `RefreshPolicy`; the scheduler just wakes up every
/// `tick` and refreshes whatever is due, a bounded number at a time. With a `retention`, it
/// also removes old articles once a day.
public struct RefreshScheduler: Service {
    let store: any ArticleStore
    let refresher: FeedRefresher
    let retention: ArticleRetention?
    let concurrency: Int
    let tick: Duration
    let logger: Logger

    public init(
        store: any ArticleStore, refresher: FeedRefresher, retention: ArticleRetention? = nil, concurrency: Int = 4,
        tick: Duration = .seconds(60), logger: Logger = Logger(label: "broadsheet.scheduler")
    ) {
        self.store = store
        self.refresher = refresher
        self.retention = retention
        self.concurrency = concurrency
        self.tick = tick
        self.logger = logger
    }

    public func run() async throws {
        logger.info("refreshing sources in the background", metadata: ["tick": "\(tick)"])
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await refreshDueSources()
                await retention?.runIfDue()
                try? await Task.sleep(for: tick)
            }
        }
    }

    /// One pass: everything due now, oldest first.
    @discardableResult
    public func refreshDueSources(now: Date = Date()) async -> [RefreshReport] {
        let due: [Source]
        do {
            due = try await store.sourcesDueForRefresh(at: now, limit: 200)
        } catch {
            logger.error("could not list the sources due for refresh", metadata: ["error": "\(error)"])
            return []
        }
        guard !due.isEmpty else { return [] }
        return await refresher.refresh(due, concurrency: concurrency)
    }
}
