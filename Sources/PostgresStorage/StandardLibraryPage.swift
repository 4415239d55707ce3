import NewsModel

/// A page of someone's whole library at the standard cap, newest first, without the
/// articles' whole texts and with nothing but the reader narrowing it (a search aside):
/// the NewsAPI's `top-headlines` and `everything?q=` without another parameter, which the
/// prepared `NewestInLibrary` and `NewestSearch` answer. nil for any other query, or for a
/// page that ends past the cap.
struct StandardLibraryPage {
    static let cap = ArticleQuery.standardCountLimit

    /// The reader whose library it is (nil: the whole library, without a follow check).
    let user: UserID?
    /// The page's first and last positions among the newest (from 1, inclusive).
    let first: Int64
    let last: Int64

    init?(_ query: ArticleQuery) {
        guard query.sortBy == .publishedAt, query.countLimit == Self.cap, !query.includesContent,
              let window = PageWindow(query), window.needed <= Self.cap else { return nil }
        var everyone = query
        everyone.followedBy = nil
        var unused = BoundStatement()
        guard PostgresArticleFilters(everyone, in: &unused).conditions.isEmpty else { return nil }
        user = query.followedBy
        first = Int64(window.offset + 1)
        last = Int64(window.needed)
    }
}
