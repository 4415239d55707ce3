import Foundation
import NewsModel

/// What an article's page reads of the library when a person opens it: the article with
/// their state of it, its source and their subscription to it, the articles before and
/// after it in the list it was opened from, and what other sources carry of its story with
/// those sources and the person's subscriptions to them (for the names they see).
///
/// One value so that a backend can read it all at once (`ReaderStore.articleOpening`):
/// SQLite reads it in one transaction on one connection, where seven separate reads each
/// handed the request to a reader connection's thread and back.
public struct ArticleOpening: Sendable, Hashable {
    public var item: ReaderArticle
    public var source: Source?
    public var subscription: Subscription?
    public var neighbours: TimelineNeighbours
    /// Nil when the article is in no story, none of whose other articles the person sees,
    /// or the store keeps no stories.
    public var coverage: StoryCoverage?
    /// The sources of `coverage`'s articles, and the person's subscriptions to them.
    public var coverageSources: [SourceID: Source]
    public var coverageSubscriptions: [SourceID: Subscription]

    public init(
        item: ReaderArticle, source: Source?, subscription: Subscription?, neighbours: TimelineNeighbours,
        coverage: StoryCoverage?, coverageSources: [SourceID: Source], coverageSubscriptions: [SourceID: Subscription]
    ) {
        self.item = item
        self.source = source
        self.subscription = subscription
        self.neighbours = neighbours
        self.coverage = coverage
        self.coverageSources = coverageSources
        self.coverageSubscriptions = coverageSubscriptions
    }

    /// The name the person sees for the article's source: their own, else the source's.
    public var sourceName: String? {
        source.map { subscription?.displayName(for: $0) ?? $0.name }
    }

    /// The name the person sees for a source of `coverage`, as `sourceName`.
    public func coverageSourceName(_ id: SourceID) -> String? {
        coverageSources[id].map { coverageSubscriptions[id]?.displayName(for: $0) ?? $0.name }
    }
}

extension ReaderStore {
    /// `articleOpening` from the separate reads, for backends that do not read it at once
    /// (each read is then its own snapshot).
    public func separateArticleOpening(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline
    ) async throws -> ArticleOpening? {
        guard let item = try await readerArticle(id, for: user) else { return nil }
        let sourceID = item.article.sourceID
        let source = try await self.source(sourceID)
        let subscription = try await self.subscription(to: sourceID, for: user)
        let neighbours = try await self.neighbours(of: id, in: timeline(item.article), for: user)
        var opening = ArticleOpening(
            item: item, source: source, subscription: subscription, neighbours: neighbours,
            coverage: nil, coverageSources: [:], coverageSubscriptions: [:]
        )
        guard let stories = self as? any StoryStore,
              let coverage = try await stories.coverage(of: id, for: user, limit: coverageLimit), !coverage.articles.isEmpty
        else { return opening }
        let sourceIDs = Set(coverage.articles.map(\.sourceID))
        opening.coverage = coverage
        opening.coverageSources = try await sources(sourceIDs)
        opening.coverageSubscriptions = Dictionary(
            try await subscriptions(of: user).filter { sourceIDs.contains($0.sourceID) }.map { ($0.sourceID, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        return opening
    }
}

extension ReaderStore {
    public func articleOpening(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline
    ) async throws -> ArticleOpening? {
        try await separateArticleOpening(id, for: user, coverageLimit: coverageLimit, timeline: timeline)
    }
}

extension ReaderStore {
    /// `openArticle` as two steps, for backends that do not do better: the opening read,
    /// then the mark written.
    public func openArticle(
        _ id: ArticleID, for user: UserID, coverageLimit: Int, timeline: @Sendable (Article) -> Timeline,
        readsWholeStory: Bool, at time: Date
    ) async throws -> ArticleOpening? {
        guard var opening = try await articleOpening(id, for: user, coverageLimit: coverageLimit, timeline: timeline) else { return nil }
        if !opening.item.state.isRead {
            try await markRead([id], for: user, readsWholeStory: readsWholeStory, at: time)
            opening.item.state.isRead = true
        }
        return opening
    }
}
