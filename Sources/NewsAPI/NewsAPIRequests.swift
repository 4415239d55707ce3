import Foundation

/// The parameters of `GET /v2/top-headlines`. Values are strings so the same request
/// works against NewsAPI.org, whose vocabularies may grow.
public struct TopHeadlinesRequest: Sendable, Hashable {
    public var country: String?
    public var category: String?
    public var sources: [String]
    public var query: String?
    /// Words the title must match (`qInTitle`); Broadsheet accepts it here too.
    public var titleQuery: String?
    public var language: String?
    public var pageSize: Int?
    public var page: Int?

    public init(
        country: String? = nil, category: String? = nil, sources: [String] = [], query: String? = nil,
        titleQuery: String? = nil, language: String? = nil, pageSize: Int? = nil, page: Int? = nil
    ) {
        self.country = country
        self.category = category
        self.sources = sources
        self.query = query
        self.titleQuery = titleQuery
        self.language = language
        self.pageSize = pageSize
        self.page = page
    }

    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.appendIfPresent("country", country)
        items.appendIfPresent("category", category)
        items.appendIfPresent("sources", sources.isEmpty ? nil : sources.joined(separator: ","))
        items.appendIfPresent("q", query)
        items.appendIfPresent("qInTitle", titleQuery)
        items.appendIfPresent("language", language)
        items.appendIfPresent("pageSize", pageSize.map(String.init))
        items.appendIfPresent("page", page.map(String.init))
        return items
    }
}

/// The parameters of `GET /v2/everything`.
public struct EverythingRequest: Sendable, Hashable {
    public var query: String?
    /// Words the title must match (`qInTitle`), alone or beside `query`.
    public var titleQuery: String?
    /// A subset of `title`, `description`, `content`; empty means all three.
    public var searchIn: [String]
    public var sources: [String]
    public var domains: [String]
    public var excludeDomains: [String]
    public var from: Date?
    public var to: Date?
    public var language: String?
    /// `relevancy`, `popularity` or `publishedAt`.
    public var sortBy: String?
    public var pageSize: Int?
    public var page: Int?

    public init(
        query: String? = nil, titleQuery: String? = nil, searchIn: [String] = [], sources: [String] = [], domains: [String] = [],
        excludeDomains: [String] = [], from: Date? = nil, to: Date? = nil, language: String? = nil,
        sortBy: String? = nil, pageSize: Int? = nil, page: Int? = nil
    ) {
        self.query = query
        self.titleQuery = titleQuery
        self.searchIn = searchIn
        self.sources = sources
        self.domains = domains
        self.excludeDomains = excludeDomains
        self.from = from
        self.to = to
        self.language = language
        self.sortBy = sortBy
        self.pageSize = pageSize
        self.page = page
    }

    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.appendIfPresent("q", query)
        items.appendIfPresent("qInTitle", titleQuery)
        items.appendIfPresent("searchIn", searchIn.isEmpty ? nil : searchIn.joined(separator: ","))
        items.appendIfPresent("sources", sources.isEmpty ? nil : sources.joined(separator: ","))
        items.appendIfPresent("domains", domains.isEmpty ? nil : domains.joined(separator: ","))
        items.appendIfPresent("excludeDomains", excludeDomains.isEmpty ? nil : excludeDomains.joined(separator: ","))
        items.appendIfPresent("from", from.map(NewsAPIDate.string(from:)))
        items.appendIfPresent("to", to.map(NewsAPIDate.string(from:)))
        items.appendIfPresent("language", language)
        items.appendIfPresent("sortBy", sortBy)
        items.appendIfPresent("pageSize", pageSize.map(String.init))
        items.appendIfPresent("page", page.map(String.init))
        return items
    }
}

/// The parameters of `GET /v2/top-headlines/sources` (and the v1 sources list).
public struct SourcesRequest: Sendable, Hashable {
    public var category: String?
    public var language: String?
    public var country: String?

    public init(category: String? = nil, language: String? = nil, country: String? = nil) {
        self.category = category
        self.language = language
        self.country = country
    }

    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.appendIfPresent("category", category)
        items.appendIfPresent("language", language)
        items.appendIfPresent("country", country)
        return items
    }
}

extension [URLQueryItem] {
    package mutating func appendIfPresent(_ name: String, _ value: String?) {
        if let value { append(URLQueryItem(name: name, value: value)) }
    }
}
