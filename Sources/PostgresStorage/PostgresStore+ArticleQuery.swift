import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// Relevance weights for `ts_rank`, in PostgreSQL's order {D, C, B, A}: a word in the
    /// title (A) says more than one in the summary (B), which says more than one deep in
    /// the text (C) — the same 10 : 4 : 1 as the SQLite backend's `bm25()`.
    static let relevanceWeights = "'{0.1, 0.1, 0.4, 1.0}'"

    /// One page of the articles matching `query`, with the count of all matches. Each
    /// answer's count and page come from one statement, so from one snapshot, without a
    /// transaction (two round trips fewer); the rows of the page's articles are read after,
    /// and an article removed in between is left out of the page.
    public func articles(matching query: ArticleQuery) async throws -> ArticleResults {
        // `q` in its fields and `qInTitle` in the title must both match; either without a
        // searchable word matches nothing, and so does the whole.
        var searches: [PostgresTextSearch] = []
        if let search = query.search { searches.append(PostgresTextSearch(search, in: query.searchIn)) }
        if let titleSearch = query.titleSearch { searches.append(PostgresTextSearch(titleSearch, in: [.title])) }
        var tsquery: String?
        var precheck: String?
        if !searches.isEmpty {
            let lexemes = try await lexemes(of: Array(Set(searches.flatMap(\.uniquePieceTexts))))
            let parts = searches.map { $0.tsquery(lexemes: lexemes) }
            guard parts.allSatisfy({ $0 != nil }) else { return ArticleResults(articles: [], totalResults: 0) }
            tsquery = parts.compactMap { $0 }.joined(separator: " & ")
            let prechecks = searches.compactMap { $0.precheck(lexemes: lexemes) }
            precheck = prechecks.isEmpty ? nil : prechecks.joined(separator: " & ")
        }
        if let newest = NewestInLibrary(query) {
            var articles: [Article] = []
            var sourceNames: [SourceID: String] = [:]
            var total = 0
            for try await row in try await client.execute(newest, logger: logger) {
                let listed = try Article.listed(postgresRow: row)
                articles.append(listed.article)
                sourceNames[listed.article.sourceID] = listed.sourceName
                total = Int(try row["newest_count"].decode(Int64.self))
            }
            // A page past the end has no row to carry the count: asked the usual way (rare).
            if !articles.isEmpty || newest.first == 1 { return ArticleResults(articles: articles, totalResults: total, sourceNames: sourceNames) }
        }
        // Only a newest-first walk uses the statistics: a search by relevancy does not wait
        // for the process's first read of them.
        let expectedMatches = if let tsquery, query.sortBy == .publishedAt {
            await commonLexemes.expectedMatches(of: tsquery, in: self)
        } else {
            Int64?.none
        }
        if let tsquery, let search = NewestSearch(query, tsquery: tsquery, precheck: precheck, expectedMatches: expectedMatches),
           let answer = try await newestSearch(search, query) {
            return answer
        }
        return try await client.withConnection { connection in
            let query = try await withoutNeedlessFollowCheck(query, on: connection)
            if let tsquery, query.sortBy == .publishedAt, let window = PageWindow(query) {
                let found = try await PostgresNewestMatches(
                    query: query, tsquery: tsquery, precheck: precheck, expectedMatches: expectedMatches, window: window, logger: logger
                ).countAndPage(on: connection)
                return try await results(found.ids, total: found.count, query, on: connection)
            }
            return try await countAndPage(query, tsquery: tsquery, on: connection)
        }
    }

    /// The answer of the prepared `NewestSearch`, or nil when it says to ask the general way
    /// (the reader follows only some sources, or the count was not settled).
    private func newestSearch(_ search: NewestSearch, _ query: ArticleQuery) async throws -> ArticleResults? {
        var articles: [Article] = []
        var sourceNames: [SourceID: String] = [:]
        var total: Int?
        // Every row is read, even when the first says to ask again: the rows come as one answer.
        for try await row in try await client.execute(search, logger: logger) {
            guard try row["every"].decode(Bool.self), try row["settled"].decode(Bool.self) else { continue }
            total = query.cappedCount(Int(try row["match_count"].decode(Int64.self)))
            guard try row["article_id"].decode(Int64?.self) != nil else { continue }
            let listed = try Article.listed(postgresRow: row)
            articles.append(listed.article)
            sourceNames[listed.article.sourceID] = listed.sourceName
        }
        return total.map { ArticleResults(articles: articles, totalResults: $0, sourceNames: sourceNames) }
    }

    /// A list, or a search by relevance or popularity: the count and the page's ids in one
    /// statement, then the rows of just those articles.
    private func countAndPage(_ query: ArticleQuery, tsquery: String?, on connection: PostgresConnection) async throws -> ArticleResults {
        let statements = PostgresArticleQuery(query, tsquery: tsquery)
        guard let countAndPage = statements.countAndPage else {
            let counted = Int(try await connection.rows(statements.count, logger: logger).first?["count"].decode(Int64.self) ?? 0)
            return ArticleResults(articles: [], totalResults: query.cappedCount(counted))
        }
        guard let row = try await connection.rows(countAndPage, logger: logger).first else { return ArticleResults(articles: [], totalResults: 0) }
        let total = query.cappedCount(Int(try row["count"].decode(Int64.self)))
        return try await results(try row["ids"].decode([Int64].self), total: total, query, on: connection)
    }

    /// Someone who follows every source (the single reader of most libraries) reads the
    /// whole library: no per-article check, as on SQLite.
    private func withoutNeedlessFollowCheck(_ query: ArticleQuery, on connection: PostgresConnection) async throws -> ArticleQuery {
        var query = query
        if let user = query.followedBy, try await followsEverySource(user, on: connection) { query.followedBy = nil }
        return query
    }

    /// The articles of `ids`, in that order, with their sources' names.
    private func results(_ ids: [Int64], total: Int, _ query: ArticleQuery, on connection: PostgresConnection) async throws -> ArticleResults {
        guard !ids.isEmpty else { return ArticleResults(articles: [], totalResults: total) }
        var articlesByID: [Int64: Article] = [:]
        var sourceNames: [SourceID: String] = [:]
        for row in try await ArticleRowsByID(shape: .listed(includingContent: query.includesContent), ids: ids).rows(on: connection, logger: logger) {
            let listed = try Article.listed(postgresRow: row)
            articlesByID[listed.article.id.rawValue] = listed.article
            sourceNames[listed.article.sourceID] = listed.sourceName
        }
        return ArticleResults(articles: ids.compactMap { articlesByID[$0] }, totalResults: total, sourceNames: sourceNames)
    }

    /// Whether `user` follows every source of the library. Every list and search asks it
    /// first, so it is prepared once per connection: sent unnamed, parsing and planning it
    /// cost 0.3–0.6 ms of a 2–3 ms list.
    func followsEverySource(_ user: UserID, on connection: PostgresConnection) async throws -> Bool {
        var followsEvery = false
        for try await every in try await connection.execute(FollowsEverySource(value: user.rawValue), logger: logger) {
            followsEvery = every
        }
        return followsEvery
    }

    /// The server's lexeme(s) for each searched piece: the same stemming the index used.
    func lexemes(of pieces: [String]) async throws -> [String: [String]] {
        let lookup = lexemeCache.lookUp(pieces)
        var lexemes = lookup.known
        let missing = lookup.missing
        guard !missing.isEmpty else { return lexemes.filter { !$0.value.isEmpty } }
        var asked: [String: [String]] = [:]
        for row in try await rows("""
            SELECT p.piece, l.lexeme
            FROM unnest(\(missing)::text[]) AS p(piece)
            CROSS JOIN LATERAL unnest(to_tsvector(\(PostgresSchema.searchConfiguration)::regconfig, p.piece)) AS l
            ORDER BY p.piece, l.positions[1]
            """) {
            asked[try row["piece"].decode(String.self), default: []].append(try row["lexeme"].decode(String.self))
        }
        lexemeCache.keep(asked, for: missing)
        lexemes.merge(asked) { kept, _ in kept }
        return lexemes.filter { !$0.value.isEmpty }
    }
}

/// See `PostgresStore.followsEverySource`.
private struct FollowsEverySource: OneValueStatement {
    static let name = "broadsheet_follows_every_source"
    static let sql = "SELECT \(PostgresArticleFilters.followsEverySource("$1"))"
    typealias Row = Bool

    /// The reader's id.
    let value: Int64

    func decodeRow(_ row: PostgresRow) throws -> Bool {
        try row.decode(Bool.self)
    }
}
