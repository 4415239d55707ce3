/// `{"status":"ok","totalResults":N,"articles":[…]}`: top-headlines and everything.
public struct ArticlesResponse: Sendable, Codable, Hashable {
    public var status: String
    /// All matches, not only this page.
    public var totalResults: Int
    public var articles: [ArticleDTO]

    public init(totalResults: Int, articles: [ArticleDTO], status: String = "ok") {
        self.status = status
        self.totalResults = totalResults
        self.articles = articles
    }
}

/// `{"status":"ok","sources":[…]}`: the sources catalogue.
public struct SourcesResponse: Sendable, Codable, Hashable {
    public var status: String
    public var sources: [SourceDTO]

    public init(sources: [SourceDTO], status: String = "ok") {
        self.status = status
        self.sources = sources
    }
}
