import Foundation
import NewsModel

/// One source a person follows as their grid shows it: their subscription (name, folder),
/// the shared source, its refresh state and their counts.
public struct SubscriptionSummary: Sendable, Hashable {
    public var subscription: Subscription
    public var source: Source
    public var folder: Folder?
    /// Articles of the source in the person's library, read or not.
    public var articleCount: Int
    public var unreadCount: Int
    public var newestArticleAt: Date?
    public var state: FeedState?

    public init(
        subscription: Subscription, source: Source, folder: Folder?, articleCount: Int, unreadCount: Int,
        newestArticleAt: Date?, state: FeedState?
    ) {
        self.subscription = subscription
        self.source = source
        self.folder = folder
        self.articleCount = articleCount
        self.unreadCount = unreadCount
        self.newestArticleAt = newestArticleAt
        self.state = state
    }

    /// The name to show: the person's own, else the source's.
    public var displayName: String { subscription.displayName(for: source) }
}

/// What following a source did.
public struct FollowedSource: Sendable, Hashable {
    public var subscription: Subscription
    /// The source as stored: the one already in the library when someone followed the same
    /// feed address before (it is fetched once for everyone), else the new one.
    public var source: Source
    /// True when the source was new to the library (it has no articles until its first refresh).
    public var isNewToLibrary: Bool

    public init(subscription: Subscription, source: Source, isNewToLibrary: Bool) {
        self.subscription = subscription
        self.source = source
        self.isNewToLibrary = isNewToLibrary
    }
}

/// What one retention pass removed.
public struct RetentionSummary: Sendable, Hashable {
    public var articlesRemoved: Int
    /// Sources nobody follows any more whose last starred article is gone.
    public var sourcesRemoved: Int

    public init(articlesRemoved: Int, sourcesRemoved: Int) {
        self.articlesRemoved = articlesRemoved
        self.sourcesRemoved = sourcesRemoved
    }
}
