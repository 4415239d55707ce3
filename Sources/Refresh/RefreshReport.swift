import NewsModel

/// What one refresh of one source did, for progress lines and logs.
public struct RefreshReport: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        case updated(inserted: Int, updated: Int)
        /// The server said nothing changed (304), or the local file is unchanged.
        case notModified
        /// A sentence a person can act on; also stored as the source's last error.
        case failed(String)
    }

    public var sourceID: SourceID
    public var sourceName: String
    public var outcome: Outcome

    public init(sourceID: SourceID, sourceName: String, outcome: Outcome) {
        self.sourceID = sourceID
        self.sourceName = sourceName
        self.outcome = outcome
    }

    public var isFailure: Bool {
        if case .failed = outcome { return true }
        return false
    }
}
