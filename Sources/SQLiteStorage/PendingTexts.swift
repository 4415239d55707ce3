import GRDB
import NewsModel

/// The searched texts (`article_texts`) of the refreshes of one transaction, written
/// together after their articles.
///
/// Why not row by row: when the search index (FTS5) was written in the library's own
/// transactions, every write to `article_texts` fed it through a trigger, and FTS5 writes its
/// pending data out as a new segment at every statement savepoint: one row per statement made
/// each article a segment of its own, a fifth of a cold refresh's CPU. The index now has its
/// own file and writer (`SearchIndex`) and the trigger only logs the change, but multi-row
/// statements still cost the writer less than one statement per row.
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
        // Naming the searched columns logs the change for the index (the update trigger,
        // which skips texts that stayed the same).
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
