import Foundation
import NewsModel

/// A key apps use to call the JSON API. Only a hash of the secret is stored. A key belongs
/// to one person: the API answers from their library.
public struct APIKey: Sendable, Codable, Hashable, Identifiable {
    public typealias ID = Int64
    public var id: ID
    public var userID: UserID
    public var name: String
    public var isEnabled: Bool
    public var createdAt: Date
    /// The first characters of the secret, so a person can tell keys apart.
    public var prefix: String

    public init(id: ID, userID: UserID, name: String, isEnabled: Bool, createdAt: Date, prefix: String) {
        self.id = id
        self.userID = userID
        self.name = name
        self.isEnabled = isEnabled
        self.createdAt = createdAt
        self.prefix = prefix
    }
}

/// A key just created, with its secret: the only time the secret is known.
public struct NewAPIKey: Sendable, Hashable {
    public var key: APIKey
    public var secret: String

    public init(key: APIKey, secret: String) {
        self.key = key
        self.secret = secret
    }
}
