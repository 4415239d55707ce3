import Foundation

/// One person following one source: the source is shared (fetched once for everyone),
/// the name and folder are theirs.
public struct Subscription: Sendable, Codable, Hashable {
    public var userID: UserID
    public var sourceID: SourceID
    /// The person's own name for the source; nil shows the source's name.
    public var name: String?
    public var folderID: FolderID?
    public var createdAt: Date

    public init(userID: UserID, sourceID: SourceID, name: String? = nil, folderID: FolderID? = nil, createdAt: Date) {
        self.userID = userID
        self.sourceID = sourceID
        self.name = name
        self.folderID = folderID
        self.createdAt = createdAt
    }

    /// The name to show: the person's own if they gave one, else the source's.
    public func displayName(for source: Source) -> String {
        name ?? source.name
    }
}
