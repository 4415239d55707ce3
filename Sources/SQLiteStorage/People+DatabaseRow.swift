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
    static func selection(from table: String) -> String {
        ["user_id", "source_id", "name", "folder_id", "created_at"]
            .map { "\(table).\($0) AS subscription_\($0)" }.joined(separator: ", ")
    }

    init(row: Row) throws {
        let sourceText: String = try row.decode(forColumn: "subscription_source_id")
        self.init(
            userID: UserID(rawValue: try row.decode(forColumn: "subscription_user_id")),
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            name: try row.decode(forColumn: "subscription_name"),
            folderID: (try row.decode(Int64?.self, forColumn: "subscription_folder_id")).map(FolderID.init(rawValue:)),
            createdAt: StoredDate.date(try row.decode(Int64.self, forColumn: "subscription_created_at"))
        )
    }
}
