import Foundation
import NewsModel

/// The outcome of fetching one feed, applied to the store in one transaction.
public struct RefreshResult: Sendable, Hashable {
    /// The articles the feed carries now (empty for a 304 or a failure).
    public var articles: [ArticleDraft]
    /// The new refresh state to store.
    public var state: FeedState
    /// Source fields learnt from the feed (title, site URL, icon…), applied only where the
    /// stored source has none, so a person's own edits win; and the traits worked out
    /// from it, which replace the previous inference.
    public var discoveredMetadata: SourceMetadata?
    /// Content a WebSub hub pushed rather than a fetch: only the articles are stored (new
    /// ones get `state.lastAttemptAt` as their first-seen time); the refresh state, any
    /// refresh claim and the memory of removed articles stay as they are, since a push
    /// usually carries only what is new.
    public var isPush: Bool

    public init(articles: [ArticleDraft], state: FeedState, discoveredMetadata: SourceMetadata? = nil, isPush: Bool = false) {
        self.articles = articles
        self.state = state
        self.discoveredMetadata = discoveredMetadata
        self.isPush = isPush
    }
}

/// What a feed says about its source.
public struct SourceMetadata: Sendable, Hashable {
    public var name: String?
    public var description: String?
    public var siteURL: String?
    public var iconURL: String?
    /// The language, country and category worked out from this fetch of the feed. Stored as
    /// the source's `inferred` traits (never over a person's values, which live apart); a
    /// nil trait keeps what an earlier refresh inferred.
    public var inferred: SourceTraits

    public init(
        name: String? = nil, description: String? = nil, siteURL: String? = nil, iconURL: String? = nil,
        inferred: SourceTraits = SourceTraits()
    ) {
        self.name = name
        self.description = description
        self.siteURL = siteURL
        self.iconURL = iconURL
        self.inferred = inferred
    }
}

/// How many articles one refresh added and changed.
public struct SaveSummary: Sendable, Hashable {
    public var inserted: Int
    public var updated: Int

    public init(inserted: Int, updated: Int) {
        self.inserted = inserted
        self.updated = updated
    }
}
