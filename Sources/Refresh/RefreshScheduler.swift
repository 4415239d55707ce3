import Foundation
import Logging
import ServiceLifecycle
import NewsModel
import Storage

/// Refreshes the sources that are due, in the background of `serve`, until shutdown.
/// Each source's next time comes from `RefreshPolicy`. The scheduler claims due sources
/// from the store a few at a time (`ArticleStore.claimSourcesForRefresh`), so any number
/// of Broadsheet processes sharing one database each take different sources, never more
/// than the per-host limit on one host between them, and a process killed mid-refresh
/// only delays its claimed sources until their lease runs out. It sleeps until the next
/// source falls due, `tick` at the longest. With a `retention`, it also removes old
/// articles once a day.
public struct RefreshScheduler: Service {
    let store: any ArticleStore
    let refresher: FeedRefresher
    let retention: ArticleRetention?
    let concurrency: Int
    let tick: Duration
    let lease: TimeInterval
    let perHostLimit: Int
    /// This scheduler's name on its claims.
    public let claimant: String
    let clock: @Sendable () -> Date
    let logger: Logger

    /// - Parameters:
    ///   - retention: removes old articles once a day, when given.
    ///   - concurrency: feeds fetched at once by this process.
    ///   - tick: the longest sleep between two passes (claims left by a killed process
    ///     are seen at most this late after they run out).
    ///   - lease: how long a claim holds; longer than the slowest fetch.
    ///   - perHostLimit: live claims on one host across every process.
    ///   - claimant: a name unique to this scheduler (the executable passes host and process id).
    public init(
        store: any ArticleStore, refresher: FeedRefresher, retention: ArticleRetention? = nil, concurrency: Int = 4, tick: Duration = .seconds(60),
        lease: TimeInterval = 300, perHostLimit: Int = 2, claimant: String = "scheduler-\(UUID().uuidString)",
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "broadsheet.scheduler")
    ) {
        self.store = store
        self.refresher = refresher
        self.retention = retention
        self.concurrency = max(1, concurrency)
        self.tick = tick
        self.lease = lease
        self.perHostLimit = max(1, perHostLimit)
        self.claimant = claimant
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        logger.info("refreshing sources in the background", metadata: ["tick": "\(tick)", "claimant": "\(claimant)"])
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await refreshDueSources()
                await retention?.runIfDue()
                try? await Task.sleep(for: await pause())
            }
        }
    }

    /// One pass: claims what is due a batch of `concurrency` at a time, refreshing at most
    /// `concurrency` claimed sources at once and claiming the next batch when the last one
    /// has all started, until nothing due is left to claim. (A claim per finished refresh
    /// cost a store query each; a batch waits at most one batch's fetches, well within the
    /// lease.) Claims not started when the pass is cancelled are released.
    @discardableResult
    public func refreshDueSources() async -> [RefreshReport] {
        await withTaskGroup(of: RefreshReport.self) { group in
            var reports: [RefreshReport] = []
            var claimed: [Source] = []
            var inFlight = 0
            while true {
                if claimed.isEmpty, inFlight < concurrency, !Task.isCancelled {
                    claimed = await claim(concurrency).reversed()
                }
                while inFlight < concurrency, !Task.isCancelled, let source = claimed.popLast() {
                    group.addTask { await refresher.refresh(source, now: clock()) }
                    inFlight += 1
                }
                guard inFlight > 0, let report = await group.next() else { break }
                inFlight -= 1
                reports.append(report)
            }
            await release(claimed)
            return reports
        }
    }

    private func claim(_ count: Int) async -> [Source] {
        do {
            return try await store.claimSourcesForRefresh(
                RefreshClaimRequest(claimant: claimant, now: clock(), limit: count, lease: lease, perHostLimit: perHostLimit)
            )
        } catch {
            logger.error("could not claim the sources due for refresh", metadata: ["error": "\(error)"])
            return []
        }
    }

    private func release(_ sources: [Source]) async {
        guard !sources.isEmpty else { return }
        do {
            try await store.releaseRefreshClaims(sources.map(\.id), of: claimant)
        } catch {
            logger.warning("could not release the claims of sources not refreshed; they are refreshed when the claims run out",
                           metadata: ["error": "\(error)"])
        }
    }

    /// Until the next unclaimed source falls due: at least a second, at most `tick`.
    func pause() async -> Duration {
        let now = clock()
        guard let next = try? await store.nextRefreshDate(now: now) else { return tick }
        let wait = Duration.milliseconds(Int64(max(0, next.timeIntervalSince(now)) * 1000) + 50)
        return min(tick, max(.seconds(1), wait))
    }
}
