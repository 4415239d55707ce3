import Foundation
import GRDB
import NewsModel
import Storage

extension User {
    /// The columns `init(row:)` reads, from `users` aliased as `table`.
    static func selection(from table: String) -> String {
        ["id", "name", "role", "is_owner", "created_at"].map { "\(table).\($0) AS user_\($0)" }.joined(separator: ", ")
            + ", \(table).password_hash IS NOT NULL AS user_has_password"
    }

    init(row: Row) throws {
        let roleText: String = try row.decode(forColumn: "user_role")
        self.init(
            id: UserID(rawValue: try row.decode(forColumn: "user_id")),
            name: try row.decode(forColumn: "user_name"),
            role: UserRole(rawValue: roleText) ?? .reader,
            isOwner: try row.decode(forColumn: "user_is_owner"),
            hasPassword: try row.decode(forColumn: "user_has_password"),
            createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "user_created_at"))
        )
    }
}

extension Session {
    static func selection(from table: String) -> String {
        ["id", "user_id", "created_at", "last_seen_at", "expires_at", "user_agent"]
            .map { "\(table).\($0) AS session_\($0)" }.joined(separator: ", ")
    }

    init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: "session_id"),
            userID: UserID(rawValue: try row.decode(forColumn: "session_user_id")),
            createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "session_created_at")),
            lastSeenAt: StoredDate.date(try row.decode(Int64.self, forColumn: "session_last_seen_at")),
            expiresAt: StoredDate.date(try row.decode(Int64.self, forColumn: "session_expires_at")),
            userAgent: try row.decode(forColumn: "session_user_agent")
        )
    }
}

extension AppPassword {
    static func selection(from table: String) -> String {
        ["id", "user_id", "name", "prefix", "created_at", "last_used_at"]
            .map { "\(table).\($0) AS app_password_\($0)" }.joined(separator: ", ")
    }

    init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: "app_password_id"),
            userID: UserID(rawValue: try row.decode(forColumn: "app_password_user_id")),
            name: try row.decode(forColumn: "app_password_name"),
            prefix: try row.decode(forColumn: "app_password_prefix"),
            createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "app_password_created_at")),
            lastUsedAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "app_password_last_used_at"))
        )
    }
}

extension Folder {
    static func selection(from table: String) -> String {
        ["id", "user_id", "name"].map { "\(table).\($0) AS folder_\($0)" }.joined(separator: ", ")
    }

    /// nil when an outer join found no folder.
    init?(row: Row) throws {
        guard let id = try row.decode(Int64?.self, forColumn: "folder_id") else { return nil }
        self.init(
            id: FolderID(rawValue: id),
            userID: UserID(rawValue: try row.decode(forColumn: "folder_user_id")),
            name: try row.decode(forColumn: "folder_name")
        )
    }
}

extension Subscription {
    /// The columns `init(row:)` reads, in its order.
    private static let columns = ["user_id", "source_id", "name", "folder_id", "created_at"]

    static func selection(from table: String) -> String {
        columns.map { "\(table).\($0) AS subscription_\($0)" }.joined(separator: ", ")
    }

    /// How many columns `selection` lists.
    static var columnCount: Int { columns.count }

    /// Reads a subscription from the columns `selection` listed, first in the row: by
    /// position (see `Source(row:startingAt:)`).
    init(row: Row) throws {
        try self.init(row: row, startingAt: 0)
    }

    /// Reads a subscription from the columns `selection` listed, which start at `first`, or
    /// nil when they are empty (a `LEFT JOIN` that found none).
    init?(ifPresentIn row: some PositionalColumns, startingAt first: Int) throws {
        guard try row.optionalInt64(at: first) != nil else { return nil }
        try self.init(row: row, startingAt: first)
    }

    private init(row: some PositionalColumns, startingAt first: Int) throws {
        let sourceText = try row.text(at: first + 1)
        self.init(
            userID: UserID(rawValue: try row.int64(at: first)),
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            name: try row.optionalText(at: first + 2),
            folderID: try row.optionalInt64(at: first + 3).map(FolderID.init(rawValue:)),
            createdAt: StoredDate.date(try row.int64(at: first + 4))
        )
    }
}
