import Foundation
import NewsModel
import PostgresNIO
import Storage

/// People's values read from rows selected with the same aliases as the SQLite backend's.
extension User {
    static func postgresSelection(from table: String) -> String {
        ["id", "name", "role", "is_owner", "created_at"].map { "\(table).\($0) AS user_\($0)" }.joined(separator: ", ")
            + ", \(table).password_hash IS NOT NULL AS user_has_password"
    }

    init(postgresRow row: PostgresRandomAccessRow) throws {
        self.init(
            id: UserID(rawValue: try row["user_id"].decode(Int64.self)),
            name: try row["user_name"].decode(String.self),
            role: UserRole(rawValue: try row["user_role"].decode(String.self)) ?? .reader,
            isOwner: try row["user_is_owner"].decode(Bool.self),
            hasPassword: try row["user_has_password"].decode(Bool.self),
            createdAt: StoredDate.date(try row["user_created_at"].decode(Int64.self))
        )
    }
}

extension Session {
    static func postgresSelection(from table: String) -> String {
        ["id", "user_id", "created_at", "last_seen_at", "expires_at", "user_agent"]
            .map { "\(table).\($0) AS session_\($0)" }.joined(separator: ", ")
    }

    init(postgresRow row: PostgresRandomAccessRow) throws {
        self.init(
            id: try row["session_id"].decode(Int64.self),
            userID: UserID(rawValue: try row["session_user_id"].decode(Int64.self)),
            createdAt: StoredDate.date(try row["session_created_at"].decode(Int64.self)),
            lastSeenAt: StoredDate.date(try row["session_last_seen_at"].decode(Int64.self)),
            expiresAt: StoredDate.date(try row["session_expires_at"].decode(Int64.self)),
            userAgent: try row["session_user_agent"].decode(String?.self)
        )
    }
}

extension AppPassword {
    static func postgresSelection(from table: String) -> String {
        ["id", "user_id", "name", "prefix", "created_at", "last_used_at"]
            .map { "\(table).\($0) AS app_password_\($0)" }.joined(separator: ", ")
    }

    init(postgresRow row: PostgresRandomAccessRow) throws {
        self.init(
            id: try row["app_password_id"].decode(Int64.self),
            userID: UserID(rawValue: try row["app_password_user_id"].decode(Int64.self)),
            name: try row["app_password_name"].decode(String.self),
            prefix: try row["app_password_prefix"].decode(String.self),
            createdAt: StoredDate.date(try row["app_password_created_at"].decode(Int64.self)),
            lastUsedAt: StoredDate.date(try row["app_password_last_used_at"].decode(Int64?.self))
        )
    }
}

extension Folder {
    static func postgresSelection(from table: String) -> String {
        ["id", "user_id", "name"].map { "\(table).\($0) AS folder_\($0)" }.joined(separator: ", ")
    }

    /// nil when an outer join found no folder.
    init?(postgresRow row: PostgresRandomAccessRow) throws {
        guard let id = try row["folder_id"].decode(Int64?.self) else { return nil }
        self.init(
            id: FolderID(rawValue: id),
            userID: UserID(rawValue: try row["folder_user_id"].decode(Int64.self)),
            name: try row["folder_name"].decode(String.self)
        )
    }
}

extension Subscription {
    static func postgresSelection(from table: String) -> String {
        ["user_id", "source_id", "name", "folder_id", "created_at"]
            .map { "\(table).\($0) AS subscription_\($0)" }.joined(separator: ", ")
    }

    init(postgresRow row: PostgresRandomAccessRow) throws {
        let sourceText = try row["subscription_source_id"].decode(String.self)
        self.init(
            userID: UserID(rawValue: try row["subscription_user_id"].decode(Int64.self)),
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            name: try row["subscription_name"].decode(String?.self),
            folderID: try row["subscription_folder_id"].decode(Int64?.self).map(FolderID.init(rawValue:)),
            createdAt: StoredDate.date(try row["subscription_created_at"].decode(Int64.self))
        )
    }
}
