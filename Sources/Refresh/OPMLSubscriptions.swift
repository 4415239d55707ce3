import FeedParsing
import Markup
import NewsModel
import Storage

/// Subscription lists in and out as OPML, the format every reader imports and exports;
/// the same rules for the command line and the web page.
public struct OPMLSubscriptions: Sendable {
    public let store: any ArticleStore

    public init(store: any ArticleStore) {
        self.store = store
    }

    /// What an import did.
    public struct ImportSummary: Sendable, Hashable {
        public var added: [Source]
        /// Outlines already followed, repeated in the file, or not web addresses.
        public var skipped: Int
    }

    /// Follows every feed of `document` not followed yet. The new sources have no articles
    /// until their first refresh (the scheduler takes them at once: they were never fetched).
    public func importOutlines(of document: OPMLDocument) async throws -> ImportSummary {
        let known = Set(try await store.sources(matching: SourceQuery()).map(\.feedURL))
        var added: [Source] = []
        var seen: Set<String> = []
        var skipped = 0
        for outline in document.outlines {
            // An OPML file is outside input: only http(s) feed addresses are followed.
            guard let feedURL = ArticleMapper.webURL(outline.feedURL), !known.contains(feedURL), seen.insert(feedURL).inserted else {
                skipped += 1
                continue
            }
            let name = outline.title ?? SourceSubscriber.fallbackName(for: feedURL)
            added.append(try await store.addSource(Source(
                id: SourceID(slugging: name), name: name,
                siteURL: outline.siteURL.flatMap(ArticleMapper.webURL),
                feedURL: feedURL, category: outline.category.flatMap { Category(rawValue: $0.lowercased()) }
            )))
        }
        return ImportSummary(added: added, skipped: skipped)
    }

    /// Every source followed from the web, as OPML (the demo and local files stay out:
    /// another reader could not fetch them).
    public func export() async throws -> OPMLDocument {
        let sources = try await store.sources(matching: SourceQuery()).filter { !$0.isDemo && URLResolver.isWebURL($0.feedURL) }
        return OPMLDocument(title: "Broadsheet subscriptions", outlines: sources.map { source in
            OPMLOutline(title: source.name, feedURL: source.feedURL, siteURL: source.siteURL, category: source.category?.rawValue)
        })
    }
}
