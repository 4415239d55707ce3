import Foundation
import GRDB
import NewsModel

/// Group commit for the marks people make (read, unread, starred, not starred): marks that
/// arrive while the writer is busy wait together and are then written in one transaction,
/// and each caller gets its own count back once that transaction has committed (so the page
/// that follows sees the mark, as before).
///
/// Why: opening an article marks it read, so every first opening is a write. One
/// transaction each meant one turn of the writer's thread, one commit, and after each
/// commit every reader connection dropping its page cache and reading its pages again; on
/// the serve benchmark's article route the writes were a quarter of the page's CPU. Nobody
/// waits for a batch to fill: the first mark is written at once, those that came meanwhile
/// go together in the next transaction.
///
/// A batch applies its marks in the order they came, as the same marks one after the other
/// would. When a batch fails, its marks are written again one transaction each, so only the
/// failing one fails.
actor ReadingStateWriteQueue {
    /// The most marks written in one transaction.
    static let maximumBatch = 64

    enum Change: Sendable {
        case read(Bool)
        case starred(Bool)
    }

    struct Mark: Sendable {
        let change: Change
        let articles: [Int64]
        let user: UserID
        /// When, in stored form.
        let at: Int64
    }

    private struct Waiting {
        let mark: Mark
        let continuation: CheckedContinuation<Int, any Error>
    }

    private let pool: DatabasePool
    private let commits: CommitCounter
    private var waiting: [Waiting] = []
    private var isWriting = false
    /// Marks handed in and not yet answered (tests wait on it).
    private(set) var unansweredCount = 0

    init(pool: DatabasePool, commits: CommitCounter) {
        self.pool = pool
        self.commits = commits
    }

    /// Writes `mark`, with whichever others are waiting; answers how many articles it changed.
    func write(_ mark: Mark) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(mark: mark, continuation: continuation))
            unansweredCount += 1
            if !isWriting {
                isWriting = true
                Task { await self.writeWaiting() }
            }
        }
    }

    private func writeWaiting() async {
        while !waiting.isEmpty {
            let batch = Array(waiting.prefix(Self.maximumBatch))
            waiting.removeFirst(batch.count)
            let results = await Self.apply(batch.map(\.mark), pool: pool, commits: commits)
            for (item, result) in zip(batch, results) {
                item.continuation.resume(with: result)
            }
            unansweredCount -= batch.count
        }
        isWriting = false
    }

    /// The batch in one transaction; if that fails, each mark in its own.
    private static func apply(_ batch: [Mark], pool: DatabasePool, commits: CommitCounter) async -> [Result<Int, any Error>] {
        if batch.count > 1 {
            do {
                return try await write(batch, pool: pool, commits: commits).map { .success($0) }
            } catch {
                // Rolled back whole: written again below, one by one.
            }
        }
        var results: [Result<Int, any Error>] = []
        for mark in batch {
            do {
                results.append(contentsOf: try await write([mark], pool: pool, commits: commits).map { .success($0) })
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    private static func write(_ marks: [Mark], pool: DatabasePool, commits: CommitCounter) async throws -> [Int] {
        try await pool.write { db in
            // Only these people's reading state changes: nobody else's kept pages end.
            commits.nextCommitChanges(.readingStates(of: Set(marks.map(\.user))))
            return try marks.map { try apply($0, in: db) }
        }
    }

    /// One mark's statements; how many articles changed.
    private static func apply(_ mark: Mark, in db: Database) throws -> Int {
        var changed = 0
        // One statement text for any number of ids (`idList`), prepared once per connection.
        for chunk in SQLiteStore.chunked(Array(Set(mark.articles))) {
            let ids = SQLiteStore.jsonArray(chunk)
            switch mark.change {
            case .read(true):
                try db.cachedStatement(
                    sql: "UPDATE reader_entries SET read_at = ? WHERE user_id = ? AND read_at IS NULL AND article_id IN \(SQLiteStore.idList)"
                ).execute(arguments: [mark.at, mark.user.rawValue, ids])
            case .read(false):
                try db.cachedStatement(
                    sql: "UPDATE reader_entries SET read_at = NULL WHERE user_id = ? AND read_at IS NOT NULL AND article_id IN \(SQLiteStore.idList)"
                ).execute(arguments: [mark.user.rawValue, ids])
            case .starred(true):
                // Only articles in the person's library can be starred.
                try db.cachedStatement(
                    sql: """
                        INSERT OR IGNORE INTO stars (user_id, article_id, starred_at)
                        SELECT user_id, article_id, ? FROM reader_entries WHERE user_id = ? AND article_id IN \(SQLiteStore.idList)
                        """
                ).execute(arguments: [mark.at, mark.user.rawValue, ids])
            case .starred(false):
                try db.cachedStatement(
                    sql: "DELETE FROM stars WHERE user_id = ? AND article_id IN \(SQLiteStore.idList)"
                ).execute(arguments: [mark.user.rawValue, ids])
            }
            changed += db.changesCount
        }
        return changed
    }
}
