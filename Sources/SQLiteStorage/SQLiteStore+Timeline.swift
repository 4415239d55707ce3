import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func timeline(_ timeline: Timeline, for user: UserID) async throws -> TimelinePage {
        let limit = min(max(timeline.limit, 0), Timeline.maximumArticlesPerPage)
        let statement = TimelineStatement(timeline, user: user)
        return try await pool.read { db in
            // One read transaction: the page, its total and the high-water mark agree.
            let (rows, continuation) = try Self.rows(of: statement, timeline, limit: limit, in: db)
            let total = timeline.includesTotal ? try Int.fetchOne(db.cachedStatement(sql: statement.count.sql), arguments: statement.count.arguments) ?? 0 : nil
            let articles = try Self.articles(rows.map(\.id), in: db)
            let page = rows.compactMap { row in articles[row.id].map { ReaderArticle(article: $0, state: row.state) } }
            return TimelinePage(articles: page, continuation: continuation, totalCount: total, newestArticleID: try Self.newestArticleID(in: db))
        }
    }

    public func timelineReferences(_ timeline: Timeline, for user: UserID) async throws -> TimelineReferences {
        let limit = min(max(timeline.limit, 0), Timeline.maximumReferencesPerPage)
        let statement = TimelineStatement(timeline, user: user)
        return try await pool.read { db in
            let (rows, continuation) = try Self.rows(of: statement, timeline, limit: limit, in: db)
            return TimelineReferences(references: rows.map(\.reference), continuation: continuation)
        }
    }

    /// Up to `limit` rows after the timeline's continuation, and the cursor of the next page
    /// when there is one (one row more is read to know).
    private static func rows(of statement: TimelineStatement, _ timeline: Timeline, limit: Int, in db: Database) throws -> ([TimelineRow], TimelineCursor?) {
        guard limit > 0 else { return ([], nil) }
        let query = statement.rows(order: timeline.order, after: timeline.continuation, limit: limit + 1, offset: max(0, timeline.offset))
        var rows = try db.rows(query.sql, arguments: query.arguments, TimelineRow.init(row:))
        guard rows.count > limit else { return (rows, nil) }
        rows.removeLast(rows.count - limit)
        return (rows, rows.last?.cursor)
    }

    static func newestArticleID(in db: Database) throws -> ArticleID? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM articles")).map(ArticleID.init(rawValue:))
    }

    /// Articles (without reader views, and without their whole texts unless asked) by id;
    /// missing ids are absent.
    static func articles(_ ids: [ArticleID], includingContent: Bool = true, in db: Database) throws -> [ArticleID: Article] {
        try articles(ids, selection: includingContent ? Article.selection : Article.selectionWithoutContent, in: db)
    }

    /// The articles of `ids` read with `selection` (`Article.selection` or one of its forms
    /// with columns left NULL), by id.
    static func articles(_ ids: [ArticleID], selection: String, in db: Database) throws -> [ArticleID: Article] {
        var articles: [ArticleID: Article] = [:]
        for chunk in chunked(ids.map(\.rawValue)) {
            for article in try db.columnRows(
                "SELECT \(selection) FROM \(listedIDs(1)) CROSS JOIN \(Article.tables) WHERE a.id = listed.value", arguments: [jsonArray(chunk)],
                { try Article(columns: $0) }
            ) {
                articles[article.id] = article
            }
        }
        return articles
    }

    /// Ids in groups small enough for one statement's parameters.
    static func chunked<Element>(_ ids: [Element], size: Int = 500) -> [[Element]] {
        stride(from: 0, to: ids.count, by: size).map { Array(ids[$0..<min($0 + size, ids.count)]) }
    }

    public func neighbours(of article: ArticleID, in timeline: Timeline, for user: UserID) async throws -> TimelineNeighbours {
        try await pool.read { db in
            guard try !Self.states(of: [article.rawValue], for: user, in: db).isEmpty,
                  let position = try Self.position(of: article, in: db)
            else { return TimelineNeighbours(previous: nil, next: nil) }
            return try Self.neighbours(of: position, in: timeline, for: user, in: db)
        }
    }

    /// Where the article sits in the timelines by publication: its stored date (not its
    /// `Date` converted back, which may not round-trip to the same microsecond) and its id.
    static func position(of article: ArticleID, in db: Database) throws -> TimelineCursor? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT published_at FROM articles WHERE id = ?"), arguments: [article.rawValue])
            .map { TimelineCursor(publishedAtMicroseconds: $0, articleID: article) }
    }

    /// The articles before and after the one at `position`, which the person can see.
    static func neighbours(of position: TimelineCursor, in timeline: Timeline, for user: UserID, in db: Database) throws -> TimelineNeighbours {
        let statement = TimelineStatement(timeline, user: user)
        func id(_ query: (sql: String, arguments: StatementArguments)) throws -> ArticleID? {
            try Int64.fetchOne(db.cachedStatement(sql: query.sql), arguments: query.arguments).map(ArticleID.init(rawValue:))
        }
        return TimelineNeighbours(
            previous: try id(statement.nextID(order: timeline.order.reversed, after: position)),
            next: try id(statement.nextID(order: timeline.order, after: position))
        )
    }

    public func readerArticle(_ id: ArticleID, for user: UserID) async throws -> ReaderArticle? {
        try await pool.read { db in try Self.readerArticle(id, for: user, in: db) }
    }

    static func readerArticle(_ id: ArticleID, for user: UserID, in db: Database) throws -> ReaderArticle? {
        try placedReaderArticle(id, for: user, in: db)?.item
    }

    /// The article with its reader view and the person's state of it (nil when they cannot
    /// see it, as `states(of:for:in:)` leaves it out), and its place in the timelines by publication (its
    /// stored date, which its `Date` may not give back to the microsecond). One statement:
    /// every article page reads all three, and as three statements they cost it more.
    static func placedReaderArticle(_ id: ArticleID, for user: UserID, in db: Database) throws -> (item: ReaderArticle, position: TimelineCursor)? {
        let found = try db.columnRow(placedReaderArticleSQL, arguments: [user.rawValue, id.rawValue]) { row -> (ReaderArticle, TimelineCursor)? in
            let stateColumn = Article.columnCount + ReaderView.columnCount
            let entry = try row.bool(at: stateColumn) ? entryState(readAt: try row.optionalInt64(at: stateColumn + 1)) : nil
            let starredAt = try row.optionalInt64(at: stateColumn + 2)
            guard let state = starredAt.map({ starred(entry, at: $0) }) ?? entry else { return nil }
            var article = try Article(columns: row)
            article.readerView = try ReaderView(row: row, startingAt: Article.columnCount)
            let position = TimelineCursor(publishedAtMicroseconds: try Article.storedPublishedAt(in: row), articleID: id)
            return (ReaderArticle(article: article, state: state), position)
        }
        return found ?? nil
    }

    private static let placedReaderArticleSQL = """
        SELECT \(Article.selection), \(ReaderView.selection), re.user_id IS NOT NULL, re.read_at, st.starred_at
        FROM \(Article.tables) LEFT JOIN reader_views r ON r.article_id = a.id
        LEFT JOIN reader_entries re ON re.user_id = ?1 AND re.article_id = a.id
        LEFT JOIN stars st ON st.user_id = ?1 AND st.article_id = a.id
        WHERE a.id = ?2
        """

    /// Everything the article page reads, in one read transaction on one connection.
    public func articleOpening(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline
    ) async throws -> ArticleOpening? {
        try await pool.read { db in try Self.articleOpening(id, for: user, coverageLimit: coverageLimit, timeline: timeline, in: db) }
    }

    /// The opening read and, when the article was unread, its mark, in one write on the
    /// writer's connection. A first opening writes anyway; reading in the same transaction
    /// spares the request a hand-off to a reader connection's thread and back, and the
    /// writer, whose own commits leave its page cache good, does not read the pages again
    /// from the file as a reader connection must after every commit. Its transaction's
    /// statements are prepared once (`inCachedTransaction`).
    public func openArticle(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline,
        readsWholeStory: Bool, at time: Date
    ) async throws -> ArticleOpening? {
        let readAt = StoredDate.microseconds(time)
        return try await pool.writeWithoutTransaction { db in
            try db.inCachedTransaction {
                guard var opening = try Self.articleOpening(id, for: user, coverageLimit: coverageLimit, timeline: timeline, in: db) else { return nil }
                guard !opening.item.state.isRead else { return opening }
                var marked = [id]
                if readsWholeStory, let story = try Self.storyArticleIDs(containing: id, for: user, in: db) {
                    marked = story.articles
                }
                commits.nextCommitChanges(.readingState(of: user))
                _ = try Self.markRead(marked.map(\.rawValue), for: user, readAt: readAt, in: db)
                opening.item.state.isRead = true
                return opening
            }
        }
    }

    static func articleOpening(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline, in db: Database
    ) throws -> ArticleOpening? {
        guard let (item, position) = try placedReaderArticle(id, for: user, in: db) else { return nil }
        let article = item.article
        let neighbours = try neighbours(of: position, in: timeline(article), for: user, in: db)
        let coverage = try coverage(of: id, for: user, limit: coverageLimit, in: db).flatMap { $0.articles.isEmpty ? nil : $0 }
        // The article's source and its coverage's, with the person's subscriptions, at once.
        let coverageSourceIDs = Set(coverage?.articles.map(\.sourceID) ?? [])
        let (sources, subscriptions) = try sourcesWithSubscriptions(coverageSourceIDs.union([article.sourceID]), for: user, in: db)
        return ArticleOpening(
            item: item, source: sources[article.sourceID], subscription: subscriptions[article.sourceID], neighbours: neighbours,
            coverage: coverage,
            coverageSources: sources.filter { coverageSourceIDs.contains($0.key) },
            coverageSubscriptions: subscriptions.filter { coverageSourceIDs.contains($0.key) }
        )
    }

    public func readerArticles(_ ids: [ArticleID], for user: UserID) async throws -> [ReaderArticle] {
        try await pool.read { db in
            var seen = Set<ArticleID>()
            let unique = ids.filter { seen.insert($0).inserted }
            let states = try Self.states(of: unique.map(\.rawValue), for: user, in: db)
            let articles = try Self.articles(unique.filter { states[$0] != nil }, in: db)
            return unique.compactMap { id in
                guard let article = articles[id], let state = states[id] else { return nil }
                return ReaderArticle(article: article, state: state)
            }
        }
    }

    public func readingStates(of ids: [ArticleID], for user: UserID) async throws -> [ArticleID: ReadingState] {
        try await pool.read { db in try Self.states(of: ids.map(\.rawValue), for: user, in: db) }
    }

    /// The state a library entry read at `readAt` (nil: unread) gives.
    private static func entryState(readAt: Int64?) -> ReadingState {
        ReadingState(isRead: readAt != nil, readAt: StoredDate.date(readAt))
    }

    /// `entry` starred at `starredAt`. A star without an entry is from a source the person no
    /// longer follows: visible, counted as read.
    private static func starred(_ entry: ReadingState?, at starredAt: Int64) -> ReadingState {
        var state = entry ?? ReadingState(isRead: true)
        state.starredAt = StoredDate.date(starredAt)
        return state
    }

    /// The person's state for each of `ids` they can see: in their library, or starred.
    static func states(of ids: [Int64], for user: UserID, in db: Database) throws -> [ArticleID: ReadingState] {
        var states: [ArticleID: ReadingState] = [:]
        for chunk in chunked(Array(Set(ids))) {
            let arguments: StatementArguments = [user.rawValue, jsonArray(chunk)]
            let entries = try db.rows(
                """
                SELECT e.article_id, e.read_at FROM \(listedIDs(2)) CROSS JOIN reader_entries e
                WHERE e.user_id = ?1 AND e.article_id = listed.value
                """, arguments: arguments
            ) { row in (try row.decode(Int64.self, atIndex: 0), try row.decode(Int64?.self, atIndex: 1)) }
            for (id, readAt) in entries {
                states[ArticleID(rawValue: id)] = entryState(readAt: readAt)
            }
            let stars = try db.rows(
                """
                SELECT st.article_id, st.starred_at FROM \(listedIDs(2)) CROSS JOIN stars st
                WHERE st.user_id = ?1 AND st.article_id = listed.value
                """, arguments: arguments
            ) { row in (try row.decode(Int64.self, atIndex: 0), try row.decode(Int64.self, atIndex: 1)) }
            for (rawID, starredAt) in stars {
                let id = ArticleID(rawValue: rawID)
                states[id] = starred(states[id], at: starredAt)
            }
        }
        return states
    }

    public func setRead(_ isRead: Bool, articles ids: [ArticleID], for user: UserID, at date: Date) async throws -> Int {
        let readAt = StoredDate.microseconds(date)
        return try await pool.write { db in
            commits.nextCommitChanges(.readingState(of: user))
            if isRead { return try Self.markRead(ids.map(\.rawValue), for: user, readAt: readAt, in: db) }
            var changed = 0
            for chunk in Self.chunked(Array(Set(ids.map(\.rawValue)))) {
                try db.cachedStatement(
                    sql: "UPDATE reader_entries SET read_at = NULL WHERE user_id = ? AND read_at IS NOT NULL AND article_id IN \(Self.idList)"
                ).execute(arguments: [user.rawValue, Self.jsonArray(chunk)])
                changed += db.changesCount
            }
            return changed
        }
    }

    /// Marks the unread of `ids` read at `readAt`; returns how many it marked. One statement
    /// text for any number of ids (`idList`), prepared once per connection; and one for a
    /// single id, which every first opening of an article runs: `IN idList` copies even a
    /// list of one into a temporary b-tree.
    static func markRead(_ ids: [Int64], for user: UserID, readAt: Int64, in db: Database) throws -> Int {
        var changed = 0
        for chunk in chunked(Array(Set(ids))) {
            if chunk.count == 1 {
                try db.cachedStatement(
                    sql: "UPDATE reader_entries SET read_at = ? WHERE user_id = ? AND read_at IS NULL AND article_id = ?"
                ).execute(arguments: [readAt, user.rawValue, chunk[0]])
            } else {
                try db.cachedStatement(
                    sql: "UPDATE reader_entries SET read_at = ? WHERE user_id = ? AND read_at IS NULL AND article_id IN \(idList)"
                ).execute(arguments: [readAt, user.rawValue, jsonArray(chunk)])
            }
            changed += db.changesCount
        }
        return changed
    }

    public func setStarred(_ isStarred: Bool, articles ids: [ArticleID], for user: UserID, at date: Date) async throws -> Int {
        let starredAt = StoredDate.microseconds(date)
        return try await pool.write { db in
            commits.nextCommitChanges(.readingState(of: user))
            var changed = 0
            for chunk in Self.chunked(Array(Set(ids.map(\.rawValue)))) {
                let placeholders = ArticleQueryStatement.placeholders(chunk.count)
                if isStarred {
                    // Only articles in the person's library can be starred.
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO stars (user_id, article_id, starred_at)
                            SELECT user_id, article_id, ? FROM reader_entries WHERE user_id = ? AND article_id IN (\(placeholders))
                            """,
                        arguments: StatementArguments([starredAt, user.rawValue]) + StatementArguments(chunk)
                    )
                } else {
                    try db.execute(
                        sql: "DELETE FROM stars WHERE user_id = ? AND article_id IN (\(placeholders))",
                        arguments: StatementArguments([user.rawValue]) + StatementArguments(chunk)
                    )
                }
                changed += db.changesCount
            }
            return changed
        }
    }

    public func markAllRead(in scope: Timeline.Scope, upTo limit: MarkReadLimit, for user: UserID, at date: Date) async throws -> Int {
        var conditions = ["user_id = ?", "read_at IS NULL"]
        let readAt: Int64 = StoredDate.microseconds(date)
        var arguments: StatementArguments = [readAt, user.rawValue]
        switch scope {
        case .all:
            break
        case .source(let source):
            conditions.append("source_id = ?")
            arguments += [source.rawValue]
        case .folder(let folder):
            conditions.append("source_id IN (SELECT source_id FROM subscriptions WHERE user_id = ? AND folder_id = ?)")
            arguments += [user.rawValue, folder.rawValue]
        case .starred:
            conditions.append("article_id IN (SELECT article_id FROM stars WHERE user_id = ?)")
            arguments += [user.rawValue]
        }
        switch limit {
        case .throughArticle(let id):
            conditions.append("article_id <= ?")
            arguments += [id.rawValue]
        case .fetchedThrough(let fetched):
            conditions.append("(SELECT fetched_at FROM articles WHERE id = reader_entries.article_id) <= ?")
            let fetchedAt: Int64 = StoredDate.microseconds(fetched)
            arguments += [fetchedAt]
        }
        let sql = "UPDATE reader_entries SET read_at = ? WHERE \(conditions.joined(separator: " AND "))"
        return try await pool.write { [arguments] db in
            commits.nextCommitChanges(.readingState(of: user))
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount
        }
    }
}
