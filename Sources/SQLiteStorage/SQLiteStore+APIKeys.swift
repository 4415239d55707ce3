import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    static let apiKeyColumns = "id, user_id, name, is_enabled, created_at, prefix"

    public func createAPIKey(name: String) async throws -> NewAPIKey {
        let owner = try await pool.read { db in try Self.ownerID(in: db) }
        return try await createAPIKey(name: name, for: UserID(rawValue: owner))
    }

    public func createAPIKey(name: String, for user: UserID) async throws -> NewAPIKey {
        let secret = APIKey.generateSecret()
        let prefix = String(secret.prefix(APIKey.prefixLength))
        let createdAt = StoredDate.microseconds(Date())
        let id = try await pool.write { db in
            guard try Self.user(user, in: db) != nil else { throw StoreError.userNotFound(user) }
            try db.execute(
                sql: "INSERT INTO api_keys (user_id, name, secret_sha256, prefix, is_enabled, created_at) VALUES (?, ?, ?, ?, 1, ?)",
                arguments: [user.rawValue, name, APIKey.secretHash(secret), prefix, createdAt]
            )
            return db.lastInsertedRowID
        }
        let key = APIKey(id: id, userID: user, name: name, isEnabled: true, createdAt: StoredDate.date(createdAt), prefix: prefix)
        return NewAPIKey(key: key, secret: secret)
    }

    public func apiKey(forSecret secret: String) async throws -> APIKey? {
        guard !secret.isEmpty, secret.utf8.count <= APIKey.maximumSecretLength else { return nil }
        let hash = APIKey.secretHash(secret)
        return try await pool.read { db in
            try db.row("SELECT \(Self.apiKeyColumns) FROM api_keys WHERE secret_sha256 = ?", arguments: [hash], Self.apiKey(row:))
        }
    }

    public func setAPIKey(_ id: APIKey.ID, enabled: Bool) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE api_keys SET is_enabled = ? WHERE id = ?", arguments: [enabled, id])
            if db.changesCount == 0 { throw StoreError.apiKeyNotFound(id) }
        }
    }

    public func apiKeys() async throws -> [APIKey] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.apiKeyColumns) FROM api_keys ORDER BY id").map(Self.apiKey(row:))
        }
    }

    public func apiKeys(of user: UserID) async throws -> [APIKey] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.apiKeyColumns) FROM api_keys WHERE user_id = ? ORDER BY id", arguments: [user.rawValue])
                .map(Self.apiKey(row:))
        }
    }

    private static func apiKey(row: Row) throws -> APIKey {
        APIKey(
            id: try row.decode(forColumn: "id"),
            userID: UserID(rawValue: try row.decode(forColumn: "user_id")),
            name: try row.decode(forColumn: "name"),
            isEnabled: try row.decode(forColumn: "is_enabled"),
            createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "created_at")),
            prefix: try row.decode(forColumn: "prefix")
        )
    }
}
