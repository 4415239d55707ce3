import Foundation

/// What a person may do beyond their own library.
public enum UserRole: String, Sendable, Codable, CaseIterable, Hashable {
    /// Manages people (creates, removes, changes roles) as well as their own library.
    case admin
    /// Manages their own subscriptions, keys, app passwords and settings.
    case reader
}

/// A person who reads with Broadsheet: their subscriptions, folders, reading state, keys and
/// settings are their own; the sources and articles are shared by everyone who follows them.
///
/// Every library has exactly one owner. Until someone creates an account, the owner is
/// implicit (named `owner`, without a password) and Broadsheet asks nobody to log in; the
/// first account created becomes that owner and keeps the library.
public struct User: Sendable, Codable, Hashable, Identifiable {
    public var id: UserID
    /// The name a person logs in with; unique without regard to case (see `validName(_:)`).
    public var name: String
    public var role: UserRole
    /// The first account, which inherited the library; it cannot be removed.
    public var isOwner: Bool
    /// False only for the implicit owner of a library nobody has claimed yet.
    public var hasPassword: Bool
    public var createdAt: Date

    public init(id: UserID, name: String, role: UserRole, isOwner: Bool, hasPassword: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.role = role
        self.isOwner = isOwner
        self.hasPassword = hasPassword
        self.createdAt = createdAt
    }

    public var isAdmin: Bool { role == .admin }

    /// The name of the implicit owner before anyone has an account.
    public static let implicitOwnerName = "owner"
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 64

    /// `text` without surrounding spaces if it can be a user name, else nil: 1 to 64 ASCII
    /// letters, digits and `.`, `_`, `-`, `@`, `+` (so an e-mail address works, which some
    /// sync apps insist on). No spaces, no look-alike Unicode letters, no `:` (the Fever API
    /// joins name and password with one).
    public static func validName(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maximumNameLength).contains(trimmed.utf8.count) else { return nil }
        let isAllowed = trimmed.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "+")].contains(byte)
        }
        return isAllowed ? trimmed : nil
    }
}
