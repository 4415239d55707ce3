import Logging
import NewsModel
import PostgresNIO
import Storage

/// A search listed newest first: the count of its matches (up to the query's cap) and a
/// page of them, without sorting every match. The PostgreSQL counterpart of the SQLite
/// backend's `NewestMatches`.
///
/// One statement that joins the search index to the articles and sorts by date leaves
/// the plan to the server, which cannot know how many articles a word is in: at a million
/// articles it walked the date index testing every article's vector for a word in 0.1 %
/// of them (1.5 s), and sorted a quarter of a million matches for a common one. There are
/// two cheap ways, and which is cheap depends on how many articles match:
/// - few: read them all from the GIN index and sort just those (cost ∝ matches);
/// - many: walk the articles newest first and keep those whose vectors match, stopping at
///   the page's end (cost ∝ the articles walked, about `needed × articles / matches`).
///
/// The first statement counts the matches up to the cap, and in the same round trip
/// either sorts them (the count stopped below the cap and they are few: they are all in
/// hand) or walks the newest `probeSize` articles (the count reached the cap). The walk
/// stops as soon as it holds the page, so for a common word the page costs a few hundred
/// vectors; when it falls short, what it found tells the density, which chooses a longer
/// walk or the sort. Either way the page is the plain statement's, article for article.
///
/// With nothing else narrowing the search, the walk reads the search rows alone in their
/// own date order (`article_search_by_published_at`, v14): looking each article's vector
/// up by id cost 1.6 µs an article, checking it 0.5.
struct PostgresNewestMatches {
    let query: ArticleQuery
    let tsquery: String
    let window: PageWindow
    let logger: Logger

    /// The longest walk worth starting, in articles.
    static let walkLimit = 50_000

    /// How many of the newest articles the first statement walks when the count reached
    /// its cap: enough that a word in one article in ten fills a page of 100 there, and
    /// few enough that a rarer one wastes under a millisecond before the density it shows
    /// chooses the way.
    static func probeSize(needed: Int) -> Int {
        min(walkLimit, max(1_000, 10 * needed))
    }

    /// How many matches make reading them all no cheaper than walking: the two costs meet
    /// where `matches = needed × articles / matches`.
    static func sparseLimit(needed: Int, articleCount: Int) -> Int {
        Int((Double(needed) * Double(max(articleCount, 1))).squareRoot()) + 1
    }

    /// How many articles a walk should be allowed for `needed` matches at a density of
    /// `found` in `walked`: twice the estimate and a thousand more, so an unlucky stretch
    /// still ends the walk; nil when even the estimate is longer than the longest walk worth
    /// starting (or nothing was found, which says only that the density is below 1/walked).
    static func walkBudget(needed: Int, found: Int, walked: Int) -> Int? {
        guard found > 0, walked > 0 else { return nil }
        let estimate = Double(needed) * Double(walked) / Double(found)
        guard estimate <= Double(walkLimit) else { return nil }
        return 2 * Int(estimate.rounded(.up)) + 1_000
    }

    /// The count of the matches (capped at the query's `countLimit`) and the ids of the
    /// page's matches, newest first.
    func countAndPage(on connection: PostgresConnection) async throws -> (count: Int, ids: [Int64]) {
        let cap = query.countLimit.map { max(0, $0) }
        let probe = Self.probeSize(needed: window.needed)
        guard let row = try await connection.rows(firstLook(cap: cap, probe: probe), logger: logger).first else { return (0, []) }
        let count = Int(try row["count"].decode(Int64.self))
        guard count > 0 else { return (0, []) }
        if let sorted = try row["ids"].decode([Int64]?.self) { return (count, sorted) }

        let budget: Int?
        if let probed = try row["probe"].decode([Int64]?.self) {
            if probed.count >= window.needed { return (count, page(of: probed)) }
            budget = Self.walkBudget(needed: window.needed, found: probed.count, walked: probe)
        } else {
            // An exact count above the sparse limit: the density is known.
            let articleCount = Int(try row["newest_id"].decode(Int64.self))
            budget = Self.walkBudget(needed: window.needed, found: count, walked: articleCount)
        }
        if let budget {
            let walked = try await connection.rows(walk(budget: budget), logger: logger).map { try $0["id"].decode(Int64.self) }
            // Short of the page within the budget: the library may have no more, or the
            // matches lie further back than the density promised; the sort settles it.
            if walked.count >= window.needed { return (count, page(of: walked)) }
        }
        let sorted = try await connection.rows(sortedPage(), logger: logger).map { try $0["id"].decode(Int64.self) }
        return (count, sorted)
    }

    private func page(of found: [Int64]) -> [Int64] {
        guard window.offset < found.count else { return [] }
        return Array(found[window.offset..<min(found.count, window.needed)])
    }

