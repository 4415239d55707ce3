import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func readerSettings(for user: UserID) async throws -> ReaderSettings {
        try await pool.read { db in try Self.readerSettings(for: user, in: db) }
    }

    static func readerSettings(for user: UserID, in db: Database) throws -> ReaderSettings {
        var values: [String: String] = [:]
        let rows = try db.rows("SELECT key, value FROM user_settings WHERE user_id = ?", arguments: [user.rawValue]) { row in
            (try row.decode(String.self, atIndex: 0), try row.decode(String.self, atIndex: 1))
        }
        for (key, value) in rows {
            values[key] = value
        }
        return ReaderSettings(storedValues: values)
    }

    /// Every page asks: one read instead of three.
    public func pageReader(sessionToken token: String?, at now: Date) async throws -> PageReader {
        let tokenHash = token.flatMap { !$0.isEmpty && $0.utf8.count <= Session.maximumTokenLength ? Session.tokenHash($0) : nil }
        return try await pool.read { db in
            guard try Self.hasAccounts(in: db) else {
                let owner = try Self.owner(in: db)
                return .owner(owner, try Self.readerSettings(for: owner.id, in: db))
            }
            guard let tokenHash, let authenticated = try Self.session(forTokenHash: tokenHash, at: now, in: db) else { return .signedOut }
            return .signedIn(authenticated, try Self.readerSettings(for: authenticated.user.id, in: db))
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
