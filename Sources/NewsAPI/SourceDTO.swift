/// One source as NewsAPI's sources endpoints send it. Every field is a string, never null:
/// apps decode sources into structs with non-optional fields. Category, language and
/// country stay plain strings so that a client also reads values Broadsheet does not know.
public struct SourceDTO: Sendable, Codable, Hashable {
    public var id: String
    public var name: String
    public var description: String
    public var url: String
    public var category: String
    public var language: String
    public var country: String

    public init(id: String, name: String, description: String, url: String, category: String, language: String, country: String) {
        self.id = id
        self.name = name
        self.description = description
        self.url = url
        self.category = category
        self.language = language
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, url, category, language, country
    }

    /// Reads a missing or null field as an empty string, so a client still reads a
    /// service that leaves one out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? id
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
        category = try container.decodeIfPresent(String.self, forKey: .category) ?? ""
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? ""
        country = try container.decodeIfPresent(String.self, forKey: .country) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(url, forKey: .url)
        try container.encode(category, forKey: .category)
        try container.encode(language, forKey: .language)
        try container.encode(country, forKey: .country)
    }
}
