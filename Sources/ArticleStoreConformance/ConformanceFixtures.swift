import Foundation
import NewsModel
import Storage

/// Values the checks build on: fixed dates (so results never depend on the clock) and
/// small constructors.
enum ConformanceFixtures {
    /// 2023-11-14T22:13:20Z, a whole second, so every backend stores it exactly.
    static let baseDate = Date(timeIntervalSince1970: 1_700_000_000)

    static func date(hoursAfterBase hours: Double) -> Date {
        baseDate.addingTimeInterval(hours * 3600)
    }

    static func source(
        _ slug: String, name: String? = nil, category: Category? = nil, language: Language? = nil,
        country: Country? = nil, isDemo: Bool = false, addedHoursAfterBase: Double = 0, inferred: SourceTraits = SourceTraits()
    ) -> Source {
        Source(
            id: SourceID(slugging: slug), name: name ?? slug.capitalized, feedURL: "https://\(slug).example/feed.xml",
            category: category, language: language, country: country, isDemo: isDemo,
            addedAt: date(hoursAfterBase: addedHoursAfterBase), inferred: inferred
        )
    }

    static func draft(
        _ guid: String, title: String? = nil, summary: String? = nil, content: String? = nil,
        url: String? = nil, hoursAfterBase: Double? = 0, language: Language? = nil
    ) -> ArticleDraft {
        ArticleDraft(
            guid: guid, title: title ?? "Article \(guid)", summary: summary, contentText: content, url: url,
            publishedAt: hoursAfterBase.map { date(hoursAfterBase: $0) }, language: language
        )
    }

    /// A successful fetch's state at `hoursAfterBase`.
    static func state(hoursAfterBase hours: Double = 0) -> FeedState {
        FeedState(lastAttemptAt: date(hoursAfterBase: hours), lastSuccessAt: date(hoursAfterBase: hours), nextRefreshAt: date(hoursAfterBase: hours + 1))
    }

    static func refresh(_ drafts: [ArticleDraft], hoursAfterBase hours: Double = 0) -> RefreshResult {
        RefreshResult(articles: drafts, state: state(hoursAfterBase: hours))
    }

    /// Adds a source and stores `drafts` in it; returns the source as stored.
    @discardableResult
    static func add(_ source: Source, with drafts: [ArticleDraft], to store: any ArticleStore) async throws -> Source {
        let stored = try await store.addSource(source)
        if !drafts.isEmpty {
            _ = try await store.applyRefresh(refresh(drafts), to: stored.id)
        }
        return stored
    }

    /// Every article matching `query` (all pages), as guids in result order.
    static func guids(_ store: any ArticleStore, _ query: ArticleQuery) async throws -> [String] {
        var query = query
        query.pageSize = 100
        return try await store.articles(matching: query).articles.map(\.guid)
    }

    /// The guids a search text (NewsAPI `q` syntax) finds, newest first.
    static func search(_ store: any ArticleStore, _ text: String, in fields: Set<SearchField> = Set(SearchField.allCases)) async throws -> [String] {
        try await guids(store, ArticleQuery(search: try SearchQuery(parsing: text), searchIn: fields))
    }

    /// The article with `guid` in `source` (through the public API only).
    static func article(_ guid: String, in source: SourceID, of store: any ArticleStore) async throws -> Article? {
        try await store.articles(matching: ArticleQuery(sources: [source], pageSize: 100)).articles.first { $0.guid == guid }
    }
}
