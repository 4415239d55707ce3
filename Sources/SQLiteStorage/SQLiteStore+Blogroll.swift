import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func blogrollChoice(for user: UserID) async throws -> BlogrollChoice {
        try await pool.read { db in
            let settings = try Self.blogrollSettings(of: user, in: db)
            let sources = try String.fetchAll(db, sql: "SELECT source_id FROM blogroll_sources WHERE user_id = ?", arguments: [user.rawValue])
            let folders = try Int64.fetchAll(
                db, sql: "SELECT b.folder_id FROM blogroll_folders b JOIN folders f ON f.id = b.folder_id WHERE f.user_id = ?",
                arguments: [user.rawValue]
            )
            return BlogrollChoice(
                isPublished: settings[BlogrollChoice.SettingKey.published] == "true",
                sources: Set(sources.compactMap(SourceID.init(rawValue:))),
                folders: Set(folders.map(FolderID.init(rawValue:))),
                introduction: settings[BlogrollChoice.SettingKey.introduction]
            )
        }
    }

    public func saveBlogrollChoice(_ choice: BlogrollChoice, for user: UserID) async throws {
        try await pool.write { db in
            guard try Self.user(user, in: db) != nil else { throw StoreError.userNotFound(user) }
            try db.execute(sql: "DELETE FROM blogroll_sources WHERE user_id = ?", arguments: [user.rawValue])
            try db.execute(
                sql: "DELETE FROM blogroll_folders WHERE folder_id IN (SELECT id FROM folders WHERE user_id = ?)", arguments: [user.rawValue]
            )
            // Only what the person follows, only folders that are theirs.
            for source in choice.sources.sorted(by: { $0.rawValue < $1.rawValue }) {
                try db.execute(
                    sql: "INSERT INTO blogroll_sources (user_id, source_id) SELECT user_id, source_id FROM subscriptions WHERE user_id = ? AND source_id = ?",
                    arguments: [user.rawValue, source.rawValue]
                )
            }
            for folder in choice.folders.sorted() {
                try db.execute(
                    sql: "INSERT INTO blogroll_folders (folder_id) SELECT id FROM folders WHERE id = ? AND user_id = ?",
                    arguments: [folder.rawValue, user.rawValue]
                )
            }
            let upsert = """
                INSERT INTO user_settings (user_id, key, value) VALUES (?, ?, ?)
                ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                """
            try db.execute(sql: upsert, arguments: [user.rawValue, BlogrollChoice.SettingKey.published, choice.isPublished ? "true" : "false"])
            if let introduction = BlogrollChoice.validIntroduction(choice.introduction) {
                try db.execute(sql: upsert, arguments: [user.rawValue, BlogrollChoice.SettingKey.introduction, introduction])
            } else {
                try db.execute(
                    sql: "DELETE FROM user_settings WHERE user_id = ? AND key = ?", arguments: [user.rawValue, BlogrollChoice.SettingKey.introduction]
                )
            }
        }
    }

    public func blogroll(of user: UserID) async throws -> [BlogrollEntry] {
        try await pool.read { db in
            guard try Self.blogrollSettings(of: user, in: db)[BlogrollChoice.SettingKey.published] == "true" else { return [] }
            // Subscriptions, sources and folders only: nothing of reading state is read.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT coalesce(s.name, src.name) AS name, src.site_url AS site_url, src.feed_url AS feed_url,
                           src.description AS description, src.is_demo AS is_demo,
                           CASE WHEN bf.folder_id IS NOT NULL THEN f.name END AS folder
                    FROM subscriptions s
                    JOIN sources src ON src.id = s.source_id
                    LEFT JOIN folders f ON f.id = s.folder_id
                    LEFT JOIN blogroll_folders bf ON bf.folder_id = s.folder_id
                    WHERE s.user_id = ?
                      AND (bf.folder_id IS NOT NULL
                           OR EXISTS (SELECT 1 FROM blogroll_sources b WHERE b.user_id = s.user_id AND b.source_id = s.source_id))
                    """,
                arguments: [user.rawValue]
            )
            return BlogrollEntry.published(try rows.map { row in
                (
                    entry: BlogrollEntry(
                        name: try row.decode(forColumn: "name"), siteURL: try row.decode(forColumn: "site_url"),
                        feedURL: try row.decode(forColumn: "feed_url"), description: try row.decode(forColumn: "description"),
                        folder: try row.decode(forColumn: "folder")
                    ),
                    isDemo: try row.decode(Bool.self, forColumn: "is_demo")
                )
            })
        }
    }

    private static func blogrollSettings(of user: UserID, in db: Database) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT key, value FROM user_settings WHERE user_id = ? AND key IN (?, ?)",
            arguments: [user.rawValue, BlogrollChoice.SettingKey.published, BlogrollChoice.SettingKey.introduction]
        ) {
            values[try row.decode(forColumn: "key")] = try row.decode(forColumn: "value")
        }
        return values
    }
}
