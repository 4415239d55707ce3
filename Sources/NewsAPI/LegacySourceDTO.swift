/// One source in the legacy v1 shape that classic tutorial apps read. Its text fields are
/// never null (the tutorial apps decode them into non-optional strings).
public struct LegacySourceDTO: Sendable, Codable, Hashable {
    public var id: String
    public var name: String
    public var description: String
    public var url: String
    /// One of the v1 categories: business entertainment gaming general music politics
    /// science-and-nature sport technology.
    public var category: String
    public var language: String
    public var country: String
    public var urlsToLogos: LogoURLs
    /// The sorts `/v1/articles` accepts for this source (`top`, `latest`, `popular`).
    public var sortBysAvailable: [String]

    public init(
        id: String, name: String, description: String, url: String, category: String, language: String,
        country: String, urlsToLogos: LogoURLs, sortBysAvailable: [String]
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.url = url
        self.category = category
        self.language = language
        self.country = country
        self.urlsToLogos = urlsToLogos
        self.sortBysAvailable = sortBysAvailable
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, url, category, language, country, urlsToLogos, sortBysAvailable
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? id
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
        category = try container.decodeIfPresent(String.self, forKey: .category) ?? ""
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? ""
        country = try container.decodeIfPresent(String.self, forKey: .country) ?? ""
        urlsToLogos = try container.decodeIfPresent(LogoURLs.self, forKey: .urlsToLogos) ?? LogoURLs(small: nil, medium: nil, large: nil)
        sortBysAvailable = try container.decodeIfPresent([String].self, forKey: .sortBysAvailable) ?? []
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
        try container.encode(urlsToLogos, forKey: .urlsToLogos)
        try container.encode(sortBysAvailable, forKey: .sortBysAvailable)
    }
}

/// A v1 source's logo in three sizes.
public struct LogoURLs: Sendable, Codable, Hashable {
    public var small: String?
    public var medium: String?
    public var large: String?

    public init(small: String?, medium: String?, large: String?) {
        self.small = small
        self.medium = medium
        self.large = large
    }

    enum CodingKeys: String, CodingKey {
        case small, medium, large
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        small = try container.decodeIfPresent(String.self, forKey: .small)
        medium = try container.decodeIfPresent(String.self, forKey: .medium)
        large = try container.decodeIfPresent(String.self, forKey: .large)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(small, forKey: .small)
        try container.encode(medium, forKey: .medium)
        try container.encode(large, forKey: .large)
    }
}

/// `{"status":"ok","sources":[…]}` in the v1 shape.
public struct LegacySourcesResponse: Sendable, Codable, Hashable {
    public var status: String
    public var sources: [LegacySourceDTO]

    public init(sources: [LegacySourceDTO], status: String = "ok") {
        self.status = status
        self.sources = sources
    }
}
