import NewsModel
import PostgresNIO

/// A search of someone's whole library listed newest first (`/v2/everything?q=` with
/// nothing else narrowing it, the most asked search), counted up to the standard cap, in
/// one statement prepared once per connection: whether they follow every source, the walk
/// of `PostgresNewestMatches` (or, for a search too rare to walk, every match sorted), and
/// the rows of the page's slice of the matches, each with the count and its source's name.
///
/// Asked the general way, such a search was three statements (the follow check, the walk,
/// the rows), the walk parsed and planned on every request: 0.7 ms of a rare word's 2 ms
/// of statements, and each statement a trip between the threads. With the cap and the
/// probe written into the text, one plan serves every search.
///
/// When the reader follows only some sources, or the walk ran out of budget before the
/// count was settled (a search rarer than its probe showed), the statement says so and the
/// caller asks the general way. The summary row comes out even when the page is empty, so
/// the count of a search without matches needs no second statement.
struct NewestSearch: PostgresPreparedStatement {
    static let cap = StandardLibraryPage.cap
    static let probe = PostgresNewestMatches.probeSize(target: cap)
    static let name = "broadsheet_newest_search"
    static let sql: String = {
        // $1 the reader (NULL: the whole library), $2 the search, $3 its precheck (NULL:
        // none), $4 and $5 the page's first and last positions among the matches, $6 the
        // matches the statistics expect (NULL: they do not know).
        // The searches are read once, in `q`: in a plan made for every value, a cast of a
        // parameter is not folded, and `$2::tsquery` in the check parsed the query again for
        // every article walked (a phrase's walk took twice as long).
        let search = "(SELECT search FROM q)"
        let precheck = "(SELECT precheck FROM q)"
        let check = "((\(precheck) IS NULL OR ts_match_vq(w.search_vector, \(precheck))) AND ts_match_vq(w.search_vector, \(search)))"
        let walk = PostgresNewestMatches.walkSQL(
            newest: PostgresNewestMatches.searchRowsNewestFirst, matched: "(SELECT yes FROM every) AND \(check)",
            probe: "\(probe)", target: "\(cap)", estimatedMatches: "$6::bigint"
        )
        let tooRare = "(SELECT yes FROM every) AND \(PostgresNewestMatches.tooRare(probe: "\(probe)", target: "\(cap)"))"
        return """
            WITH q AS MATERIALIZED (SELECT $2::tsquery AS search, $3::tsquery AS precheck),
            every AS MATERIALIZED (
                SELECT $1::bigint IS NULL OR \(PostgresArticleFilters.followsEverySource("$1")) AS yes
            ), \(walk),
            m AS MATERIALIZED (SELECT x.article_id AS id, x.published_at FROM article_search x WHERE x.search_vector @@ \(search)),
            summary AS MATERIALIZED (
                SELECT (SELECT yes FROM every) AS every,
                    CASE WHEN \(tooRare) THEN (SELECT count(*) FROM m) ELSE (SELECT count(*) FROM found) END AS total,
                    COALESCE(\(tooRare) OR (SELECT count(*) FROM found) >= \(cap)
                        OR (SELECT n FROM walked) < (SELECT rows FROM budget), false) AS settled,
                    CASE WHEN \(tooRare) THEN array(SELECT id FROM m ORDER BY published_at DESC, id DESC LIMIT \(cap))
                        ELSE array(SELECT id FROM found ORDER BY published_at DESC, id DESC) END AS ids
            )
            SELECT s.every, s.settled, s.total AS match_count, r.*
            FROM summary s LEFT JOIN LATERAL (
                SELECT page.position, \(Article.postgresSelectionWithoutContent), \(Article.postgresSourceName)
                FROM unnest(s.ids[$4:$5]) WITH ORDINALITY AS page(id, position)
                JOIN \(Article.postgresTables) ON a.id = page.id
            ) r ON true
            ORDER BY r.position
            """
    }()
    /// Said, not inferred: from `$2::tsquery` the server would take the searches for tsquery
    /// values and read the text sent as that type's binary form.
    static let bindingDataTypes: [PostgresDataType] = [.int8, .text, .text, .int8, .int8, .int8]
    typealias Row = PostgresRandomAccessRow

    let user: UserID?
    let tsquery: String
    let precheck: String?
    let expectedMatches: Int64?
    /// The page's first and last positions among the matches (from 1, inclusive).
    let first: Int64
    let last: Int64

    /// The statement for `query`, when it is such a search and its page lies within the cap.
    init?(_ query: ArticleQuery, tsquery: String, precheck: String?, expectedMatches: Int64?) {
        guard let page = StandardLibraryPage(query) else { return nil }
        user = page.user
        self.tsquery = tsquery
        self.precheck = precheck
        self.expectedMatches = expectedMatches
        first = page.first
        last = page.last
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(user?.rawValue)
        bindings.append(tsquery)
        bindings.append(precheck)
        bindings.append(first)
        bindings.append(last)
        bindings.append(expectedMatches)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRandomAccessRow { row.makeRandomAccess() }
}
