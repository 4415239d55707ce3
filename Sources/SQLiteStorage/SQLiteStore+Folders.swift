import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func folders(of user: UserID) async throws -> [Folder] {
        try await pool.read { db in
            try db.rows(
                "SELECT \(Folder.selection(from: "f")) FROM folders f WHERE f.user_id = ? ORDER BY f.name_key, f.id",
                arguments: [user.rawValue], Folder.init(row:)
            ).compactMap { $0 }
        }
    }

    public func folder(named name: String, for user: UserID) async throws -> Folder {
        guard let validName = Folder.validName(name) else { throw StoreError.invalidFolderName(name) }
        return try await pool.write { db in
            guard try Self.user(user, in: db) != nil else { throw StoreError.userNotFound(user) }
            if let existing = try Self.folder(keyed: Folder.nameKey(validName), of: user, in: db) { return existing }
            try db.execute(
                sql: "INSERT INTO folders (user_id, name, name_key) VALUES (?, ?, ?)",
                arguments: [user.rawValue, validName, Folder.nameKey(validName)]
            )
            return Folder(id: FolderID(rawValue: db.lastInsertedRowID), userID: user, name: validName)
        }
    }

    static func folder(keyed key: String, of user: UserID, in db: Database) throws -> Folder? {
        try Row.fetchOne(
            db, sql: "SELECT \(Folder.selection(from: "f")) FROM folders f WHERE f.user_id = ? AND f.name_key = ?",
            arguments: [user.rawValue, key]
        ).flatMap(Folder.init(row:))
    }

    static func folderExists(_ id: FolderID, of user: UserID, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM folders WHERE id = ? AND user_id = ?)", arguments: [id.rawValue, user.rawValue]
        ) ?? false
    }

    public func renameFolder(_ id: FolderID, to name: String, for user: UserID) async throws {
        guard let validName = Folder.validName(name) else { throw StoreError.invalidFolderName(name) }
        try await pool.write { db in
            guard try Self.folderExists(id, of: user, in: db) else { throw StoreError.folderNotFound(id) }
            if let other = try Self.folder(keyed: Folder.nameKey(validName), of: user, in: db), other.id != id {
                throw StoreError.folderNameTaken(other.name)
            }
            try db.execute(
                sql: "UPDATE folders SET name = ?, name_key = ? WHERE id = ?",
                arguments: [validName, Folder.nameKey(validName), id.rawValue]
            )
        }
    }

    public func removeFolder(_ id: FolderID, for user: UserID) async throws {
        try await pool.write { db in
            // Its subscriptions stay, in no folder (ON DELETE SET NULL).
            try db.execute(sql: "DELETE FROM folders WHERE id = ? AND user_id = ?", arguments: [id.rawValue, user.rawValue])
            if db.changesCount == 0 { throw StoreError.folderNotFound(id) }
        }
    }
}
