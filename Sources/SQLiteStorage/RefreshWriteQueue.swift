import Foundation
import GRDB
import NewsModel
import Storage

/// A refresh with what is worked out before the write: beside the other refreshes' work
/// rather than in the one writer's turn, which every refresh waits on.
struct PreparedRefresh: Sendable {
    let refresh: RefreshResult
    let source: SourceID
    /// When the articles were seen (`refresh.state.lastAttemptAt`, else now), in stored form.
    let seenAt: Int64
    /// What each article would store besides the feed's fields (unchanged ones do not use theirs).
    let derived: [SQLiteStore.DerivedFields]

    init(_ refresh: RefreshResult, to source: SourceID) {
        self.refresh = refresh
        self.source = source
        seenAt = StoredDate.microseconds(refresh.state.lastAttemptAt ?? Date())
        derived = refresh.articles.map(SQLiteStore.DerivedFields.init)
    }
}

/// Group commit for `applyRefresh`: refreshes that arrive while the writer is busy wait
/// together and are then written in one transaction.
///
/// Why: the search index (FTS5) turns the texts of each transaction into a segment of its
/// own, and a transaction rewrites the pages it touches in the WAL; a pass over many feeds,
/// one transaction each, paid both per feed. A segment made from a few feeds at once costs
/// about half as much per article (measured: the 1,356 articles of the 95 corpus feeds
/// indexed in 0.17 s of CPU one feed per transaction, 0.09–0.10 s eight or more at a time).
/// Nobody waits for a batch to fill: the first refresh is written at once, and those that
/// came meanwhile go together in the next transaction.
///
/// Each refresh still applies entirely or not at all: when a batch fails (a source removed
/// meanwhile, an article the schema refuses) its refreshes are written again one
/// transaction each, so only the failing one fails. A kill loses the batch being written
/// (as it lost the one refresh before): those feeds are asked again, with their previous
/// validators, on the next pass. Two refreshes of the same source never share a batch.
actor RefreshWriteQueue {
    /// The most refreshes written in one transaction (a longer wait for the writer helps
    /// little: half the saving is there at four feeds, nearly all at sixteen).
    static let maximumBatch = 32

    private struct Waiting {
        let refresh: PreparedRefresh
        let continuation: CheckedContinuation<SaveSummary, any Error>
    }

    private let pool: DatabasePool
    private var waiting: [Waiting] = []
    private var isWriting = false
    /// Refreshes handed in and not yet answered (tests wait on it).
    private(set) var unansweredCount = 0

    init(pool: DatabasePool) {
        self.pool = pool
    }

    /// Writes `refresh`, with whichever others are waiting, and answers its own summary.
    func write(_ refresh: PreparedRefresh) async throws -> SaveSummary {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(refresh: refresh, continuation: continuation))
            unansweredCount += 1
            if !isWriting {
                isWriting = true
                Task { await self.writeWaiting() }
            }
        }
    }

    /// Writes batches until nobody waits.
    private func writeWaiting() async {
        while !waiting.isEmpty {
            let batch = nextBatch()
            let results = await Self.apply(batch.map(\.refresh), pool: pool)
            for (item, result) in zip(batch, results) {
                item.continuation.resume(with: result)
            }
            unansweredCount -= batch.count
        }
        isWriting = false
    }

    /// The oldest waiting refreshes, at most `maximumBatch`, one per source.
    private func nextBatch() -> [Waiting] {
        var sources = Set<SourceID>()
        var batch: [Waiting] = []
        var rest: [Waiting] = []
        for item in waiting {
            if batch.count < Self.maximumBatch, sources.insert(item.refresh.source).inserted {
                batch.append(item)
            } else {
                rest.append(item)
            }
        }
        waiting = rest
        return batch
    }

    /// The batch in one transaction; if that fails, each refresh in its own.
    private static func apply(_ batch: [PreparedRefresh], pool: DatabasePool) async -> [Result<SaveSummary, any Error>] {
        if batch.count > 1 {
            do {
                return try await write(batch, pool: pool).map { .success($0) }
            } catch {
                // Rolled back whole: written again below, one by one, so that only the
                // refresh at fault fails.
            }
        }
        var results: [Result<SaveSummary, any Error>] = []
        for refresh in batch {
            do {
                results.append(contentsOf: try await write([refresh], pool: pool).map { .success($0) })
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// `refreshes` in one transaction, their searched texts written once at its end; the
    /// summaries in their order.
    private static func write(_ refreshes: [PreparedRefresh], pool: DatabasePool) async throws -> [SaveSummary] {
        try await transaction(pool) { db in
            var texts = PendingTexts()
            let summaries = try refreshes.map { try SQLiteStore.apply($0, texts: &texts, in: db) }
            try texts.write(in: db)
            return summaries
        }
    }

    /// One write transaction whose statement journals stay in memory.
    ///
    /// Inside a transaction, SQLite saves the pages a statement changes in a statement
    /// journal (so a failing statement can be undone alone), and past 64 kB it spills that
    /// journal into a temporary file. The statements of a refresh (an article with its
    /// triggers, a hundred searched texts and their index segment) spill most of the time:
    /// a cold refresh of the 95 corpus feeds wrote 77 MB to temporary files in 49,000
    /// `pwrite` calls, three times what it wrote to the database and its WAL. In memory,
    /// a journal holds at most the pages one such statement changes (under 600 kB in that
    /// refresh). Only refresh writes do this: the other big statements (the search index's
    /// rebuild and optimisation) may change the whole index and keep their journals on disk.
    private static func transaction<T: Sendable>(_ pool: DatabasePool, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            defer { try? db.execute(sql: "PRAGMA temp_store = DEFAULT") }
            var result: T?
            try db.inTransaction {
                result = try body(db)
                return .commit
            }
            guard let result else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "the refresh transaction ended without a result") }
            return result
        }
    }
}