    /// The count (`count`), the highest article id (`newest_id`), and either the page
    /// sorted from the counted matches (`ids`: the count is exact and under the sparse
    /// limit) or the matches among the newest `probe` articles (`probe`: the count reached
    /// its cap), in one statement. A `CASE` branch runs only when chosen.
    private func firstLook(cap: Int?, probe: Int) -> PostgresQuery {
        var statement = BoundStatement()
        let search = statement.bind(tsquery) + "::tsquery"
        var filters = PostgresArticleFilters(query, in: &statement)
        let matches: String
        if filters.conditions.isEmpty {
            matches = "SELECT x.article_id AS id FROM article_search x WHERE x.search_vector @@ \(search)"
        } else {
            filters.joins.insert("JOIN article_search x ON x.article_id = a.id", at: 0)
            filters.conditions.append("x.search_vector @@ \(search)")
            matches = "SELECT a.id AS id \(filters.from) \(filters.whereClause)"
        }
        let limit = statement.bind(Int64(window.limit))
        let offset = statement.bind(Int64(window.offset))
        let exact = cap.map { "(SELECT n FROM c) < \($0)" } ?? "true"
        let reachedCap = cap.map { "(SELECT n FROM c) >= \($0)" } ?? "false"
        var sql = "WITH m AS MATERIALIZED (\(matches)\(cap.map { " LIMIT \($0)" } ?? "")), "
        sql += "c AS MATERIALIZED (SELECT count(*) AS n FROM m), "
        sql += "newest AS MATERIALIZED (SELECT greatest(coalesce(max(id), 0), 1) AS id FROM articles) "
        sql += "SELECT (SELECT n FROM c) AS count, (SELECT id FROM newest) AS newest_id, "
        sql += "CASE WHEN \(exact) AND (SELECT n FROM c) <= sqrt(\(window.needed)::float8 * (SELECT id FROM newest)) "
        sql += "THEN array(SELECT a.id FROM articles a WHERE a.id = ANY(ARRAY(SELECT id FROM m)) "
        sql += "ORDER BY \(PostgresArticleFilters.newestFirst) LIMIT \(limit) OFFSET \(offset)) END AS ids, "
        sql += "CASE WHEN \(reachedCap) THEN array(\(walkSQL(search: search, budget: statement.bind(Int64(probe)), in: &statement))) END AS probe"
        statement.append(sql)
        return statement.query
    }

    /// The first `window.needed` matches among the newest `budget` filtered articles.
    private func walk(budget: Int) -> PostgresQuery {
        var statement = BoundStatement()
        let search = statement.bind(tsquery) + "::tsquery"
        let sql = walkSQL(search: search, budget: statement.bind(Int64(budget)), in: &statement)
        statement.append(sql)
        return statement.query
    }

    /// A walk newest first over at most `budget` articles that stops at the page's end:
    /// the server pulls rows through the filter only until the outer limit is met. The
    /// match is asked as `ts_match_vq`, the function behind `@@`, which no index serves, so
    /// the walked rows are checked where they are: offered the operator, the server read a
    /// phrase's every candidate from the GIN index to keep the few among 400 articles.
    private func walkSQL(search: String, budget: String, in statement: inout BoundStatement) -> String {
        let filters = PostgresArticleFilters(query, in: &statement)
        let needed = statement.bind(Int64(window.needed))
        if filters.conditions.isEmpty {
            return """
                SELECT w.article_id AS id FROM (SELECT x.article_id, x.published_at, x.search_vector FROM article_search x \
                ORDER BY x.published_at DESC, x.article_id DESC LIMIT \(budget)) w \
                WHERE ts_match_vq(w.search_vector, \(search)) ORDER BY w.published_at DESC, w.article_id DESC LIMIT \(needed)
                """
        }
        // A correlated scalar subquery is checked row by row as the walk reaches it; an
        // EXISTS could be planned as a join that reads every vector first.
        return """
            SELECT w.id AS id FROM (SELECT a.id, a.published_at \(filters.from) \(filters.whereClause) \
            ORDER BY \(PostgresArticleFilters.newestFirst) LIMIT \(budget)) w \
            WHERE (SELECT ts_match_vq(x.search_vector, \(search)) FROM article_search x WHERE x.article_id = w.id) \
            ORDER BY w.published_at DESC, w.id DESC LIMIT \(needed)
            """
    }

    /// Every match read from the GIN index, narrowed by the filters, sorted newest first.
    private func sortedPage() -> PostgresQuery {
        var statement = BoundStatement()
        let search = statement.bind(tsquery)
        var filters = PostgresArticleFilters(query, in: &statement)
        filters.conditions.insert("a.id = ANY(ARRAY(SELECT article_id FROM article_search WHERE search_vector @@ \(search)::tsquery))", at: 0)
        statement.append("SELECT a.id AS id \(filters.from) \(filters.whereClause) ORDER BY \(PostgresArticleFilters.newestFirst) ")
        statement.append("LIMIT \(statement.bind(Int64(window.limit))) OFFSET \(statement.bind(Int64(window.offset)))")
        return statement.query
    }
}
