import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore: StoryStore {
    public func storyInputs(_ query: StoryInputQuery) async throws -> [StoryInput] {
        var conditions: [String] = []
        // The text limit is the first placeholder, in the select list.
        var arguments: StatementArguments = [StoryInput.textLimit]
        if let after = query.after {
            conditions.append("a.id > ?")
            arguments += [after.rawValue]
        }
        if let through = query.through {
            conditions.append("a.id <= ?")
            arguments += [through.rawValue]
        }
        if let since = query.publishedSince {
            conditions.append("a.published_at >= ?")
            let microseconds: Int64 = StoredDate.microseconds(since)
            arguments += [microseconds]
        }
        arguments += [max(0, query.limit)]
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let boundArguments = arguments
        return try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT a.id, a.source_id, s.name AS source_name, t.title, t.summary,
                        substr(t.content_text, 1, ?) AS text, a.published_at, a.fetched_at, p.story_id, p.copy_of
                    FROM articles a JOIN article_texts t ON t.article_id = a.id JOIN sources s ON s.id = a.source_id
                    LEFT JOIN article_stories p ON p.article_id = a.id
                    \(whereClause)
                    ORDER BY a.id LIMIT ?
                    """,
                arguments: boundArguments
            ).map { row in
                let sourceText: String = try row.decode(forColumn: "source_id")
                return StoryInput(
                    id: ArticleID(rawValue: try row.decode(forColumn: "id")),
                    sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
                    sourceName: try row.decode(forColumn: "source_name"),
                    title: try row.decode(forColumn: "title"),
                    summary: try row.decode(forColumn: "summary"),
                    text: try row.decode(forColumn: "text"),
                    publishedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "published_at")),
                    fetchedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "fetched_at")),
                    story: (try row.decode(Int64?.self, forColumn: "story_id")).map(StoryID.init(rawValue:)),
                    copyOf: (try row.decode(Int64?.self, forColumn: "copy_of")).map(ArticleID.init(rawValue:))
                )
            }
        }
    }

    public func storyProgress() async throws -> ArticleID? {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT considered_through FROM story_progress WHERE id = 1").map(ArticleID.init(rawValue:))
        }
    }

    public func recordStoryPlacements(
        _ placements: [StoryPlacementRecord], consideredThrough: ArticleID, expectedProgress: ArticleID?
    ) async throws -> Bool {
        try await pool.write { db in
            let current = try Int64.fetchOne(db, sql: "SELECT considered_through FROM story_progress WHERE id = 1")
            guard current == expectedProgress?.rawValue else { return false }
            let place = try db.makeStatement(sql: """
                INSERT INTO article_stories (article_id, story_id, copy_of, source_id)
                SELECT id, ?, ?, source_id FROM articles WHERE id = ?
                ON CONFLICT (article_id) DO UPDATE SET story_id = excluded.story_id, copy_of = excluded.copy_of, source_id = excluded.source_id
                """)
            let absorb = try db.makeStatement(sql: "UPDATE article_stories SET story_id = ? WHERE story_id = ?")
            var changed: Set<Int64> = []
            for placement in placements {
                try place.execute(arguments: [placement.story.rawValue, placement.copyOf?.rawValue, placement.article.rawValue])
                for absorbed in placement.absorbed where absorbed != placement.story {
                    try absorb.execute(arguments: [placement.story.rawValue, absorbed.rawValue])
                    changed.remove(absorbed.rawValue)
                }
                changed.insert(placement.story.rawValue)
            }
            let recount = try db.makeStatement(sql: """
                UPDATE articles SET story_sources = (SELECT count(*) FROM story_source_counts WHERE story_id = ?1)
                WHERE id IN (SELECT article_id FROM article_stories WHERE story_id = ?1)
                    AND story_sources IS NOT (SELECT count(*) FROM story_source_counts WHERE story_id = ?1)
                """)
            for story in changed.sorted() {
                try recount.execute(arguments: [story])
            }
            try db.execute(
                sql: """
                    INSERT INTO story_progress (id, considered_through) VALUES (1, ?)
                    ON CONFLICT (id) DO UPDATE SET considered_through = excluded.considered_through
                    """,
                arguments: [consideredThrough.rawValue]
            )
            return true
        }
    }

    /// The stories with an article the person sees published since `since`, counted whole.
    /// The grid asks each time the library changed, so nothing here walks a story's members:
    /// the recent articles give each story's latest date (a story's latest article is one of
    /// them), its counts per source give its sources and articles (`story_source_counts`), and
    /// its placements' index its first article. (Joining every member to its article made a
    /// story of 3,500 articles cost the grid 3.5 ms a render.)
    public func topStories(since: Date, minimumSources: Int, limit: Int, for user: UserID?) async throws -> [StorySummary] {
        let (recentVisible, visibleArguments) = Self.visibleArticles(alias: "a", for: user)
        let (countedVisible, _) = Self.visibleArticles(alias: "c", for: user)
        let (placedVisible, _) = Self.visibleArticles(alias: "p", for: user)
        return try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH recent AS (
                        SELECT p.story_id AS story, max(a.published_at) AS latest
                        FROM articles a JOIN article_stories p ON p.article_id = a.id
                        WHERE a.published_at >= ? \(recentVisible)
                        GROUP BY p.story_id
                    ), counted AS (
                        SELECT r.story AS story, r.latest AS latest, count(*) AS sources, sum(c.articles) AS articles
                        FROM recent r JOIN story_source_counts c ON c.story_id = r.story
                        WHERE 1 \(countedVisible)
                        GROUP BY r.story
                        HAVING count(*) >= ?
                    )
                    SELECT story, sources, articles, latest,
                        (SELECT min(p.article_id) FROM article_stories p WHERE p.story_id = counted.story \(placedVisible)) AS lead
                    FROM counted
                    ORDER BY sources DESC, latest DESC, story DESC
                    LIMIT ?
                    """,
                arguments: [StoredDate.microseconds(since) as Int64] + visibleArguments + visibleArguments + [max(1, minimumSources)]
                    + visibleArguments + [max(0, limit)]
            )
            var summaries: [StorySummary] = []
            for row in rows {
                let story: Int64 = try row.decode(forColumn: "story")
                guard let leadID: Int64 = try row.decode(forColumn: "lead"),
                      let lead = try db.row("SELECT \(Article.selection) FROM \(Article.tables) WHERE a.id = ?", arguments: [leadID], Article.init(row:)) else {
                    continue
                }
                let sourceTexts = try String.fetchAll(
                    db,
                    sql: """
                        SELECT c.source_id FROM story_source_counts c JOIN sources s ON s.id = c.source_id
                        WHERE c.story_id = ? \(countedVisible)
                        ORDER BY c.source_id = ? DESC, s.name, c.source_id
                        """,
                    arguments: [story] + visibleArguments + [lead.sourceID.rawValue]
                )
                summaries.append(StorySummary(
                    id: StoryID(rawValue: story), lead: lead, sourceCount: try row.decode(forColumn: "sources"),
                    sourceIDs: sourceTexts.compactMap(SourceID.init(rawValue:)), articleCount: try row.decode(forColumn: "articles"),
                    latestPublishedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "latest"))
                ))
            }
            return summaries
        }
    }

    /// The story `article` was placed in, if it was.
    private static func storyID(of article: ArticleID, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT story_id FROM article_stories WHERE article_id = ?", arguments: [article.rawValue])
    }

    /// The statement listing a story's articles that `user` sees, in the order they were
    /// stored: `columns` of `tables`, which name the articles `a` and the placements `p`;
    /// bound with the story's id and then the `arguments` returned.
    private static func storyMembersSQL(columns: String, tables: String, for user: UserID?) -> (sql: String, arguments: StatementArguments) {
        let (visible, visibleArguments) = visibleArticles(alias: "a", for: user)
        return ("SELECT \(columns) FROM \(tables) WHERE p.story_id = ? \(visible) ORDER BY a.id", visibleArguments)
    }

    public func story(containing article: ArticleID, for user: UserID?) async throws -> Story? {
        let statement = Self.storyMembersSQL(
            columns: "\(Article.selectionWithoutContent), p.copy_of AS copy_of",
            tables: "\(Article.tables) JOIN article_stories p ON p.article_id = a.id", for: user
        )
        return try await pool.read { db in
            guard let story = try Self.storyID(of: article, in: db) else { return nil }
            // Without the whole texts, read through the statement's cursor: a large story's
            // rows, copied, cost more in column look-ups by name than the query itself.
            let members = try db.rows(statement.sql, arguments: [story] + statement.arguments) { row in
                Story.Member(article: try Article(row: row), copyOf: (try row.decode(Int64?.self, forColumn: "copy_of")).map(ArticleID.init(rawValue:)))
            }
            guard members.contains(where: { $0.article.id == article }) else { return nil }
            return Story(id: StoryID(rawValue: story), members: members)
        }
    }

    public func storyArticleIDs(containing article: ArticleID, for user: UserID?) async throws -> (story: StoryID, articles: [ArticleID])? {
        try await pool.read { db in try Self.storyArticleIDs(containing: article, for: user, in: db) }
    }

    static func storyArticleIDs(containing article: ArticleID, for user: UserID?, in db: Database) throws -> (story: StoryID, articles: [ArticleID])? {
        let statement = storyMembersSQL(columns: "a.id", tables: "articles a JOIN article_stories p ON p.article_id = a.id", for: user)
        guard let story = try storyID(of: article, in: db) else { return nil }
        let members = try Int64.fetchAll(db, sql: statement.sql, arguments: [story] + statement.arguments).map(ArticleID.init(rawValue:))
        guard members.contains(article) else { return nil }
        return (StoryID(rawValue: story), members)
    }

    public func coverage(of article: ArticleID, for user: UserID?, limit: Int) async throws -> StoryCoverage? {
        try await pool.read { db in try Self.coverage(of: article, for: user, limit: limit, in: db) }
    }

    static func coverage(of article: ArticleID, for user: UserID?, limit: Int, in db: Database) throws -> StoryCoverage? {
        // Parameters: ?1 the article, ?2 the person (NULL for nobody, and then unused).
        // The story's members are told apart by the source kept beside their placement
        // (`p.source_id`, migration v13), and counted from the story's rows per source
        // (`story_source_counts`, migration v16): about one row per source, where the
        // members can be thousands. The placement and the counts are one statement.
        let arguments: StatementArguments = [article.rawValue, user?.rawValue]
        let found = try db.columnRow(
            """
            SELECT p.story_id, p.source_id, coalesce(sum(c.articles), 0), count(c.source_id)
            FROM article_stories p
            LEFT JOIN story_source_counts c ON c.story_id = p.story_id AND c.source_id <> p.source_id \(followedSource(alias: "c", for: user))
            WHERE p.article_id = ?1 \(followedSource(alias: "p", for: user))
            """,
            // Without a person the statement's last parameter is ?1.
            arguments: user == nil ? [article.rawValue] : arguments
        ) { row -> (story: Int64, source: String, articles: Int, sources: Int)? in
            // An aggregate gives its one row even for an article in no story.
            guard let story = try row.optionalInt64(at: 0) else { return nil }
            return (story, try row.text(at: 1), try row.int(at: 2), try row.int(at: 3))
        }
        guard let placed = found ?? nil else { return nil }
        // Each other source's first article, oldest first: "Also covered by" names the other
        // sources, and a story one source covered in thirty articles filled the list with that
        // source alone. Picked on the placements alone (each source's first is the first of
        // its entries in the story-and-source index, read with `ORDER BY … LIMIT 1`: SQLite's
        // `min()` walked all of them), and only the picked are joined to their articles.
        let picked = try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT (SELECT p.article_id FROM article_stories p WHERE p.story_id = c.story_id AND p.source_id = c.source_id ORDER BY p.article_id LIMIT 1) AS first
                FROM story_source_counts c WHERE c.story_id = ?3 AND c.source_id <> ?4 \(followedSource(alias: "c", for: user))
                ORDER BY first LIMIT ?5
                """),
            arguments: arguments + [placed.story, placed.source, max(0, limit)]
        )
        let byID = try articles(picked.map(ArticleID.init(rawValue:)), selection: Article.headlineSelection, in: db)
        return StoryCoverage(
            story: StoryID(rawValue: placed.story), articles: picked.compactMap { byID[ArticleID(rawValue: $0)] },
            articleCount: placed.articles, sourceCount: placed.sources
        )
    }

    /// As `visibleArticles`, for a statement with the person at parameter `?2`: a look-up of
    /// the person's subscription per row, where `IN (SELECT …)` first copies all their
    /// subscriptions into a temporary b-tree, at every run of every article page.
    private static func followedSource(alias: String, for user: UserID?) -> String {
        guard user != nil else { return "" }
        return "AND EXISTS (SELECT 1 FROM subscriptions f WHERE f.user_id = ?2 AND f.source_id = \(alias).source_id)"
    }

    public func storyMemberships(of articles: [ArticleID]) async throws -> [ArticleID: StoryMembership] {
        guard !articles.isEmpty else { return [:] }
        return try await pool.read { db in
            var memberships: [ArticleID: StoryMembership] = [:]
            // SQLite allows 32 766 bound values; pages are far smaller, but long lists are cut.
            for chunk in stride(from: 0, to: articles.count, by: 500).map({ Array(articles[$0..<min($0 + 500, articles.count)]) }) {
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT p.article_id, p.story_id, p.copy_of, a.story_sources
                        FROM article_stories p JOIN articles a ON a.id = p.article_id
                        WHERE p.article_id IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))
                        """,
                    arguments: StatementArguments(chunk.map(\.rawValue))
                )
                for row in rows {
                    memberships[ArticleID(rawValue: try row.decode(forColumn: "article_id"))] = StoryMembership(
                        story: StoryID(rawValue: try row.decode(forColumn: "story_id")),
                        sourceCount: try row.decode(forColumn: "story_sources"),
                        copyOf: (try row.decode(Int64?.self, forColumn: "copy_of")).map(ArticleID.init(rawValue:))
                    )
                }
            }
            return memberships
        }
    }

    /// A condition keeping only articles of sources the person follows (nothing for no person).
    private static func visibleArticles(alias: String, for user: UserID?) -> (String, StatementArguments) {
        guard let user else { return ("", []) }
        return ("AND \(alias).source_id IN (SELECT source_id FROM subscriptions WHERE user_id = ?)", [user.rawValue])
    }
}
