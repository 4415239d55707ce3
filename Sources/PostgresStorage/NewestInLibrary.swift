import NewsModel
import PostgresNIO

/// The newest articles of someone's library with nothing else narrowing them (the NewsAPI's
/// `top-headlines` without a parameter, the most asked list), counted up to the standard
/// cap, in one statement prepared once per connection: whether they follow every source,
/// the ids of the newest `cap` articles (their number is the count), and the rows of the
/// page's slice of them, in order, each with the count and its source's name.
///
/// Asked the usual way, this list was three statements (the follow check, the count with
/// the ids, the rows), the middle one parsed and planned on every request: at 8
/// connections a PostgreSQL server on two cores answered 1,000 of them a second, and much
/// of the cost was each statement's trip between the threads. With the page's limit as a
/// parameter of the ids' subquery, the server planned it again on every request (0.63 ms: a
/// generic plan for an unknown limit looked costly); with the cap written into the text and
/// the page cut from the ids as an array slice, one plan serves. Each `CASE` branch is
/// planned on its own and only the chosen one runs, so someone who follows every source
/// walks the date index without a per-article check.
struct NewestInLibrary: PostgresPreparedStatement {
    static let cap = StandardLibraryPage.cap
    static let name = "broadsheet_newest_in_library"
    static let sql = """
        WITH every AS MATERIALIZED (
            SELECT \(PostgresArticleFilters.followsEverySource("$1")) AS yes
        ), newest AS MATERIALIZED (
            SELECT CASE WHEN (SELECT yes FROM every)
                THEN array(SELECT a.id FROM articles a ORDER BY a.published_at DESC, a.id DESC LIMIT \(cap))
                ELSE array(SELECT a.id FROM articles a WHERE a.source_id IN (\(PostgresArticleFilters.sourcesFollowed(by: "$1")))
                           ORDER BY a.published_at DESC, a.id DESC LIMIT \(cap))
            END AS ids
        )
        SELECT (SELECT cardinality(ids) FROM newest) AS newest_count, \(Article.postgresSelectionWithoutContent),
            \(Article.postgresSourceName)
        FROM unnest((SELECT ids[$2:$3] FROM newest)) WITH ORDINALITY AS page(id, position)
        JOIN \(Article.postgresTables) ON a.id = page.id
        ORDER BY page.position
        """
    typealias Row = PostgresRandomAccessRow

    let user: UserID
    /// The page's first and last positions among the newest (from 1, inclusive).
    let first: Int64
    let last: Int64

    /// The statement for `query`, when it is such a list and its page lies within the cap.
    init?(_ query: ArticleQuery) {
        guard query.search == nil, query.titleSearch == nil, let page = StandardLibraryPage(query), let user = page.user else { return nil }
        self.user = user
        first = page.first
        last = page.last
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(user.rawValue)
        bindings.append(first)
        bindings.append(last)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRandomAccessRow { row.makeRandomAccess() }
}
