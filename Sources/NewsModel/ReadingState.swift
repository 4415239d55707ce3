import Foundation

/// Where one person stands with one article.
public struct ReadingState: Sendable, Codable, Hashable {
    public var isRead: Bool
    /// When it was marked read; nil while unread, and for an article seen only because it is
    /// starred from a source the person no longer follows (counted as read).
    public var readAt: Date?
    /// When it was starred; nil when it is not.
    public var starredAt: Date?

    public init(isRead: Bool, readAt: Date? = nil, starredAt: Date? = nil) {
        self.isRead = isRead
        self.readAt = readAt
        self.starredAt = starredAt
    }

    public var isStarred: Bool { starredAt != nil }

    /// A new article: unread, not starred.
    public static let unread = ReadingState(isRead: false)
}

/// An article as one person sees it: the shared article and their own state for it.
public struct ReaderArticle: Sendable, Hashable, Identifiable {
    public var article: Article
    public var state: ReadingState

    public init(article: Article, state: ReadingState) {
        self.article = article
        self.state = state
    }

    public var id: ArticleID { article.id }
}
