import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Relevance weights of the title, summary and content columns for `bm25()`:
    /// a word in the title says more about an article than one deep in its text.
    static let relevanceWeights = "10.0, 4.0, 1.0"

    /// One page of the articles matching `query`, with the count of all matches.
    /// Articles in lists come without their reader view (`article(_:)` has it).
    public func articles(matching query: ArticleQuery) async throws -> ArticleResults {
        guard let statement = ArticleQueryStatement(query) else {
            return ArticleResults(articles: [], totalResults: 0)
        }
        return try await pool.read { db in
            // One read transaction: the count and the page see the same snapshot.
            let total = try Int.fetchOne(db, sql: statement.countSQL, arguments: statement.arguments) ?? 0
            guard let pageSQL = statement.pageSQL else {
                return ArticleResults(articles: [], totalResults: total)
            }
            // First the page's ids over the narrow articles table, then the full rows of
            // just those, so the texts of every other match are never read.
            let ids = try Int64.fetchAll(db, sql: pageSQL, arguments: statement.pageArguments)
            guard !ids.isEmpty else { return ArticleResults(articles: [], totalResults: total) }
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT \(Article.selection) FROM \(Article.tables) WHERE a.id IN (\(ArticleQueryStatement.placeholders(ids.count)))",
                arguments: StatementArguments(ids)
            )
            var articlesByID: [Int64: Article] = [:]
            for row in rows {
                let article = try Article(row: row)
                articlesByID[article.id.rawValue] = article
            }
            return ArticleResults(articles: ids.compactMap { articlesByID[$0] }, totalResults: total)
        }
    }
}
