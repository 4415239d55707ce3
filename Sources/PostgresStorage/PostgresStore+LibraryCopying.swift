import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore: LibraryCopying {
    public func libraryCounts() async throws -> LibraryCounts {
        guard let row = try await rows("""
            SELECT (SELECT count(*) FROM sources) AS sources, (SELECT count(*) FROM feed_state) AS feed_states,
                   (SELECT count(*) FROM articles) AS articles, (SELECT count(*) FROM reader_views) AS reader_views,
                   (SELECT count(*) FROM api_keys) AS api_keys, (SELECT count(*) FROM settings) AS settings,
                   (SELECT coalesce(max(id), 0) FROM articles) AS largest_article_id,
                   (SELECT coalesce(sum(read_count), 0)::bigint FROM articles) AS total_reads,
                   (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM folders) AS folders,
                   (SELECT count(*) FROM subscriptions) AS subscriptions, (SELECT count(*) FROM reader_entries) AS reader_entries,
                   (SELECT count(*) FROM reader_entries WHERE read_at IS NOT NULL) AS read_entries, (SELECT count(*) FROM stars) AS stars,
                   (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM app_passwords) AS app_passwords,
                   (SELECT count(*) FROM user_settings) AS user_settings, (SELECT count(*) FROM removed_articles) AS removed_articles
            """).first else { throw StoreError.articleNotFound(ArticleID(rawValue: 0)) }
        func count(_ column: String) throws -> Int { Int(try row[column].decode(Int64.self)) }
        var counts = LibraryCounts(
            sources: try count("sources"), feedStates: try count("feed_states"), articles: try count("articles"),
            readerViews: try count("reader_views"), apiKeys: try count("api_keys"), settings: try count("settings"),
            largestArticleID: try row["largest_article_id"].decode(Int64.self), totalReads: try row["total_reads"].decode(Int64.self)
        )
        counts.users = try count("users")
        counts.folders = try count("folders")
        counts.subscriptions = try count("subscriptions")
        counts.readerEntries = try count("reader_entries")
        counts.readEntries = try count("read_entries")
        counts.stars = try count("stars")
        counts.sessions = try count("sessions")
        counts.appPasswords = try count("app_passwords")
        counts.userSettings = try count("user_settings")
        counts.removedArticles = try count("removed_articles")
        return counts
    }

    public func exportSources() async throws -> [SourceRecord] {
        try await rows(PostgresQuery(unsafeSQL: """
            SELECT \(Source.selection(from: "s")), \(FeedState.selection(from: "f"))
            FROM sources s LEFT JOIN feed_state f ON f.source_id = s.id ORDER BY s.id COLLATE "C"
            """)).map { SourceRecord(source: try Source(postgresRow: $0), state: try FeedState(postgresRow: $0)) }
    }

    public func exportArticles(after id: Int64, limit: Int) async throws -> [Article] {
        try await rows("""
            SELECT \(unescaped: Article.postgresSelection), \(unescaped: ReaderView.postgresSelection)
            FROM \(unescaped: Article.postgresTables) LEFT JOIN reader_views r ON r.article_id = a.id
            WHERE a.id > \(id) ORDER BY a.id LIMIT \(Int64(limit))
            """).map { row in
            var article = try Article(postgresRow: row)
            article.readerView = try ReaderView(postgresRow: row)
            return article
        }
    }

    public func exportAPIKeys() async throws -> [APIKeyRecord] {
        try await rows("SELECT \(unescaped: APIKey.postgresSelection), secret_sha256 FROM api_keys ORDER BY id").map {
            APIKeyRecord(key: try APIKey(postgresRow: $0), secretHash: try $0["secret_sha256"].decode(String.self))
        }
    }

    public func exportSettings() async throws -> [String: String] {
        var settings: [String: String] = [:]
        for row in try await rows("SELECT key, value FROM settings") {
            settings[try row["key"].decode(String.self)] = try row["value"].decode(String.self)
        }
        return settings
    }

    public func articleIDHighWater() async throws -> Int64 {
        let row = try await rows("""
            SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence('articles', 'id')::regclass), 0) AS sequence,
                   (SELECT coalesce(max(id), 0) FROM articles) AS largest
            """).first
        return max(try row?["sequence"].decode(Int64.self) ?? 0, try row?["largest"].decode(Int64.self) ?? 0)
    }

    public func importSources(_ records: [SourceRecord]) async throws {
        guard !records.isEmpty else { return }
        _ = try await transaction { connection in
            for record in records {
                let source = record.source
                try await connection.run("""
                    INSERT INTO sources (id, name, description, site_url, feed_url, category, language, country, icon_url, is_demo, added_at,
                                         inferred_language, inferred_country, inferred_category)
                    VALUES (\(source.id.rawValue), \(source.name), \(source.description), \(source.siteURL), \(source.feedURL),
                            \(source.category?.rawValue), \(source.language?.rawValue), \(source.country?.rawValue),
                            \(source.iconURL), \(source.isDemo), \(StoredDate.microseconds(source.addedAt)),
                            \(source.inferred.language?.rawValue), \(source.inferred.country?.rawValue), \(source.inferred.category?.rawValue))
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
                        site_url = excluded.site_url, feed_url = excluded.feed_url, category = excluded.category,
                        language = excluded.language, country = excluded.country, icon_url = excluded.icon_url,
                        is_demo = excluded.is_demo, added_at = excluded.added_at, inferred_language = excluded.inferred_language,
                        inferred_country = excluded.inferred_country, inferred_category = excluded.inferred_category
                    """, logger: logger)
                try await connection.run("DELETE FROM feed_state WHERE source_id = \(source.id.rawValue)", logger: logger)
                if let state = record.state {
                    try await saveState(state, of: source.id, on: connection)
                }
            }
            return true
        }
    }

    /// Four multi-row statements per batch (articles, texts, search rows, excerpts) and one
    /// for reader views, all values bound.
    public func importArticles(_ articles: [Article]) async throws {
        guard !articles.isEmpty else { return }
        _ = try await transaction { connection in
            // At most ~30 000 parameters per statement (the protocol allows 65 535).
            for chunk in stride(from: 0, to: articles.count, by: 1_000).map({ Array(articles[$0..<min($0 + 1_000, articles.count)]) }) {
                var narrow = BoundStatement("""
                    INSERT INTO articles (id, source_id, guid, author, url, url_host_reversed, image_url, published_at, fetched_at,
                                          language, read_count) VALUES
                    """)
                var texts = BoundStatement("INSERT INTO article_texts (article_id, title, summary, content_text, content_html) VALUES ")
                var search = BoundStatement("INSERT INTO article_search (article_id, published_at, search_vector) VALUES ")
                var excerpts = BoundStatement("INSERT INTO article_excerpts (article_id, text, character_count) VALUES ")
                var excerptCount = 0
                var views = BoundStatement("""
                    INSERT INTO reader_views (article_id, outcome, html, text, title, byline, lead_image_url, published_at,
                                              site_name, failure_reason, extracted_at) VALUES
                    """)
                var viewCount = 0
                for (index, article) in chunk.enumerated() {
                    let separator = index == 0 ? "" : ", "
                    let id = article.id.rawValue
                    narrow.append(separator + "(" + [
                        narrow.bind(id), narrow.bind(article.sourceID.rawValue), narrow.bind(article.guid), narrow.bind(article.author),
                        narrow.bind(article.url), narrow.bind(URLHost.of(article.url).map(URLHost.reversed)), narrow.bind(article.imageURL),
                        narrow.bind(StoredDate.microseconds(article.publishedAt)), narrow.bind(StoredDate.microseconds(article.fetchedAt)),
                        narrow.bind(article.language?.rawValue), narrow.bind(Int64(article.readCount)),
                    ].joined(separator: ", ") + ")")
                    texts.append(separator + "(" + [
                        texts.bind(id), texts.bind(article.title), texts.bind(article.summary), texts.bind(article.contentText),
                        texts.bind(article.contentHTML),
                    ].joined(separator: ", ") + ")")
                    let idPlaceholder = search.bind(id)
                    let datePlaceholder = search.bind(StoredDate.microseconds(article.publishedAt))
                    let vector = Self.bindSearchVector(title: article.title, summary: article.summary, content: article.contentText, into: &search)
                    search.append(separator + "(\(idPlaceholder), \(datePlaceholder), \(vector))")
                    if let excerpt = article.excerpt {
                        excerpts.append((excerptCount == 0 ? "" : ", ") + "(" + [
                            excerpts.bind(id), excerpts.bind(excerpt.text), excerpts.bind(Int64(excerpt.characterCount)),
                        ].joined(separator: ", ") + ")")
                        excerptCount += 1
                    }
                    if let view = article.readerView {
                        views.append((viewCount == 0 ? "" : ", ") + "(" + [
                            views.bind(id), views.bind(view.outcome.rawValue), views.bind(view.html), views.bind(view.text),
                            views.bind(view.title), views.bind(view.byline), views.bind(view.leadImageURL),
                            views.bind(StoredDate.microseconds(view.publishedAt)), views.bind(view.siteName), views.bind(view.failureReason),
                            views.bind(StoredDate.microseconds(view.extractedAt)),
                        ].joined(separator: ", ") + ")")
                        viewCount += 1
                    }
                }
                try await connection.run(narrow.query, logger: logger)
                try await connection.run(texts.query, logger: logger)
                try await connection.run(search.query, logger: logger)
                if excerptCount > 0 { try await connection.run(excerpts.query, logger: logger) }
                if viewCount > 0 { try await connection.run(views.query, logger: logger) }
            }
            // Ids given later start above every imported one.
            try await connection.run("""
                SELECT setval(pg_get_serial_sequence('articles', 'id'), greatest(
                    (SELECT max(id) FROM articles),
                    coalesce(pg_sequence_last_value(pg_get_serial_sequence('articles', 'id')::regclass), 1)))
                """, logger: logger)
            return true
        }
    }

    public func importAPIKeys(_ records: [APIKeyRecord]) async throws {
        guard !records.isEmpty else { return }
        _ = try await transaction { connection in
            for record in records {
                try await connection.run("""
                    INSERT INTO api_keys (id, user_id, name, secret_sha256, prefix, is_enabled, created_at)
                    VALUES (\(record.key.id), \(record.key.userID.rawValue), \(record.key.name), \(record.secretHash), \(record.key.prefix), \(record.key.isEnabled),
                            \(StoredDate.microseconds(record.key.createdAt)))
                    ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, secret_sha256 = excluded.secret_sha256,
                        prefix = excluded.prefix, is_enabled = excluded.is_enabled, created_at = excluded.created_at
                    """, logger: logger)
            }
            try await connection.run("""
                SELECT setval(pg_get_serial_sequence('api_keys', 'id'), (SELECT max(id) FROM api_keys))
                """, logger: logger)
            return true
        }
    }

    public func raiseArticleIDHighWater(to id: Int64) async throws {
        guard id > 0 else { return }
        _ = try await client.query("""
            SELECT setval(pg_get_serial_sequence('articles', 'id'), greatest(\(id),
                coalesce(pg_sequence_last_value(pg_get_serial_sequence('articles', 'id')::regclass), 1)))
            """, logger: logger).collect()
    }

    /// VACUUM (outside any transaction) sets the visibility map, so counts can be
    /// answered from indexes, and ANALYZE gives the planner the new tables' statistics.
    public func optimizeAfterImport() async throws {
        for table in [
            "sources", "feed_state", "articles", "article_texts", "article_excerpts", "article_search", "reader_views", "api_keys", "settings",
            "users", "subscriptions", "reader_entries", "stars",
        ] {
            _ = try await client.query(PostgresQuery(unsafeSQL: "VACUUM (ANALYZE) \(table)"), logger: logger).collect()
        }
    }
}
