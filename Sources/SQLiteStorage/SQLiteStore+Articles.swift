import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Applies one feed fetch in a single write transaction: if anything fails (a constraint,
    /// the disk, a crash) none of it is stored.
    ///
    /// Articles are matched on `(source, guid)`; the first of several drafts with the same
    /// guid wins. A new article without a date gets the time it was first seen
    /// (`refresh.state.lastAttemptAt`, else now); a known one keeps its stored date when the
    /// feed still gives none. Read counts and reader views of known articles are never touched.
    /// New articles enter the library of everyone who follows the source, unread (a trigger).
    ///
    /// Refreshes that arrive while another is being written are written together, in one
    /// transaction (`RefreshWriteQueue`); each still applies entirely or not at all.
    public func applyRefresh(_ refresh: RefreshResult, to source: SourceID) async throws -> SaveSummary {
        try await refreshWrites.write(PreparedRefresh(refresh, to: source))
    }

    /// Applies one refresh inside the caller's transaction. The searched texts of new and
    /// changed articles go to `texts`, which the caller writes once, after every refresh of
    /// its transaction: the search index then takes them in one go (`PendingTexts`).
    static func apply(_ prepared: PreparedRefresh, texts: inout PendingTexts, in db: Database) throws -> SaveSummary {
        let refresh = prepared.refresh
        let source = prepared.source
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sources WHERE id = ?)"), arguments: [source.rawValue]) == true else {
            throw StoreError.sourceNotFound(source)
        }
        var summary = SaveSummary(inserted: 0, updated: 0)
        var seenGUIDs = Set<String>()
        // What the source holds, read once: a new article then costs its inserts only,
        // not a look-up of its own (most articles of a first fetch are new).
        let known = refresh.articles.isEmpty ? KnownGUIDs() : try Self.guids(of: source, in: db)
        for (draft, derived) in zip(refresh.articles, prepared.derived) where seenGUIDs.insert(draft.guid).inserted {
            switch try Self.save(draft, derived: derived, of: source, seenAt: prepared.seenAt, known: known, texts: &texts, in: db) {
            case .inserted: summary.inserted += 1
            case .updated: summary.updated += 1
            case .unchanged: break
            }
        }
        if refresh.isPush { return summary }
        if !known.removed.isEmpty {
            try Self.forgetRemovedArticles(of: source, removed: known.removed, notIn: seenGUIDs, in: db)
        }
        try Self.saveState(refresh.state, of: source, in: db)
        try db.cachedStatement(sql: "DELETE FROM refresh_claims WHERE source_id = ?").execute(arguments: [source.rawValue])
        if let metadata = refresh.discoveredMetadata {
            try Self.fillMissingMetadata(metadata, of: source, in: db)
        }
        return summary
    }

    /// One write transaction for them all: a pass over unchanged feeds costs one commit,
    /// not one per feed. (A kill before it commits loses only these states: those feeds
    /// are asked again, with the same validators, on the next pass.)
    public func recordRefreshStates(_ states: [SourceID: FeedState]) async throws {
        guard !states.isEmpty else { return }
        try await pool.write { db in
            let exists = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sources WHERE id = ?)")
            let endClaim = try db.cachedStatement(sql: "DELETE FROM refresh_claims WHERE source_id = ?")
            for (source, state) in states {
                guard try Bool.fetchOne(exists, arguments: [source.rawValue]) == true else { continue }
                try Self.saveState(state, of: source, in: db)
                try endClaim.execute(arguments: [source.rawValue])
            }
        }
    }

    private enum SaveOutcome { case inserted, updated, unchanged }

    /// The guids a source's articles have, and those retention removed.
    private struct KnownGUIDs {
        var stored: Set<String> = []
        var removed: Set<String> = []
    }

    private static func guids(of source: SourceID, in db: Database) throws -> KnownGUIDs {
        KnownGUIDs(
            stored: Set(try String.fetchAll(db.cachedStatement(sql: "SELECT guid FROM articles WHERE source_id = ?"), arguments: [source.rawValue])),
            removed: Set(try String.fetchAll(db.cachedStatement(sql: "SELECT guid FROM removed_articles WHERE source_id = ?"), arguments: [source.rawValue]))
        )
    }

    /// What an article stores that is worked out from its draft.
    struct DerivedFields: Sendable {
        let reversedHost: String?
        let excerpt: TextExcerpt?

        init(_ draft: ArticleDraft) {
            reversedHost = SQLiteStore.urlHost(draft.url).map(SQLiteStore.reversed)
            excerpt = draft.contentText.flatMap(TextExcerpt.init(of:))
        }
    }

    private static func save(
        _ draft: ArticleDraft, derived: DerivedFields, of source: SourceID, seenAt: Int64, known: KnownGUIDs, texts: inout PendingTexts, in db: Database
    ) throws -> SaveOutcome {
        let existing = known.stored.contains(draft.guid) ? try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT a.id, t.title, a.author, t.summary, t.content_html, t.content_text, a.url, a.image_url,
                       a.published_at, a.language
                FROM articles a JOIN article_texts t ON t.article_id = a.id
                WHERE a.source_id = ? AND a.guid = ?
                """),
            arguments: [source.rawValue, draft.guid]
        ) : nil
        let reversedHost = derived.reversedHost
        guard let existing else {
            // Retention removed it while the feed still carries it: it stays removed.
            if known.removed.contains(draft.guid) { return .unchanged }
            let publishedAt = draft.publishedAt.map { StoredDate.microseconds($0) } ?? seenAt
            try db.cachedStatement(sql: """
                INSERT INTO articles (source_id, guid, author, url, url_host_reversed, image_url, published_at, fetched_at, language)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [
                    source.rawValue, draft.guid, draft.author, draft.url, reversedHost, draft.imageURL,
                    publishedAt, seenAt, draft.language?.rawValue,
                ])
            let id = db.lastInsertedRowID
            texts.inserts.append(PendingTexts.Insert(id: id, draft: draft))
            try saveExcerpt(derived.excerpt, for: id, isNew: true, in: db)
            return .inserted
        }

        let id: Int64 = try existing.decode(forColumn: "id")
        let storedPublishedAt: Int64 = try existing.decode(forColumn: "published_at")
        let publishedAt = draft.publishedAt.map { StoredDate.microseconds($0) } ?? storedPublishedAt
        let textChanged = try existing.decode(String?.self, forColumn: "content_text") != draft.contentText
        let searchedTextChanged = try textChanged || existing.decode(String.self, forColumn: "title") != draft.title
            || existing.decode(String?.self, forColumn: "summary") != draft.summary
        let htmlChanged = try existing.decode(String?.self, forColumn: "content_html") != draft.contentHTML
        let detailsChanged = try existing.decode(String?.self, forColumn: "author") != draft.author
            || existing.decode(String?.self, forColumn: "url") != draft.url
            || existing.decode(String?.self, forColumn: "image_url") != draft.imageURL
            || existing.decode(String?.self, forColumn: "language") != draft.language?.rawValue
            || storedPublishedAt != publishedAt

        if searchedTextChanged {
            texts.searchedUpdates.append(PendingTexts.Insert(id: id, draft: draft))
            if textChanged {
                try saveExcerpt(derived.excerpt, for: id, isNew: false, in: db)
            }
        } else if htmlChanged {
            try db.cachedStatement(sql: "UPDATE article_texts SET content_html = ? WHERE article_id = ?")
                .execute(arguments: [draft.contentHTML, id])
        }
        if detailsChanged {
            try db.cachedStatement(sql: """
                UPDATE articles SET author = ?, url = ?, url_host_reversed = ?, image_url = ?, published_at = ?, language = ?
                WHERE id = ?
                """).execute(arguments: [draft.author, draft.url, reversedHost, draft.imageURL, publishedAt, draft.language?.rawValue, id])
        }
        return searchedTextChanged || htmlChanged || detailsChanged ? .updated : .unchanged
    }

    /// Forgets removed articles the feed no longer carries: they cannot come back, and the
    /// list stays as small as the feed.
    private static func forgetRemovedArticles(of source: SourceID, removed: Set<String>, notIn guids: Set<String>, in db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM removed_articles WHERE source_id = ? AND guid = ?")
        for guid in removed where !guids.contains(guid) {
            try delete.execute(arguments: [source.rawValue, guid])
        }
    }

    /// Writes a source's whole refresh state (the refresh's, or a copied library's).
    static func saveState(_ state: FeedState, of source: SourceID, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO feed_state (source_id, etag, last_modified, last_attempt_at, last_success_at, last_error,
                                        consecutive_failures, next_refresh_at, failing_since, last_feed_bytes,
                                        not_modified_count, bytes_saved, hub_url, topic_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (source_id) DO UPDATE SET
                    etag = excluded.etag, last_modified = excluded.last_modified,
                    last_attempt_at = excluded.last_attempt_at, last_success_at = excluded.last_success_at,
                    last_error = excluded.last_error, consecutive_failures = excluded.consecutive_failures,
                    next_refresh_at = excluded.next_refresh_at, failing_since = excluded.failing_since,
                    last_feed_bytes = excluded.last_feed_bytes, not_modified_count = excluded.not_modified_count,
                    bytes_saved = excluded.bytes_saved, hub_url = excluded.hub_url, topic_url = excluded.topic_url
                """
        ).execute(
            arguments: StatementArguments([
                source.rawValue, state.etag, state.lastModified, StoredDate.microseconds(state.lastAttemptAt),
                StoredDate.microseconds(state.lastSuccessAt), state.lastError, state.consecutiveFailures,
                StoredDate.microseconds(state.nextRefreshAt), StoredDate.microseconds(state.failingSince),
                state.lastFeedBytes.map { Int64($0) }, Int64(state.notModifiedCount), state.bytesSaved,
                state.hubURL, state.topicURL,
            ] as [(any DatabaseValueConvertible)?])
        )
    }

    /// Fills only fields the stored source lacks (NULL or empty; a name counts as missing
    /// while it is empty or still the feed URL), so a person's own edits win. The inferred
    /// traits replace the previous inference (they have columns of their own).
    private static func fillMissingMetadata(_ metadata: SourceMetadata, of source: SourceID, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE sources SET
                    name = CASE WHEN trim(name) = '' OR name = feed_url THEN coalesce(nullif(trim(?), ''), name) ELSE name END,
                    description = CASE WHEN coalesce(description, '') = '' THEN coalesce(?, description) ELSE description END,
                    site_url = CASE WHEN coalesce(site_url, '') = '' THEN coalesce(?, site_url) ELSE site_url END,
                    icon_url = CASE WHEN coalesce(icon_url, '') = '' THEN coalesce(?, icon_url) ELSE icon_url END,
                    inferred_language = coalesce(?, inferred_language),
                    inferred_country = coalesce(?, inferred_country),
                    inferred_category = coalesce(?, inferred_category)
                WHERE id = ?
                """
        ).execute(
            arguments: [
                metadata.name, metadata.description, metadata.siteURL, metadata.iconURL,
                metadata.inferred.language?.rawValue, metadata.inferred.country?.rawValue,
                metadata.inferred.category?.rawValue, source.rawValue,
            ]
        )
    }

    /// Text written backwards, by Unicode scalar (for `url_host_reversed`).
    static func reversed(_ text: String) -> String { URLHost.reversed(text) }

    /// The lower-cased host of an article URL, without a trailing dot; nil without one.
    static func urlHost(_ url: String?) -> String? { URLHost.of(url) }

    public func article(_ id: ArticleID) async throws -> Article? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(Article.selection), \(ReaderView.selection)
                    FROM \(Article.tables) LEFT JOIN reader_views r ON r.article_id = a.id
                    WHERE a.id = ?
                    """,
                arguments: [id.rawValue]
            ) else { return nil }
            var article = try Article(row: row)
            article.readerView = try ReaderView(row: row, startingAt: Article.columnCount)
            return article
        }
    }

    public func saveReaderView(_ readerView: ReaderView, for id: ArticleID) async throws {
        try await pool.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM articles WHERE id = ?)", arguments: [id.rawValue]) == true else {
                throw StoreError.articleNotFound(id)
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO reader_views (article_id, outcome, html, text, title, byline, lead_image_url,
                                                         published_at, site_name, failure_reason, extracted_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id.rawValue, readerView.outcome.rawValue, readerView.html, readerView.text, readerView.title,
                    readerView.byline, readerView.leadImageURL, StoredDate.microseconds(readerView.publishedAt),
                    readerView.siteName, readerView.failureReason, StoredDate.microseconds(readerView.extractedAt),
                ]
            )
        }
    }

    public func recordReads(_ counts: [ArticleID: Int]) async throws {
        let counts = counts.filter { $0.value > 0 }
        guard !counts.isEmpty else { return }
        try await pool.write { db in
            commits.nextCommitChanges(.readCounts)
            let statement = try db.cachedStatement(sql: "UPDATE articles SET read_count = read_count + ? WHERE id = ?")
            for (id, count) in counts {
                try statement.execute(arguments: [count, id.rawValue])
            }
        }
    }

    public func recordRead(_ id: ArticleID) async throws {
        try await pool.write { db in
            commits.nextCommitChanges(.readCounts)
            try db.execute(sql: "UPDATE articles SET read_count = read_count + 1 WHERE id = ?", arguments: [id.rawValue])
            if db.changesCount == 0 { throw StoreError.articleNotFound(id) }
        }
    }
}
