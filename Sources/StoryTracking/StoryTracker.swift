import Foundation
import Logging
import NewsModel
import Storage
import Stories

/// Places stored articles into stories as they arrive and records where (`StoryStore`), so
/// that stories survive restarts. The grouping itself is `StoryGrouper`'s; this actor feeds
/// it the articles in the order they were stored, writes its placements in batches (one
/// transaction each), and after a restart first rebuilds the grouper's open stories from the
/// placements already recorded within its window.
///
/// It runs beside refresh, never inside it: refresh stores articles, the tracker finds them
/// afterwards. Two processes on one library (a server and `broadsheet stories`, or several
/// servers on PostgreSQL) cannot both place an article: a batch is recorded only if the
/// store's progress is still where this tracker last saw it; otherwise the tracker starts
/// again from what the store has.
public actor StoryTracker {
    /// Articles read and recorded per batch.
    public static let batchSize = 500

    let store: any StoryStore
    let options: StoryGroupingOptions
    let logger: Logger
    private var grouper: StoryGrouper
    /// Whether the grouper holds the store's open stories (false until the first catch-up,
    /// and again after another process placed articles).
    private var isRestored = false
    /// The store's progress as this tracker last saw or set it.
    private var progress: ArticleID?

    public init(store: any StoryStore, options: StoryGroupingOptions = StoryGroupingOptions(), logger: Logger = Logger(label: "broadsheet.stories")) {
        self.store = store
        self.options = options
        self.logger = logger
        self.grouper = StoryGrouper(options: options)
    }

    /// Places every article stored since the last placement; returns how many were placed
    /// (articles published before the window are passed over: they start no story).
    @discardableResult
    public func catchUp(now: Date = Date()) async throws -> Int {
        var placed = 0
        var attempts = 0
        while true {
            if !isRestored {
                try await restore(now: now)
            }
            let inputs = try await store.storyInputs(StoryInputQuery(
                after: progress, publishedSince: now.addingTimeInterval(-TimeInterval(options.window)), limit: Self.batchSize
            ))
            guard let last = inputs.last else {
                return placed
            }
            var records: [StoryPlacementRecord] = []
            records.reserveCapacity(inputs.count)
            for input in inputs {
                let article = Self.storyArticle(input)
                if grouper.isBeforeWindow(article.time) { continue }
                let placement = grouper.place(article)
                records.append(StoryPlacementRecord(
                    article: input.id, story: StoryID(rawValue: placement.story), copyOf: placement.copyOf.map(ArticleID.init(rawValue:)),
                    absorbed: placement.absorbed.map(StoryID.init(rawValue:))
                ))
            }
            if try await store.recordStoryPlacements(records, consideredThrough: last.id, expectedProgress: progress) {
                progress = last.id
                placed += records.count
            } else {
                // Another process placed articles meanwhile: start again from what it recorded.
                attempts += 1
                logger.info("another process placed articles in stories; reloading its placements")
                isRestored = false
                if attempts >= 5 { return placed }
            }
        }
    }

    /// Rebuilds the open stories from the placements recorded within the window, and takes
    /// the store's progress.
    private func restore(now: Date) async throws {
        grouper = StoryGrouper(options: options)
        progress = try await store.storyProgress()
        if let progress {
            var after: ArticleID?
            let since = now.addingTimeInterval(-TimeInterval(options.window))
            var restored = 0
            while true {
                let inputs = try await store.storyInputs(StoryInputQuery(after: after, through: progress, publishedSince: since, limit: Self.batchSize))
                guard let last = inputs.last else { break }
                for input in inputs {
                    guard let story = input.story else { continue }
                    grouper.restore(Self.storyArticle(input), story: story.rawValue, copyOf: input.copyOf?.rawValue)
                    restored += 1
                }
                after = last.id
            }
            logger.info("restored open stories", metadata: ["articles": "\(restored)", "stories": "\(grouper.openStoryCount)"])
        }
        isRestored = true
    }

    /// How many stories the grouper holds open (for logs and tests).
    public var openStoryCount: Int { grouper.openStoryCount }

    /// What the grouper reads of a stored article. Its time is its publication, but never
    /// later than when it was stored (a feed's date in the future says nothing).
    static func storyArticle(_ input: StoryInput) -> StoryArticle {
        let time = min(input.publishedAt, input.fetchedAt).timeIntervalSince1970
        return StoryArticle(
            id: input.id.rawValue, source: sourceNumber(input.sourceID), sourceName: input.sourceName,
            title: input.title, summary: input.summary ?? "", text: input.text ?? "",
            time: time.isFinite ? Int64(time.rounded(.down)) : 0
        )
    }

    /// A stable number for a source id (FNV-1a of its text): the grouper counts sources by it.
    static func sourceNumber(_ source: SourceID) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in source.rawValue.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: hash)
    }
}
