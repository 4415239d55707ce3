import FeedParsing
import Foundation
import NewsModel
import Storage

/// Follows a new source from what a person typed: finds its feed, names it, stores it and
/// its current articles. Shared by `broadsheet add` and the web reader's "Add a source".
/// A feed someone else already follows is the same source, fetched once for everyone.
public struct SourceSubscriber: Sendable {
    let store: any ReaderStore
    let discovery: FeedDiscovery
    let mapper: ArticleMapper
    let inference: SourceInference
    let policy: RefreshPolicy

    public init(
        store: any ReaderStore, loader: FeedLoader, mapper: ArticleMapper = ArticleMapper(),
        inference: SourceInference = SourceInference(), policy: RefreshPolicy = RefreshPolicy()
    ) {
        self.store = store
        self.discovery = FeedDiscovery(loader: loader)
        self.mapper = mapper
        self.inference = inference
        self.policy = policy
    }

    /// What following a source did.
    public struct Subscription: Sendable {
        public var source: Source
        public var articlesStored: Int
        /// What was wrong in the feed that the parser worked around.
        public var problems: [FeedProblem]
    }

    public enum SubscriptionError: Error, Sendable, CustomStringConvertible {
        case alreadyFollowing(Source)

        public var description: String {
            switch self {
            case .alreadyFollowing(let source):
                "You already follow this feed as \"\(source.id)\" (\(source.name))."
            }
        }
    }

    /// Follows `address` for `user` (the owner when nil), in `folder` if given. `name` is the
    /// source's name when the feed is new to the library, else the person's own name for it.
    /// A path or `file:` URL is read from disk only when `allowsLocalFiles`: the command line,
    /// for the person at the server's keyboard; never from the web.
    public func subscribe(
        to address: String, name: String? = nil, category: NewsModel.Category? = nil, country: Country? = nil,
        as user: UserID? = nil, folder: FolderID? = nil, allowsLocalFiles: Bool = false, now: Date = Date()
    ) async throws -> Subscription {
        let discovered = try await discovery.discover(address, allowsLocalFiles: allowsLocalFiles)
        let reader: UserID
        if let user { reader = user } else { reader = try await store.owner().id }
        let metadata = mapper.metadata(from: discovered.feed)
        let articles = mapper.articles(from: discovered.feed, now: now)
        let givenName = name.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let displayName = givenName ?? metadata.name ?? Self.fallbackName(for: discovered.feedURL)
        let followed: FollowedSource
        do {
            followed = try await store.follow(
                Source(
                    id: SourceID(slugging: displayName),
                    name: displayName,
                    description: metadata.description,
                    siteURL: metadata.siteURL,
                    feedURL: discovered.feedURL,
                    category: category,
                    country: country,
                    iconURL: discovered.siteIconURL ?? metadata.iconURL,
                    addedAt: now,
                    inferred: inference.traits(of: discovered.feed, articles: articles, feedURL: discovered.feedURL)
                ),
                as: reader, name: givenName, folder: folder
            )
        } catch StoreError.alreadyFollowing(let id) {
            let twin = try await store.source(id)
            throw SubscriptionError.alreadyFollowing(twin ?? Source(id: id, name: id.rawValue, feedURL: discovered.feedURL))
        }
        let state = FeedState(
            etag: discovered.response.etag, lastModified: discovered.response.lastModified,
            lastAttemptAt: now, lastSuccessAt: now,
            nextRefreshAt: policy.nextRefresh(afterSuccessAt: now, headers: discovered.response.headers),
            lastFeedBytes: discovered.response.transferredBytes
        )
        let summary = try await store.applyRefresh(
            RefreshResult(articles: articles, state: state),
            to: followed.source.id
        )
        return Subscription(source: followed.source, articlesStored: summary.inserted, problems: discovered.feed.problems)
    }

    /// A readable name for a feed without a title: its host, or its file name.
    public static func fallbackName(for feedURL: String) -> String {
        guard let url = URL(string: feedURL) else { return "Feed" }
        if let host = url.host, !host.isEmpty {
            return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        }
        let file = url.deletingPathExtension().lastPathComponent
        return file.isEmpty ? "Feed" : file
    }
}
