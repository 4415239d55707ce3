import GRDB
import NewsModel

extension SQLiteStore {
    /// Keeps an article's excerpt in step with its text: worked out here, when the text is
    /// stored, and never again per request. A text of only whitespace has none.
    static func saveExcerpt(of text: String?, for article: Int64, isNew: Bool, in db: Database) throws {
        try saveExcerpt(text.flatMap(TextExcerpt.init(of:)), for: article, isNew: isNew, in: db)
    }

    static func saveExcerpt(_ excerpt: TextExcerpt?, for article: Int64, isNew: Bool, in db: Database) throws {
        if let excerpt {
            try db.cachedStatement(sql: """
                INSERT INTO article_excerpts (article_id, text, character_count) VALUES (?, ?, ?)
                ON CONFLICT (article_id) DO UPDATE SET text = excluded.text, character_count = excluded.character_count
                """).execute(arguments: [article, excerpt.text, excerpt.characterCount])
        } else if !isNew {
            try db.cachedStatement(sql: "DELETE FROM article_excerpts WHERE article_id = ?").execute(arguments: [article])
        }
    }
}
