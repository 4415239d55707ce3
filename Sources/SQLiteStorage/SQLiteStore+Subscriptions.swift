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
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Subscription.selection(from: "sub")) FROM subscriptions sub WHERE sub.user_id = ? AND sub.source_id = ?",
                arguments: [user.rawValue, source.rawValue]
            ).map(Subscription.init(row:))
        }
    }

    /// Subscriptions by the name their person sees, as the grid lists them.
    static let subscriptionOrder = "coalesce(sub.name, s.name) COLLATE NOCASE, coalesce(sub.name, s.name), s.id"

    public func subscriptions(of user: UserID) async throws -> [Subscription] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Subscription.selection(from: "sub")) FROM subscriptions sub JOIN sources s ON s.id = sub.source_id
                    WHERE sub.user_id = ? ORDER BY \(Self.subscriptionOrder)
                    """,
                arguments: [user.rawValue]
            ).map(Subscription.init(row:))
        }
    }

    public func subscriptionSummaries(for user: UserID) async throws -> [SubscriptionSummary] {
        // One grouped pass over the person's entries (a covering index) gives every count.
        let sql = """
            SELECT \(Subscription.selection(from: "sub")), \(Source.selection(from: "s")), \(Folder.selection(from: "fo")),
                   \(FeedState.selection(from: "f")),
                   coalesce(counts.article_count, 0) AS article_count, coalesce(counts.unread_count, 0) AS unread_count,
                   counts.newest_published_at
            FROM subscriptions sub
            JOIN sources s ON s.id = sub.source_id
            LEFT JOIN folders fo ON fo.id = sub.folder_id
            LEFT JOIN feed_state f ON f.source_id = s.id
            LEFT JOIN (
                SELECT source_id, count(*) AS article_count, sum(read_at IS NULL) AS unread_count,
                       max(published_at) AS newest_published_at
                FROM reader_entries WHERE user_id = ? GROUP BY source_id
            ) counts ON counts.source_id = s.id
            WHERE sub.user_id = ?
            ORDER BY \(Self.subscriptionOrder)
            """
        return try await pool.read { db in
            try Row.fetchAll(db, sql: sql, arguments: [user.rawValue, user.rawValue]).map { row in
                SubscriptionSummary(
                    subscription: try Subscription(row: row),
                    source: try Source(row: row),
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
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT sub.source_id, sub.folder_id, coalesce(counts.unread_count, 0) AS unread_count, counts.newest_published_at
                    FROM subscriptions sub
                    LEFT JOIN (
                        SELECT source_id, count(*) AS unread_count, max(published_at) AS newest_published_at
                        FROM reader_entries WHERE user_id = ? AND read_at IS NULL GROUP BY source_id
                    ) counts ON counts.source_id = sub.source_id
                    WHERE sub.user_id = ?
                    """,
                arguments: [user.rawValue, user.rawValue]
            )
            for row in rows {
                let sourceText: String = try row.decode(forColumn: "source_id")
                guard let source = SourceID(rawValue: sourceText) else { continue }
                let count = UnreadCount(
                    count: try row.decode(forColumn: "unread_count"),
                    newestPublishedAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "newest_published_at"))
                )
                bySource[source] = count
                total = total.adding(count)
                if let folder = try row.decode(Int64?.self, forColumn: "folder_id").map(FolderID.init(rawValue:)) {
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
