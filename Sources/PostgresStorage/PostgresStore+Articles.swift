import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// The SQL that turns the three searched texts, prepared by `PostgresSearchText` and
    /// bound as `$title`, `$summary`, `$content`, into the article's search vector.
    static func searchVectorSQL(title: String, summary: String, content: String) -> String {
        let configuration = "'\(PostgresSchema.searchConfiguration)'"
        return "setweight(to_tsvector(\(configuration), \(title)), 'A') || setweight(to_tsvector(\(configuration), \(summary)), 'B')"
            + " || setweight(to_tsvector(\(configuration), \(content)), 'C')"
    }

    /// Binds an article's texts as the index reads them and returns the vector's SQL.
    static func bindSearchVector(title: String, summary: String?, content: String?, into statement: inout BoundStatement) -> String {
        searchVectorSQL(
            title: statement.bind(PostgresSearchText.document(title, limit: PostgresSearchText.titleLimit)),
            summary: statement.bind(PostgresSearchText.document(summary, limit: PostgresSearchText.summaryLimit)),
            content: statement.bind(PostgresSearchText.document(content, limit: PostgresSearchText.contentLimit))
        )
    }

    /// Applies one feed fetch in one transaction: if anything fails (a constraint, the
    /// connection, a crash) none of it is stored. Same rules as the SQLite backend: the
    /// first of several drafts with one guid wins, an undated new article gets the time it
    /// was first seen, a known one keeps its stored date while the feed gives none, and
    /// read counts and reader views are never touched. New articles enter the library of
    /// everyone who follows the source, unread (a trigger).
    public func applyRefresh(_ refresh: RefreshResult, to source: SourceID) async throws -> SaveSummary {
        let seenAt = StoredDate.microseconds(refresh.state.lastAttemptAt ?? Date())
        var drafts: [ArticleDraft] = []
        var seenGUIDs = Set<String>()
        for draft in refresh.articles where seenGUIDs.insert(draft.guid).inserted { drafts.append(draft) }
        let guids = drafts.map(\.guid)

        return try await transaction { connection in
            // Locks the source row: a removal waits for this refresh, or this one finds it gone.
            let found = try await connection.rows("SELECT id FROM sources WHERE id = \(source.rawValue) FOR UPDATE", logger: logger)
            guard !found.isEmpty else { throw StoreError.sourceNotFound(source) }

            var existing: [String: PostgresRandomAccessRow] = [:]
            if !guids.isEmpty {
                for row in try await connection.rows("""
                    SELECT a.id, a.guid, t.title, a.author, t.summary, t.content_html, t.content_text, a.url, a.image_url,
                           a.published_at, a.language
                    FROM articles a JOIN article_texts t ON t.article_id = a.id
                    WHERE a.source_id = \(source.rawValue) AND a.guid = ANY(\(guids))
                    """, logger: logger) {
                    existing[try row["guid"].decode(String.self)] = row
                }
            }

            // Articles retention removed while the feed still carries them stay removed.
            let removed = Set(try await connection.rows(
                "SELECT guid FROM removed_articles WHERE source_id = \(source.rawValue)", logger: logger
            ).map { try $0["guid"].decode(String.self) })

            var summary = SaveSummary(inserted: 0, updated: 0)
            for draft in drafts {
                if let row = existing[draft.guid] {
                    if try await update(row, with: draft, on: connection) { summary.updated += 1 }
                } else if !removed.contains(draft.guid) {
                    try await insert(draft, of: source, seenAt: seenAt, on: connection)
                    summary.inserted += 1
                }
            }
            if refresh.isPush { return summary }
            // Removed articles the feed no longer carries can never come back: forgotten.
            let gone = removed.subtracting(seenGUIDs)
            if !refresh.articles.isEmpty, !gone.isEmpty {
                try await connection.run(
                    "DELETE FROM removed_articles WHERE source_id = \(source.rawValue) AND guid = ANY(\(Array(gone)))", logger: logger
                )
            }
            try await saveState(refresh.state, of: source, on: connection)
            try await connection.run("DELETE FROM refresh_claims WHERE source_id = \(source.rawValue)", logger: logger)
            if let metadata = refresh.discoveredMetadata {
                try await fillMissingMetadata(metadata, of: source, on: connection)
            }
            return summary
        }
    }

    /// One statement: the article, its texts, its excerpt and its search row.
    private func insert(_ draft: ArticleDraft, of source: SourceID, seenAt: Int64, on connection: PostgresConnection) async throws {
        let publishedAt = draft.publishedAt.map { StoredDate.microseconds($0) } ?? seenAt
        let excerpt = draft.contentText.flatMap(TextExcerpt.init(of:))
        var statement = BoundStatement()
        statement.append("""
            WITH inserted AS (
                INSERT INTO articles (source_id, guid, author, url, url_host_reversed, image_url, published_at, fetched_at, language)
                VALUES (\(statement.bind(source.rawValue)), \(statement.bind(draft.guid)), \(statement.bind(draft.author)),
                        \(statement.bind(draft.url)), \(statement.bind(URLHost.of(draft.url).map(URLHost.reversed))),
                        \(statement.bind(draft.imageURL)), \(statement.bind(publishedAt)), \(statement.bind(seenAt)),
                        \(statement.bind(draft.language?.rawValue)))
                RETURNING id, published_at
            ), texts AS (
                INSERT INTO article_texts (article_id, title, summary, content_text, content_html)
                SELECT id, \(statement.bind(draft.title)), \(statement.bind(draft.summary)), \(statement.bind(draft.contentText)),
                       \(statement.bind(draft.contentHTML))
                FROM inserted
            ), excerpts AS (
                INSERT INTO article_excerpts (article_id, text, character_count)
                SELECT id, \(statement.bind(excerpt?.text)), \(statement.bind(excerpt.map { Int64($0.characterCount) }))
                FROM inserted WHERE \(statement.bind(excerpt != nil))
            )
            INSERT INTO article_search (article_id, published_at, search_vector)
            SELECT id, published_at, \(Self.bindSearchVector(title: draft.title, summary: draft.summary, content: draft.contentText, into: &statement))
            FROM inserted
            """)
        try await connection.run(statement.query, logger: logger)
    }

    /// Writes what changed; true when anything did.
    private func update(_ row: PostgresRandomAccessRow, with draft: ArticleDraft, on connection: PostgresConnection) async throws -> Bool {
        let id = try row["id"].decode(Int64.self)
        let storedPublishedAt = try row["published_at"].decode(Int64.self)
        let publishedAt = draft.publishedAt.map { StoredDate.microseconds($0) } ?? storedPublishedAt
        let textChanged = try row["content_text"].decode(String?.self) != draft.contentText
        let searchedTextChanged = try textChanged || row["title"].decode(String.self) != draft.title
            || row["summary"].decode(String?.self) != draft.summary
        let htmlChanged = try row["content_html"].decode(String?.self) != draft.contentHTML
        let detailsChanged = try row["author"].decode(String?.self) != draft.author
            || row["url"].decode(String?.self) != draft.url
            || row["image_url"].decode(String?.self) != draft.imageURL
            || row["language"].decode(String?.self) != draft.language?.rawValue
            || storedPublishedAt != publishedAt

        if searchedTextChanged || htmlChanged {
            try await connection.run("""
                UPDATE article_texts SET title = \(draft.title), summary = \(draft.summary), content_text = \(draft.contentText),
                    content_html = \(draft.contentHTML)
                WHERE article_id = \(id)
                """, logger: logger)
        }
        if textChanged {
            try await saveExcerpt(of: draft.contentText, for: id, on: connection)
        }
        if searchedTextChanged {
            var statement = BoundStatement()
            let vector = Self.bindSearchVector(title: draft.title, summary: draft.summary, content: draft.contentText, into: &statement)
            statement.append("UPDATE article_search SET search_vector = \(vector) WHERE article_id = \(statement.bind(id))")
            try await connection.run(statement.query, logger: logger)
        }
        if detailsChanged {
            let reversedHost = URLHost.of(draft.url).map(URLHost.reversed)
            try await connection.run("""
                UPDATE articles SET author = \(draft.author), url = \(draft.url), url_host_reversed = \(reversedHost),
                    image_url = \(draft.imageURL), published_at = \(publishedAt), language = \(draft.language?.rawValue)
                WHERE id = \(id)
                """, logger: logger)
        }
        return searchedTextChanged || htmlChanged || detailsChanged
    }

    /// Writes a source's whole refresh state (the refresh's, or a copied library's).
    func saveState(_ state: FeedState, of source: SourceID, on connection: PostgresConnection) async throws {
        try await connection.run("""
            INSERT INTO feed_state (source_id, etag, last_modified, last_attempt_at, last_success_at, last_error,
                                    consecutive_failures, next_refresh_at, failing_since, last_feed_bytes,
                                    not_modified_count, bytes_saved, hub_url, topic_url)
            VALUES (\(source.rawValue), \(state.etag), \(state.lastModified), \(StoredDate.microseconds(state.lastAttemptAt)),
                    \(StoredDate.microseconds(state.lastSuccessAt)), \(state.lastError), \(Int32(clamping: state.consecutiveFailures)),
                    \(StoredDate.microseconds(state.nextRefreshAt)), \(StoredDate.microseconds(state.failingSince)),
                    \(state.lastFeedBytes.map { Int64($0) }), \(Int64(state.notModifiedCount)), \(state.bytesSaved),
                    \(state.hubURL), \(state.topicURL))
            ON CONFLICT (source_id) DO UPDATE SET
                etag = excluded.etag, last_modified = excluded.last_modified,
                last_attempt_at = excluded.last_attempt_at, last_success_at = excluded.last_success_at,
                last_error = excluded.last_error, consecutive_failures = excluded.consecutive_failures,
                next_refresh_at = excluded.next_refresh_at, failing_since = excluded.failing_since,
                last_feed_bytes = excluded.last_feed_bytes, not_modified_count = excluded.not_modified_count,
                bytes_saved = excluded.bytes_saved, hub_url = excluded.hub_url, topic_url = excluded.topic_url
            """, logger: logger)
    }

    /// Fills only fields the stored source lacks, so a person's own edits win; the inferred
    /// traits replace the previous inference (they have columns of their own).
    private func fillMissingMetadata(_ metadata: SourceMetadata, of source: SourceID, on connection: PostgresConnection) async throws {
        try await connection.run("""
            UPDATE sources SET
                name = CASE WHEN trim(name) = '' OR name = feed_url THEN coalesce(nullif(trim(\(metadata.name)), ''), name) ELSE name END,
                description = CASE WHEN coalesce(description, '') = '' THEN coalesce(\(metadata.description), description) ELSE description END,
                site_url = CASE WHEN coalesce(site_url, '') = '' THEN coalesce(\(metadata.siteURL), site_url) ELSE site_url END,
                icon_url = CASE WHEN coalesce(icon_url, '') = '' THEN coalesce(\(metadata.iconURL), icon_url) ELSE icon_url END,
                inferred_language = coalesce(\(metadata.inferred.language?.rawValue), inferred_language),
                inferred_country = coalesce(\(metadata.inferred.country?.rawValue), inferred_country),
                inferred_category = coalesce(\(metadata.inferred.category?.rawValue), inferred_category)
            WHERE id = \(source.rawValue)
            """, logger: logger)
    }

    public func article(_ id: ArticleID) async throws -> Article? {
        guard let row = try await rows("""
            SELECT \(unescaped: Article.postgresSelection), \(unescaped: ReaderView.postgresSelection)
            FROM \(unescaped: Article.postgresTables) LEFT JOIN reader_views r ON r.article_id = a.id
            WHERE a.id = \(id.rawValue)
            """).first else { return nil }
        var article = try Article(postgresRow: row)
        article.readerView = try ReaderView(postgresRow: row)
        return article
    }

    public func saveReaderView(_ readerView: ReaderView, for id: ArticleID) async throws {
        let saved = try await rows("""
            INSERT INTO reader_views (article_id, outcome, html, text, title, byline, lead_image_url, published_at, site_name,
                                      failure_reason, extracted_at)
            SELECT a.id, \(readerView.outcome.rawValue), \(readerView.html), \(readerView.text), \(readerView.title),
                   \(readerView.byline), \(readerView.leadImageURL), \(StoredDate.microseconds(readerView.publishedAt)),
                   \(readerView.siteName), \(readerView.failureReason), \(StoredDate.microseconds(readerView.extractedAt))
            FROM articles a WHERE a.id = \(id.rawValue)
            ON CONFLICT (article_id) DO UPDATE SET
                outcome = excluded.outcome, html = excluded.html, text = excluded.text, title = excluded.title,
                byline = excluded.byline, lead_image_url = excluded.lead_image_url, published_at = excluded.published_at,
                site_name = excluded.site_name, failure_reason = excluded.failure_reason, extracted_at = excluded.extracted_at
            RETURNING article_id
            """)
        if saved.isEmpty { throw StoreError.articleNotFound(id) }
    }

    public func recordReads(_ counts: [ArticleID: Int]) async throws {
        let counts = counts.filter { $0.value > 0 }
        guard !counts.isEmpty else { return }
        let ids = counts.map(\.key.rawValue)
        let additions = counts.map { Int64($0.value) }
        _ = try await rows("""
            UPDATE articles a SET read_count = a.read_count + c.opens
            FROM unnest(\(ids)::bigint[], \(additions)::bigint[]) AS c(id, opens) WHERE a.id = c.id
            """)
    }

    public func recordRead(_ id: ArticleID) async throws {
        let updated = try await rows("UPDATE articles SET read_count = read_count + 1 WHERE id = \(id.rawValue) RETURNING id")
        if updated.isEmpty { throw StoreError.articleNotFound(id) }
    }
}
