import Foundation
import GRDB
import NewsModel
import Storage

/// People's side of `LibraryCopying`.
extension SQLiteStore {
    public func exportPeople() async throws -> PeopleRecords {
        try await pool.read { db in
            PeopleRecords(
                users: try Row.fetchAll(db, sql: "SELECT \(User.selection(from: "u")), u.password_hash FROM users u ORDER BY u.id").map {
                    UserRecord(user: try User(row: $0), passwordHash: try $0.decode(forColumn: "password_hash"))
                },
                folders: try Row.fetchAll(db, sql: "SELECT \(Folder.selection(from: "f")) FROM folders f ORDER BY f.id").compactMap(Folder.init(row:)),
                subscriptions: try Row.fetchAll(
                    db, sql: "SELECT \(Subscription.selection(from: "sub")) FROM subscriptions sub ORDER BY sub.user_id, sub.source_id"
                ).map(Subscription.init(row:)),
                sessions: try Row.fetchAll(db, sql: "SELECT \(Session.selection(from: "s")), s.token_sha256 FROM sessions s ORDER BY s.id").map {
                    SessionRecord(session: try Session(row: $0), tokenHash: try $0.decode(forColumn: "token_sha256"))
                },
                appPasswords: try Row.fetchAll(
                    db, sql: "SELECT \(AppPassword.selection(from: "p")), p.secret_sha256, p.fever_key_sha256 FROM app_passwords p ORDER BY p.id"
                ).map {
                    AppPasswordRecord(
                        appPassword: try AppPassword(row: $0), secretHash: try $0.decode(forColumn: "secret_sha256"),
                        feverKeyHash: try $0.decode(forColumn: "fever_key_sha256")
                    )
                },
                settings: try Row.fetchAll(db, sql: "SELECT user_id, key, value FROM user_settings ORDER BY user_id, key").map {
                    UserSetting(userID: UserID(rawValue: try $0.decode(forColumn: "user_id")), key: try $0.decode(forColumn: "key"), value: try $0.decode(forColumn: "value"))
                },
                removedArticles: try Row.fetchAll(db, sql: "SELECT source_id, guid, removed_at FROM removed_articles ORDER BY source_id, guid").map {
                    let source: String = try $0.decode(forColumn: "source_id")
                    return RemovedArticle(
                        sourceID: SourceID(rawValue: source) ?? SourceID(slugging: source), guid: try $0.decode(forColumn: "guid"),
                        removedAt: StoredDate.date(try $0.decode(Int64.self, forColumn: "removed_at"))
                    )
                }
            )
        }
    }

