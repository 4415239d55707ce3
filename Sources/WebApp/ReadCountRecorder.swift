import Logging
import NewsModel
import ServiceLifecycle
import Storage
import Synchronization

/// Article openings, counted in memory and written together (`ArticleStore.recordReads`)
/// at most every `interval`, then once more at shutdown. A write for each opening cost more
/// than the page's reads: on SQLite every write makes each reader connection drop its page
/// cache, and ends nothing the caches keep only because it is marked as read counts. A crash
/// loses at most `interval` of counts, which only `Article.readCount` keeps.
final class ReadCountRecorder: Service, Sendable {
    let store: any ArticleStore
    let interval: Duration
    let logger: Logger

    private struct State {
        var pending: [ArticleID: Int] = [:]
        var lastWrite = ContinuousClock.now
        var isWriting = false

        /// What is pending, when nothing is being written: taken for writing.
        mutating func take() -> [ArticleID: Int]? {
            guard !isWriting, !pending.isEmpty else { return nil }
            isWriting = true
            defer { pending = [:] }
            return pending
        }
    }

    private let state = Mutex(State())

    init(store: any ArticleStore, interval: Duration, logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    /// Counts one opening of `article`, and writes what was counted when `interval` has
    /// passed since the last write.
    func count(_ article: ArticleID) async {
        let due = state.withLock { state -> [ArticleID: Int]? in
            state.pending[article, default: 0] += 1
            guard ContinuousClock.now - state.lastWrite >= interval else { return nil }
            return state.take()
        }
        if let due { await write(due) }
    }

    /// Writes everything counted so far (unless a write is under way, which will).
    func flush() async {
        if let due = state.withLock({ $0.take() }) { await write(due) }
    }

    /// Counts not yet written.
    var pendingCount: Int { state.withLock { $0.pending.values.reduce(0, +) } }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: self.interval)
                await self.flush()
            }
        }
        await flush()
    }

    private func write(_ counts: [ArticleID: Int]) async {
        var failed: [ArticleID: Int] = [:]
        do {
            try await store.recordReads(counts)
        } catch {
            // Kept for the next write: the database may be busy or briefly unreachable.
            failed = counts
            logger.warning("Could not write article read counts; trying again shortly", metadata: ["articles": "\(counts.count)", "error": "\(error)"])
        }
        state.withLock { state in
            state.pending.merge(failed, uniquingKeysWith: +)
            state.isWriting = false
            state.lastWrite = .now
        }
    }
}
