import Foundation
import PostgresNIO
import Storage

extension PostgresStore {
    public func createAPIKey(name: String) async throws -> NewAPIKey {
        let secret = APIKey.generateSecret()
        let prefix = String(secret.prefix(APIKey.prefixLength))
        let createdAt = StoredDate.microseconds(Date())
        guard let row = try await rows("""
            INSERT INTO api_keys (name, secret_sha256, prefix, is_enabled, created_at)
            VALUES (\(name), \(APIKey.secretHash(secret)), \(prefix), true, \(createdAt))
            RETURNING \(unescaped: APIKey.postgresSelection)
            """).first else { throw StoreError.apiKeyNotFound(0) }
        return NewAPIKey(key: try APIKey(postgresRow: row), secret: secret)
    }

    public func apiKey(forSecret secret: String) async throws -> APIKey? {
        guard !secret.isEmpty, secret.utf8.count <= APIKey.maximumSecretLength else { return nil }
        return try await rows("""
            SELECT \(unescaped: APIKey.postgresSelection) FROM api_keys WHERE secret_sha256 = \(APIKey.secretHash(secret))
            """).first.map(APIKey.init(postgresRow:))
    }

    public func setAPIKey(_ id: APIKey.ID, enabled: Bool) async throws {
        let updated = try await rows("UPDATE api_keys SET is_enabled = \(enabled) WHERE id = \(id) RETURNING id")
        if updated.isEmpty { throw StoreError.apiKeyNotFound(id) }
    }

    public func apiKeys() async throws -> [APIKey] {
        try await rows("SELECT \(unescaped: APIKey.postgresSelection) FROM api_keys ORDER BY id").map(APIKey.init(postgresRow:))
    }

    public func setting(_ key: String) async throws -> String? {
        try await rows("SELECT value FROM settings WHERE key = \(key)").first?["value"].decode(String.self)
    }

    public func setSetting(_ key: String, to value: String?) async throws {
        if let value {
            _ = try await client.query("""
                INSERT INTO settings (key, value) VALUES (\(key), \(value)) ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, logger: logger).collect()
        } else {
            _ = try await client.query("DELETE FROM settings WHERE key = \(key)", logger: logger).collect()
        }
    }
}
