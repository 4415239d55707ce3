import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    public func storyInputs(_ query: StoryInputQuery) async throws -> [StoryInput] {
        var statement = BoundStatement()
        var conditions: [String] = []
        let textLimit = statement.bind(Int64(StoryInput.textLimit))
        if let after = query.after { conditions.append("a.id > \(statement.bind(after.rawValue))") }
        if let through = query.through { conditions.append("a.id <= \(statement.bind(through.rawValue))") }
        if let since = query.publishedSince { conditions.append("a.published_at >= \(statement.bind(StoredDate.microseconds(since)))") }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        statement.append("""
            SELECT a.id, a.source_id, s.name AS source_name, t.title, t.summary,
                substr(t.content_text, 1, \(textLimit)::integer) AS text, a.published_at, a.fetched_at, p.story_id, p.copy_of
            FROM articles a JOIN article_texts t ON t.article_id = a.id JOIN sources s ON s.id = a.source_id
            LEFT JOIN article_stories p ON p.article_id = a.id
            \(whereClause)
            ORDER BY a.id LIMIT \(statement.bind(Int64(max(0, query.limit))))
            """)
        return try await rows(statement.query).map { row in
            let sourceText = try row["source_id"].decode(String.self)
            return StoryInput(
                id: ArticleID(rawValue: try row["id"].decode(Int64.self)),
                sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
                sourceName: try row["source_name"].decode(String.self),
                title: try row["title"].decode(String.self),
                summary: try row["summary"].decode(String?.self),
                text: try row["text"].decode(String?.self),
                publishedAt: StoredDate.date(try row["published_at"].decode(Int64.self)),
                fetchedAt: StoredDate.date(try row["fetched_at"].decode(Int64.self)),
                story: try row["story_id"].decode(Int64?.self).map(StoryID.init(rawValue:)),
                copyOf: try row["copy_of"].decode(Int64?.self).map(ArticleID.init(rawValue:))
            )
        }
    }

    public func storyProgress() async throws -> ArticleID? {
        try await rows("SELECT considered_through FROM story_progress WHERE id = 1").first
            .map { ArticleID(rawValue: try $0["considered_through"].decode(Int64.self)) }
    }

    /// One transaction that first locks the progress row: two processes placing at once
    /// cannot both pass the `expectedProgress` check.
    public func recordStoryPlacements(
        _ placements: [StoryPlacementRecord], consideredThrough: ArticleID, expectedProgress: ArticleID?
    ) async throws -> Bool {
        try await transaction { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(\(PostgresMigrator.stableHash("broadsheet story placement")))", logger: logger)
            let current = try await connection.rows("SELECT considered_through FROM story_progress WHERE id = 1", logger: logger)
                .first?["considered_through"].decode(Int64.self)
            guard current == expectedProgress?.rawValue else { return false }
            var changed: Set<Int64> = []
            for placement in placements {
                try await connection.run("""
                    INSERT INTO article_stories (article_id, story_id, copy_of, source_id)
                    SELECT id, \(placement.story.rawValue), \(placement.copyOf?.rawValue), source_id FROM articles WHERE id = \(placement.article.rawValue)
                    ON CONFLICT (article_id) DO UPDATE SET story_id = excluded.story_id, copy_of = excluded.copy_of, source_id = excluded.source_id
                    """, logger: logger)
                for absorbed in placement.absorbed where absorbed != placement.story {
                    try await connection.run(
                        "UPDATE article_stories SET story_id = \(placement.story.rawValue) WHERE story_id = \(absorbed.rawValue)", logger: logger
                    )
                    changed.remove(absorbed.rawValue)
                }
                changed.insert(placement.story.rawValue)
            }
            for story in changed.sorted() {
                try await connection.run("SELECT story_sources_recount(\(story))", logger: logger)
            }
            try await connection.run("""
                INSERT INTO story_progress (id, considered_through) VALUES (1, \(consideredThrough.rawValue))
                ON CONFLICT (id) DO UPDATE SET considered_through = excluded.considered_through
                """, logger: logger)
            return true
        }
    }

    /// A condition keeping only articles of sources the person follows (nothing for no person).
    private static func visibleArticles(_ user: UserID?, alias: String = "a", in statement: inout BoundStatement) -> String {
        guard let user else { return "" }
        return "AND \(alias).source_id IN (\(PostgresArticleFilters.sourcesFollowed(by: statement.bind(user.rawValue))))"
    }

    public func topStories(since: Date, minimumSources: Int, limit: Int, for user: UserID?) async throws -> [StorySummary] {
        try await snapshot { connection in
            var statement = BoundStatement()
            let sinceValue = statement.bind(StoredDate.microseconds(since))
            // A story counts when an article the person sees is recent (SQLite's says why).
            let recentVisible = Self.visibleArticles(user, alias: "recent", in: &statement)
            let visible = Self.visibleArticles(user, in: &statement)
            statement.append("""
                SELECT p.story_id AS story, count(DISTINCT a.source_id) AS sources, count(*) AS articles,
                    min(a.id) AS lead, max(a.published_at) AS latest
                FROM article_stories p JOIN articles a ON a.id = p.article_id
                WHERE p.story_id IN (
                    SELECT recent_placed.story_id FROM articles recent
                    JOIN article_stories recent_placed ON recent_placed.article_id = recent.id
                    WHERE recent.published_at >= \(sinceValue) \(recentVisible)
                ) \(visible)
                GROUP BY p.story_id
                HAVING count(DISTINCT a.source_id) >= \(statement.bind(Int64(max(1, minimumSources))))
                ORDER BY sources DESC, latest DESC, story DESC
                LIMIT \(statement.bind(Int64(max(0, limit))))
                """)
            var summaries: [StorySummary] = []
            for row in try await connection.rows(statement.query, logger: logger) {
                let story = try row["story"].decode(Int64.self)
                let leadID = try row["lead"].decode(Int64.self)
                guard let leadRow = try await connection.rows("""
                    SELECT \(unescaped: Article.postgresSelection) FROM \(unescaped: Article.postgresTables) WHERE a.id = \(leadID)
                    """, logger: logger).first else { continue }
                let lead = try Article(postgresRow: leadRow)
                var sourcesStatement = BoundStatement()
                let storyValue = sourcesStatement.bind(story)
                let sourcesVisible = Self.visibleArticles(user, in: &sourcesStatement)
                sourcesStatement.append("""
                    SELECT a.source_id FROM article_stories p JOIN articles a ON a.id = p.article_id
                    JOIN sources s ON s.id = a.source_id
                    WHERE p.story_id = \(storyValue) \(sourcesVisible)
                    GROUP BY a.source_id ORDER BY a.source_id = \(sourcesStatement.bind(lead.sourceID.rawValue)) DESC,
                        min(s.name COLLATE "C"), a.source_id COLLATE "C"
                    """)
                let sourceIDs = try await connection.rows(sourcesStatement.query, logger: logger)
                    .compactMap { SourceID(rawValue: try $0["source_id"].decode(String.self)) }
                summaries.append(StorySummary(
                    id: StoryID(rawValue: story), lead: lead, sourceCount: Int(try row["sources"].decode(Int64.self)),
                    sourceIDs: sourceIDs, articleCount: Int(try row["articles"].decode(Int64.self)),
                    latestPublishedAt: StoredDate.date(try row["latest"].decode(Int64.self))
                ))
            }
            return summaries
        }
    }

    /// The story `article` was placed in, if it was.
    private func storyID(of article: ArticleID, on connection: PostgresConnection) async throws -> Int64? {
        try await connection.rows(
            "SELECT story_id FROM article_stories WHERE article_id = \(article.rawValue)", logger: logger
        ).first?["story_id"].decode(Int64.self)
    }

    /// The statement listing `story`'s articles that `user` sees, in the order they were
    /// stored: `columns` of `tables`, which name the articles `a` and the placements `p`.
    private static func storyMembers(_ story: Int64, for user: UserID?, columns: String, tables: String) -> PostgresQuery {
        var statement = BoundStatement()
        let storyValue = statement.bind(story)
        let visible = visibleArticles(user, in: &statement)
        statement.append("SELECT \(columns) FROM \(tables) WHERE p.story_id = \(storyValue) \(visible) ORDER BY a.id")
        return statement.query
    }

    public func story(containing article: ArticleID, for user: UserID?) async throws -> Story? {
        try await snapshot { connection in
            guard let story = try await storyID(of: article, on: connection) else { return nil }
            let statement = Self.storyMembers(
                story, for: user, columns: "\(Article.postgresSelection), p.copy_of AS copy_of",
                tables: "\(Article.postgresTables) JOIN article_stories p ON p.article_id = a.id"
            )
            let members = try await connection.rows(statement, logger: logger).map { row in
                Story.Member(article: try Article(postgresRow: row), copyOf: try row["copy_of"].decode(Int64?.self).map(ArticleID.init(rawValue:)))
            }
            guard members.contains(where: { $0.article.id == article }) else { return nil }
            return Story(id: StoryID(rawValue: story), members: members)
        }
    }

    public func storyArticleIDs(containing article: ArticleID, for user: UserID?) async throws -> (story: StoryID, articles: [ArticleID])? {
        try await snapshot { connection in
            guard let story = try await storyID(of: article, on: connection) else { return nil }
            let statement = Self.storyMembers(story, for: user, columns: "a.id", tables: "articles a JOIN article_stories p ON p.article_id = a.id")
            let members = try await connection.rows(statement, logger: logger).map { row in
                ArticleID(rawValue: try row["id"].decode(Int64.self))
            }
            guard members.contains(article) else { return nil }
            return (StoryID(rawValue: story), members)
        }
    }

    public func coverage(of article: ArticleID, for user: UserID?, limit: Int) async throws -> StoryCoverage? {
        try await snapshot { connection in try await coverage(of: article, for: user, limit: limit, on: connection) }
    }

    func coverage(of article: ArticleID, for user: UserID?, limit: Int, on connection: PostgresConnection) async throws -> StoryCoverage? {
        var placedStatement = BoundStatement()
        let articleValue = placedStatement.bind(article.rawValue)
        // Members are told apart by the source kept beside their placement (`p.source_id`,
        // migration v13): the counts and the pick of the first members read only the
        // story's placements, and only the picked members are joined to their articles.
        let placedVisible = Self.visibleArticles(user, alias: "p", in: &placedStatement)
        placedStatement.append("""
            SELECT p.story_id, p.source_id FROM article_stories p
            WHERE p.article_id = \(articleValue) \(placedVisible)
            """)
        guard let placed = try await connection.rows(placedStatement.query, logger: logger).first else { return nil }
        let story = try placed["story_id"].decode(Int64.self)
        let source = try placed["source_id"].decode(String.self)
        // Counted from the story's rows per source (`story_source_counts`, migration v16):
        // about one row per source, where the members can be thousands.
        var countStatement = BoundStatement()
        let storyValue = countStatement.bind(story)
        let sourceValue = countStatement.bind(source)
        let countedVisible = Self.visibleArticles(user, alias: "c", in: &countStatement)
        countStatement.append("""
            SELECT coalesce(sum(c.articles), 0)::bigint AS articles, count(*) AS sources
            FROM story_source_counts c WHERE c.story_id = \(storyValue) AND c.source_id <> \(sourceValue) \(countedVisible)
            """)
        let counts = try await connection.rows(countStatement.query, logger: logger).first
        // Each other source's first article, oldest first (SQLite's says why), from the
        // story-source-article index (migration v16); only the picked are joined to articles.
        var listStatement = BoundStatement()
        let listStory = listStatement.bind(story)
        let listSource = listStatement.bind(source)
        let firstsVisible = Self.visibleArticles(user, alias: "c", in: &listStatement)
        let limitValue = listStatement.bind(Int64(max(0, limit)))
        listStatement.append("""
            WITH firsts AS (
                SELECT (
                    SELECT p.article_id FROM article_stories p WHERE p.story_id = c.story_id AND p.source_id = c.source_id
                    ORDER BY p.article_id LIMIT 1
                ) AS id
                FROM story_source_counts c WHERE c.story_id = \(listStory) AND c.source_id <> \(listSource) \(firstsVisible)
                ORDER BY 1 LIMIT \(limitValue)
            )
            SELECT \(Article.postgresSelection)
            FROM \(Article.postgresTables) JOIN firsts ON firsts.id = a.id
            ORDER BY a.id
            """)
        let articles = try await connection.rows(listStatement.query, logger: logger).map { try Article(postgresRow: $0) }
        return StoryCoverage(
            story: StoryID(rawValue: story), articles: articles,
            articleCount: Int(try counts?["articles"].decode(Int64.self) ?? 0), sourceCount: Int(try counts?["sources"].decode(Int64.self) ?? 0)
        )
    }

    public func storyMemberships(of articles: [ArticleID]) async throws -> [ArticleID: StoryMembership] {
        guard !articles.isEmpty else { return [:] }
        var memberships: [ArticleID: StoryMembership] = [:]
        for row in try await rows("""
            SELECT p.article_id, p.story_id, p.copy_of, a.story_sources
            FROM article_stories p JOIN articles a ON a.id = p.article_id
            WHERE p.article_id = ANY(\(articles.map(\.rawValue)))
            """) {
            memberships[ArticleID(rawValue: try row["article_id"].decode(Int64.self))] = StoryMembership(
                story: StoryID(rawValue: try row["story_id"].decode(Int64.self)),
                sourceCount: Int(try row["story_sources"].decode(Int32.self)),
                copyOf: try row["copy_of"].decode(Int64?.self).map(ArticleID.init(rawValue:))
            )
        }
        return memberships
    }
}
