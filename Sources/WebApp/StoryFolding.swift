import NewsModel

/// A list page where a story shows once: the first of its articles on the page keeps its
/// place, and the story's other articles on the page fold under it.
struct StoryFolding {
    /// The rows the page shows, in the list's order.
    var shown: [ReaderArticle]
    /// Under a shown row, its story's other articles on this page, in the list's order.
    var folded: [ArticleID: [ReaderArticle]]

    /// `memberships` says which story each article belongs to; an article without one is a
    /// story of its own.
    init(_ articles: [ReaderArticle], memberships: [ArticleID: StoryMembership]) {
        var shown: [ReaderArticle] = []
        var folded: [ArticleID: [ReaderArticle]] = [:]
        var firstOfStory: [StoryID: ArticleID] = [:]
        for item in articles {
            guard let story = memberships[item.article.id]?.story else {
                shown.append(item)
                continue
            }
            if let first = firstOfStory[story] {
                folded[first, default: []].append(item)
            } else {
                firstOfStory[story] = item.article.id
                shown.append(item)
            }
        }
        self.shown = shown
        self.folded = folded
    }
}
