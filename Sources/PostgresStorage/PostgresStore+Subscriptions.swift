import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// The longest own name kept for a subscription, in characters.
    static let maximumSubscriptionNameLength = 256

    public func follow(_ source: Source, as user: UserID, name: String?, folder: FolderID?) async throws -> FollowedSource {
        let ownName = Self.subscriptionName(name)
        let now = StoredDate.microseconds(Date())
        return try await transaction { connection in
            guard try await self.user(user, on: connection) != nil else { throw StoreError.userNotFound(user) }
            if let folder, try await !folderExists(folder, of: user, on: connection) { throw StoreError.folderNotFound(folder) }
            // Two people following one new feed at once must end with one source.
            try await connection.run("SELECT pg_advisory_xact_lock(\(PostgresMigrator.stableHash("broadsheet source ids")))", logger: logger)
            let stored: Source
            let isNew: Bool
            if let twin = try await connection.rows("""
                SELECT \(unescaped: Source.selection(from: "s")) FROM sources s WHERE s.feed_url = \(source.feedURL)
                ORDER BY s.added_at, s.id COLLATE "C" LIMIT 1
                """, logger: logger).first.map(Source.init(postgresRow:)) {
                let following = try await !connection.rows("""
                    SELECT 1 AS one FROM subscriptions WHERE user_id = \(user.rawValue) AND source_id = \(twin.id.rawValue)
                    """, logger: logger).isEmpty
                if following { throw StoreError.alreadyFollowing(twin.id) }
                stored = twin
                isNew = false
            } else {
                stored = try await insertSource(source, on: connection)
                isNew = true
            }
            // An own name that is the source's own is no own name (it would not follow a rename).
            let ownName = ownName == stored.name ? nil : ownName
            // The subscription trigger gives the person every article the source already has.
            try await connection.run("""
                INSERT INTO subscriptions (user_id, source_id, name, folder_id, created_at)
                VALUES (\(user.rawValue), \(stored.id.rawValue), \(ownName), \(folder?.rawValue), \(now))
                """, logger: logger)
            let subscription = Subscription(userID: user, sourceID: stored.id, name: ownName, folderID: folder, createdAt: StoredDate.date(now))
            return FollowedSource(subscription: subscription, source: stored, isNewToLibrary: isNew)
        }
    }

    /// An own name as stored: trimmed, shortened, nil when empty.
    static func subscriptionName(_ name: String?) -> String? {
        guard let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(maximumSubscriptionNameLength))
    }

    public func unfollow(_ source: SourceID, as user: UserID) async throws {
        _ = try await transaction { connection in
            // The subscription's entries go with it (trigger); stars stay.
            let removed = try await connection.rows("""
                DELETE FROM subscriptions WHERE user_id = \(user.rawValue) AND source_id = \(source.rawValue) RETURNING source_id
                """, logger: logger)
            if removed.isEmpty { throw StoreError.notFollowing(source) }
            try await removeUnfollowedSources([source.rawValue], on: connection)
            return true
        }
    }

    /// Removes those of `sources` that nobody follows and nobody starred anything of.
    func removeUnfollowedSources(_ sources: [String], on connection: PostgresConnection) async throws {
        guard !sources.isEmpty else { return }
        try await connection.run("""
            DELETE FROM sources WHERE id = ANY(\(sources))
                AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE source_id = sources.id)
                AND NOT EXISTS (SELECT 1 FROM stars JOIN articles a ON a.id = stars.article_id WHERE a.source_id = sources.id)
            """, logger: logger)
    }

    public func updateSubscription(_ subscription: Subscription) async throws {
        let user = subscription.userID
        _ = try await transaction { connection in
            if let folder = subscription.folderID, try await !folderExists(folder, of: user, on: connection) {
                throw StoreError.folderNotFound(folder)
            }
            let updated = try await connection.rows("""
                UPDATE subscriptions SET name = \(Self.subscriptionName(subscription.name)), folder_id = \(subscription.folderID?.rawValue)
                WHERE user_id = \(user.rawValue) AND source_id = \(subscription.sourceID.rawValue)
                RETURNING source_id
                """, logger: logger)
            if updated.isEmpty { throw StoreError.notFollowing(subscription.sourceID) }
            return true
        }
    }

    public func subscription(to source: SourceID, for user: UserID) async throws -> Subscription? {
        try await rows(Self.subscriptionsQuery(to: [source], for: user)).first.map(Subscription.init(postgresRow:))
    }

    /// The statement reading the person's subscriptions to these sources (`subscription(to:for:)`,
    /// and the article page's snapshot).
    static func subscriptionsQuery(to sources: Set<SourceID>, for user: UserID) -> PostgresQuery {
        """
        SELECT \(unescaped: Subscription.postgresSelection(from: "sub")) FROM subscriptions sub
        WHERE sub.user_id = \(user.rawValue) AND sub.source_id = ANY(\(sources.map(\.rawValue)))
        """
    }

    /// Subscriptions by the name their person sees (ASCII case folded, as SQLite's NOCASE).
    static let subscriptionOrder = #"lower(coalesce(sub.name, s.name) COLLATE "C"), coalesce(sub.name, s.name) COLLATE "C", s.id COLLATE "C""#

    public func subscriptions(of user: UserID) async throws -> [Subscription] {
        try await rows("""
            SELECT \(unescaped: Subscription.postgresSelection(from: "sub")) FROM subscriptions sub JOIN sources s ON s.id = sub.source_id
            WHERE sub.user_id = \(user.rawValue) ORDER BY \(unescaped: Self.subscriptionOrder)
            """).map(Subscription.init(postgresRow:))
    }

    public func subscriptionSummaries(for user: UserID) async throws -> [SubscriptionSummary] {
        try await rows("""
            SELECT \(unescaped: Subscription.postgresSelection(from: "sub")), \(unescaped: Source.selection(from: "s")),
                   \(unescaped: Folder.postgresSelection(from: "fo")), \(unescaped: FeedState.selection(from: "f")),
                   coalesce(counts.article_count, 0) AS article_count, coalesce(counts.unread_count, 0) AS unread_count,
                   counts.newest_published_at
            FROM subscriptions sub
            JOIN sources s ON s.id = sub.source_id
            LEFT JOIN folders fo ON fo.id = sub.folder_id
            LEFT JOIN feed_state f ON f.source_id = s.id
            LEFT JOIN (
                SELECT source_id, count(*) AS article_count, count(*) FILTER (WHERE read_at IS NULL) AS unread_count,
                       max(published_at) AS newest_published_at
                FROM reader_entries WHERE user_id = \(user.rawValue) GROUP BY source_id
            ) counts ON counts.source_id = s.id
            WHERE sub.user_id = \(user.rawValue)
            ORDER BY \(unescaped: Self.subscriptionOrder)
            """).map { row in
            SubscriptionSummary(
                subscription: try Subscription(postgresRow: row),
                source: try Source(postgresRow: row),
                folder: try Folder(postgresRow: row),
                articleCount: Int(try row["article_count"].decode(Int64.self)),
                unreadCount: Int(try row["unread_count"].decode(Int64.self)),
                newestArticleAt: StoredDate.date(try row["newest_published_at"].decode(Int64?.self)),
                state: try FeedState(postgresRow: row)
            )
        }
    }

    public func unreadCounts(for user: UserID) async throws -> UnreadCounts {
        var bySource: [SourceID: UnreadCount] = [:]
        var byFolder: [FolderID: UnreadCount] = [:]
        var total = UnreadCount.zero
        for row in try await rows("""
            SELECT sub.source_id, sub.folder_id, coalesce(counts.unread_count, 0) AS unread_count, counts.newest_published_at
            FROM subscriptions sub
            LEFT JOIN (
                SELECT source_id, count(*) AS unread_count, max(published_at) AS newest_published_at
                FROM reader_entries WHERE user_id = \(user.rawValue) AND read_at IS NULL GROUP BY source_id
            ) counts ON counts.source_id = sub.source_id
            WHERE sub.user_id = \(user.rawValue)
            """) {
            guard let source = SourceID(rawValue: try row["source_id"].decode(String.self)) else { continue }
            let count = UnreadCount(
                count: Int(try row["unread_count"].decode(Int64.self)),
                newestPublishedAt: StoredDate.date(try row["newest_published_at"].decode(Int64?.self))
            )
            bySource[source] = count
            total = total.adding(count)
            if let folder = try row["folder_id"].decode(Int64?.self).map(FolderID.init(rawValue:)) {
                byFolder[folder] = (byFolder[folder] ?? .zero).adding(count)
            }
        }
        // Empty folders count too, at zero.
        for row in try await rows("SELECT id FROM folders WHERE user_id = \(user.rawValue)") {
            let id = FolderID(rawValue: try row["id"].decode(Int64.self))
            if byFolder[id] == nil { byFolder[id] = .zero }
        }
        return UnreadCounts(bySource: bySource, byFolder: byFolder, total: total)
    }

    // MARK: Retention

    /// Articles removed per transaction, so a long pass never holds locks for long.
    static let retentionBatchSize: Int64 = 2_000

    public func removeArticles(before cutoff: Date) async throws -> RetentionSummary {
        let cut = StoredDate.microseconds(cutoff)
        let now = StoredDate.microseconds(Date())
        var summary = RetentionSummary(articlesRemoved: 0, sourcesRemoved: 0)
        while true {
            let removed = try await transaction { connection in
                let ids = try await connection.rows("""
                    SELECT a.id FROM articles a
                    WHERE a.published_at < \(cut) AND a.fetched_at < \(cut) AND NOT EXISTS (SELECT 1 FROM stars WHERE stars.article_id = a.id)
                    LIMIT \(Self.retentionBatchSize)
                    FOR UPDATE SKIP LOCKED
                    """, logger: logger).map { try $0["id"].decode(Int64.self) }
                guard !ids.isEmpty else { return 0 }
                // Remembered while the feed still carries them, so a refresh does not bring them back.
                try await connection.run("""
                    INSERT INTO removed_articles (source_id, guid, removed_at)
                    SELECT source_id, guid, \(now) FROM articles WHERE id = ANY(\(ids))
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
                // Texts, search rows, reader views and entries go with them (ON DELETE CASCADE).
                try await connection.run("DELETE FROM articles WHERE id = ANY(\(ids))", logger: logger)
                return ids.count
            }
            summary.articlesRemoved += removed
            if removed < Int(Self.retentionBatchSize) { break }
        }
        summary.sourcesRemoved = try await rows("""
            DELETE FROM sources
            WHERE NOT EXISTS (SELECT 1 FROM subscriptions WHERE source_id = sources.id)
              AND NOT EXISTS (SELECT 1 FROM stars JOIN articles a ON a.id = stars.article_id WHERE a.source_id = sources.id)
            RETURNING id
            """).count
        return summary
    }
}

extension UnreadCount {
    /// The two counts together, with the later of their newest dates.
    func adding(_ other: UnreadCount) -> UnreadCount {
        let newest: Date? = switch (newestPublishedAt, other.newestPublishedAt) {
        case let (mine?, theirs?): max(mine, theirs)
        case let (mine, theirs): mine ?? theirs
        }
        return UnreadCount(count: count + other.count, newestPublishedAt: newest)
    }
}
