import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore: LibraryCopying {
    public func libraryCounts() async throws -> LibraryCounts {
        try await pool.read { db in
            func count(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
            var counts = LibraryCounts(
                sources: try count("sources"), feedStates: try count("feed_state"), articles: try count("articles"),
                readerViews: try count("reader_views"), apiKeys: try count("api_keys"), settings: try count("settings"),
                largestArticleID: try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM articles") ?? 0,
                totalReads: try Int64.fetchOne(db, sql: "SELECT coalesce(sum(read_count), 0) FROM articles") ?? 0
            )
            try Self.countPeople(into: &counts, in: db)
            return counts
        }
    }

    public func exportSources() async throws -> [SourceRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Source.selection(from: "s")), \(FeedState.selection(from: "f"))
                FROM sources s LEFT JOIN feed_state f ON f.source_id = s.id ORDER BY s.id
                """).map { SourceRecord(source: try Source(row: $0), state: try FeedState(row: $0)) }
        }
    }

    public func exportArticles(after id: Int64, limit: Int) async throws -> [Article] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Article.selection), \(ReaderView.selection)
                FROM \(Article.tables) LEFT JOIN reader_views r ON r.article_id = a.id
                WHERE a.id > ? ORDER BY a.id LIMIT ?
                """, arguments: [id, limit]).map { row in
                var article = try Article(row: row)
                article.readerView = try ReaderView(row: row, startingAt: Article.columnCount)
                return article
            }
        }
    }

    public func exportAPIKeys() async throws -> [APIKeyRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, user_id, name, is_enabled, created_at, prefix, secret_sha256 FROM api_keys ORDER BY id").map { row in
                APIKeyRecord(
                    key: APIKey(
                        id: try row.decode(forColumn: "id"), userID: UserID(rawValue: try row.decode(forColumn: "user_id")),
                        name: try row.decode(forColumn: "name"),
                        isEnabled: try row.decode(forColumn: "is_enabled"),
                        createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "created_at")),
                        prefix: try row.decode(forColumn: "prefix")
                    ),
                    secretHash: try row.decode(forColumn: "secret_sha256")
                )
            }
        }
    }

    public func exportSettings() async throws -> [String: String] {
        try await pool.read { db in
            var settings: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM settings") {
                settings[try row.decode(forColumn: "key")] = try row.decode(forColumn: "value")
            }
            return settings
        }
    }

    public func articleIDHighWater() async throws -> Int64 {
        try await pool.read { db in
            let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'articles'") ?? 0
            let largest = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM articles") ?? 0
            return max(sequence, largest)
        }
    }

    public func importSources(_ records: [SourceRecord]) async throws {
        try await pool.write { db in
            for record in records {
                try db.execute(
                    sql: """
                        INSERT INTO sources (id, name, description, site_url, feed_url, category, language, country,
                                             icon_url, is_demo, added_at, inferred_language, inferred_country, inferred_category)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
                            site_url = excluded.site_url, feed_url = excluded.feed_url, category = excluded.category,
                            language = excluded.language, country = excluded.country, icon_url = excluded.icon_url,
                            is_demo = excluded.is_demo, added_at = excluded.added_at, inferred_language = excluded.inferred_language,
                            inferred_country = excluded.inferred_country, inferred_category = excluded.inferred_category
                        """,
                    arguments: StatementArguments([record.source.id.rawValue] + record.source.columnValues + record.source.inferredColumnValues)
                )
                try db.execute(sql: "DELETE FROM feed_state WHERE source_id = ?", arguments: [record.source.id.rawValue])
                if let state = record.state {
                    try Self.saveState(state, of: record.source.id, in: db)
                }
            }
        }
    }

    public func importArticles(_ articles: [Article]) async throws {
        guard !articles.isEmpty else { return }
        try await pool.write { db in
            let insertArticle = try db.cachedStatement(sql: """
                INSERT INTO articles (id, source_id, guid, author, url, url_host_reversed, image_url, published_at, fetched_at,
                                      language, read_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insertTexts = try db.cachedStatement(sql: """
                INSERT INTO article_texts (article_id, title, summary, content_text, content_html) VALUES (?, ?, ?, ?, ?)
                """)
            let insertReaderView = try db.cachedStatement(sql: """
                INSERT INTO reader_views (article_id, outcome, html, text, title, byline, lead_image_url, published_at,
                                          site_name, failure_reason, extracted_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for article in articles {
                let id = article.id.rawValue
                try insertArticle.execute(arguments: [
                    id, article.sourceID.rawValue, article.guid, article.author, article.url,
                    URLHost.of(article.url).map(URLHost.reversed), article.imageURL, StoredDate.microseconds(article.publishedAt),
                    StoredDate.microseconds(article.fetchedAt), article.language?.rawValue, article.readCount,
                ])
                try insertTexts.execute(arguments: [id, article.title, article.summary, article.contentText, article.contentHTML])
                try Self.saveExcerpt(article.excerpt, for: id, isNew: true, in: db)
                if let view = article.readerView {
                    try insertReaderView.execute(arguments: [
                        id, view.outcome.rawValue, view.html, view.text, view.title, view.byline, view.leadImageURL,
                        StoredDate.microseconds(view.publishedAt), view.siteName, view.failureReason, StoredDate.microseconds(view.extractedAt),
                    ])
                }
            }
        }
        // The index takes each batch in on the other core while the next is copied.
        searchIndex.wake()
    }

    public func importAPIKeys(_ records: [APIKeyRecord]) async throws {
        try await pool.write { db in
            for record in records {
                try db.execute(
                    sql: """
                        INSERT INTO api_keys (id, user_id, name, secret_sha256, prefix, is_enabled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, secret_sha256 = excluded.secret_sha256,
                            prefix = excluded.prefix, is_enabled = excluded.is_enabled, created_at = excluded.created_at
                        """,
                    arguments: [
                        record.key.id, record.key.userID.rawValue, record.key.name, record.secretHash, record.key.prefix, record.key.isEnabled,
                        StoredDate.microseconds(record.key.createdAt),
                    ]
                )
            }
        }
    }

    public func raiseArticleIDHighWater(to id: Int64) async throws {
        try await pool.write { db in
            // AUTOINCREMENT's counter: a row per table, made by the first insert.
            let current = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'articles'")
            if let current {
                if current < id { try db.execute(sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = 'articles'", arguments: [id]) }
            } else if id > 0 {
                try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('articles', ?)", arguments: [id])
            }
        }
    }

    public func optimizeAfterImport() async throws {
        try await pool.write { db in try db.execute(sql: "ANALYZE") }
        // The index takes in the copied texts, then merges the many small segments it wrote
        // as the copy went.
        try await searchIndex.catchUp()
        try await searchIndex.optimize()
    }
}
