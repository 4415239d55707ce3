/// Where the grouper put an article.
public struct StoryPlacement: Sendable, Hashable {
    public var article: Int64
    /// The story's identifier: the id of the article that started it (its lead).
    public var story: Int64
    /// The earliest article of the same story with the same wording (a syndicated copy of
    /// it), or nil when this article's wording is its own.
    public var copyOf: Int64?

    /// Stories this article showed to be the same as `story`: they are part of it now, and
    /// their articles belong to `story`.
    public var absorbed: [Int64]

    public init(article: Int64, story: Int64, copyOf: Int64? = nil, absorbed: [Int64] = []) {
        self.article = article
        self.story = story
        self.copyOf = copyOf
        self.absorbed = absorbed
    }

    /// Whether the article started a story of its own.
    public var startsStory: Bool { story == article }
}
