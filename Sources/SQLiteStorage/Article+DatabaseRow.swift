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

    /// The same columns with NULL for everything a headline does not show (the author, the
    /// summary, the texts and the excerpt), for lists of headlines alone ("Also covered by"):
    /// SQLite then never looks up the excerpt.
    static let headlineSelection = selection(includingContent: false, omitting: ["a.author", "t.summary", "e.text", "e.character_count"])

    private static func selection(includingContent: Bool, omitting omitted: Set<String> = []) -> String {
        let columns = [
            "a.id", "a.source_id", "a.guid", "t.title", "a.author", "t.summary", "t.content_html", "t.content_text",
            "a.url", "a.image_url", "a.published_at", "a.fetched_at", "a.language", "a.read_count",
        ].map { column in
            let name = "article_\(column.dropFirst(2))"
            let isOmitted = omitted.contains(column) || (!includingContent && column.hasPrefix("t.content_"))
            return isOmitted ? "NULL AS \(name)" : "\(column) AS \(name)"
        }
        let excerpt = [("e.text", "article_excerpt_text"), ("e.character_count", "article_excerpt_count")].map { column, name in
            omitted.contains(column) ? "NULL AS \(name)" : "\(column) AS \(name)"
        }
        return (columns + excerpt).joined(separator: ", ")
    }

    /// The tables `selection` reads from.
    static let tables = "articles a JOIN article_texts t ON t.article_id = a.id LEFT JOIN article_excerpts e ON e.article_id = a.id"

    /// Reads an article from a row whose first columns are `selection`'s (or
    /// `selectionWithoutContent`'s), in their order: every statement selects them first, so
    /// they are read by position. By name, each column was a case-insensitive look-up, which
    /// cost a list of thirty articles more than its query (3 % of an article page's CPU, for
    /// its "Also covered by"). Its reader view is attached by the caller when it was asked for.
    init(row: Row) throws {
        try self.init(columns: row)
    }

    /// Reads an article as `init(row:)` does, from any reader of columns by position.
    init(columns row: some PositionalColumns) throws {
        let sourceText = try row.text(at: Column.sourceID)
        let excerpt = try row.optionalText(at: Column.excerptText).map { text in
            TextExcerpt(text: text, characterCount: try row.int(at: Column.excerptCount))
        }
        self.init(
            id: ArticleID(rawValue: try row.int64(at: Column.id)),
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            guid: try row.text(at: Column.guid),
            title: try row.text(at: Column.title),
            author: try row.optionalText(at: Column.author),
            summary: try row.optionalText(at: Column.summary),
            contentHTML: try row.optionalText(at: Column.contentHTML),
            contentText: try row.optionalText(at: Column.contentText),
            url: try row.optionalText(at: Column.url),
            imageURL: try row.optionalText(at: Column.imageURL),
            publishedAt: StoredDate.date(try row.int64(at: Column.publishedAt)),
            fetchedAt: StoredDate.date(try row.int64(at: Column.fetchedAt)),
            language: try row.optionalText(at: Column.language).flatMap(Language.init(rawValue:)),
            readCount: try row.int(at: Column.readCount),
            excerpt: excerpt
        )
    }

    /// How many columns `selection` lists: the columns a statement selects after them
    /// (a reader view's, a state's) start here.
    static let columnCount = Column.excerptCount + 1

    /// The article's stored publication time (microseconds) in a row read with `selection`:
    /// its place in the timelines, exactly as stored.
    static func storedPublishedAt(in row: some PositionalColumns) throws -> Int64 {
        try row.int64(at: Column.publishedAt)
    }

    /// Where `selection` puts each column.
    private enum Column {
        static let id = 0, sourceID = 1, guid = 2, title = 3, author = 4, summary = 5, contentHTML = 6, contentText = 7
        static let url = 8, imageURL = 9, publishedAt = 10, fetchedAt = 11, language = 12, readCount = 13
        static let excerptText = 14, excerptCount = 15
    }
}
