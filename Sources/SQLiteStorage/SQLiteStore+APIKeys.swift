import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func createAPIKey(name: String) async throws -> NewAPIKey {
        let secret = APIKey.generateSecret()
        let prefix = String(secret.prefix(APIKey.prefixLength))
        let createdAt = Date()
        let id = try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO api_keys (name, secret_sha256, prefix, is_enabled, created_at) VALUES (?, ?, ?, 1, ?)",
                arguments: [name, APIKey.secretHash(secret), prefix, StoredDate.microseconds(createdAt)]
            )
            return db.lastInsertedRowID
        }
        let key = APIKey(id: id, name: name, isEnabled: true, createdAt: StoredDate.date(StoredDate.microseconds(createdAt)), prefix: prefix)
        return NewAPIKey(key: key, secret: secret)
    }

    public func apiKey(forSecret secret: String) async throws -> APIKey? {
        guard !secret.isEmpty, secret.utf8.count <= APIKey.maximumSecretLength else { return nil }
        let hash = APIKey.secretHash(secret)
        return try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, name, is_enabled, created_at, prefix FROM api_keys WHERE secret_sha256 = ?", arguments: [hash]
            ).map(Self.apiKey(row:))
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
            try Row.fetchAll(db, sql: "SELECT id, name, is_enabled, created_at, prefix FROM api_keys ORDER BY id")
                .map(Self.apiKey(row:))
        }
    }

    private static func apiKey(row: Row) throws -> APIKey {
        APIKey(
            id: try row.decode(forColumn: "id"),
            name: try row.decode(forColumn: "name"),
            isEnabled: try row.decode(forColumn: "is_enabled"),
            createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "created_at")),
            prefix: try row.decode(forColumn: "prefix")
        )
    }
}
