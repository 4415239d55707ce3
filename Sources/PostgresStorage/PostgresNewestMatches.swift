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

    /// Whether walking at `matches` matches among `articleCount` articles reads no more
    /// than the longest walk worth starting.
    static func walkIsShort(_ window: PageWindow, matches: Int, articleCount: Int) -> Bool {
        matches > 0 && Double(window.needed) * Double(max(articleCount, 1)) / Double(matches) <= Double(walkLimit)
    }

    /// The ids of matches `window`, newest first; nil when the plain statement is the
    /// better way. `knownMatches` is the count of the search's matches alone (not
    /// narrowed by other filters) when the caller already has it, capped at `knownCap`.
    /// `articleCount` is the highest article id when the caller already read it.
    func ids(
        for window: PageWindow, knownMatches: Int?, knownCap: Int?, articleCount knownArticleCount: Int64? = nil,
        on connection: PostgresConnection
    ) async throws -> [Int64]? {
        var articleCount = knownArticleCount ?? 0
        if knownArticleCount == nil {
            articleCount = try await connection.rows(
                "SELECT coalesce(max(id), 0) AS count FROM articles", logger: logger
            ).first?["count"].decode(Int64.self) ?? 0
        }
        let threshold = Self.sparseLimit(needed: window.needed, articleCount: Int(articleCount))
        let matches: Int
        let counted: Bool
        if let knownMatches, let knownCap, knownMatches < knownCap || knownCap >= threshold || Self.walkIsShort(window, matches: knownCap, articleCount: Int(articleCount)) {
            // A count that reached its cap says "at least the cap": enough to choose the
            // walk when a walk at that density is short, without counting further (a
            // page of 100 put the threshold one past the usual cap of 10,000, and every
            // dense search was counted twice).
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

    /// The size of the next window: what the density seen so far says the rest of the page
    /// needs, with a third to spare, so that most pages take one window more (growing
    /// fourfold overshot: a page needing 8,500 articles read 28,400); four times the last
    /// window while nothing has matched yet.
    static func nextWindow(after size: Int, needed: Int, found: Int, walked: Int) -> Int {
        let next = found == 0 ? size * 4 : Int((Double(needed) * Double(walked) / Double(found) * 4 / 3).rounded(.up))
        return min(largestWindow, max(100, next))
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
            // One statement per window: the window (the next `size` filtered articles,
            // newest first), how many it holds, its last article (where the next window
            // starts), and its matches in order. The match is asked as the function behind
            // `@@`, which no index serves, so the window's rows are checked where they are:
            // offered the operator, the server read a phrase's every candidate from the GIN
            // index and checked all 10,000 (20 ms) to keep the few among 400 articles. And
            // the window is not sent back as an id array to check: planning `= ANY` of
            // 12,800 ids took 27 ms, longer than checking them.
            let search = statement.bind(tsquery)
            statement.append("WITH w AS MATERIALIZED (SELECT a.id, a.published_at \(filters.from) \(filters.whereClause) ")
            statement.append("ORDER BY \(PostgresArticleFilters.newestFirst) LIMIT \(statement.bind(Int64(size)))) ")
            statement.append("SELECT (SELECT count(*) FROM w) AS walked, ")
            statement.append("(SELECT array[w.published_at, w.id] FROM w ORDER BY w.published_at, w.id LIMIT 1) AS last, ")
            statement.append("array(SELECT w.id FROM w JOIN article_search x ON x.article_id = w.id ")
            statement.append("WHERE ts_match_vq(x.search_vector, \(search)::tsquery) ORDER BY w.published_at DESC, w.id DESC) AS matched")
            guard let row = try await connection.rows(statement.query, logger: logger).first else { break }
            let count = Int(try row["walked"].decode(Int64.self))
            guard count > 0, let last = try row["last"].decode([Int64]?.self), last.count == 2 else { break }
            cursor = (last[0], last[1])
            found += try row["matched"].decode([Int64].self)

            walked += count
            if count < size { break }
            if found.count < window.needed && walked >= budget { return nil }
            size = Self.nextWindow(after: size, needed: window.needed - found.count, found: found.count, walked: walked)
        }
        guard window.offset < found.count else { return [] }
        return Array(found[window.offset..<min(found.count, window.needed)])
    }
}
