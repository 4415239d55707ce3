import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    public func folders(of user: UserID) async throws -> [Folder] {
        try await rows("""
            SELECT \(unescaped: Folder.postgresSelection(from: "f")) FROM folders f WHERE f.user_id = \(user.rawValue)
            ORDER BY f.name_key COLLATE "C", f.id
            """).compactMap(Folder.init(postgresRow:))
    }

    public func folder(named name: String, for user: UserID) async throws -> Folder {
        guard let validName = Folder.validName(name) else { throw StoreError.invalidFolderName(name) }
        let key = Folder.nameKey(validName)
        return try await transaction { connection in
            guard try await self.user(user, on: connection) != nil else { throw StoreError.userNotFound(user) }
            // Two requests creating the same folder at once: the second finds the first's.
            try await connection.run("""
                INSERT INTO folders (user_id, name, name_key) VALUES (\(user.rawValue), \(validName), \(key))
                ON CONFLICT (user_id, name_key) DO NOTHING
                """, logger: logger)
            guard let folder = try await folder(keyed: key, of: user, on: connection) else { throw StoreError.invalidFolderName(name) }
            return folder
        }
    }

    func folder(keyed key: String, of user: UserID, on connection: PostgresConnection) async throws -> Folder? {
        try await connection.rows("""
            SELECT \(unescaped: Folder.postgresSelection(from: "f")) FROM folders f WHERE f.user_id = \(user.rawValue) AND f.name_key = \(key)
            """, logger: logger).first.flatMap(Folder.init(postgresRow:))
    }

    func folderExists(_ id: FolderID, of user: UserID, on connection: PostgresConnection) async throws -> Bool {
        try await !connection.rows("SELECT 1 AS one FROM folders WHERE id = \(id.rawValue) AND user_id = \(user.rawValue)", logger: logger).isEmpty
    }

    public func renameFolder(_ id: FolderID, to name: String, for user: UserID) async throws {
        guard let validName = Folder.validName(name) else { throw StoreError.invalidFolderName(name) }
        _ = try await transaction { connection in
            guard try await folderExists(id, of: user, on: connection) else { throw StoreError.folderNotFound(id) }
            if let other = try await folder(keyed: Folder.nameKey(validName), of: user, on: connection), other.id != id {
                throw StoreError.folderNameTaken(other.name)
            }
            try await connection.run("""
                UPDATE folders SET name = \(validName), name_key = \(Folder.nameKey(validName)) WHERE id = \(id.rawValue)
                """, logger: logger)
            return true
        }
    }

    public func removeFolder(_ id: FolderID, for user: UserID) async throws {
        // Its subscriptions stay, in no folder (ON DELETE SET NULL).
        let removed = try await rows("DELETE FROM folders WHERE id = \(id.rawValue) AND user_id = \(user.rawValue) RETURNING id")
        if removed.isEmpty { throw StoreError.folderNotFound(id) }
    }
}