    public func importPeople(_ people: PeopleRecords) async throws {
        try await pool.write { db in
            for record in people.users {
                let user = record.user
                // The target's own implicit owner gives way to the origin's owner.
                if user.isOwner { try db.execute(sql: "DELETE FROM users WHERE is_owner = 1 AND id <> ?", arguments: [user.id.rawValue]) }
                try db.execute(
                    sql: """
                        INSERT INTO users (id, name, role, is_owner, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, is_owner = excluded.is_owner,
                            password_hash = excluded.password_hash, created_at = excluded.created_at
                        """,
                    arguments: [user.id.rawValue, user.name, user.role.rawValue, user.isOwner, record.passwordHash, StoredDate.microseconds(user.createdAt)]
                )
            }
            for folder in people.folders {
                try db.execute(
                    sql: """
                        INSERT INTO folders (id, user_id, name, name_key) VALUES (?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, name_key = excluded.name_key
                        """,
                    arguments: [folder.id.rawValue, folder.userID.rawValue, folder.name, Folder.nameKey(folder.name)]
                )
            }
            for subscription in people.subscriptions {
                try db.execute(
                    sql: """
                        INSERT INTO subscriptions (user_id, source_id, name, folder_id, created_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (user_id, source_id) DO UPDATE SET name = excluded.name, folder_id = excluded.folder_id,
                            created_at = excluded.created_at
                        """,
                    arguments: [
                        subscription.userID.rawValue, subscription.sourceID.rawValue, subscription.name, subscription.folderID?.rawValue,
                        StoredDate.microseconds(subscription.createdAt),
                    ]
                )
            }
            for record in people.sessions {
                let session = record.session
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO sessions (id, user_id, token_sha256, created_at, last_seen_at, expires_at, user_agent)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        session.id, session.userID.rawValue, record.tokenHash, StoredDate.microseconds(session.createdAt),
                        StoredDate.microseconds(session.lastSeenAt), StoredDate.microseconds(session.expiresAt), session.userAgent,
                    ]
                )
            }
            for record in people.appPasswords {
                let password = record.appPassword
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO app_passwords (id, user_id, name, prefix, secret_sha256, fever_key_sha256, created_at, last_used_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        password.id, password.userID.rawValue, password.name, password.prefix, record.secretHash, record.feverKeyHash,
                        StoredDate.microseconds(password.createdAt), StoredDate.microseconds(password.lastUsedAt),
                    ]
                )
            }
            for setting in people.settings {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO user_settings (user_id, key, value) VALUES (?, ?, ?)",
                    arguments: [setting.userID.rawValue, setting.key, setting.value]
                )
            }
            for removed in people.removedArticles {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO removed_articles (source_id, guid, removed_at) VALUES (?, ?, ?)",
                    arguments: [removed.sourceID.rawValue, removed.guid, StoredDate.microseconds(removed.removedAt)]
                )
            }
        }
    }

    public func exportReadingMarks(articleIDs ids: ClosedRange<Int64>) async throws -> [ReadingMark] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT user_id, article_id, max(read_at) AS read_at, max(starred_at) AS starred_at FROM (
                        SELECT user_id, article_id, read_at, NULL AS starred_at FROM reader_entries
                        WHERE read_at IS NOT NULL AND article_id BETWEEN ? AND ?
                        UNION ALL
                        SELECT user_id, article_id, NULL, starred_at FROM stars WHERE article_id BETWEEN ? AND ?
                    ) GROUP BY user_id, article_id ORDER BY article_id, user_id
                    """,
                arguments: [ids.lowerBound, ids.upperBound, ids.lowerBound, ids.upperBound]
            ).map { row in
                ReadingMark(
                    userID: UserID(rawValue: try row.decode(forColumn: "user_id")),
                    articleID: ArticleID(rawValue: try row.decode(forColumn: "article_id")),
                    readAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "read_at")),
                    starredAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "starred_at"))
                )
            }
        }
    }

    public func importReadingMarks(_ marks: [ReadingMark]) async throws {
        guard !marks.isEmpty else { return }
        try await pool.write { db in
            let read = try db.cachedStatement(sql: "UPDATE reader_entries SET read_at = ? WHERE user_id = ? AND article_id = ?")
            let star = try db.cachedStatement(sql: "INSERT OR REPLACE INTO stars (user_id, article_id, starred_at) VALUES (?, ?, ?)")
            for mark in marks {
                if let readAt = mark.readAt {
                    try read.execute(arguments: [StoredDate.microseconds(readAt), mark.userID.rawValue, mark.articleID.rawValue])
                }
                if let starredAt = mark.starredAt {
                    try star.execute(arguments: [mark.userID.rawValue, mark.articleID.rawValue, StoredDate.microseconds(starredAt)])
                }
            }
        }
    }

    /// The people's side of `libraryCounts()`.
    static func countPeople(into counts: inout LibraryCounts, in db: Database) throws {
        func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
        counts.users = try count("SELECT count(*) FROM users")
        counts.folders = try count("SELECT count(*) FROM folders")
        counts.subscriptions = try count("SELECT count(*) FROM subscriptions")
        counts.readerEntries = try count("SELECT count(*) FROM reader_entries")
        counts.readEntries = try count("SELECT count(*) FROM reader_entries WHERE read_at IS NOT NULL")
        counts.stars = try count("SELECT count(*) FROM stars")
        counts.sessions = try count("SELECT count(*) FROM sessions")
        counts.appPasswords = try count("SELECT count(*) FROM app_passwords")
        counts.userSettings = try count("SELECT count(*) FROM user_settings")
        counts.removedArticles = try count("SELECT count(*) FROM removed_articles")
    }
}
