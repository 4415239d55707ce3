import Foundation
import NewsModel

extension ReaderStore {
    /// Marks `articles` read for `user`, and, when the person asked for it in their settings
    /// (`ReaderSettings.readsWholeStory`) and the store keeps stories, the rest of those
    /// articles' stories too: what marking read means wherever it comes from (the web pages
    /// or a sync app). Returns how many articles changed.
    @discardableResult
    public func markRead(_ articles: [ArticleID], for user: UserID, at time: Date) async throws -> Int {
        let marked = try await setRead(true, articles: articles, for: user, at: time)
        guard let stories = self as? any StoryStore, try await readerSettings(for: user).readsWholeStory else { return marked }
        return marked + (try await stories.readRestOfStories(of: articles, for: user, at: time))
    }
}

extension StoryStore {
    /// The most articles whose stories one call looks up: a sync app may mark a thousand
    /// items at once, and each look-up is a query.
    public static var wholeStoryLookupLimit: Int { 200 }

    /// Marks read, for `user`, every other article of the stories `articles` belong to (among
    /// what the person can see), looking up the stories of the first
    /// `wholeStoryLookupLimit` articles. Returns how many it marked.
    @discardableResult
    public func readRestOfStories(of articles: [ArticleID], for user: UserID, at time: Date) async throws -> Int {
        let given = Set(articles)
        var storiesSeen = Set<StoryID>()
        var others: [ArticleID] = []
        for article in articles.prefix(Self.wholeStoryLookupLimit) {
            guard let story = try await storyArticleIDs(containing: article, for: user), storiesSeen.insert(story.story).inserted else { continue }
            others += story.articles.filter { !given.contains($0) }
        }
        guard !others.isEmpty else { return 0 }
        return try await setRead(true, articles: Array(Set(others)), for: user, at: time)
    }
}
