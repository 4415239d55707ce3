import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// Last-seen and last-used times are written at most this often (microseconds): a page
    /// view a second must not be a write a second.
    static let activityResolution: Int64 = 60 * 1_000_000

    public func createSession(for user: UserID, userAgent: String?, expiresAt: Date, now: Date) async throws -> NewSession {
        let token = Session.generateToken()
        let agent = userAgent.map { Self.shortened($0, toBytes: Session.maximumUserAgentLength) }
        let createdAt = StoredDate.microseconds(now)
        let expires = StoredDate.microseconds(expiresAt)
        let id = try await transaction { connection in
            guard try await self.user(user, on: connection) != nil else { throw StoreError.userNotFound(user) }
            guard let row = try await connection.rows("""
                INSERT INTO sessions (user_id, token_sha256, created_at, last_seen_at, expires_at, user_agent)
                VALUES (\(user.rawValue), \(Session.tokenHash(token)), \(createdAt), \(createdAt), \(expires), \(agent))
                RETURNING id
                """, logger: logger).first else { throw StoreError.userNotFound(user) }
            return try row["id"].decode(Int64.self)
        }
        let session = Session(
            id: id, userID: user, createdAt: StoredDate.date(createdAt), lastSeenAt: StoredDate.date(createdAt),
            expiresAt: StoredDate.date(expires), userAgent: agent
        )
        return NewSession(session: session, token: token)
    }

    public func session(forToken token: String, at now: Date) async throws -> AuthenticatedSession? {
        guard !token.isEmpty, token.utf8.count <= Session.maximumTokenLength else { return nil }
        guard let row = try await rows("""
            SELECT \(unescaped: Session.postgresSelection(from: "s")), \(unescaped: User.postgresSelection(from: "u"))
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_sha256 = \(Session.tokenHash(token)) AND s.expires_at > \(StoredDate.microseconds(now))
            """).first else { return nil }
        return AuthenticatedSession(session: try Session(postgresRow: row), user: try User(postgresRow: row))
    }

    public func touchSession(_ id: Session.ID, seenAt: Date, expiresAt: Date) async throws {
        let seen = StoredDate.microseconds(seenAt)
        _ = try await rows("""
            UPDATE sessions SET last_seen_at = \(seen), expires_at = \(StoredDate.microseconds(expiresAt))
            WHERE id = \(id) AND last_seen_at <= \(seen - Self.activityResolution)
            RETURNING id
            """)
    }

    public func sessions(of user: UserID, at now: Date) async throws -> [Session] {
        try await rows("""
            SELECT \(unescaped: Session.postgresSelection(from: "s")) FROM sessions s
            WHERE s.user_id = \(user.rawValue) AND s.expires_at > \(StoredDate.microseconds(now))
            ORDER BY s.last_seen_at DESC, s.id DESC
            """).map(Session.init(postgresRow:))
    }

    public func revokeSession(_ id: Session.ID, of user: UserID) async throws {
        let removed = try await rows("DELETE FROM sessions WHERE id = \(id) AND user_id = \(user.rawValue) RETURNING id")
        if removed.isEmpty { throw StoreError.sessionNotFound(id) }
    }

    public func revokeSessions(of user: UserID, except kept: Session.ID?) async throws -> Int {
        try await rows("""
            DELETE FROM sessions WHERE user_id = \(user.rawValue) AND id IS DISTINCT FROM \(kept) RETURNING id
            """).count
    }

    public func removeExpiredSessions(at now: Date) async throws -> Int {
        try await rows("DELETE FROM sessions WHERE expires_at <= \(StoredDate.microseconds(now)) RETURNING id").count
    }

    /// `text` cut to at most `limit` UTF-8 bytes, on a character boundary.
    static func shortened(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            if bytes + size > limit { break }
            result.append(character)
            bytes += size
        }
        return result
    }

    // MARK: App passwords

    public func createAppPassword(name: String, for user: UserID) async throws -> NewAppPassword {
        let secret = AppPassword.generateSecret()
        let prefix = String(secret.prefix(AppPassword.prefixLength))
        let createdAt = StoredDate.microseconds(Date())
        let stored = try await transaction { connection in
            guard let owner = try await self.user(user, on: connection) else { throw StoreError.userNotFound(user) }
            guard owner.hasPassword else { throw StoreError.accountRequired }
            // The Fever key covers the name as it is now; names never change.
            let feverKey = AppPassword.feverKey(userName: owner.name, secret: secret)
            guard let row = try await connection.rows("""
                INSERT INTO app_passwords (user_id, name, prefix, secret_sha256, fever_key_sha256, created_at)
                VALUES (\(user.rawValue), \(name), \(prefix), \(AppPassword.secretHash(secret)), \(AppPassword.feverKeyHash(feverKey)), \(createdAt))
                RETURNING id
                """, logger: logger).first else { throw StoreError.userNotFound(user) }
            return AppPassword(
                id: try row["id"].decode(Int64.self), userID: user, name: name, prefix: prefix,
                createdAt: StoredDate.date(createdAt), lastUsedAt: nil
            )
        }
        return NewAppPassword(appPassword: stored, secret: secret)
    }

    public func appPassword(forSecret secret: String) async throws -> AuthenticatedAppPassword? {
        guard !secret.isEmpty, secret.utf8.count <= AppPassword.maximumSecretLength else { return nil }
        return try await appPassword(column: "secret_sha256", AppPassword.secretHash(secret))
    }

    public func appPassword(forFeverKey key: String) async throws -> AuthenticatedAppPassword? {
        guard !key.isEmpty, key.utf8.count <= AppPassword.maximumSecretLength else { return nil }
        return try await appPassword(column: "fever_key_sha256", AppPassword.feverKeyHash(key))
    }

    /// `column` is one of the two digest columns, named by this file.
    private func appPassword(column: String, _ hash: String) async throws -> AuthenticatedAppPassword? {
        var statement = BoundStatement("""
            SELECT \(AppPassword.postgresSelection(from: "p")), \(User.postgresSelection(from: "u"))
            FROM app_passwords p JOIN users u ON u.id = p.user_id WHERE p.\(column) =
            """)
        statement.append(" " + statement.bind(hash))
        guard let row = try await rows(statement.query).first else { return nil }
        return AuthenticatedAppPassword(appPassword: try AppPassword(postgresRow: row), user: try User(postgresRow: row))
    }

    public func recordAppPasswordUse(_ id: AppPassword.ID, at date: Date) async throws {
        let used = StoredDate.microseconds(date)
        _ = try await rows("""
            UPDATE app_passwords SET last_used_at = \(used)
            WHERE id = \(id) AND (last_used_at IS NULL OR last_used_at <= \(used - Self.activityResolution))
            RETURNING id
            """)
    }

    public func appPasswords(of user: UserID) async throws -> [AppPassword] {
        try await rows("""
            SELECT \(unescaped: AppPassword.postgresSelection(from: "p")) FROM app_passwords p WHERE p.user_id = \(user.rawValue) ORDER BY p.id
            """).map(AppPassword.init(postgresRow:))
    }

    public func revokeAppPassword(_ id: AppPassword.ID, of user: UserID) async throws {
        let removed = try await rows("DELETE FROM app_passwords WHERE id = \(id) AND user_id = \(user.rawValue) RETURNING id")
        if removed.isEmpty { throw StoreError.appPasswordNotFound(id) }
    }

    // MARK: Preferences

    public func readerSettings(for user: UserID) async throws -> ReaderSettings {
        var values: [String: String] = [:]
        for row in try await rows("SELECT key, value FROM user_settings WHERE user_id = \(user.rawValue)") {
            values[try row["key"].decode(String.self)] = try row["value"].decode(String.self)
        }
        return ReaderSettings(storedValues: values)
    }

    public func saveReaderSettings(_ settings: ReaderSettings, for user: UserID) async throws {
        _ = try await transaction { connection in
            guard try await self.user(user, on: connection) != nil else { throw StoreError.userNotFound(user) }
            for (key, value) in settings.storedValues.sorted(by: { $0.key < $1.key }) {
                try await connection.run("""
                    INSERT INTO user_settings (user_id, key, value) VALUES (\(user.rawValue), \(key), \(value))
                    ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value
                    """, logger: logger)
            }
            return true
        }
    }
}
