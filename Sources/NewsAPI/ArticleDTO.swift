import Foundation

/// One article as NewsAPI's top-headlines and everything endpoints send it.
/// Every optional field is written as an explicit `null`, as NewsAPI does.
public struct ArticleDTO: Sendable, Codable, Hashable {
    public var source: SourceReference
    public var author: String?
    public var title: String
    public var description: String?
    public var url: String
    public var urlToImage: String?
    public var publishedAt: Date
    /// Plain text truncated to about 200 characters, then ` [+N chars]`.
    public var content: String?

    public init(
        source: SourceReference, author: String?, title: String, description: String?, url: String,
        urlToImage: String?, publishedAt: Date, content: String?
    ) {
        self.source = source
        self.author = author
        self.title = title
        self.description = description
        self.url = url
        self.urlToImage = urlToImage
        self.publishedAt = publishedAt
        self.content = content
    }

    enum CodingKeys: String, CodingKey {
        case source, author, title, description, url, urlToImage, publishedAt, content
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(SourceReference.self, forKey: .source)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        description = try container.decodeIfPresent(String.self, forKey: .description)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
        urlToImage = try container.decodeIfPresent(String.self, forKey: .urlToImage)
        publishedAt = try container.decodeNewsAPIDate(forKey: .publishedAt)
        content = try container.decodeIfPresent(String.self, forKey: .content)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(author, forKey: .author)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(url, forKey: .url)
        try container.encode(urlToImage, forKey: .urlToImage)
        try container.encode(NewsAPIDate.string(from: publishedAt), forKey: .publishedAt)
        try container.encode(content, forKey: .content)
    }
}

/// The source an article came from: `{"id": …, "name": …}`; the id may be null.
public struct SourceReference: Sendable, Codable, Hashable {
    public var id: String?
    public var name: String

    public init(id: String?, name: String) {
        self.id = id
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case id, name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
    }
}

extension KeyedDecodingContainer {
    /// Decodes a NewsAPI date string; a malformed one is a decoding error naming the key.
    func decodeNewsAPIDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let parsed = NewsAPIDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is not an ISO 8601 date.")
        }
        return parsed.date
    }
}
