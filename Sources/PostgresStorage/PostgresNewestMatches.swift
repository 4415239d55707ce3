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
    /// The matches the search index's statistics expect (`CommonLexemes`), when they know.
    let expectedMatches: Int64?
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

    /// The count of the matches (capped at the query's `countLimit`) and the ids of the
    /// page's matches, newest first.
    func countAndPage(on connection: PostgresConnection) async throws -> (count: Int, ids: [Int64]) {
        if let cap = query.countLimit.map({ max(0, $0) }) {
            let target = max(cap, window.needed)
            let walk = try await self.walk(probe: Self.probeSize(target: target), target: target, on: connection)
            if let sorted = walk.sorted { return sorted }
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

    /// One statement that walks the articles newest first, checking each one's vector, and
    /// stops at `target` matches: the server pulls rows through the check only until the
    /// limit is met. It first walks the newest `probe` articles; when they hold fewer than
    /// `target` matches, what they hold chooses how it goes on (`walkSQL`'s budget):
    /// - dense enough: the walk goes on from the probe's end for the rest of the budget;
    /// - too rare to walk (or nothing found): every match is read from the GIN index in
    ///   the same statement, counted and sorted (`sorted`); that subquery runs only then.
    /// When the walk ends short of `target`, the statement also counts the articles its
    /// budget covered, to tell the library's end (every match seen) from the budget's.
    ///
    /// The match is asked as `ts_match_vq`, the function behind `@@`, which no index
    /// serves, so the walked rows are checked where they are: offered the operator, the
    /// server read a phrase's every candidate from the GIN index to keep the few among 400
    /// articles. Going on from the probe's end instead of walking again from the newest
    /// saves a round trip, a plan and the probe's articles checked twice.
    private func walk(probe: Int, target: Int, on connection: PostgresConnection) async throws -> Walk {
        var statement = BoundStatement()
        let search = statement.bind(tsquery) + "::tsquery"
        let weaker = precheck.map { statement.bind($0) + "::tsquery" }
        let check = { vector in Self.check(vector, search: search, precheck: weaker) }
        let filters = PostgresArticleFilters(query, in: &statement)
        let probed = statement.bind(Int64(probe))
        let wanted = statement.bind(Int64(target))
        let newest: String
        let matched: String
        // The statistics speak of the whole library: a filtered walk covers only some of it.
        var estimate = "NULL"
        if filters.conditions.isEmpty {
            newest = Self.searchRowsNewestFirst
            matched = check("w.search_vector")
            if let expectedMatches { estimate = statement.bind(expectedMatches) }
        } else {
            newest = "SELECT a.id, a.published_at \(filters.from) \(filters.whereClause) ORDER BY \(PostgresArticleFilters.newestFirst)"
            // A correlated scalar subquery is checked row by row as the walk reaches it; an
            // EXISTS could be planned as a join that reads every vector first.
            matched = "(SELECT \(check("x.search_vector")) FROM article_search x WHERE x.article_id = w.id)"
        }
        let sorted = sortedSQL(in: &statement)
        statement.append("""
            WITH \(Self.walkSQL(newest: newest, matched: matched, probe: probed, target: wanted, estimatedMatches: estimate)), \
            m AS MATERIALIZED (\(sorted.matches)) \
            SELECT array(SELECT id FROM found ORDER BY published_at DESC, id DESC) AS found, \
            (SELECT rows FROM budget) AS budget, (SELECT n FROM walked) AS walked, \
            CASE WHEN \(Self.tooRare(probe: probed, target: wanted)) THEN (SELECT count(*) FROM m) END AS sorted_count, \
            CASE WHEN \(Self.tooRare(probe: probed, target: wanted)) THEN \(sorted.page) END AS sorted_ids
            """)
        guard let row = try await connection.rows(statement.query, logger: logger).first else { return Walk(found: [], isShort: false) }
        let found = try row["found"].decode([Int64].self)
        if let count = try row["sorted_count"].decode(Int64?.self), let ids = try row["sorted_ids"].decode([Int64]?.self) {
            return Walk(found: found, isShort: true, sorted: (query.cappedCount(Int(count)), ids))
        }
        guard found.count < target, let walked = try row["walked"].decode(Int64?.self) else { return Walk(found: found, isShort: false) }
        return Walk(found: found, isShort: walked >= (try row["budget"].decode(Int64.self)))
    }

    /// Every search row newest first, for a walk with nothing else narrowing it.
    static let searchRowsNewestFirst =
        "SELECT x.article_id AS id, x.published_at, x.search_vector FROM article_search x ORDER BY x.published_at DESC, x.article_id DESC"

    /// Whether `vector` matches `search`, testing the weaker `precheck` first when there is
    /// one (all three are SQL expressions).
    static func check(_ vector: String, search: String, precheck: String?) -> String {
        guard let precheck else { return "ts_match_vq(\(vector), \(search))" }
        return "(ts_match_vq(\(vector), \(precheck)) AND ts_match_vq(\(vector), \(search)))"
    }

    /// The walk's common table expressions, for `walk` and for the prepared `NewestSearch`:
    /// `first` (the matches among the newest `probe` rows of `newest`, at most `target`),
    /// `probed` (their number), `common` (whether the column's statistics count the search
    /// among the common ones, and how many matches they expect), `budget` (how many rows
    /// the whole walk may cover), `rest` (the matches after the probe, up to the target),
    /// `found` (both, with their dates) and `walked` (when fewer than `target` were found,
    /// how many rows the budget covered: fewer means the library ended). `newest` is a
    /// query listing rows newest first with `id` and `published_at`, `matched` the check of
    /// a row `w` of it; `probe` and `target` are placeholders or literals;
    /// `estimatedMatches` an expression of the matches the statistics expect (NULL: none).
    static func walkSQL(newest: String, matched: String, probe: String, target: String, estimatedMatches: String) -> String {
        let newestFound = "ORDER BY w.published_at DESC, w.id DESC"
        // The budget: twice the estimate (target × probe / found) and a thousand more, so an
        // unlucky stretch still ends the walk, when the estimate is at most `walkLimit`; for
        // a search the statistics call common, at least as many rows as it has matches (at
        // most `walkLimit`): news comes in bursts, and a probe's density says little of the
        // stretch after it. A walked row costs about what a sorted match does, so a walk
        // that finds too few before sorting them all costs at most twice the sort, and one
        // that finds them costs far less (a quarter of the rows instead was measured: it
        // gave up on more words, whose newest matches lay further back); else the probe
        // alone (nothing found says only that the search is rarer than one in `probe`
        // among the newest articles, and a sort of every match is cheap for a rare one).
        let estimated = "2 * ceil(\(target)::numeric * \(probe) / p.n)::bigint + 1000"
        let isEstimated = "p.n > 0 AND \(target)::bigint * \(probe) <= p.n * \(walkLimit)"
        let budget = """
            CASE WHEN p.n < \(target) AND (SELECT yes FROM common) \
            THEN greatest(\(probe)::bigint, least(\(walkLimit)::bigint, (SELECT matches FROM common)), \
            CASE WHEN \(isEstimated) THEN \(estimated) ELSE 0 END) \
            WHEN p.n < \(target) AND \(isEstimated) THEN \(estimated) \
            ELSE \(probe)::bigint END
            """
        return """
            common AS MATERIALIZED (SELECT e.matches, COALESCE(e.matches >= \(commonMatches), false) AS yes \
            FROM (SELECT (\(estimatedMatches))::bigint AS matches) e), \
            first AS MATERIALIZED (SELECT w.id, w.published_at FROM (\(newest) LIMIT \(probe)) w \
            WHERE \(matched) \(newestFound) LIMIT \(target)), \
            probed AS MATERIALIZED (SELECT count(*) AS n FROM first), \
            budget AS MATERIALIZED (SELECT \(budget) AS rows FROM probed p), \
            rest AS MATERIALIZED (SELECT w.id, w.published_at \
            FROM (\(newest) LIMIT (SELECT rows FROM budget) - \(probe) OFFSET \(probe)) w \
            WHERE \(matched) \(newestFound) LIMIT \(target) - (SELECT n FROM probed)), \
            found AS MATERIALIZED (SELECT id, published_at FROM first UNION ALL SELECT id, published_at FROM rest), \
            walked AS MATERIALIZED (SELECT CASE WHEN (SELECT count(*) FROM found) < \(target) \
            THEN (SELECT count(*) FROM (\(newest) LIMIT (SELECT rows FROM budget)) w) END AS n)
            """
    }

    /// Whether every match is to be sorted (over the CTEs of `walkSQL`): the walk covered
    /// `probe` rows, and either the estimate of the walk the target needs, target × probe /
    /// found, is longer than `walkLimit` (or nothing was found) for a search the statistics
    /// do not call common, or a common search's longer walk used its whole budget.
    static func tooRare(probe: String, target: String) -> String {
        """
        (SELECT n FROM walked) >= \(probe) AND (((SELECT n FROM probed) * \(walkLimit) < \(target)::bigint * \(probe) \
        AND NOT (SELECT yes FROM common)) OR ((SELECT yes FROM common) AND (SELECT n FROM walked) >= (SELECT rows FROM budget)))
        """
    }

    /// How many matches make a search common enough to walk on when its probe found too
    /// few: sorting fewer costs a few milliseconds at most.
    static let commonMatches = 5_000

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
