import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func createAppPassword(name: String, for user: UserID) async throws -> NewAppPassword {
        let secret = AppPassword.generateSecret()
        let prefix = String(secret.prefix(AppPassword.prefixLength))
        let createdAt = StoredDate.microseconds(Date())
        let stored = try await pool.write { db in
            guard let owner = try Self.user(user, in: db) else { throw StoreError.userNotFound(user) }
            guard owner.hasPassword else { throw StoreError.accountRequired }
            // The Fever key covers the name as it is now; names never change.
            let feverKey = AppPassword.feverKey(userName: owner.name, secret: secret)
            try db.execute(
                sql: """
                    INSERT INTO app_passwords (user_id, name, prefix, secret_sha256, fever_key_sha256, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [user.rawValue, name, prefix, AppPassword.secretHash(secret), AppPassword.feverKeyHash(feverKey), createdAt]
            )
            return AppPassword(
                id: db.lastInsertedRowID, userID: user, name: name, prefix: prefix,
                createdAt: StoredDate.date(createdAt), lastUsedAt: nil
            )
        }
        return NewAppPassword(appPassword: stored, secret: secret)
    }

    public func appPassword(forSecret secret: String) async throws -> AuthenticatedAppPassword? {
        guard !secret.isEmpty, secret.utf8.count <= AppPassword.maximumSecretLength else { return nil }
        return try await appPassword(where: "p.secret_sha256 = ?", AppPassword.secretHash(secret))
    }

    public func appPassword(forFeverKey key: String) async throws -> AuthenticatedAppPassword? {
        guard !key.isEmpty, key.utf8.count <= AppPassword.maximumSecretLength else { return nil }
        return try await appPassword(where: "p.fever_key_sha256 = ?", AppPassword.feverKeyHash(key))
    }

    private func appPassword(where condition: String, _ hash: String) async throws -> AuthenticatedAppPassword? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(AppPassword.selection(from: "p")), \(User.selection(from: "u"))
                    FROM app_passwords p JOIN users u ON u.id = p.user_id WHERE \(condition)
                    """,
                arguments: [hash]
            ) else { return nil }
            return AuthenticatedAppPassword(appPassword: try AppPassword(row: row), user: try User(row: row))
        }
    }

    public func recordAppPasswordUse(_ id: AppPassword.ID, at date: Date) async throws {
        let used = StoredDate.microseconds(date)
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE app_passwords SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)",
                arguments: [used, id, used - Self.activityResolution]
            )
        }
    }

    public func appPasswords(of user: UserID) async throws -> [AppPassword] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(AppPassword.selection(from: "p")) FROM app_passwords p WHERE p.user_id = ? ORDER BY p.id",
                arguments: [user.rawValue]
            ).map(AppPassword.init(row:))
        }
    }

    public func revokeAppPassword(_ id: AppPassword.ID, of user: UserID) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM app_passwords WHERE id = ? AND user_id = ?", arguments: [id, user.rawValue])
            if db.changesCount == 0 { throw StoreError.appPasswordNotFound(id) }
        }
    }
}
