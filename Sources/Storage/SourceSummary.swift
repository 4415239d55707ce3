import Foundation
import NewsModel

/// A source as the grid shows it: the source, how many articles it has, and how fresh they are.
public struct SourceSummary: Sendable, Hashable {
    public var source: Source
    public var articleCount: Int
    public var newestArticleAt: Date?
    public var state: FeedState?

    public init(source: Source, articleCount: Int, newestArticleAt: Date?, state: FeedState?) {
        self.source = source
        self.articleCount = articleCount
        self.newestArticleAt = newestArticleAt
        self.state = state
    }
}
