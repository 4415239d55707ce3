import Foundation
import GRDB
import Storage
import NewsModel

extension Article {
    /// The columns `init(row:)` reads, for `SELECT` lists over `tables`.
    static let selection = selection(includingContent: true)

    /// The same columns with NULL for the two whole texts, for lists that show only the
    /// excerpt: SQLite then never reads the texts' overflow pages.
    static let selectionWithoutContent = selection(includingContent: false)

    private static func selection(includingContent: Bool) -> String {
        let columns = [
            "a.id", "a.source_id", "a.guid", "t.title", "a.author", "t.summary", "t.content_html", "t.content_text",
            "a.url", "a.image_url", "a.published_at", "a.fetched_at", "a.language", "a.read_count",
        ].map { column in
            let name = "article_\(column.dropFirst(2))"
            return !includingContent && column.hasPrefix("t.content_") ? "NULL AS \(name)" : "\(column) AS \(name)"
        }
        return (columns + ["e.text AS article_excerpt_text", "e.character_count AS article_excerpt_count"]).joined(separator: ", ")
    }

    /// The tables `selection` reads from.
    static let tables = "articles a JOIN article_texts t ON t.article_id = a.id LEFT JOIN article_excerpts e ON e.article_id = a.id"

    /// Reads an article from columns selected with `selection`; its reader view is attached
    /// by the caller when it was asked for.
    init(row: Row) throws {
        let sourceText: String = try row.decode(forColumn: "article_source_id")
        let excerpt = try row.decode(String?.self, forColumn: "article_excerpt_text").map { text in
            TextExcerpt(text: text, characterCount: try row.decode(forColumn: "article_excerpt_count"))
        }
        self.init(
            id: ArticleID(rawValue: try row.decode(forColumn: "article_id")),
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            guid: try row.decode(forColumn: "article_guid"),
            title: try row.decode(forColumn: "article_title"),
            author: try row.decode(forColumn: "article_author"),
            summary: try row.decode(forColumn: "article_summary"),
            contentHTML: try row.decode(forColumn: "article_content_html"),
            contentText: try row.decode(forColumn: "article_content_text"),
            url: try row.decode(forColumn: "article_url"),
            imageURL: try row.decode(forColumn: "article_image_url"),
            publishedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "article_published_at")),
            fetchedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "article_fetched_at")),
            language: (try row.decode(String?.self, forColumn: "article_language")).flatMap(Language.init(rawValue:)),
            readCount: try row.decode(forColumn: "article_read_count"),
            excerpt: excerpt
        )
    }
}
