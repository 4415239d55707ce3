import Foundation
import NewsModel

/// Story membership: the story each stored article was placed in by the grouping (the
/// `Stories` target, run by `StoryTracker`), kept so that stories survive restarts and the
/// API, the pages and the command line can use them. Every backend conforms and passes the
/// `StoryStoreCheck` conformance suite.
///
/// Placement moves forward through the articles in the order they were stored (ids grow
/// with every article stored): `storyProgress` says how far it has gone, and
/// `recordStoryPlacements` moves it only from where the caller saw it, so two processes
/// grouping the same library never both place an article.
public protocol StoryStore: ReaderStore {
    /// Articles in the order they were stored, with what grouping reads of them and their
    /// placement if they have one.
    func storyInputs(_ query: StoryInputQuery) async throws -> [StoryInput]

    /// The last article placement has considered; nil before the first placement.
    func storyProgress() async throws -> ArticleID?

    /// In one transaction: records the placements (an article placed twice keeps the later
    /// placement), moves every article of an absorbed story to the story that absorbed it,
    /// and sets the progress to `consideredThrough`, but only if the progress is still
    /// `expectedProgress`. Returns false, changing nothing, when it is not (another process
    /// placed articles in the meantime).
    func recordStoryPlacements(
        _ placements: [StoryPlacementRecord], consideredThrough: ArticleID, expectedProgress: ArticleID?
    ) async throws -> Bool

    /// Stories carried by at least `minimumSources` sources with an article published at or
    /// after `since`, most sources first, then the most recent; at most `limit`. With a
    /// person, only articles of sources they follow count and show.
    func topStories(since: Date, minimumSources: Int, limit: Int, for user: UserID?) async throws -> [StorySummary]

    /// The story an article belongs to, with all its articles (only those of sources the
    /// person follows, with a person); nil when the article was not placed or is not visible.
    /// The members are listed the way lists are: their whole texts (`contentHTML`,
    /// `contentText`) may be left out, since a story can hold thousands of articles.
    func story(containing article: ArticleID, for user: UserID?) async throws -> Story?

    /// The ids of the articles `story(containing:for:)` lists, in its order, without reading
    /// the articles; nil when it would be nil.
    func storyArticleIDs(containing article: ArticleID, for user: UserID?) async throws -> (story: StoryID, articles: [ArticleID])?

    /// The first article of each other source than the article's in its story (as
    /// `story(containing:for:)` lists them), oldest first, at most `limit`; with how many
    /// articles and sources other than the article's the story has in all; nil when it would
    /// be nil. Cheap however large the story (an article page asks it).
    func coverage(of article: ArticleID, for user: UserID?, limit: Int) async throws -> StoryCoverage?

    /// The story of each of these articles that has been placed (for lists that show a story
    /// once); source counts are the whole library's.
    func storyMemberships(of articles: [ArticleID]) async throws -> [ArticleID: StoryMembership]
}

/// Which articles `storyInputs` returns: ids above `after` and at most `through`, published
/// at or after `publishedSince`, in id order, at most `limit`.
public struct StoryInputQuery: Sendable, Hashable {
    public var after: ArticleID?
    public var through: ArticleID?
    public var publishedSince: Date?
    public var limit: Int

    public init(after: ArticleID? = nil, through: ArticleID? = nil, publishedSince: Date? = nil, limit: Int) {
        self.after = after
        self.through = through
        self.publishedSince = publishedSince
        self.limit = limit
    }
}

/// What the grouping reads of a stored article, and where it was placed if it was.
public struct StoryInput: Sendable, Hashable {
    /// The most characters of the article's text given (grouping reads only its beginning).
    public static let textLimit = 2_000

    public var id: ArticleID
    public var sourceID: SourceID
    /// The source's name: its words in a title are the source's, not the news.
    public var sourceName: String
    public var title: String
    public var summary: String?
    /// The beginning of the article's text (`textLimit` characters at most).
    public var text: String?
    public var publishedAt: Date
    public var fetchedAt: Date
    /// The story it was placed in; nil when it has not been placed.
    public var story: StoryID?
    public var copyOf: ArticleID?

    public init(
        id: ArticleID, sourceID: SourceID, sourceName: String, title: String, summary: String? = nil, text: String? = nil,
        publishedAt: Date, fetchedAt: Date, story: StoryID? = nil, copyOf: ArticleID? = nil
    ) {
        self.id = id
        self.sourceID = sourceID
        self.sourceName = sourceName
        self.title = title
        self.summary = summary
        self.text = text
        self.publishedAt = publishedAt
        self.fetchedAt = fetchedAt
        self.story = story
        self.copyOf = copyOf
    }
}

/// One article's placement, as the grouping decided it.
public struct StoryPlacementRecord: Sendable, Hashable {
    public var article: ArticleID
    public var story: StoryID
    public var copyOf: ArticleID?
    /// Stories this placement showed to be part of `story`: their articles move to it.
    public var absorbed: [StoryID]

    public init(article: ArticleID, story: StoryID, copyOf: ArticleID? = nil, absorbed: [StoryID] = []) {
        self.article = article
        self.story = story
        self.copyOf = copyOf
        self.absorbed = absorbed
    }
}
