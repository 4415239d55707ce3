import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// Relevance weights for `ts_rank`, in PostgreSQL's order {D, C, B, A}: a word in the
    /// title (A) says more than one in the summary (B), which says more than one deep in
    /// the text (C) — the same 10 : 4 : 1 as the SQLite backend's `bm25()`.
    static let relevanceWeights = "'{0.1, 0.1, 0.4, 1.0}'"

    /// One page of the articles matching `query`, with the count of all matches, both
    /// from one snapshot (a repeatable-read, read-only transaction).
    public func articles(matching query: ArticleQuery) async throws -> ArticleResults {
        // `q` in its fields and `qInTitle` in the title must both match; either without a
        // searchable word matches nothing, and so does the whole.
        var searches: [PostgresTextSearch] = []
        if let search = query.search { searches.append(PostgresTextSearch(search, in: query.searchIn)) }
        if let titleSearch = query.titleSearch { searches.append(PostgresTextSearch(titleSearch, in: [.title])) }
        var tsquery: String?
        if !searches.isEmpty {
            let lexemes = try await lexemes(of: Array(Set(searches.flatMap(\.uniquePieceTexts))))
            let parts = searches.map { $0.tsquery(lexemes: lexemes) }
            guard parts.allSatisfy({ $0 != nil }) else { return ArticleResults(articles: [], totalResults: 0) }
            tsquery = parts.compactMap { $0 }.joined(separator: " & ")
        }
        let statements = PostgresArticleQuery(query, tsquery: tsquery)
        return try await client.withConnection { connection in
            try await connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            do {
                let results = try await run(statements, includingContent: query.includesContent, on: connection)
                try await connection.run("COMMIT", logger: logger)
                return results
            } catch {
                try? await connection.run("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    private func run(_ statements: PostgresArticleQuery, includingContent: Bool, on connection: PostgresConnection) async throws -> ArticleResults {
        let total = try await connection.rows(statements.count, logger: logger).first?["count"].decode(Int64.self) ?? 0
        guard let page = statements.page else { return ArticleResults(articles: [], totalResults: Int(total)) }
        // First the page's ids over the narrow tables, then the full rows of just those.
        let ids = try await connection.rows(page, logger: logger).map { try $0["id"].decode(Int64.self) }
        guard !ids.isEmpty else { return ArticleResults(articles: [], totalResults: Int(total)) }
        var articlesByID: [Int64: Article] = [:]
        var sourceNames: [SourceID: String] = [:]
        for row in try await connection.rows("""
            SELECT \(unescaped: includingContent ? Article.postgresSelection : Article.postgresSelectionWithoutContent),
                   s.name AS source_name
            FROM \(unescaped: Article.postgresTables) LEFT JOIN sources s ON s.id = a.source_id WHERE a.id = ANY(\(ids))
            """, logger: logger) {
            let article = try Article(postgresRow: row)
            articlesByID[article.id.rawValue] = article
            sourceNames[article.sourceID] = try row["source_name"].decode(String?.self)
        }
        return ArticleResults(articles: ids.compactMap { articlesByID[$0] }, totalResults: Int(total), sourceNames: sourceNames)
    }

    /// The server's lexeme(s) for each searched piece: the same stemming the index used.
    func lexemes(of pieces: [String]) async throws -> [String: [String]] {
        guard !pieces.isEmpty else { return [:] }
        var lexemes: [String: [String]] = [:]
        for row in try await rows("""
            SELECT p.piece, l.lexeme
            FROM unnest(\(pieces)::text[]) AS p(piece)
            CROSS JOIN LATERAL unnest(to_tsvector(\(PostgresSchema.searchConfiguration)::regconfig, p.piece)) AS l
            ORDER BY p.piece, l.positions[1]
            """) {
            lexemes[try row["piece"].decode(String.self), default: []].append(try row["lexeme"].decode(String.self))
        }
        return lexemes
    }
}

/// The SQL for one `ArticleQuery`. Every value is a bound parameter; the text is made of
/// fixed fragments chosen by the query's shape (the `tsquery` too is bound, as a value).
struct PostgresArticleQuery {
    let count: PostgresQuery
    /// nil when the page lies beyond what can be addressed (it is empty).
    let page: PostgresQuery?

    init(_ query: ArticleQuery, tsquery: String?) {
        var statement = BoundStatement()
        var joins: [String] = []
        var conditions: [String] = []
        var relevance: String?

        if let tsquery {
            let placeholder = statement.bind(tsquery) + "::tsquery"
            joins.append("JOIN article_search x ON x.article_id = a.id")
            conditions.append("x.search_vector @@ \(placeholder)")
            relevance = "ts_rank(\(PostgresStore.relevanceWeights), x.search_vector, \(placeholder))"
        }
        if let user = query.followedBy {
            conditions.append("a.source_id IN (SELECT source_id FROM subscriptions WHERE user_id = \(statement.bind(user.rawValue)))")
        }
        if !query.sources.isEmpty {
            conditions.append("a.source_id = ANY(\(statement.bind(query.sources.map(\.rawValue))))")
        }
        let domains = URLHost.normalizedDomains(query.domains)
        if !domains.isEmpty {
            conditions.append("(" + domains.map { Self.hostCondition($0, column: "a.url_host_reversed", in: &statement) }.joined(separator: " OR ") + ")")
        }
        for domain in URLHost.normalizedDomains(query.excludedDomains) {
            // A missing host reads as '' so that NOT keeps articles without a URL.
            conditions.append("NOT " + Self.hostCondition(domain, column: "coalesce(a.url_host_reversed, '')", in: &statement))
        }
        if let from = query.from { conditions.append("a.published_at >= \(statement.bind(StoredDate.microseconds(from)))") }
        if let to = query.to { conditions.append("a.published_at <= \(statement.bind(StoredDate.microseconds(to)))") }
        // A source's language, country and category are a person's value, else the
        // inferred one, else the default: what apps are shown for the source.
        let defaults = query.sourceDefaults
        var needsSource = false
        if let language = query.language {
            // An article without its own language speaks its source's.
            conditions.append("coalesce(a.language, s.language, s.inferred_language, \(statement.bind(defaults.language.rawValue))) = \(statement.bind(language.rawValue))")
            needsSource = true
        }
        if let country = query.country {
            conditions.append("coalesce(s.country, s.inferred_country, \(statement.bind(defaults.country.rawValue))) = \(statement.bind(country.rawValue))")
            needsSource = true
        }
        if let category = query.category {
            conditions.append("coalesce(s.category, s.inferred_category, \(statement.bind(defaults.category.rawValue))) = \(statement.bind(category.rawValue))")
            needsSource = true
        }
        if needsSource { joins.append("JOIN sources s ON s.id = a.source_id") }

        let from = (["FROM articles a"] + joins).joined(separator: " ")
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        // Only a search: every search row is an article, so the index alone can count.
        let matches = relevance != nil && conditions.count == 1 ? "FROM article_search x \(whereClause)" : "\(from) \(whereClause)"
        if let limit = query.countLimit {
            // Counting stops at the limit (an integer of the code's, written as a number).
            count = PostgresQuery(unsafeSQL: "SELECT count(*) AS count FROM (SELECT 1 \(matches) LIMIT \(max(0, limit))) capped", binds: statement.bindings)
        } else {
            count = PostgresQuery(unsafeSQL: "SELECT count(*) AS count \(matches)", binds: statement.bindings)
        }

        let newestFirst = "a.published_at DESC, a.id DESC"
        let order: String
        switch query.sortBy {
        case .relevancy: order = relevance.map { "\($0) DESC, \(newestFirst)" } ?? newestFirst
        case .popularity: order = "a.story_sources DESC, \(newestFirst)"
        case .publishedAt: order = newestFirst
        }
        let pageSize = max(0, query.pageSize)
        let (offset, overflow) = (max(1, query.page) - 1).multipliedReportingOverflow(by: pageSize)
        if pageSize == 0 || overflow {
            page = nil
        } else {
            let limit = statement.bind(Int64(pageSize))
            let offsetPlaceholder = statement.bind(Int64(offset))
            page = PostgresQuery(
                unsafeSQL: "SELECT a.id AS id \(from) \(whereClause) ORDER BY \(order) LIMIT \(limit) OFFSET \(offsetPlaceholder)",
                binds: statement.bindings
            )
        }
    }

    /// The reversed host is the domain's or one of its subdomains' (an index range).
    private static func hostCondition(_ domain: String, column: String, in statement: inout BoundStatement) -> String {
        let range = URLHost.subdomainRange(of: domain)
        return "(\(column) = \(statement.bind(range.exact)) OR (\(column) >= \(statement.bind(range.lower)) AND \(column) < \(statement.bind(range.upper))))"
    }
}
