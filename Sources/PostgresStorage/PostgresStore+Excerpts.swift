import Logging
import NewsModel
import PostgresNIO

extension PostgresStore {
    /// Keeps an article's excerpt in step with its text: worked out here, when the text is
    /// stored, and never again per request. A text of only whitespace has none.
    func saveExcerpt(of text: String?, for article: Int64, on connection: PostgresConnection) async throws {
        if let excerpt = text.flatMap(TextExcerpt.init(of:)) {
            try await connection.run("""
                INSERT INTO article_excerpts (article_id, text, character_count)
                VALUES (\(article), \(excerpt.text), \(Int64(excerpt.characterCount)))
                ON CONFLICT (article_id) DO UPDATE SET text = excluded.text, character_count = excluded.character_count
                """, logger: logger)
        } else {
            try await connection.run("DELETE FROM article_excerpts WHERE article_id = \(article)", logger: logger)
        }
    }
}

extension PostgresSchema {
    /// Migration `v10-article-excerpts`'s second step: the excerpt of every text stored before
    /// it, worked out by `TextExcerpt` (the same code as for new articles, so both backends
    /// and both ways agree), a thousand articles a round trip.
    static func fillArticleExcerpts(on connection: PostgresConnection, logger: Logger) async throws {
        var after: Int64 = 0
        while true {
            let rows = try await connection.rows("""
                SELECT article_id, content_text FROM article_texts
                WHERE article_id > \(after) AND content_text IS NOT NULL ORDER BY article_id LIMIT 1000
                """, logger: logger)
            guard let last = rows.last else { return }
            after = try last["article_id"].decode(Int64.self)
            var ids: [Int64] = []
            var texts: [String] = []
            var counts: [Int64] = []
            for row in rows {
                guard let excerpt = TextExcerpt(of: try row["content_text"].decode(String.self)) else { continue }
                ids.append(try row["article_id"].decode(Int64.self))
                texts.append(excerpt.text)
                counts.append(Int64(excerpt.characterCount))
            }
            guard !ids.isEmpty else { continue }
            try await connection.run("""
                INSERT INTO article_excerpts (article_id, text, character_count)
                SELECT * FROM unnest(\(ids)::bigint[], \(texts)::text[], \(counts)::bigint[])
                """, logger: logger)
        }
    }
}
