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
/// Why: a transaction rewrites the pages it touches in the WAL, and a pass over many feeds,
/// one transaction each, paid that per feed. (When the search index was written in these
/// transactions, batching also halved its cost per article; now `SearchIndex` takes in
/// whatever the log holds when it gets to it, on the other core, woken after each commit.)
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
    private let searchIndex: SearchIndex
    private var waiting: [Waiting] = []
    private var isWriting = false
    /// Refreshes handed in and not yet answered (tests wait on it).
    private(set) var unansweredCount = 0

    init(pool: DatabasePool, searchIndex: SearchIndex) {
        self.pool = pool
        self.searchIndex = searchIndex
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
            let results = await Self.apply(batch.map(\.refresh), pool: pool, searchIndex: searchIndex)
            searchIndex.wake()
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
    private static func apply(
        _ batch: [PreparedRefresh], pool: DatabasePool, searchIndex: SearchIndex
    ) async -> [Result<SaveSummary, any Error>] {
        if batch.count > 1 {
            do {
                return try await write(batch, pool: pool, searchIndex: searchIndex).map { .success($0) }
            } catch {
                // Rolled back whole: written again below, one by one, so that only the
                // refresh at fault fails.
            }
        }
        var results: [Result<SaveSummary, any Error>] = []
        for refresh in batch {
            do {
                results.append(contentsOf: try await write([refresh], pool: pool, searchIndex: searchIndex).map { .success($0) })
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// `refreshes` in one transaction, their searched texts written once at its end; the
    /// summaries in their order. The search index's log loses what the index has applied.
    private static func write(_ refreshes: [PreparedRefresh], pool: DatabasePool, searchIndex: SearchIndex) async throws -> [SaveSummary] {
        let applied = searchIndex.appliedChange
        return try await transaction(pool) { db in
            if let applied { try SQLiteStore.pruneAppliedSearchChanges(through: applied, in: db) }
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
    /// triggers, a hundred searched texts) spilled most of the time when measured (with the
    /// index then in the same transaction):
    /// a cold refresh of the 95 corpus feeds wrote 77 MB to temporary files in 49,000
    /// `pwrite` calls, three times what it wrote to the database and its WAL. In memory,
    /// a journal holds at most the pages one such statement changes (under 600 kB in that
    /// refresh). Only refresh writes do this: other big statements (a retention pass, a copy) keep their
    /// journals on disk.
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
