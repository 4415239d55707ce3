import Foundation
import NewsModel

extension ReaderStore {
    /// Marks `articles` read for `user`, and, when the person asked for it in their settings
    /// (`ReaderSettings.readsWholeStory`) and the store keeps stories, the rest of those
    /// articles' stories too: what marking read means wherever it comes from (the web pages
    /// or a sync app). One write either way. Returns how many articles changed.
    @discardableResult
    public func markRead(_ articles: [ArticleID], for user: UserID, at time: Date) async throws -> Int {
        try await markRead(articles, for: user, readsWholeStory: try await readerSettings(for: user).readsWholeStory, at: time)
    }

    /// `markRead(_:for:at:)` for a caller that already knows the person's setting.
    @discardableResult
    public func markRead(_ articles: [ArticleID], for user: UserID, readsWholeStory: Bool, at time: Date) async throws -> Int {
        var marked = articles
        if readsWholeStory, let stories = self as? any StoryStore {
            marked += try await stories.storyMates(of: articles, for: user)
        }
        return try await setRead(true, articles: marked, for: user, at: time)
    }
}

extension StoryStore {
    /// The most articles whose stories one call looks up: a sync app may mark a thousand
    /// items at once, and each look-up is a query.
    public static var wholeStoryLookupLimit: Int { 200 }

    /// The other articles of the stories `articles` belong to, among what `user` can see,
    /// looking up the stories of the first `wholeStoryLookupLimit` articles.
    public func storyMates(of articles: [ArticleID], for user: UserID) async throws -> [ArticleID] {
        let given = Set(articles)
        var storiesSeen = Set<StoryID>()
        var others = Set<ArticleID>()
        for article in articles.prefix(Self.wholeStoryLookupLimit) {
            guard let story = try await storyArticleIDs(containing: article, for: user), storiesSeen.insert(story.story).inserted else { continue }
            others.formUnion(story.articles.lazy.filter { !given.contains($0) })
        }
        return others.sorted { $0.rawValue < $1.rawValue }
    }
}
