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
/// of them (1.5 s), and sorted a quarter of a million matches for a common one. And
/// counting is not cheap here: the server visits a table row for every match it counts
/// (the GIN index cannot answer alone), so counting a boolean search to 1,000 took 27 ms.
///
/// So the articles are walked newest first, checking each one's vector, until the walk
/// holds `target` matches: the page's end or the count's cap, whichever is further. A walk
/// that gets there has both the page and the count (the cap, since at least that many
/// match), and costs `target × articles / matches` vectors. The first walk covers the
/// newest `probeSize` articles; what it finds tells the density, which chooses a longer walk
/// or, for a search too rare to walk, reading every match from the GIN index, counting and
/// sorting them (cost ∝ matches). A walk that stops short because the library ended has
/// seen every match: its count is exact. Either way the page is the plain statement's,
/// article for article.
///
/// With nothing else narrowing the search, the walk reads the search rows alone in their
/// own date order (`article_search_by_published_at`, v14): looking each article's vector
/// up by id cost 1.6 µs an article, checking it 0.5–0.9.
struct PostgresNewestMatches {
    let query: ArticleQuery
    let tsquery: String
    /// A weaker query tested first on each walked article (`PostgresTextSearch.precheck`).
    let precheck: String?
    let window: PageWindow
    let logger: Logger

    /// The longest walk worth starting, in articles.
    static let walkLimit = 50_000

    /// How many of the newest articles the first walk covers: enough that a word in one
    /// article in ten finds 100 matches there, and few enough that a rarer one wastes
    /// under a millisecond before the density it shows chooses the way.
    static func probeSize(target: Int) -> Int {
        min(walkLimit, max(1_000, 10 * target))
    }

    /// How many articles a walk should be allowed for `target` matches at a density of
    /// `found` in `walked`: twice the estimate and a thousand more, so an unlucky stretch
    /// still ends the walk; nil when even the estimate is longer than the longest walk worth
    /// starting (or nothing was found, which says only that the density is below 1/walked).
    static func walkBudget(target: Int, found: Int, walked: Int) -> Int? {
        guard found > 0, walked > 0 else { return nil }
        let estimate = Double(target) * Double(walked) / Double(found)
        guard estimate <= Double(walkLimit) else { return nil }
        return 2 * Int(estimate.rounded(.up)) + 1_000
    }

    /// The count of the matches (capped at the query's `countLimit`) and the ids of the
    /// page's matches, newest first.
    func countAndPage(on connection: PostgresConnection) async throws -> (count: Int, ids: [Int64]) {
        if let cap = query.countLimit.map({ max(0, $0) }) {
            let target = max(cap, window.needed)
            let probe = Self.probeSize(target: target)
            var walk = try await self.walk(budget: probe, target: target, sortingWhenRare: true, on: connection)
            if let sorted = walk.sorted { return sorted }
            if walk.isShort, let budget = Self.walkBudget(target: target, found: walk.found.count, walked: probe) {
                walk = try await self.walk(budget: budget, target: target, sortingWhenRare: false, on: connection)
            }
            if !walk.isShort { return (query.cappedCount(walk.found.count), page(of: walk.found)) }
        }
        return try await sortedMatches(on: connection)
    }

    private func page(of found: [Int64]) -> [Int64] {
        guard window.offset < found.count else { return [] }
        return Array(found[window.offset..<min(found.count, window.needed)])
    }

    /// What a walk found, newest first; `isShort` when it ended within its budget without
    /// `target` matches and before the library's end, so it says nothing of the count.
    private struct Walk {
        var found: [Int64]
        var isShort: Bool
        /// The count and the page from every match, when the walk showed the search too
        /// rare to walk further.
        var sorted: (count: Int, ids: [Int64])?
    }

