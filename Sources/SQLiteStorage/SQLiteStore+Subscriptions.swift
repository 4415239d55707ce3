import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// The longest own name kept for a subscription, in characters.
    static let maximumSubscriptionNameLength = 256

    public func follow(_ source: Source, as user: UserID, name: String?, folder: FolderID?) async throws -> FollowedSource {
        let ownName = Self.subscriptionName(name)
        let now = StoredDate.microseconds(Date())
        return try await pool.write { db in
            guard try Self.user(user, in: db) != nil else { throw StoreError.userNotFound(user) }
            if let folder, try !Self.folderExists(folder, of: user, in: db) { throw StoreError.folderNotFound(folder) }
            var stored: Source
            let isNew: Bool
            if let twin = try Row.fetchOne(
                db, sql: "SELECT \(Source.selection(from: "s")) FROM sources s WHERE s.feed_url = ? ORDER BY s.added_at, s.id LIMIT 1",
                arguments: [source.feedURL]
            ).map(Source.init(row:)) {
                let following = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ? AND source_id = ?)",
                    arguments: [user.rawValue, twin.id.rawValue]
                ) ?? false
                if following { throw StoreError.alreadyFollowing(twin.id) }
                stored = twin
                isNew = false
            } else {
                stored = try Self.insertSource(source, in: db)
                isNew = true
            }
            // An own name that is the source's own is no own name (it would not follow a rename).
            let ownName = ownName == stored.name ? nil : ownName
            // The subscription trigger gives the person every article the source already has.
            try db.execute(
                sql: "INSERT INTO subscriptions (user_id, source_id, name, folder_id, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [user.rawValue, stored.id.rawValue, ownName, folder?.rawValue, now]
            )
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
        try await pool.write { db in
            // The subscription's entries go with it (trigger); stars stay.
            try db.execute(sql: "DELETE FROM subscriptions WHERE user_id = ? AND source_id = ?", arguments: [user.rawValue, source.rawValue])
            if db.changesCount == 0 { throw StoreError.notFollowing(source) }
            try Self.removeUnfollowedSources([source.rawValue], in: db)
        }
    }

    /// Removes those of `sources` that nobody follows and nobody starred anything of.
    /// Sources nobody follows but with starred articles stay (not refreshed) for retention.
    static func removeUnfollowedSources(_ sources: [String], in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            DELETE FROM sources WHERE id = ?
                AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE source_id = sources.id)
                AND NOT EXISTS (SELECT 1 FROM stars JOIN articles a ON a.id = stars.article_id WHERE a.source_id = sources.id)
            """)
        for source in sources { try statement.execute(arguments: [source]) }
    }

    public func updateSubscription(_ subscription: Subscription) async throws {
        let user = subscription.userID
        try await pool.write { db in
            if let folder = subscription.folderID, try !Self.folderExists(folder, of: user, in: db) {
                throw StoreError.folderNotFound(folder)
            }
            try db.execute(
                sql: "UPDATE subscriptions SET name = ?, folder_id = ? WHERE user_id = ? AND source_id = ?",
                arguments: [Self.subscriptionName(subscription.name), subscription.folderID?.rawValue, user.rawValue, subscription.sourceID.rawValue]
            )
            if db.changesCount == 0 { throw StoreError.notFollowing(subscription.sourceID) }
        }
    }

    public func subscription(to source: SourceID, for user: UserID) async throws -> Subscription? {
        try await pool.read { db in try Self.subscription(to: source, for: user, in: db) }
    }

    static func subscription(to source: SourceID, for user: UserID, in db: Database) throws -> Subscription? {
        try db.row(subscriptionSQL, arguments: [user.rawValue, source.rawValue], Subscription.init(row:))
    }

    // Written once rather than at each call.
    private static let subscriptionSQL =
        "SELECT \(Subscription.selection(from: "sub")) FROM subscriptions sub WHERE sub.user_id = ? AND sub.source_id = ?"
    private static let subscriptionsSQL =
        """
        SELECT \(Subscription.selection(from: "sub")) FROM \(listedIDs(2)) CROSS JOIN subscriptions sub
        WHERE sub.user_id = ?1 AND sub.source_id = listed.value
        """

    /// These sources, and the person's subscriptions to them, by source: one statement for
    /// what the article page shows of its source and of its coverage's.
    static func sourcesWithSubscriptions(
        _ ids: Set<SourceID>, for user: UserID, in db: Database
    ) throws -> (sources: [SourceID: Source], subscriptions: [SourceID: Subscription]) {
        var sources: [SourceID: Source] = [:]
        var subscriptions: [SourceID: Subscription] = [:]
        for chunk in chunked(ids.map(\.rawValue)) {
            let rows = try db.columnRows(sourcesWithSubscriptionsSQL, arguments: [user.rawValue, jsonStrings(chunk)]) { row in
                (try Source(row: row, startingAt: 0), try Subscription(ifPresentIn: row, startingAt: Source.columnCount))
            }
            for (source, subscription) in rows {
                sources[source.id] = source
                subscriptions[source.id] = subscription
            }
        }
        return (sources, subscriptions)
    }

    private static let sourcesWithSubscriptionsSQL = """
        SELECT \(Source.selection(from: "s")), \(Subscription.selection(from: "sub"))
        FROM \(listedIDs(2)) CROSS JOIN sources s LEFT JOIN subscriptions sub ON sub.user_id = ?1 AND sub.source_id = s.id
        WHERE s.id = listed.value
        """

    /// The person's subscriptions to these sources, by source.
    static func subscriptions(to sources: Set<SourceID>, for user: UserID, in db: Database) throws -> [SourceID: Subscription] {
        var subscriptions: [SourceID: Subscription] = [:]
        for chunk in chunked(sources.map(\.rawValue)) {
            for subscription in try db.rows(
                subscriptionsSQL,
                arguments: [user.rawValue, Self.jsonStrings(chunk)], Subscription.init(row:)
            ) {
                subscriptions[subscription.sourceID] = subscription
            }
        }
        return subscriptions
    }

    /// Subscriptions by the name their person sees, as the grid lists them.
    static let subscriptionOrder = "coalesce(sub.name, s.name) COLLATE NOCASE, coalesce(sub.name, s.name), s.id"

    public func subscriptions(of user: UserID) async throws -> [Subscription] {
        try await pool.read { db in
            try db.rows(
                """
                SELECT \(Subscription.selection(from: "sub")) FROM subscriptions sub JOIN sources s ON s.id = sub.source_id
                WHERE sub.user_id = ? ORDER BY \(Self.subscriptionOrder)
                """,
                arguments: [user.rawValue], Subscription.init(row:)
            )
        }
    }

    public func subscriptionSummaries(for user: UserID) async throws -> [SubscriptionSummary] {
        // The counts are kept per person and source (`subscription_counts`); the newest
        // date is one step down the by-source index. Nothing here grows with the library.
        let sql = """
            SELECT \(Subscription.selection(from: "sub")), \(Source.selection(from: "s")), \(Folder.selection(from: "fo")),
                   \(FeedState.selection(from: "f")),
                   coalesce(c.article_count, 0) AS article_count, coalesce(c.unread_count, 0) AS unread_count,
                   (SELECT max(r.published_at) FROM reader_entries r WHERE r.user_id = sub.user_id AND r.source_id = sub.source_id)
                       AS newest_published_at
            FROM subscriptions sub
            JOIN sources s ON s.id = sub.source_id
            LEFT JOIN folders fo ON fo.id = sub.folder_id
            LEFT JOIN feed_state f ON f.source_id = s.id
            LEFT JOIN subscription_counts c ON c.user_id = sub.user_id AND c.source_id = sub.source_id
            WHERE sub.user_id = ?
            ORDER BY \(Self.subscriptionOrder)
            """
        return try await pool.read { db in
            try db.rows(sql, arguments: [user.rawValue]) { row in
                SubscriptionSummary(
                    subscription: try Subscription(row: row),
                    source: try Source(row: row, startingAt: Subscription.columnCount),
                    folder: try Folder(row: row),
                    articleCount: try row.decode(forColumn: "article_count"),
                    unreadCount: try row.decode(forColumn: "unread_count"),
                    newestArticleAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "newest_published_at")),
                    state: try FeedState(row: row)
                )
            }
        }
    }

    public func unreadCounts(for user: UserID) async throws -> UnreadCounts {
        try await pool.read { db in
            var bySource: [SourceID: UnreadCount] = [:]
            var byFolder: [FolderID: UnreadCount] = [:]
            var total = UnreadCount.zero
            // Kept counts (`subscription_counts`), and the newest unread date one step
            // down the by-source index for each source that has any.
            let rows = try db.rows(
                """
                SELECT sub.source_id, sub.folder_id, coalesce(c.unread_count, 0) AS unread_count,
                       CASE WHEN c.unread_count > 0 THEN (
                           SELECT r.published_at FROM reader_entries r
                           WHERE r.user_id = sub.user_id AND r.source_id = sub.source_id AND r.read_at IS NULL
                           ORDER BY r.published_at DESC LIMIT 1
                       ) END AS newest_published_at
                FROM subscriptions sub
                LEFT JOIN subscription_counts c ON c.user_id = sub.user_id AND c.source_id = sub.source_id
                WHERE sub.user_id = ?
                """,
                arguments: [user.rawValue]
            ) { row in
                (
                    source: try row.decode(String.self, forColumn: "source_id"),
                    folder: try row.decode(Int64?.self, forColumn: "folder_id"),
                    count: UnreadCount(
                        count: try row.decode(forColumn: "unread_count"),
                        newestPublishedAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "newest_published_at"))
                    )
                )
            }
            for row in rows {
                guard let source = SourceID(rawValue: row.source) else { continue }
                let count = row.count
                bySource[source] = count
                total = total.adding(count)
                if let folder = row.folder.map(FolderID.init(rawValue:)) {
                    byFolder[folder] = (byFolder[folder] ?? .zero).adding(count)
                }
            }
            // Empty folders count too, at zero.
            for folder in try Int64.fetchAll(db, sql: "SELECT id FROM folders WHERE user_id = ?", arguments: [user.rawValue]) {
                let id = FolderID(rawValue: folder)
                if byFolder[id] == nil { byFolder[id] = .zero }
            }
            return UnreadCounts(bySource: bySource, byFolder: byFolder, total: total)
        }
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
