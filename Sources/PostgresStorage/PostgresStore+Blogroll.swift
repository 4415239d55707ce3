import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    public func blogrollChoice(for user: UserID) async throws -> BlogrollChoice {
        let settings = try await blogrollSettings(of: user)
        let sources = try await rows("SELECT source_id FROM blogroll_sources WHERE user_id = \(user.rawValue)")
            .compactMap { SourceID(rawValue: try $0["source_id"].decode(String.self)) }
        let folders = try await rows("""
            SELECT b.folder_id FROM blogroll_folders b JOIN folders f ON f.id = b.folder_id WHERE f.user_id = \(user.rawValue)
            """).map { FolderID(rawValue: try $0["folder_id"].decode(Int64.self)) }
        return BlogrollChoice(
            isPublished: settings[BlogrollChoice.SettingKey.published] == "true",
            sources: Set(sources), folders: Set(folders),
            introduction: settings[BlogrollChoice.SettingKey.introduction]
        )
    }

    public func saveBlogrollChoice(_ choice: BlogrollChoice, for user: UserID) async throws {
        _ = try await transaction { connection in
            guard try await self.user(user, on: connection) != nil else { throw StoreError.userNotFound(user) }
            try await connection.run("DELETE FROM blogroll_sources WHERE user_id = \(user.rawValue)", logger: logger)
            try await connection.run(
                "DELETE FROM blogroll_folders WHERE folder_id IN (SELECT id FROM folders WHERE user_id = \(user.rawValue))", logger: logger
            )
            // Only what the person follows, only folders that are theirs.
            for source in choice.sources.sorted(by: { $0.rawValue < $1.rawValue }) {
                try await connection.run("""
                    INSERT INTO blogroll_sources (user_id, source_id)
                    SELECT user_id, source_id FROM subscriptions WHERE user_id = \(user.rawValue) AND source_id = \(source.rawValue)
                    """, logger: logger)
            }
            for folder in choice.folders.sorted() {
                try await connection.run("""
                    INSERT INTO blogroll_folders (folder_id) SELECT id FROM folders WHERE id = \(folder.rawValue) AND user_id = \(user.rawValue)
                    """, logger: logger)
            }
            let published = choice.isPublished ? "true" : "false"
            try await connection.run("""
                INSERT INTO user_settings (user_id, key, value) VALUES (\(user.rawValue), \(BlogrollChoice.SettingKey.published), \(published))
                ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                """, logger: logger)
            if let introduction = BlogrollChoice.validIntroduction(choice.introduction) {
                try await connection.run("""
                    INSERT INTO user_settings (user_id, key, value) VALUES (\(user.rawValue), \(BlogrollChoice.SettingKey.introduction), \(introduction))
                    ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                    """, logger: logger)
            } else {
                try await connection.run("""
                    DELETE FROM user_settings WHERE user_id = \(user.rawValue) AND key = \(BlogrollChoice.SettingKey.introduction)
                    """, logger: logger)
            }
            return true
        }
    }

    public func blogroll(of user: UserID) async throws -> [BlogrollEntry] {
        guard try await blogrollSettings(of: user)[BlogrollChoice.SettingKey.published] == "true" else { return [] }
        // Subscriptions, sources and folders only: nothing of reading state is read.
        let found = try await rows("""
            SELECT coalesce(s.name, src.name) AS name, src.site_url AS site_url, src.feed_url AS feed_url,
                   src.description AS description, src.is_demo AS is_demo,
                   CASE WHEN bf.folder_id IS NOT NULL THEN f.name END AS folder
            FROM subscriptions s
            JOIN sources src ON src.id = s.source_id
            LEFT JOIN folders f ON f.id = s.folder_id
            LEFT JOIN blogroll_folders bf ON bf.folder_id = s.folder_id
            WHERE s.user_id = \(user.rawValue)
              AND (bf.folder_id IS NOT NULL
                   OR EXISTS (SELECT 1 FROM blogroll_sources b WHERE b.user_id = s.user_id AND b.source_id = s.source_id))
            """)
        return BlogrollEntry.published(try found.map { row in
            (
                entry: BlogrollEntry(
                    name: try row["name"].decode(String.self), siteURL: try row["site_url"].decode(String?.self),
                    feedURL: try row["feed_url"].decode(String.self), description: try row["description"].decode(String?.self),
                    folder: try row["folder"].decode(String?.self)
                ),
                isDemo: try row["is_demo"].decode(Bool.self)
            )
        })
    }

    private func blogrollSettings(of user: UserID) async throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try await rows("""
            SELECT key, value FROM user_settings
            WHERE user_id = \(user.rawValue) AND key IN (\(BlogrollChoice.SettingKey.published), \(BlogrollChoice.SettingKey.introduction))
            """) {
            values[try row["key"].decode(String.self)] = try row["value"].decode(String.self)
        }
        return values
    }
}
