import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Articles removed per transaction: a long retention pass never holds the write lock
    /// for long (a refresh waits between two batches), and each batch leaves a whole state.
    static let retentionBatchSize = 2_000

    public func removeArticles(before cutoff: Date) async throws -> RetentionSummary {
        let cut = StoredDate.microseconds(cutoff)
        let now = StoredDate.microseconds(Date())
        var summary = RetentionSummary(articlesRemoved: 0, sourcesRemoved: 0)
        while true {
            let removed = try await pool.write { db in
                let ids = try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT a.id FROM articles a
                        WHERE a.published_at < ? AND a.fetched_at < ? AND NOT EXISTS (SELECT 1 FROM stars WHERE stars.article_id = a.id)
                        LIMIT ?
                        """,
                    arguments: [cut, cut, Self.retentionBatchSize]
                )
                guard !ids.isEmpty else { return 0 }
                for chunk in Self.chunked(ids) {
                    let placeholders = ArticleQueryStatement.placeholders(chunk.count)
                    // Remembered while the feed still carries them, so a refresh does not bring them back.
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO removed_articles (source_id, guid, removed_at)
                            SELECT source_id, guid, ? FROM articles WHERE id IN (\(placeholders))
                            """,
                        arguments: StatementArguments([now]) + StatementArguments(chunk)
                    )
                    // Texts, reader views, entries go with them (cascades and triggers); the
                    // texts' trigger logs them for the search index, woken after each batch.
                    try db.execute(sql: "DELETE FROM articles WHERE id IN (\(placeholders))", arguments: StatementArguments(chunk))
                }
                return ids.count
            }
            summary.articlesRemoved += removed
            if removed > 0 { searchIndex.wake() }
            if removed < Self.retentionBatchSize { break }
        }
        summary.sourcesRemoved = try await pool.write { db in
            try db.execute(sql: """
                DELETE FROM sources
                WHERE NOT EXISTS (SELECT 1 FROM subscriptions WHERE source_id = sources.id)
                  AND NOT EXISTS (SELECT 1 FROM stars JOIN articles a ON a.id = stars.article_id WHERE a.source_id = sources.id)
                """)
            return db.changesCount
        }
        if summary.sourcesRemoved > 0 { searchIndex.wake() }
        return summary
    }
}
