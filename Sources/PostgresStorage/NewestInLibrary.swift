import NewsModel
import PostgresNIO

/// The newest articles of someone's library with nothing else narrowing them (the NewsAPI's
/// `top-headlines` without a parameter, the most asked list), counted up to the standard
/// cap: whether they follow every source, and the ids of the newest `cap` articles (their
/// number is the count; the page is a slice of them), in one statement prepared once per
/// connection.
///
/// Asked the usual way, this list was three statements (the follow check, the count with
/// the ids, the rows), the middle one parsed and planned on every request: at 8
/// connections a PostgreSQL server on two cores answered 1,000 of them a second. With the
/// page's limit and offset as parameters the server planned this one again on every
/// request (0.63 ms: a generic plan for an unknown limit looked costly); with the cap
/// written into the text, the only parameter is the reader, and one plan serves. Each
/// `CASE` branch is planned on its own and only the chosen one runs, so someone who follows
/// every source walks the date index without a per-article check.
struct NewestInLibrary: PostgresPreparedStatement {
    static let cap = ArticleQuery.standardCountLimit
    static let name = "broadsheet_newest_in_library"
    static let sql = """
        WITH every AS MATERIALIZED (
            SELECT (SELECT count(*) FROM subscriptions WHERE user_id = $1) >= (SELECT count(*) FROM sources) AS yes
        )
        SELECT CASE WHEN (SELECT yes FROM every)
            THEN array(SELECT a.id FROM articles a ORDER BY a.published_at DESC, a.id DESC LIMIT \(cap))
            ELSE array(SELECT a.id FROM articles a WHERE a.source_id IN (SELECT source_id FROM subscriptions WHERE user_id = $1)
                       ORDER BY a.published_at DESC, a.id DESC LIMIT \(cap))
        END
        """
    typealias Row = [Int64]

    let user: UserID

    /// The statement for `query`, when it is such a list and its page lies within the cap.
    init?(_ query: ArticleQuery) {
        guard let user = query.followedBy, query.sortBy == .publishedAt, query.countLimit == Self.cap,
              query.search == nil, query.titleSearch == nil,
              let window = PageWindow(query), window.needed <= Self.cap else { return nil }
        var everyone = query
        everyone.followedBy = nil
        var unused = BoundStatement()
        guard PostgresArticleFilters(everyone, in: &unused).conditions.isEmpty else { return nil }
        self.user = user
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(user.rawValue)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> [Int64] {
        try row.decode([Int64].self)
    }
}