    /// Walks at most `budget` articles newest first, stopping at `target` matches: the
    /// server pulls rows through the check only until the limit is met. When the walk ends
    /// short of it, the statement also counts the articles the budget covered, to tell the
    /// library's end (every match seen) from the budget's. The match is asked as
    /// `ts_match_vq`, the function behind `@@`, which no index serves, so the walked rows
    /// are checked where they are: offered the operator, the server read a phrase's every
    /// candidate from the GIN index to keep the few among 400 articles.
    ///
    /// With `sortingWhenRare`, a walk that ends short at a density too low for a longer one
    /// (`walkBudget` is nil) also reads every match from the GIN index in the same statement
    /// and returns their count and the sorted page (`sorted`): a rare word's search is then
    /// one statement, not two. The matches' subquery runs only when that branch is taken.
    private func walk(budget: Int, target: Int, sortingWhenRare: Bool, on connection: PostgresConnection) async throws -> Walk {
        var statement = BoundStatement()
        let search = statement.bind(tsquery) + "::tsquery"
        let check: (String) -> String
        if let precheck {
            let weaker = statement.bind(precheck) + "::tsquery"
            check = { vector in "(ts_match_vq(\(vector), \(weaker)) AND ts_match_vq(\(vector), \(search)))" }
        } else {
            check = { vector in "ts_match_vq(\(vector), \(search))" }
        }
        let filters = PostgresArticleFilters(query, in: &statement)
        let limit = statement.bind(Int64(budget))
        let wanted = statement.bind(Int64(target))
        let newest: String
        let matched: String
        if filters.conditions.isEmpty {
            newest = "SELECT x.article_id AS id, x.published_at, x.search_vector FROM article_search x ORDER BY x.published_at DESC, x.article_id DESC"
            matched = check("w.search_vector")
        } else {
            newest = "SELECT a.id, a.published_at \(filters.from) \(filters.whereClause) ORDER BY \(PostgresArticleFilters.newestFirst)"
            // A correlated scalar subquery is checked row by row as the walk reaches it; an
            // EXISTS could be planned as a join that reads every vector first.
            matched = "(SELECT \(check("x.search_vector")) FROM article_search x WHERE x.article_id = w.id)"
        }
        var sql = """
            WITH found AS MATERIALIZED (SELECT w.id FROM (\(newest) LIMIT \(limit)) w WHERE \(matched) \
            ORDER BY w.published_at DESC, w.id DESC LIMIT \(wanted)), \
            walked AS MATERIALIZED (SELECT CASE WHEN (SELECT count(*) FROM found) < \(wanted) \
            THEN (SELECT count(*) FROM (\(newest) LIMIT \(limit)) w) END AS n)
            """
        if sortingWhenRare {
            // `walkBudget` is nil exactly when found × walkLimit < target × walked.
            let tooRare = "(SELECT n FROM walked) >= \(limit) AND (SELECT count(*) FROM found) * \(Self.walkLimit) < \(wanted)::bigint * \(limit)"
            let sorted = sortedSQL(in: &statement)
            sql += ", m AS MATERIALIZED (\(sorted.matches)) SELECT array(SELECT id FROM found) AS found, (SELECT n FROM walked) AS walked, "
            sql += "CASE WHEN \(tooRare) THEN (SELECT count(*) FROM m) END AS sorted_count, "
            sql += "CASE WHEN \(tooRare) THEN \(sorted.page) END AS sorted_ids"
        } else {
            sql += " SELECT array(SELECT id FROM found) AS found, (SELECT n FROM walked) AS walked"
        }
        statement.append(sql)
        guard let row = try await connection.rows(statement.query, logger: logger).first else { return Walk(found: [], isShort: false) }
        let found = try row["found"].decode([Int64].self)
        if sortingWhenRare, let count = try row["sorted_count"].decode(Int64?.self), let ids = try row["sorted_ids"].decode([Int64]?.self) {
            return Walk(found: found, isShort: true, sorted: (query.cappedCount(Int(count)), ids))
        }
        guard found.count < target, let walked = try row["walked"].decode(Int64?.self) else { return Walk(found: found, isShort: false) }
        return Walk(found: found, isShort: walked >= budget)
    }

    /// Every match read from the GIN index and narrowed by the filters (`matches`, with
    /// each one's date), and the page of them sorted newest first (`page`, an array
    /// expression over a CTE named `m` holding `matches`). The search rows carry their
    /// dates, so the matches are sorted as read, without looking each one's article up
    /// (1,395 lookups: 1.5 ms); filters need the articles.
    private func sortedSQL(in statement: inout BoundStatement) -> (matches: String, page: String) {
        let search = statement.bind(tsquery) + "::tsquery"
        var filters = PostgresArticleFilters(query, in: &statement)
        let matches: String
        if filters.conditions.isEmpty {
            matches = "SELECT x.article_id AS id, x.published_at FROM article_search x WHERE x.search_vector @@ \(search)"
        } else {
            filters.joins.insert("JOIN article_search x ON x.article_id = a.id", at: 0)
            filters.conditions.append("x.search_vector @@ \(search)")
            matches = "SELECT a.id AS id, a.published_at \(filters.from) \(filters.whereClause)"
        }
        let limit = statement.bind(Int64(window.limit))
        let offset = statement.bind(Int64(window.offset))
        return (matches, "array(SELECT id FROM m ORDER BY published_at DESC, id DESC LIMIT \(limit) OFFSET \(offset))")
    }

    /// Every match read from the GIN index and narrowed by the filters: their count and the
    /// page of them, sorted newest first, in one statement that reads them once.
    private func sortedMatches(on connection: PostgresConnection) async throws -> (count: Int, ids: [Int64]) {
        var statement = BoundStatement()
        let sorted = sortedSQL(in: &statement)
        statement.append("WITH m AS MATERIALIZED (\(sorted.matches)) SELECT (SELECT count(*) FROM m) AS count, \(sorted.page) AS ids")
        guard let row = try await connection.rows(statement.query, logger: logger).first else { return (0, []) }
        return (query.cappedCount(Int(try row["count"].decode(Int64.self))), try row["ids"].decode([Int64].self))
    }
}
