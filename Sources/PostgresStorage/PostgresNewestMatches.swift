import Logging
import NewsModel
import PostgresNIO
import Storage

/// A page of a search's matches, newest first, without sorting every match: the
/// PostgreSQL counterpart of the SQLite backend's `NewestMatches`.
///
/// One statement that joins the search index to the articles and sorts by date leaves
/// the plan to the server, which cannot know how many articles a word is in: at a million
/// articles it walked the date index testing every article's vector for a word in 0.1 %
/// of them (1.5 s), and sorted a quarter of a million matches for a common one. The two
/// cheap ways depend on that number, so it is counted first (capped) and the way chosen:
/// - few matches: read them all from the GIN index and sort just those (cost ∝ matches);
/// - many: walk the articles newest first (the date index, with the other filters) in
///   growing windows, and keep the articles of each window whose vectors the search
///   matches (one statement per window; asking the GIN index instead would read a common
///   word's whole posting list each time). The walk reads about
///   `needed × articles / matches` articles.
/// The cheaper of the two by those estimates is taken; the walk gives up (the caller then
/// runs the plain statement) if it reads far more than estimated. Either way the page is
/// the plain statement's, article for article.
struct PostgresNewestMatches {
    let query: ArticleQuery
    let tsquery: String
    let logger: Logger

    /// The longest walk worth starting, in articles.
    static let walkLimit = 50_000
    /// The largest window of articles asked for at once.
    static let largestWindow = 20_000

    /// How many matches make reading them all no cheaper than walking: the two costs meet
    /// where `matches = needed × articles / matches`.
    static func sparseLimit(needed: Int, articleCount: Int) -> Int {
        Int((Double(needed) * Double(max(articleCount, 1))).squareRoot()) + 1
    }

    /// The ids of matches `window`, newest first; nil when the plain statement is the
    /// better way. `knownMatches` is the count of the search's matches alone (not
    /// narrowed by other filters) when the caller already has it, capped at `knownCap`.
    func ids(for window: PageWindow, knownMatches: Int?, knownCap: Int?, on connection: PostgresConnection) async throws -> [Int64]? {
        let articleCount = try await connection.rows(
            "SELECT coalesce(max(id), 0) AS count FROM articles", logger: logger
        ).first?["count"].decode(Int64.self) ?? 0
        let threshold = Self.sparseLimit(needed: window.needed, articleCount: Int(articleCount))
        let matches: Int
        let counted: Bool
        if let knownMatches, let knownCap, knownCap >= threshold || knownMatches < knownCap {
            matches = knownMatches
            counted = knownMatches < knownCap
        } else {
            var statement = BoundStatement()
            let search = statement.bind(tsquery)
            statement.append("SELECT count(*) AS count FROM (SELECT 1 FROM article_search WHERE search_vector @@ \(search)::tsquery LIMIT \(threshold)) capped")
            matches = Int(try await connection.rows(statement.query, logger: logger).first?["count"].decode(Int64.self) ?? 0)
            counted = matches < threshold
        }
        guard matches > 0 else { return [] }
        if counted && matches < threshold {
            return try await sortedMatches(window, on: connection)
        }
        let estimate = Double(window.needed) * Double(max(articleCount, 1)) / Double(matches)
        guard estimate <= Double(Self.walkLimit) else { return nil }
        // A capped count says only that the search is at least that dense: the first window
        // then assumes it could be far denser, and the windows grow from there.
        let firstWindow = counted ? 2 * Int(estimate) : 4 * window.needed
        return try await walk(window, estimate: Int(estimate), firstWindow: firstWindow, on: connection)
    }

    /// Every match read from the GIN index, narrowed by the filters, sorted newest first.
    private func sortedMatches(_ window: PageWindow, on connection: PostgresConnection) async throws -> [Int64] {
        var statement = BoundStatement()
        let search = statement.bind(tsquery)
        var filters = PostgresArticleFilters(query, in: &statement)
        filters.conditions.insert("a.id = ANY(ARRAY(SELECT article_id FROM article_search WHERE search_vector @@ \(search)::tsquery))", at: 0)
        statement.append("SELECT a.id AS id \(filters.from) \(filters.whereClause) ORDER BY \(PostgresArticleFilters.newestFirst) ")
        statement.append("LIMIT \(statement.bind(Int64(window.limit))) OFFSET \(statement.bind(Int64(window.offset)))")
        return try await connection.rows(statement.query, logger: logger).map { try $0["id"].decode(Int64.self) }
    }

    /// Walks the filtered articles newest first, a window at a time, keeping the matches.
    private func walk(_ window: PageWindow, estimate: Int, firstWindow: Int, on connection: PostgresConnection) async throws -> [Int64]? {
        let budget = 4 * estimate + 1_000
        var size = min(Self.largestWindow, max(100, firstWindow))
        var found: [Int64] = []
        var walked = 0
        var cursor: (publishedAt: Int64, id: Int64)?
        while found.count < window.needed {
            var statement = BoundStatement()
            var filters = PostgresArticleFilters(query, in: &statement)
            if let cursor {
                filters.conditions.append("(a.published_at, a.id) < (\(statement.bind(cursor.publishedAt)), \(statement.bind(cursor.id)))")
            }
            statement.append("SELECT a.id AS id, a.published_at AS published_at \(filters.from) \(filters.whereClause) ")
            statement.append("ORDER BY \(PostgresArticleFilters.newestFirst) LIMIT \(statement.bind(Int64(size)))")
            let rows = try await connection.rows(statement.query, logger: logger)
            let ids = try rows.map { try $0["id"].decode(Int64.self) }
            guard let last = rows.last else { break }
            cursor = (try last["published_at"].decode(Int64.self), try last["id"].decode(Int64.self))

            var check = BoundStatement()
            check.append("SELECT article_id FROM article_search WHERE article_id = ANY(\(check.bind(ids))) ")
            check.append("AND search_vector @@ \(check.bind(tsquery))::tsquery")
            let matched = Set(try await connection.rows(check.query, logger: logger).map { try $0["article_id"].decode(Int64.self) })
            found += ids.filter(matched.contains)

            walked += ids.count
            if ids.count < size { break }
            if found.count < window.needed && walked >= budget { return nil }
            size = min(Self.largestWindow, size * 4)
        }
        guard window.offset < found.count else { return [] }
        return Array(found[window.offset..<min(found.count, window.needed)])
    }
}
