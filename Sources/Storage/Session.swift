import Foundation
import NewsModel

/// A person logged in on one browser. The store keeps only a hash of the session's token:
/// a stolen database opens no session.
public struct Session: Sendable, Codable, Hashable, Identifiable {
    public typealias ID = Int64
    public var id: ID
    public var userID: UserID
    public var createdAt: Date
    /// The last request seen with it (kept to the minute: see `AccountStore.touchSession`).
    public var lastSeenAt: Date
    public var expiresAt: Date
    /// The browser's `User-Agent`, shortened, so a person can tell their sessions apart.
    public var userAgent: String?

    public init(id: ID, userID: UserID, createdAt: Date, lastSeenAt: Date, expiresAt: Date, userAgent: String?) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
    }

    /// The longest user agent text kept, in bytes; longer ones are cut.
    public static let maximumUserAgentLength = 256
}

/// A session just created, with its token: the only time the token is known (it goes into
/// the cookie).
public struct NewSession: Sendable, Hashable {
    public var session: Session
    public var token: String

    public init(session: Session, token: String) {
        self.session = session
        self.token = token
    }
}

/// A valid session and the person it belongs to.
public struct AuthenticatedSession: Sendable, Hashable {
    public var session: Session
    public var user: User

    public init(session: Session, user: User) {
        self.session = session
        self.user = user
    }
}
