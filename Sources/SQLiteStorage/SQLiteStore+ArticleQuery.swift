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
    ///
    /// A search first makes sure the index has taken in every change of the library it reads
    /// (`SearchIndex`), in the same read transaction; when it has not, the search waits for
    /// the index to catch up and reads again.
    public func articles(matching query: ArticleQuery) async throws -> ArticleResults {
        guard query.search != nil || query.titleSearch != nil else {
            return try await pool.read { db in try Self.articles(matching: query, in: db) }
        }
        if let results = try await pool.read({ db in try SearchIndex.isCurrent(db) ? try Self.articles(matching: query, in: db) : nil }) {
            return results
        }
        try await searchIndex.catchUp()
        return try await pool.read { db in try Self.articles(matching: query, in: db) }
    }

    /// One page of the articles matching `query` in one read transaction: the count and the
    /// page see the same snapshot.
    private static func articles(matching query: ArticleQuery, in db: Database) throws -> ArticleResults {
        var query = query
        if let user = query.followedBy, try Self.followsEverySource(user, in: db) {
            // Someone who follows every source (the single reader of most libraries)
            // reads the whole library: no per-article check, and counts from an index.
            query.followedBy = nil
        }
        // A search is counted further than `totalResults` says, as far as
        // `NewestMatches.planningCount(needed:articleCount:)` (10,000 at most): the
        // newest-first walk is chosen by how dense the search is, and a count stopped at the
        // reported cap (1,000) made a word in a quarter of the articles look rare, so its
        // 250,000 matches were sorted (135 ms).
        var planned = query
        let pageSize = max(0, query.pageSize)
        // Saturating, so the page's end stays an `Int`: a page number is the caller's, and
        // may be anything.
        let (product, overflows) = (max(1, query.page) - 1).multipliedReportingOverflow(by: pageSize)
        let offset = overflows ? Int.max - pageSize : min(product, Int.max - pageSize)
        // How many articles the library holds, for a search newest first only (the walk's
        // estimate): other lists never need it.
        let searchesByDate = query.sortBy == .publishedAt && (query.search != nil || query.titleSearch != nil)
        let articleCount = searchesByDate ? try Int.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(id), 0) FROM articles")) ?? 0 : 0
        if searchesByDate, let limit = query.countLimit {
            planned.countLimit = max(limit, NewestMatches.planningCount(needed: offset + pageSize, articleCount: articleCount))
        }
        guard let statement = ArticleQueryStatement(planned) else {
            return ArticleResults(articles: [], totalResults: 0)
        }
        // A search with nothing else to check, listed newest first, is counted by reading
        // its matches (highest id first): the newest-first walk then starts from them.
        var read: NewestMatches.MatchSet?
        let matchCount: Int
        if query.sortBy == .publishedAt, let expression = statement.matchedExpression, statement.filterConditions.isEmpty,
           let limit = planned.countLimit, limit >= 0, limit < Int.max {
            var matches = NewestMatches.MatchSet(expression: expression, firstChunk: limit + 1)
            try matches.readMore(in: db)
            matchCount = matches.read
            read = matches
        } else {
            matchCount = try Int.fetchOne(db.cachedStatement(sql: statement.countSQL), arguments: statement.countArguments) ?? 0
        }
        let total = query.cappedCount(matchCount)
        guard let pageSQL = statement.pageSQL else {
            return ArticleResults(articles: [], totalResults: total)
        }
        // First the page's ids over the narrow articles table, then the full rows of
        // just those, so the texts of every other match are never read.
        var newest: [Int64]?
        // (A matched expression comes only from a search, so `articleCount` was read.)
        if searchesByDate, let expression = statement.matchedExpression {
            newest = try NewestMatches(statement: statement, expression: expression).ids(
                offset: offset, limit: pageSize, matchCount: matchCount, articleCount: articleCount,
                read: read, in: db
            )
        }
        let ids = try newest ?? Int64.fetchAll(db.cachedStatement(sql: pageSQL), arguments: statement.pageArguments)
        guard !ids.isEmpty else { return ArticleResults(articles: [], totalResults: total) }
        let selection = query.includesContent ? Article.selection : Article.selectionWithoutContent
        let rows = try db.rows(
            """
            SELECT \(selection), s.name AS source_name
            FROM \(Self.listedIDs(1)) CROSS JOIN \(Article.tables) LEFT JOIN sources s ON s.id = a.source_id
            WHERE a.id = listed.value
            """,
            arguments: [Self.jsonArray(ids)]
        ) { row in (article: try Article(row: row), sourceName: try row.decode(String?.self, forColumn: "source_name")) }
        var articlesByID: [Int64: Article] = [:]
        var sourceNames: [SourceID: String] = [:]
        for (article, sourceName) in rows {
            articlesByID[article.id.rawValue] = article
            sourceNames[article.sourceID] = sourceName
        }
        return ArticleResults(articles: ids.compactMap { articlesByID[$0] }, totalResults: total, sourceNames: sourceNames)
    }

    /// True when `user` follows every source in the library (a subscription names one
    /// source, at most once).
    static func followsEverySource(_ user: UserID, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT (SELECT count(*) FROM subscriptions WHERE user_id = ?) >= (SELECT count(*) FROM sources)"),
            arguments: [user.rawValue]
        ) ?? false
    }
}
