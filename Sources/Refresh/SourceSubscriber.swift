import FeedParsing
import Foundation
import NewsModel
import Storage

/// Follows a new source from what a person typed: finds its feed, names it, stores it and
/// its current articles. Shared by `broadsheet add` and the web reader's "Add a source".
public struct SourceSubscriber: Sendable {
    let store: any ArticleStore
    let discovery: FeedDiscovery
    let mapper: ArticleMapper
    let inference: SourceInference
    let policy: RefreshPolicy

    public init(
        store: any ArticleStore, loader: FeedLoader, mapper: ArticleMapper = ArticleMapper(),
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

    public func subscribe(
        to address: String, name: String? = nil, category: NewsModel.Category? = nil, country: Country? = nil, now: Date = Date()
    ) async throws -> Subscription {
        let discovered = try await discovery.discover(address)
        if let twin = try await store.sources(matching: SourceQuery()).first(where: { $0.feedURL == discovered.feedURL }) {
            throw SubscriptionError.alreadyFollowing(twin)
        }
        let metadata = mapper.metadata(from: discovered.feed)
        let articles = mapper.articles(from: discovered.feed, now: now)
        let displayName = name.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            ?? metadata.name ?? Self.fallbackName(for: discovered.feedURL)
        let source = try await store.addSource(Source(
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
        ))
        let state = FeedState(
            etag: discovered.response.etag, lastModified: discovered.response.lastModified,
            lastAttemptAt: now, lastSuccessAt: now,
            nextRefreshAt: policy.nextRefresh(afterSuccessAt: now, headers: discovered.response.headers)
        )
        let summary = try await store.applyRefresh(
            RefreshResult(articles: articles, state: state),
            to: source.id
        )
        return Subscription(source: source, articlesStored: summary.inserted, problems: discovered.feed.problems)
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
