import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    static let userSelection = "SELECT \(User.postgresSelection(from: "u")) FROM users u"
    /// Names compare ignoring ASCII case, as SQLite's NOCASE (and the unique index) do.
    static let userNameMatches = #"lower(u.name COLLATE "C") = lower($1 COLLATE "C")"#

    public func users() async throws -> [User] {
        try await rows(PostgresQuery(unsafeSQL: "\(Self.userSelection) ORDER BY u.is_owner DESC, u.name COLLATE \"C\", u.id"))
            .map(User.init(postgresRow:))
    }

    public func user(_ id: UserID) async throws -> User? {
        try await client.withConnection { connection in try await user(id, on: connection) }
    }

    func user(_ id: UserID, on connection: PostgresConnection) async throws -> User? {
        var statement = BoundStatement(Self.userSelection)
        statement.append(" WHERE u.id = \(statement.bind(id.rawValue))")
        return try await connection.rows(statement.query, logger: logger).first.map(User.init(postgresRow:))
    }

    public func user(named name: String) async throws -> User? {
        guard name.utf8.count <= User.maximumNameLength * 4 else { return nil }
        var bindings = PostgresBindings()
        bindings.append(name)
        return try await rows(PostgresQuery(unsafeSQL: "\(Self.userSelection) WHERE \(Self.userNameMatches)", binds: bindings))
            .first.map(User.init(postgresRow:))
    }

    public func owner() async throws -> User {
        try await client.withConnection { connection in try await owner(on: connection) }
    }

    func owner(on connection: PostgresConnection) async throws -> User {
        guard let row = try await connection.rows(PostgresQuery(unsafeSQL: "\(Self.userSelection) WHERE u.is_owner"), logger: logger).first else {
            // Migration v4 creates the owner and nothing removes it.
            throw PostgresStoreError.corrupt(location: location.description, reason: "the library has no owner")
        }
        return try User(postgresRow: row)
    }

    public func hasAccounts() async throws -> Bool {
        try await !rows("SELECT 1 AS one FROM users WHERE password_hash IS NOT NULL LIMIT 1").isEmpty
    }

    public func createUser(name: String, passwordHash: String, role: UserRole) async throws -> User {
        guard let validName = User.validName(name) else { throw StoreError.invalidUserName(name) }
        let now = StoredDate.microseconds(Date())
        return try await transaction { connection in
            // One account creation at a time: the first one takes over the owner.
            try await connection.run("SELECT pg_advisory_xact_lock(\(PostgresMigrator.stableHash("broadsheet users")))", logger: logger)
            var bindings = PostgresBindings()
            bindings.append(validName)
            let taken = try await connection.rows(PostgresQuery(
                unsafeSQL: "SELECT 1 AS one FROM users u WHERE \(Self.userNameMatches) AND NOT (u.is_owner AND u.password_hash IS NULL)",
                binds: bindings
            ), logger: logger)
            if !taken.isEmpty { throw StoreError.userNameTaken(validName) }
            let hasAccounts = try await !connection.rows("SELECT 1 AS one FROM users WHERE password_hash IS NOT NULL LIMIT 1", logger: logger).isEmpty
            let id: Int64
            if hasAccounts {
                guard let row = try await connection.rows("""
                    INSERT INTO users (name, role, is_owner, password_hash, created_at)
                    VALUES (\(validName), \(role.rawValue), false, \(passwordHash), \(now)) RETURNING id
                    """, logger: logger).first else { throw StoreError.userNameTaken(validName) }
                id = try row["id"].decode(Int64.self)
            } else {
                // The first account is the owner: the implicit owner's row, with the library.
                id = try await owner(on: connection).id.rawValue
                try await connection.run("""
                    UPDATE users SET name = \(validName), role = 'admin', password_hash = \(passwordHash), created_at = \(now) WHERE id = \(id)
                    """, logger: logger)
            }
            guard let user = try await user(UserID(rawValue: id), on: connection) else { throw StoreError.userNotFound(UserID(rawValue: id)) }
            return user
        }
    }

    public func passwordHash(of user: UserID) async throws -> String? {
        try await rows("SELECT password_hash FROM users WHERE id = \(user.rawValue)").first?["password_hash"].decode(String?.self)
    }

    public func setPasswordHash(_ hash: String, for user: UserID) async throws {
        let updated = try await rows("UPDATE users SET password_hash = \(hash) WHERE id = \(user.rawValue) RETURNING id")
        if updated.isEmpty { throw StoreError.userNotFound(user) }
    }

    public func setRole(_ role: UserRole, for user: UserID) async throws {
        _ = try await transaction { connection in
            try await lockAdmins(on: connection)
            guard let current = try await self.user(user, on: connection) else { throw StoreError.userNotFound(user) }
            if current.role == .admin, role != .admin, try await adminCount(on: connection) <= 1 { throw StoreError.lastAdmin }
            try await connection.run("UPDATE users SET role = \(role.rawValue) WHERE id = \(user.rawValue)", logger: logger)
            return true
        }
    }

    /// Two processes demoting or removing the last two admins wait for each other here.
    private func lockAdmins(on connection: PostgresConnection) async throws {
        try await connection.run("SELECT pg_advisory_xact_lock(\(PostgresMigrator.stableHash("broadsheet users")))", logger: logger)
    }

    private func adminCount(on connection: PostgresConnection) async throws -> Int {
        Int(try await connection.rows("SELECT count(*) AS count FROM users WHERE role = 'admin'", logger: logger).first?["count"].decode(Int64.self) ?? 0)
    }

    public func removeUser(_ id: UserID) async throws {
        _ = try await transaction { connection in
            try await lockAdmins(on: connection)
            guard let user = try await user(id, on: connection) else { throw StoreError.userNotFound(id) }
            if user.isOwner { throw StoreError.ownerCannotBeRemoved }
            if user.isAdmin, try await adminCount(on: connection) <= 1 { throw StoreError.lastAdmin }
            let followed = try await connection.rows("SELECT source_id FROM subscriptions WHERE user_id = \(id.rawValue)", logger: logger)
                .map { try $0["source_id"].decode(String.self) }
            // Everything of theirs goes with them (ON DELETE CASCADE and the subscription trigger).
            try await connection.run("DELETE FROM users WHERE id = \(id.rawValue)", logger: logger)
            try await removeUnfollowedSources(followed, on: connection)
            return true
        }
    }
}
