import Foundation
import NewsModel

/// Moves a whole library from one store to another (SQLite to PostgreSQL or back):
/// sources with their refresh state, people (accounts, folders, subscriptions, sessions,
/// app passwords, settings), API keys, settings, then articles in batches in id order,
/// each batch one transaction, then people's read and starred marks. Interrupted, it resumes: the target remembers the
/// copy in progress (a setting) and holds every article up to its largest id, so the
/// next run continues after it. At the end both libraries are counted and compared.
public struct LibraryCopy: Sendable {
    /// The target's setting that marks an unfinished copy, naming its origin.
    public static let inProgressSetting = "broadsheet.copy-in-progress"

    public struct Progress: Sendable, Hashable {
        public var copiedArticles: Int
        public var totalArticles: Int
    }

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case targetNotEmpty(target: String)
        case otherCopyInProgress(target: String, origin: String)
        case countsDiffer(origin: LibraryCounts, target: LibraryCounts)

        public var description: String {
            switch self {
            case let .targetNotEmpty(target):
                "The target \(target) already holds a library; copy into an empty database (or remove this one first)."
            case let .otherCopyInProgress(target, origin):
                "The target \(target) holds an unfinished copy from \(origin); finish that copy (run it again) or start with an empty database."
            case let .countsDiffer(origin, target):
                "The copy does not match its origin (origin: \(origin); copy: \(target)); was Broadsheet still writing to the origin? Stop it and run the copy again."
            }
        }
    }

    let origin: any LibraryCopying
    let target: any LibraryCopying
    let originName: String
    let targetName: String
    let batchSize: Int

    public init(from origin: any LibraryCopying, named originName: String, to target: any LibraryCopying, named targetName: String, batchSize: Int = 500) {
        self.origin = origin
        self.target = target
        self.originName = originName
        self.targetName = targetName
        self.batchSize = max(1, batchSize)
    }

    /// Copies, calling `onProgress` after each batch; returns the counts verified on both sides.
    public func run(onProgress: @Sendable (Progress) async -> Void = { _ in }) async throws -> LibraryCounts {
        let marker = try await target.setting(Self.inProgressSetting)
        let before = try await target.libraryCounts()
        if let marker, marker != originName {
            throw Failure.otherCopyInProgress(target: targetName, origin: marker)
        }
        if marker == nil, before.sources > 0 || before.articles > 0 || before.apiKeys > 0 {
            throw Failure.targetNotEmpty(target: targetName)
        }
        try await target.setSetting(Self.inProgressSetting, to: originName)

        try await target.importSources(try await origin.exportSources())
        try await target.importPeople(try await origin.exportPeople())
        try await target.importAPIKeys(try await origin.exportAPIKeys())
        for (key, value) in try await origin.exportSettings() where key != Self.inProgressSetting {
            try await target.setSetting(key, to: value)
        }

        let total = try await origin.libraryCounts().articles
        // Every article up to the target's largest id is there (each batch was one transaction).
        var cursor = before.largestArticleID
        var copied = before.articles
        await onProgress(Progress(copiedArticles: copied, totalArticles: total))
        while true {
            let batch = try await origin.exportArticles(after: cursor, limit: batchSize)
            guard let last = batch.last else { break }
            try await target.importArticles(batch)
            cursor = last.id.rawValue
            copied += batch.count
            await onProgress(Progress(copiedArticles: copied, totalArticles: max(total, copied)))
        }
        // Reading marks once every article (and so every library entry) is there.
        let largestID = try await origin.libraryCounts().largestArticleID
        let window = Int64(batchSize) * 20
        var first: Int64 = 1
        while first <= largestID {
            try await target.importReadingMarks(try await origin.exportReadingMarks(articleIDs: first...(first + window - 1)))
            first += window
        }
        try await target.raiseArticleIDHighWater(to: try await origin.articleIDHighWater())
        try await target.optimizeAfterImport()

        let originCounts = try await origin.libraryCounts()
        var targetCounts = try await target.libraryCounts()
        targetCounts.settings -= 1  // the marker, removed below
        guard originCounts == targetCounts else {
            throw Failure.countsDiffer(origin: originCounts, target: targetCounts)
        }
        try await target.setSetting(Self.inProgressSetting, to: nil)
        return targetCounts
    }
}
