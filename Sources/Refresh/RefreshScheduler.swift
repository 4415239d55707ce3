import Foundation
import Logging
import ServiceLifecycle
import NewsModel
import Storage

/// Refreshes the sources that are due, in the background of `serve`, until shutdown.
/// Each source's next time comes from `RefreshPolicy`; the scheduler just wakes up every
/// `tick` and refreshes whatever is due, `concurrency` at a time, listed `batchSize` at a
/// time, until nothing due is left.
public struct RefreshScheduler: Service {
    let store: any ArticleStore
    let refresher: FeedRefresher
    let concurrency: Int
    let tick: Duration
    let batchSize: Int
    let logger: Logger

    public init(
        store: any ArticleStore, refresher: FeedRefresher, concurrency: Int = 4, tick: Duration = .seconds(60),
        batchSize: Int = 200, logger: Logger = Logger(label: "broadsheet.scheduler")
    ) {
        self.store = store
        self.refresher = refresher
        self.concurrency = concurrency
        self.tick = tick
        self.batchSize = max(1, batchSize)
        self.logger = logger
    }

    public func run() async throws {
        logger.info("refreshing sources in the background", metadata: ["tick": "\(tick)"])
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await refreshDueSources()
                try? await Task.sleep(for: tick)
            }
        }
    }

    /// One pass: everything due at `now`, oldest first, a batch at a time until none is left,
    /// so a library of thousands of feeds keeps to its interval (one batch a tick would refresh
    /// 200 feeds a minute at most). A refreshed source is due again only an interval later; a
    /// source listed twice in one pass (its refresh could not be stored) ends the pass.
    @discardableResult
    public func refreshDueSources(now: Date = Date()) async -> [RefreshReport] {
        var reports: [RefreshReport] = []
        var refreshed = Set<SourceID>()
        while !Task.isCancelled {
            let due: [Source]
            do {
                due = try await store.sourcesDueForRefresh(at: now, limit: batchSize)
            } catch {
                logger.error("could not list the sources due for refresh", metadata: ["error": "\(error)"])
                break
            }
            let batch = due.filter { refreshed.insert($0.id).inserted }
            guard !batch.isEmpty else { break }
            reports += await refresher.refresh(batch, concurrency: concurrency)
            if batch.count < due.count || due.count < batchSize { break }
        }
        return reports
    }
}
