import Foundation

/// What a list of articles is asked for: the union of NewsAPI's top-headlines and
/// everything parameters, already validated. Empty collections mean "no filter".
public struct ArticleQuery: Sendable, Hashable {
    public var sources: [SourceID]
    public var search: SearchQuery?
    public var searchIn: Set<SearchField>
    /// A second search that must match the title alone (NewsAPI's `qInTitle`); with
    /// `search` as well, both must match.
    public var titleSearch: SearchQuery?
    /// Hosts the article URL must be on (or a subdomain of).
    public var domains: [String]
    /// Hosts the article URL must not be on (nor a subdomain of).
    public var excludedDomains: [String]
    /// Inclusive bounds on `publishedAt`.
    public var from: Date?
    public var to: Date?
    public var language: Language?
    /// Filters on the article's source.
    public var country: Country?
    public var category: Category?
    /// What `language`, `country` and `category` compare with for a source that has no
    /// value of its own and none inferred.
    public var sourceDefaults: SourceDefaults
    /// Only articles of sources this person follows (the API answers from the key owner's
    /// library); nil for the whole library.
    public var followedBy: UserID?
    public var sortBy: SortOrder
    /// 1-based.
    public var page: Int
    public var pageSize: Int
    /// Whether the listed articles carry `contentHTML` and `contentText`. Lists that show
    /// only the excerpt (the NewsAPI) leave them out, so no whole text is read.
    public var includesContent: Bool
    /// Matches are counted up to this many, when set: `totalResults` is then at most this
    /// number, so a word found in half a million articles costs no more to count than one
    /// found in a hundred. Lists that cannot be paged further than that set it
    /// (`standardCountLimit`).
    public var countLimit: Int?

    /// As many matches as the NewsAPI and the search page let anyone page through, and
    /// count: `totalResults` is exact up to here, as on the public service's developer
    /// plan, which stops at 100 results too. PostgreSQL must visit a table row for every
    /// match it counts (its GIN index cannot answer alone), so counting to 10,000 cost it
    /// 14–40 ms at a million articles and to 1,000 still 8–31 ms for a phrase or a boolean
    /// search; 100 matches are what a page of 100 reads anyway, newest first, so the walk
    /// that finds the page counts too. Narrowing (a source, a date range) reaches older
    /// matches.
    public static let standardCountLimit = 100

    /// `count` as `totalResults` reports it: at most `countLimit`, when set.
    public func cappedCount(_ count: Int) -> Int {
        countLimit.map { min(count, max(0, $0)) } ?? count
    }

    public init(
        sources: [SourceID] = [], search: SearchQuery? = nil, searchIn: Set<SearchField> = Set(SearchField.allCases),
        titleSearch: SearchQuery? = nil,
        domains: [String] = [], excludedDomains: [String] = [], from: Date? = nil, to: Date? = nil,
        language: Language? = nil, country: Country? = nil, category: Category? = nil,
        sourceDefaults: SourceDefaults = SourceDefaults(), followedBy: UserID? = nil,
        sortBy: SortOrder = .publishedAt, page: Int = 1, pageSize: Int = 20, includesContent: Bool = true,
        countLimit: Int? = nil
    ) {
        self.sources = sources
        self.search = search
        self.searchIn = searchIn
        self.titleSearch = titleSearch
        self.domains = domains
        self.excludedDomains = excludedDomains
        self.from = from
        self.to = to
        self.language = language
        self.country = country
        self.category = category
        self.sourceDefaults = sourceDefaults
        self.followedBy = followedBy
        self.sortBy = sortBy
        self.page = page
        self.pageSize = pageSize
        self.includesContent = includesContent
        self.countLimit = countLimit
    }
}

/// One page of a query's matches and how many there are in all (up to the query's
/// `countLimit`).
public struct ArticleResults: Sendable, Hashable {
    public var articles: [Article]
    public var totalResults: Int
    /// The names of the listed articles' sources, read with them (every list shows them).
    public var sourceNames: [SourceID: String]

    public init(articles: [Article], totalResults: Int, sourceNames: [SourceID: String] = [:]) {
        self.articles = articles
        self.totalResults = totalResults
        self.sourceNames = sourceNames
    }
}
