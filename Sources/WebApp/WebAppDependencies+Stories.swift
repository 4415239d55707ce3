import Foundation
import NewsModel
import Storage

/// Stories on the pages: what the store knows of them, for one person.
extension WebAppDependencies {
    /// The store's stories, when its backend keeps them (both shipped backends do; a test
    /// double that only knows people and articles does not, and the pages then show no
    /// story features rather than failing).
    var stories: (any StoryStore)? { store as? any StoryStore }

    /// Marks an article read for a person, with the rest of its story (what of it they can
    /// see) when they asked for that in their settings (`ReaderSettings.readsWholeStory`), in
    /// one write. Returns how many articles it marked.
    @discardableResult
    func markRead(_ article: ArticleID, for reader: Reader, at now: Date) async throws -> Int {
        try await store.markRead([article], for: reader.id, readsWholeStory: reader.settings.readsWholeStory, at: now)
    }
}

extension WebAppDependencies {
    /// The first `limit` articles of `article`'s story from the person's other sources,
    /// oldest first, with the names the person sees for those sources, and how many such
    /// articles and sources there are in all.
    func otherCoverage(of article: Article, for reader: Reader, limit: Int) async throws -> (shown: [ArticlePage.Coverage], articleCount: Int, sourceCount: Int) {
        guard let stories, let coverage = try await stories.coverage(of: article.id, for: reader.id, limit: limit),
              !coverage.articles.isEmpty else { return ([], 0, 0) }
        let sources = try await personalSources(of: coverage.articles, for: reader)
        let shown = coverage.articles.map { other in
            ArticlePage.Coverage(
                article: other, sourceName: sources[other.sourceID]?.name ?? other.sourceID.rawValue,
                sourceLanguage: sources[other.sourceID]?.language
            )
        }
        return (shown, coverage.articleCount, coverage.sourceCount)
    }

    /// Each article's source as the person sees it: their own name for it, else its name.
    func personalSources(of articles: [Article], for reader: Reader) async throws -> [SourceID: (name: String, language: Language?)] {
        // Two reads for any number of sources (a story can span dozens).
        let sources = try await store.sources(Set(articles.map(\.sourceID)))
        guard !sources.isEmpty else { return [:] }
        let subscriptions = Dictionary(
            try await store.subscriptions(of: reader.id).map { ($0.sourceID, $0) }, uniquingKeysWith: { first, _ in first }
        )
        return sources.mapValues { source in
            (subscriptions[source.id]?.displayName(for: source) ?? source.name, source.knownLanguage)
        }
    }
}
