import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    static let userSelection = "SELECT \(User.selection(from: "u")) FROM users u"

    public func users() async throws -> [User] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "\(Self.userSelection) ORDER BY u.is_owner DESC, u.name, u.id").map(User.init(row:))
        }
    }

    public func user(_ id: UserID) async throws -> User? {
        try await pool.read { db in try Self.user(id, in: db) }
    }

    static func user(_ id: UserID, in db: Database) throws -> User? {
        try db.row("\(userSelection) WHERE u.id = ?", arguments: [id.rawValue], User.init(row:))
    }

    public func user(named name: String) async throws -> User? {
        guard name.utf8.count <= User.maximumNameLength * 4 else { return nil }
        return try await pool.read { db in
            try Row.fetchOne(db, sql: "\(Self.userSelection) WHERE u.name = ?", arguments: [name]).map(User.init(row:))
        }
    }

    public func owner() async throws -> User {
        try await pool.read { db in try Self.owner(in: db) }
    }

    static func owner(in db: Database) throws -> User {
        guard let owner = try db.row("\(userSelection) WHERE u.is_owner = 1", User.init(row:)) else {
            // Migration v4 creates the owner and nothing removes it.
            throw SQLiteStoreError.corrupt(reason: "the library has no owner")
        }
        return owner
    }

    static func ownerID(in db: Database) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE is_owner = 1") else {
            throw SQLiteStoreError.corrupt(reason: "the library has no owner")
        }
        return id
    }

    public func hasAccounts() async throws -> Bool {
        try await pool.read { db in try Self.hasAccounts(in: db) }
    }

    static func hasAccounts(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM users WHERE password_hash IS NOT NULL)")) ?? false
    }

    public func createUser(name: String, passwordHash: String, role: UserRole) async throws -> User {
        guard let validName = User.validName(name) else { throw StoreError.invalidUserName(name) }
        let now = StoredDate.microseconds(Date())
        return try await pool.write { db in
            let taken = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE name = ? AND NOT (is_owner = 1 AND password_hash IS NULL))",
                arguments: [validName]
            ) ?? false
            if taken { throw StoreError.userNameTaken(validName) }
            let hasAccounts = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE password_hash IS NOT NULL)") ?? false
            let id: Int64
            if hasAccounts {
                try db.execute(
                    sql: "INSERT INTO users (name, role, is_owner, password_hash, created_at) VALUES (?, ?, 0, ?, ?)",
                    arguments: [validName, role.rawValue, passwordHash, now]
                )
                id = db.lastInsertedRowID
            } else {
                // The first account is the owner: the implicit owner's row, with the library.
                id = try Self.ownerID(in: db)
                try db.execute(
                    sql: "UPDATE users SET name = ?, role = 'admin', password_hash = ?, created_at = ? WHERE id = ?",
                    arguments: [validName, passwordHash, now, id]
                )
            }
            guard let user = try Self.user(UserID(rawValue: id), in: db) else { throw StoreError.userNotFound(UserID(rawValue: id)) }
            return user
        }
    }

    public func passwordHash(of user: UserID) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [user.rawValue])
        }
    }

    public func setPasswordHash(_ hash: String, for user: UserID) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [hash, user.rawValue])
            if db.changesCount == 0 { throw StoreError.userNotFound(user) }
        }
    }

    public func setRole(_ role: UserRole, for user: UserID) async throws {
        try await pool.write { db in
            guard let current = try Self.user(user, in: db) else { throw StoreError.userNotFound(user) }
            if current.role == .admin, role != .admin, try Self.adminCount(in: db) <= 1 { throw StoreError.lastAdmin }
            try db.execute(sql: "UPDATE users SET role = ? WHERE id = ?", arguments: [role.rawValue, user.rawValue])
        }
    }

    private static func adminCount(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM users WHERE role = 'admin'") ?? 0
    }

    public func removeUser(_ id: UserID) async throws {
        try await pool.write { db in
            guard let user = try Self.user(id, in: db) else { throw StoreError.userNotFound(id) }
            if user.isOwner { throw StoreError.ownerCannotBeRemoved }
            if user.isAdmin, try Self.adminCount(in: db) <= 1 { throw StoreError.lastAdmin }
            let followed = try String.fetchAll(db, sql: "SELECT source_id FROM subscriptions WHERE user_id = ?", arguments: [id.rawValue])
            // Subscriptions, entries, stars, folders, sessions, app passwords, keys and
            // settings go with the user (ON DELETE CASCADE and the subscription trigger).
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [id.rawValue])
            try Self.removeUnfollowedSources(followed, in: db)
        }
    }
}
