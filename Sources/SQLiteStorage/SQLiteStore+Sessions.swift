import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Last-seen and last-used times are written at most this often (seconds): a page view
    /// a second must not be a write a second.
    static let activityResolution: Int64 = 60 * 1_000_000

    public func createSession(for user: UserID, userAgent: String?, expiresAt: Date, now: Date) async throws -> NewSession {
        let token = Session.generateToken()
        let agent = userAgent.map { Self.shortened($0, toBytes: Session.maximumUserAgentLength) }
        let createdAt = StoredDate.microseconds(now)
        let expires = StoredDate.microseconds(expiresAt)
        let id = try await pool.write { db in
            guard try Self.user(user, in: db) != nil else { throw StoreError.userNotFound(user) }
            try db.execute(
                sql: """
                    INSERT INTO sessions (user_id, token_sha256, created_at, last_seen_at, expires_at, user_agent)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [user.rawValue, Session.tokenHash(token), createdAt, createdAt, expires, agent]
            )
            return db.lastInsertedRowID
        }
        let session = Session(
            id: id, userID: user, createdAt: StoredDate.date(createdAt), lastSeenAt: StoredDate.date(createdAt),
            expiresAt: StoredDate.date(expires), userAgent: agent
        )
        return NewSession(session: session, token: token)
    }

    public func session(forToken token: String, at now: Date) async throws -> AuthenticatedSession? {
        guard !token.isEmpty, token.utf8.count <= Session.maximumTokenLength else { return nil }
        let hash = Session.tokenHash(token)
        return try await pool.read { db in try Self.session(forTokenHash: hash, at: now, in: db) }
    }

    static func session(forTokenHash hash: String, at now: Date, in db: Database) throws -> AuthenticatedSession? {
        try db.row(sessionByTokenSQL, arguments: [hash, StoredDate.microseconds(now)]) { row in
            AuthenticatedSession(session: try Session(row: row), user: try User(row: row))
        }
    }

    // Read by every request of a signed-in person: written once rather than at each call.
    private static let sessionByTokenSQL = """
        SELECT \(Session.selection(from: "s")), \(User.selection(from: "u"))
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_sha256 = ? AND s.expires_at > ?
        """

    public func touchSession(_ id: Session.ID, seenAt: Date, expiresAt: Date) async throws {
        let seen = StoredDate.microseconds(seenAt)
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ? AND last_seen_at <= ?",
                arguments: [seen, StoredDate.microseconds(expiresAt), id, seen - Self.activityResolution]
            )
        }
    }

    public func sessions(of user: UserID, at now: Date) async throws -> [Session] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(Session.selection(from: "s")) FROM sessions s WHERE s.user_id = ? AND s.expires_at > ? ORDER BY s.last_seen_at DESC, s.id DESC",
                arguments: [user.rawValue, StoredDate.microseconds(now)]
            ).map(Session.init(row:))
        }
    }

    public func revokeSession(_ id: Session.ID, of user: UserID) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE id = ? AND user_id = ?", arguments: [id, user.rawValue])
            if db.changesCount == 0 { throw StoreError.sessionNotFound(id) }
        }
    }

    public func revokeSessions(of user: UserID, except kept: Session.ID?) async throws -> Int {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?",
                arguments: [user.rawValue, kept]
            )
            return db.changesCount
        }
    }

    public func removeExpiredSessions(at now: Date) async throws -> Int {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE expires_at <= ?", arguments: [StoredDate.microseconds(now)])
            return db.changesCount
        }
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
}
