import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func readerSettings(for user: UserID) async throws -> ReaderSettings {
        try await pool.read { db in
            var values: [String: String] = [:]
            let rows = try db.rows("SELECT key, value FROM user_settings WHERE user_id = ?", arguments: [user.rawValue]) { row in
                (try row.decode(String.self, atIndex: 0), try row.decode(String.self, atIndex: 1))
            }
            for (key, value) in rows {
                values[key] = value
            }
            return ReaderSettings(storedValues: values)
        }
    }

    public func saveReaderSettings(_ settings: ReaderSettings, for user: UserID) async throws {
        try await pool.write { db in
            guard try Self.user(user, in: db) != nil else { throw StoreError.userNotFound(user) }
            for (key, value) in settings.storedValues.sorted(by: { $0.key < $1.key }) {
                try db.execute(
                    sql: """
                        INSERT INTO user_settings (user_id, key, value) VALUES (?, ?, ?)
                        ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                        """,
                    arguments: [user.rawValue, key, value]
                )
            }
        }
    }
}
