import Foundation

/// One article in the legacy v1 shape: no source object and no content.
public struct LegacyArticleDTO: Sendable, Codable, Hashable {
    public var author: String?
    public var title: String
    public var description: String?
    public var url: String
    public var urlToImage: String?
    public var publishedAt: Date?

    public init(author: String?, title: String, description: String?, url: String, urlToImage: String?, publishedAt: Date?) {
        self.author = author
        self.title = title
        self.description = description
        self.url = url
        self.urlToImage = urlToImage
        self.publishedAt = publishedAt
    }

    enum CodingKeys: String, CodingKey {
        case author, title, description, url, urlToImage, publishedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        description = try container.decodeIfPresent(String.self, forKey: .description)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
        urlToImage = try container.decodeIfPresent(String.self, forKey: .urlToImage)
        // v1 often sent null dates; a present but malformed one is still an error.
        if try !container.contains(.publishedAt) || container.decodeNil(forKey: .publishedAt) {
            publishedAt = nil
        } else {
            publishedAt = try container.decodeNewsAPIDate(forKey: .publishedAt)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(author, forKey: .author)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(url, forKey: .url)
        try container.encode(urlToImage, forKey: .urlToImage)
        try container.encode(publishedAt.map(NewsAPIDate.string(from:)), forKey: .publishedAt)
    }
}

/// `{"status":"ok","source":ID,"sortBy":…,"articles":[…]}` in the v1 shape.
public struct LegacyArticlesResponse: Sendable, Codable, Hashable {
    public var status: String
    public var source: String
    public var sortBy: String
    public var articles: [LegacyArticleDTO]

    public init(source: String, sortBy: String, articles: [LegacyArticleDTO], status: String = "ok") {
        self.status = status
        self.source = source
        self.sortBy = sortBy
        self.articles = articles
    }
}
