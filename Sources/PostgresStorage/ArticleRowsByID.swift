import Logging
import NewsModel
import PostgresNIO

/// The rows of listed articles by id: the statement every list and timeline page ends
/// with, prepared once per connection (PostgresNIO keeps prepared statements by name).
///
/// Sent as an unnamed statement, the server parsed and planned its four-table join on
/// every request: about half a millisecond of a two- to four-millisecond list at a
/// million articles. Prepared, it is planned once per connection; the plan for
/// `a.id = ANY($1)` (an index probe per id) does not depend on the ids, so after its
/// first executions the server keeps one generic plan for it.
struct ArticleRowsByID: Sendable {
    enum Shape: Sendable {
        /// With the whole texts, for reading (timelines).
        case withContent
        /// With the source's name and without the whole texts (lists that show excerpts).
        case listed(includingContent: Bool)
    }

    let shape: Shape
    let ids: [Int64]

    /// The rows, in no particular order.
    func rows(on connection: PostgresConnection, logger: Logger) async throws -> [PostgresRandomAccessRow] {
        switch shape {
        case .withContent:
            try await Self.collect(connection.execute(WithContent(value: ids), logger: logger))
        case .listed(includingContent: true):
            try await Self.collect(connection.execute(ListedWithContent(value: ids), logger: logger))
        case .listed(includingContent: false):
            try await Self.collect(connection.execute(Listed(value: ids), logger: logger))
        }
    }

    private static func collect<Rows: AsyncSequence>(_ rows: Rows) async throws -> [PostgresRandomAccessRow] where Rows.Element == PostgresRandomAccessRow {
        var collected: [PostgresRandomAccessRow] = []
        for try await row in rows { collected.append(row) }
        return collected
    }

    private struct WithContent: ArticleRowsStatement {
        static let name = "broadsheet_article_rows_with_content"
        static let sql = "SELECT \(Article.postgresSelection) FROM \(Article.postgresTables) WHERE a.id = ANY($1)"
        /// The articles' ids.
        let value: [Int64]
    }

    private struct ListedWithContent: ArticleRowsStatement {
        static let name = "broadsheet_listed_article_rows_with_content"
        static let sql = "SELECT \(Article.postgresSelection), \(Article.postgresSourceName) FROM \(Article.postgresTables) WHERE a.id = ANY($1)"
        /// The articles' ids.
        let value: [Int64]
    }

    private struct Listed: ArticleRowsStatement {
        static let name = "broadsheet_listed_article_rows"
        static let sql = "SELECT \(Article.postgresSelectionWithoutContent), \(Article.postgresSourceName) FROM \(Article.postgresTables) WHERE a.id = ANY($1)"
        /// The articles' ids.
        let value: [Int64]
    }
}

/// A prepared statement whose one parameter is an array of article ids.
private protocol ArticleRowsStatement: OneValueStatement where Row == PostgresRandomAccessRow, Value == [Int64] {}
