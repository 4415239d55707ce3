import GRDB
import NewsModel

/// The searched texts (`article_texts`) of the refreshes of one transaction, written
/// together after their articles.
///
/// Why not row by row: every write to `article_texts` feeds the FTS5 index (a trigger), and
/// SQLite's FTS5 writes its pending index data out as a new segment at every statement
/// savepoint once it takes part in a transaction. Written one row per statement between
/// the other inserts, each article became a segment of its own (flushed, later merged): a
/// fifth of a cold refresh's CPU. Multi-row statements after everything else make one
/// segment per 500 articles (the refreshes written together by `RefreshWriteQueue` share
/// them); the changed texts follow, after them.
struct PendingTexts {
    struct Insert {
        let id: Int64
        let draft: ArticleDraft
    }

    /// New articles' texts.
    var inserts: [Insert] = []
    /// Known articles whose searched text (title, summary or plain text) changed.
    var searchedUpdates: [Insert] = []

    /// Rows per multi-row insert: 5 values each, far below SQLite's variable limit (32,766).
    /// Each statement is a segment of the index: 500 rather than 100 saved about a tenth of
    /// the indexing of the 95 corpus feeds.
    static let rowsPerStatement = 500

    func write(in db: Database) throws {
        var start = 0
        while start < inserts.count {
            let rows = inserts[start..<min(start + Self.rowsPerStatement, inserts.count)]
            let statement = try rows.count == Self.rowsPerStatement
                ? db.cachedStatement(sql: Self.insertSQL(rows: rows.count))
                : db.makeStatement(sql: Self.insertSQL(rows: rows.count))
            var values: [(any DatabaseValueConvertible)?] = []
            values.reserveCapacity(rows.count * 5)
            for row in rows {
                values.append(row.id)
                values.append(row.draft.title)
                values.append(row.draft.summary)
                values.append(row.draft.contentText)
                values.append(row.draft.contentHTML)
            }
            try statement.execute(arguments: StatementArguments(values))
            start += rows.count
        }
        if searchedUpdates.isEmpty { return }
        // Naming the searched columns re-indexes the article (the update trigger).
        let update = try db.cachedStatement(sql: """
            UPDATE article_texts SET title = ?, summary = ?, content_text = ?, content_html = ? WHERE article_id = ?
            """)
        for row in searchedUpdates {
            try update.execute(arguments: [row.draft.title, row.draft.summary, row.draft.contentText, row.draft.contentHTML, row.id])
        }
    }

    static func insertSQL(rows: Int) -> String {
        "INSERT INTO article_texts (article_id, title, summary, content_text, content_html) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }
}
