import Foundation
import NewsModel
import PostgresNIO
import Storage

/// People's side of `LibraryCopying`.
extension PostgresStore {
    public func exportPeople() async throws -> PeopleRecords {
        try await snapshot { connection in
            func query(_ sql: String) async throws -> [PostgresRandomAccessRow] {
                try await connection.rows(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
            return PeopleRecords(
                users: try await query("SELECT \(User.postgresSelection(from: "u")), u.password_hash FROM users u ORDER BY u.id").map {
                    UserRecord(user: try User(postgresRow: $0), passwordHash: try $0["password_hash"].decode(String?.self))
                },
                folders: try await query("SELECT \(Folder.postgresSelection(from: "f")) FROM folders f ORDER BY f.id").compactMap(Folder.init(postgresRow:)),
                subscriptions: try await query(
                    "SELECT \(Subscription.postgresSelection(from: "sub")) FROM subscriptions sub ORDER BY sub.user_id, sub.source_id COLLATE \"C\""
                ).map(Subscription.init(postgresRow:)),
                sessions: try await query("SELECT \(Session.postgresSelection(from: "s")), s.token_sha256 FROM sessions s ORDER BY s.id").map {
                    SessionRecord(session: try Session(postgresRow: $0), tokenHash: try $0["token_sha256"].decode(String.self))
                },
                appPasswords: try await query(
                    "SELECT \(AppPassword.postgresSelection(from: "p")), p.secret_sha256, p.fever_key_sha256 FROM app_passwords p ORDER BY p.id"
                ).map {
                    AppPasswordRecord(
                        appPassword: try AppPassword(postgresRow: $0), secretHash: try $0["secret_sha256"].decode(String.self),
                        feverKeyHash: try $0["fever_key_sha256"].decode(String.self)
                    )
                },
                settings: try await query("SELECT user_id, key, value FROM user_settings ORDER BY user_id, key COLLATE \"C\"").map {
                    UserSetting(
                        userID: UserID(rawValue: try $0["user_id"].decode(Int64.self)), key: try $0["key"].decode(String.self),
                        value: try $0["value"].decode(String.self)
                    )
                },
                removedArticles: try await query("SELECT source_id, guid, removed_at FROM removed_articles ORDER BY source_id COLLATE \"C\", guid COLLATE \"C\"").map {
                    let source = try $0["source_id"].decode(String.self)
                    return RemovedArticle(
                        sourceID: SourceID(rawValue: source) ?? SourceID(slugging: source), guid: try $0["guid"].decode(String.self),
                        removedAt: StoredDate.date(try $0["removed_at"].decode(Int64.self))
                    )
                }
            )
        }
    }

    public func importPeople(_ people: PeopleRecords) async throws {
        _ = try await transaction { connection in
            for record in people.users {
                let user = record.user
                // The target's own implicit owner gives way to the origin's owner.
                if user.isOwner { try await connection.run("DELETE FROM users WHERE is_owner AND id <> \(user.id.rawValue)", logger: logger) }
                try await connection.run("""
                    INSERT INTO users (id, name, role, is_owner, password_hash, created_at)
                    VALUES (\(user.id.rawValue), \(user.name), \(user.role.rawValue), \(user.isOwner), \(record.passwordHash), \(StoredDate.microseconds(user.createdAt)))
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, is_owner = excluded.is_owner,
                        password_hash = excluded.password_hash, created_at = excluded.created_at
                    """, logger: logger)
            }
            for folder in people.folders {
                try await connection.run("""
                    INSERT INTO folders (id, user_id, name, name_key) VALUES (\(folder.id.rawValue), \(folder.userID.rawValue), \(folder.name), \(Folder.nameKey(folder.name)))
                    ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, name_key = excluded.name_key
                    """, logger: logger)
            }
            for subscription in people.subscriptions {
                try await connection.run("""
                    INSERT INTO subscriptions (user_id, source_id, name, folder_id, created_at)
                    VALUES (\(subscription.userID.rawValue), \(subscription.sourceID.rawValue), \(subscription.name), \(subscription.folderID?.rawValue),
                            \(StoredDate.microseconds(subscription.createdAt)))
                    ON CONFLICT (user_id, source_id) DO UPDATE SET name = excluded.name, folder_id = excluded.folder_id, created_at = excluded.created_at
                    """, logger: logger)
            }
            for record in people.sessions {
                let session = record.session
                try await connection.run("""
                    INSERT INTO sessions (id, user_id, token_sha256, created_at, last_seen_at, expires_at, user_agent)
                    VALUES (\(session.id), \(session.userID.rawValue), \(record.tokenHash), \(StoredDate.microseconds(session.createdAt)),
                            \(StoredDate.microseconds(session.lastSeenAt)), \(StoredDate.microseconds(session.expiresAt)), \(session.userAgent))
                    ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, token_sha256 = excluded.token_sha256,
                        created_at = excluded.created_at, last_seen_at = excluded.last_seen_at, expires_at = excluded.expires_at,
                        user_agent = excluded.user_agent
                    """, logger: logger)
            }
            for record in people.appPasswords {
                let password = record.appPassword
                try await connection.run("""
                    INSERT INTO app_passwords (id, user_id, name, prefix, secret_sha256, fever_key_sha256, created_at, last_used_at)
                    VALUES (\(password.id), \(password.userID.rawValue), \(password.name), \(password.prefix), \(record.secretHash),
                            \(record.feverKeyHash), \(StoredDate.microseconds(password.createdAt)), \(StoredDate.microseconds(password.lastUsedAt)))
                    ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, prefix = excluded.prefix,
                        secret_sha256 = excluded.secret_sha256, fever_key_sha256 = excluded.fever_key_sha256,
                        created_at = excluded.created_at, last_used_at = excluded.last_used_at
                    """, logger: logger)
            }
            for setting in people.settings {
                try await connection.run("""
                    INSERT INTO user_settings (user_id, key, value) VALUES (\(setting.userID.rawValue), \(setting.key), \(setting.value))
                    ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                    """, logger: logger)
            }
            for removed in people.removedArticles {
                try await connection.run("""
                    INSERT INTO removed_articles (source_id, guid, removed_at)
                    VALUES (\(removed.sourceID.rawValue), \(removed.guid), \(StoredDate.microseconds(removed.removedAt)))
                    ON CONFLICT (source_id, guid) DO UPDATE SET removed_at = excluded.removed_at
                    """, logger: logger)
            }
            // Ids given later start above every imported one.
            for table in ["users", "folders", "sessions", "app_passwords"] {
                try await connection.run(PostgresQuery(unsafeSQL: """
                    SELECT setval(pg_get_serial_sequence('\(table)', 'id'), greatest(1, (SELECT max(id) FROM \(table))))
                    """), logger: logger)
            }
            return true
        }
    }

    public func exportReadingMarks(articleIDs ids: ClosedRange<Int64>) async throws -> [ReadingMark] {
        try await rows("""
            SELECT user_id, article_id, max(read_at) AS read_at, max(starred_at) AS starred_at FROM (
                SELECT user_id, article_id, read_at, NULL::bigint AS starred_at FROM reader_entries
                WHERE read_at IS NOT NULL AND article_id BETWEEN \(ids.lowerBound) AND \(ids.upperBound)
                UNION ALL
                SELECT user_id, article_id, NULL::bigint, starred_at FROM stars WHERE article_id BETWEEN \(ids.lowerBound) AND \(ids.upperBound)
            ) marks GROUP BY user_id, article_id ORDER BY article_id, user_id
            """).map { row in
            ReadingMark(
                userID: UserID(rawValue: try row["user_id"].decode(Int64.self)),
                articleID: ArticleID(rawValue: try row["article_id"].decode(Int64.self)),
                readAt: StoredDate.date(try row["read_at"].decode(Int64?.self)),
                starredAt: StoredDate.date(try row["starred_at"].decode(Int64?.self))
            )
        }
    }

    public func importReadingMarks(_ marks: [ReadingMark]) async throws {
        let reads = marks.compactMap { mark in mark.readAt.map { (mark.userID.rawValue, mark.articleID.rawValue, StoredDate.microseconds($0)) } }
        let stars = marks.compactMap { mark in mark.starredAt.map { (mark.userID.rawValue, mark.articleID.rawValue, StoredDate.microseconds($0)) } }
        guard !reads.isEmpty || !stars.isEmpty else { return }
        _ = try await transaction { connection in
            if !reads.isEmpty {
                try await connection.run("""
                    UPDATE reader_entries e SET read_at = m.read_at
                    FROM unnest(\(reads.map(\.0))::bigint[], \(reads.map(\.1))::bigint[], \(reads.map(\.2))::bigint[]) AS m(user_id, article_id, read_at)
                    WHERE e.user_id = m.user_id AND e.article_id = m.article_id
                    """, logger: logger)
            }
            if !stars.isEmpty {
                try await connection.run("""
                    INSERT INTO stars (user_id, article_id, starred_at)
                    SELECT * FROM unnest(\(stars.map(\.0))::bigint[], \(stars.map(\.1))::bigint[], \(stars.map(\.2))::bigint[])
                    ON CONFLICT (user_id, article_id) DO UPDATE SET starred_at = excluded.starred_at
                    """, logger: logger)
            }
            return true
        }
    }
}
