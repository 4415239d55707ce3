import Foundation
import NewsModel

/// A password one person made for one sync app (NetNewsWire, Reeder, newsboat…): separate
/// from their login password, listed with its last use, revocable on its own.
///
/// The store generates it (100 random bits, typed easily on a phone) and keeps two digests:
/// the SHA-256 of the password, for the Google Reader API's login, and the SHA-256 of its
/// Fever key (`md5("name:password")`, which Fever clients send on every call).
public struct AppPassword: Sendable, Codable, Hashable, Identifiable {
    public typealias ID = Int64
    public var id: ID
    public var userID: UserID
    /// What the person called it, e.g. the app using it.
    public var name: String
    /// The first characters of the password, so a person can tell them apart.
    public var prefix: String
    public var createdAt: Date
    /// When an app last used it (kept to the minute); nil if never.
    public var lastUsedAt: Date?

    public init(id: ID, userID: UserID, name: String, prefix: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.userID = userID
        self.name = name
        self.prefix = prefix
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// An app password just created, with its secret: the only time it is known.
public struct NewAppPassword: Sendable, Hashable {
    public var appPassword: AppPassword
    public var secret: String

    public init(appPassword: AppPassword, secret: String) {
        self.appPassword = appPassword
        self.secret = secret
    }
}

/// An app password an app presented, and the person it belongs to.
public struct AuthenticatedAppPassword: Sendable, Hashable {
    public var appPassword: AppPassword
    public var user: User

    public init(appPassword: AppPassword, user: User) {
        self.appPassword = appPassword
        self.user = user
    }
}
