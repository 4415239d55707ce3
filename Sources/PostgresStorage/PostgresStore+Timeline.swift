import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// Runs `body` on one connection in a repeatable-read, read-only transaction: every
    /// statement sees the same snapshot.
    func snapshot<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await client.withConnection { connection in
            try await connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            do {
                let result = try await body(connection)
                try await connection.run("COMMIT", logger: logger)
                return result
            } catch {
                try? await connection.run("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    public func timeline(_ timeline: Timeline, for user: UserID) async throws -> TimelinePage {
        let limit = min(max(timeline.limit, 0), Timeline.maximumArticlesPerPage)
        let statement = PostgresTimelineStatement(timeline, user: user)
        return try await snapshot { connection in
            let (rows, continuation) = try await timelineRows(statement, timeline, limit: limit, on: connection)
            let total: Int? = timeline.includesTotal
                ? Int(try await connection.rows(statement.count, logger: logger).first?["count"].decode(Int64.self) ?? 0) : nil
            let articles = try await articles(rows.map(\.id), on: connection)
            let page = rows.compactMap { row in articles[row.id].map { ReaderArticle(article: $0, state: row.state) } }
            return TimelinePage(articles: page, continuation: continuation, totalCount: total, newestArticleID: try await newestArticleID(on: connection))
        }
    }

    public func timelineReferences(_ timeline: Timeline, for user: UserID) async throws -> TimelineReferences {
        let limit = min(max(timeline.limit, 0), Timeline.maximumReferencesPerPage)
        let statement = PostgresTimelineStatement(timeline, user: user)
        return try await snapshot { connection in
            let (rows, continuation) = try await timelineRows(statement, timeline, limit: limit, on: connection)
            return TimelineReferences(references: rows.map(\.reference), continuation: continuation)
        }
    }

    /// Up to `limit` rows after the continuation, and the next page's cursor when there is one.
    private func timelineRows(
        _ statement: PostgresTimelineStatement, _ timeline: Timeline, limit: Int, on connection: PostgresConnection
    ) async throws -> ([PostgresTimelineRow], TimelineCursor?) {
        guard limit > 0 else { return ([], nil) }
        let query = statement.rows(order: timeline.order, after: timeline.continuation, limit: limit + 1, offset: max(0, timeline.offset))
        var rows = try await connection.rows(query, logger: logger).map(PostgresTimelineRow.init(row:))
        guard rows.count > limit else { return (rows, nil) }
        rows.removeLast(rows.count - limit)
        return (rows, rows.last?.cursor)
    }

    private func newestArticleID(on connection: PostgresConnection) async throws -> ArticleID? {
        try await connection.rows("SELECT max(id) AS id FROM articles", logger: logger).first?["id"].decode(Int64?.self).map(ArticleID.init(rawValue:))
    }

    /// Articles (without reader views) by id; missing ids are absent.
    private func articles(_ ids: [ArticleID], on connection: PostgresConnection) async throws -> [ArticleID: Article] {
        guard !ids.isEmpty else { return [:] }
        var articles: [ArticleID: Article] = [:]
        for row in try await ArticleRowsByID(shape: .withContent, ids: ids.map(\.rawValue)).rows(on: connection, logger: logger) {
            let article = try Article(postgresRow: row)
            articles[article.id] = article
        }
        return articles
    }

    public func neighbours(of article: ArticleID, in timeline: Timeline, for user: UserID) async throws -> TimelineNeighbours {
        try await snapshot { connection in
            guard try await !states(of: [article.rawValue], for: user, on: connection).isEmpty,
                  let position = try await position(of: article, on: connection)
            else { return TimelineNeighbours(previous: nil, next: nil) }
            return try await neighbours(of: position, in: timeline, for: user, on: connection)
        }
    }

    /// Where the article sits in the timelines by publication: its stored date and id.
    private func position(of article: ArticleID, on connection: PostgresConnection) async throws -> TimelineCursor? {
        guard let row = try await connection.rows("SELECT published_at FROM articles WHERE id = \(article.rawValue)", logger: logger).first else { return nil }
        return TimelineCursor(publishedAtMicroseconds: try row["published_at"].decode(Int64.self), articleID: article)
    }

    /// The articles before and after the one at `position`, which the person can see.
    private func neighbours(of position: TimelineCursor, in timeline: Timeline, for user: UserID, on connection: PostgresConnection) async throws -> TimelineNeighbours {
        let statement = PostgresTimelineStatement(timeline, user: user)
        let next = statement.rows(order: timeline.order, after: position, limit: 1, offset: 0)
        let previous = statement.rows(order: timeline.order.reversed, after: position, limit: 1, offset: 0)
        return TimelineNeighbours(
            previous: try await connection.rows(previous, logger: logger).first.map { try PostgresTimelineRow(row: $0).id },
            next: try await connection.rows(next, logger: logger).first.map { try PostgresTimelineRow(row: $0).id }
        )
    }

    public func readerArticle(_ id: ArticleID, for user: UserID) async throws -> ReaderArticle? {
        try await snapshot { connection in try await readerArticle(id, for: user, on: connection) }
    }

    private func readerArticle(_ id: ArticleID, for user: UserID, on connection: PostgresConnection) async throws -> ReaderArticle? {
        guard let state = try await states(of: [id.rawValue], for: user, on: connection)[id],
              let row = try await connection.rows("""
                SELECT \(unescaped: Article.postgresSelection), \(unescaped: ReaderView.postgresSelection)
                FROM \(unescaped: Article.postgresTables) LEFT JOIN reader_views r ON r.article_id = a.id
                WHERE a.id = \(id.rawValue)
                """, logger: logger).first else { return nil }
        var article = try Article(postgresRow: row)
        article.readerView = try ReaderView(postgresRow: row)
        return ReaderArticle(article: article, state: state)
    }

    /// Everything the article page reads, in one snapshot on one connection (seven reads
    /// each took a connection from the pool and opened and closed a transaction).
    public func articleOpening(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline
    ) async throws -> ArticleOpening? {
        try await snapshot { connection in
            guard let item = try await readerArticle(id, for: user, on: connection),
                  let position = try await position(of: id, on: connection) else { return nil }
            let sourceID = item.article.sourceID
            let source = try await connection.rows(Self.sourceQuery(sourceID), logger: logger).first.map(Source.init(postgresRow:))
            let subscription = try await connection.rows(Self.subscriptionsQuery(to: [sourceID], for: user), logger: logger)
                .first.map(Subscription.init(postgresRow:))
            var opening = ArticleOpening(
                item: item, source: source, subscription: subscription,
                neighbours: try await neighbours(of: position, in: timeline(item.article), for: user, on: connection),
                coverage: nil, coverageSources: [:], coverageSubscriptions: [:]
            )
            guard let coverage = try await coverage(of: id, for: user, limit: coverageLimit, on: connection), !coverage.articles.isEmpty else { return opening }
            let sourceIDs = Set(coverage.articles.map(\.sourceID))
            opening.coverage = coverage
            opening.coverageSources = try Self.sourcesByID(try await connection.rows(Self.sourcesQuery(sourceIDs), logger: logger))
            for row in try await connection.rows(Self.subscriptionsQuery(to: sourceIDs, for: user), logger: logger) {
                let subscription = try Subscription(postgresRow: row)
                opening.coverageSubscriptions[subscription.sourceID] = subscription
            }
            return opening
        }
    }

    public func readerArticles(_ ids: [ArticleID], for user: UserID) async throws -> [ReaderArticle] {
        try await snapshot { connection in
            var seen = Set<ArticleID>()
            let unique = ids.filter { seen.insert($0).inserted }
            let states = try await states(of: unique.map(\.rawValue), for: user, on: connection)
            let articles = try await articles(unique.filter { states[$0] != nil }, on: connection)
            return unique.compactMap { id in
                guard let article = articles[id], let state = states[id] else { return nil }
                return ReaderArticle(article: article, state: state)
            }
        }
    }

    public func readingStates(of ids: [ArticleID], for user: UserID) async throws -> [ArticleID: ReadingState] {
        try await snapshot { connection in try await states(of: ids.map(\.rawValue), for: user, on: connection) }
    }

    /// The person's state for each of `ids` they can see: in their library, or starred.
    private func states(of ids: [Int64], for user: UserID, on connection: PostgresConnection) async throws -> [ArticleID: ReadingState] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [:] }
        var states: [ArticleID: ReadingState] = [:]
        for row in try await connection.rows("""
            SELECT article_id, read_at FROM reader_entries WHERE user_id = \(user.rawValue) AND article_id = ANY(\(unique))
            """, logger: logger) {
            let readAt = try row["read_at"].decode(Int64?.self)
            states[ArticleID(rawValue: try row["article_id"].decode(Int64.self))] = ReadingState(isRead: readAt != nil, readAt: StoredDate.date(readAt))
        }
        for row in try await connection.rows("""
            SELECT article_id, starred_at FROM stars WHERE user_id = \(user.rawValue) AND article_id = ANY(\(unique))
            """, logger: logger) {
            let id = ArticleID(rawValue: try row["article_id"].decode(Int64.self))
            // A star from a source the person no longer follows: visible, counted as read.
            var state = states[id] ?? ReadingState(isRead: true)
            let starredAt: Date = StoredDate.date(try row["starred_at"].decode(Int64.self))
            state.starredAt = starredAt
            states[id] = state
        }
        return states
    }

    public func setRead(_ isRead: Bool, articles ids: [ArticleID], for user: UserID, at date: Date) async throws -> Int {
        let unique = Array(Set(ids.map(\.rawValue)))
        guard !unique.isEmpty else { return 0 }
        if isRead {
            return try await rows("""
                UPDATE reader_entries SET read_at = \(StoredDate.microseconds(date))
                WHERE user_id = \(user.rawValue) AND read_at IS NULL AND article_id = ANY(\(unique)) RETURNING article_id
                """).count
        }
        return try await rows("""
            UPDATE reader_entries SET read_at = NULL
            WHERE user_id = \(user.rawValue) AND read_at IS NOT NULL AND article_id = ANY(\(unique)) RETURNING article_id
            """).count
    }

    public func setStarred(_ isStarred: Bool, articles ids: [ArticleID], for user: UserID, at date: Date) async throws -> Int {
        let unique = Array(Set(ids.map(\.rawValue)))
        guard !unique.isEmpty else { return 0 }
        if isStarred {
            // Only articles in the person's library can be starred.
            return try await rows("""
                INSERT INTO stars (user_id, article_id, starred_at)
                SELECT user_id, article_id, \(StoredDate.microseconds(date)) FROM reader_entries
                WHERE user_id = \(user.rawValue) AND article_id = ANY(\(unique))
                ON CONFLICT DO NOTHING RETURNING article_id
                """).count
        }
        return try await rows("""
            DELETE FROM stars WHERE user_id = \(user.rawValue) AND article_id = ANY(\(unique)) RETURNING article_id
            """).count
    }

    public func markAllRead(in scope: Timeline.Scope, upTo limit: MarkReadLimit, for user: UserID, at date: Date) async throws -> Int {
        var statement = BoundStatement()
        let readAt = statement.bind(StoredDate.microseconds(date))
        var conditions = ["user_id = \(statement.bind(user.rawValue))", "read_at IS NULL"]
        switch scope {
        case .all:
            break
        case .source(let source):
            conditions.append("source_id = \(statement.bind(source.rawValue))")
        case .folder(let folder):
            conditions.append("source_id IN (SELECT source_id FROM subscriptions WHERE user_id = \(statement.bind(user.rawValue)) AND folder_id = \(statement.bind(folder.rawValue)))")
        case .starred:
            conditions.append("article_id IN (SELECT article_id FROM stars WHERE user_id = \(statement.bind(user.rawValue)))")
        }
        switch limit {
        case .throughArticle(let id):
            conditions.append("article_id <= \(statement.bind(id.rawValue))")
        case .fetchedThrough(let fetched):
            conditions.append("(SELECT fetched_at FROM articles WHERE id = reader_entries.article_id) <= \(statement.bind(StoredDate.microseconds(fetched)))")
        }
        statement.append("UPDATE reader_entries SET read_at = \(readAt) WHERE \(conditions.joined(separator: " AND ")) RETURNING article_id")
        return try await rows(statement.query).count
    }
}
