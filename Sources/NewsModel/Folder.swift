/// A folder's identifier, assigned by the store.
public struct FolderID: RawRepresentable, Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
    public static func < (lhs: FolderID, rhs: FolderID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One person's folder of subscriptions (the sync APIs call it a label, tag or group).
/// A subscription sits in at most one folder.
public struct Folder: Sendable, Codable, Hashable, Identifiable {
    public var id: FolderID
    public var userID: UserID
    /// Unique per person without regard to case.
    public var name: String

    public init(id: FolderID, userID: UserID, name: String) {
        self.id = id
        self.userID = userID
        self.name = name
    }

    /// The longest folder name accepted, in characters.
    public static let maximumNameLength = 128

    /// `text` with its spaces trimmed and inner runs of white space made one space, if it is
    /// a usable folder name (1 to 128 characters, no control characters); else nil.
    public static func validName(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let name = words.joined(separator: " ")
        guard !name.isEmpty, name.count <= maximumNameLength,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return name
    }

    /// What two folder names must differ in to be two folders: their lower-cased form
    /// (every backend compares this, so "News" and "news" are one folder everywhere).
    public static func nameKey(_ name: String) -> String {
        name.lowercased()
    }
}
