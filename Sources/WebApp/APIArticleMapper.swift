import NewsAPI
import NewsModel

/// Turns stored articles and sources into NewsAPI wire values: absolute URLs, plain-text
/// `content` cut to about 200 characters with ` [+N chars]`, v1 vocabularies.
struct APIArticleMapper: Sendable {
    /// Scheme, host and port, no trailing slash.
    let baseURL: String
    let sourceNames: [SourceID: String]

    static let contentLimit = 200

    func dto(_ article: Article) -> ArticleDTO {
        ArticleDTO(
            source: SourceReference(id: article.sourceID.rawValue, name: sourceNames[article.sourceID] ?? article.sourceID.rawValue),
            author: article.author,
            title: article.title,
            description: article.summary,
            url: articleURL(article),
            urlToImage: article.imageURL.map(absolute),
            publishedAt: article.publishedAt,
            content: (article.contentText ?? article.readerView?.text).flatMap(Self.truncatedContent)
        )
    }

    func legacyDTO(_ article: Article) -> LegacyArticleDTO {
        LegacyArticleDTO(
            author: article.author, title: article.title, description: article.summary,
            url: articleURL(article), urlToImage: article.imageURL.map(absolute), publishedAt: article.publishedAt
        )
    }

    /// The original article, or Broadsheet's own page for it when the feed gave no link.
    private func articleURL(_ article: Article) -> String {
        article.url.map(absolute) ?? "\(baseURL)/articles/\(article.id.description)"
    }

    /// Makes root-relative URLs (demo images, icons) absolute; leaves absolute ones alone.
    func absolute(_ url: String) -> String {
        if url.hasPrefix("//") { return "https:" + url }
        if url.hasPrefix("/") { return baseURL + url }
        return url
    }

    /// Plain text with runs of whitespace folded, cut at `contentLimit` characters and
    /// followed by `… [+N chars]`, as NewsAPI does. Nil for empty text.
    static func truncatedContent(_ text: String) -> String? {
        let folded = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard !folded.isEmpty else { return nil }
        guard folded.count > contentLimit else { return folded }
        let kept = folded.prefix(contentLimit)
        let remaining = folded.count - kept.count
        return "\(kept)… [+\(remaining) chars]"
    }

    static func sourceDTO(_ source: Source) -> SourceDTO {
        SourceDTO(
            id: source.id.rawValue, name: source.name, description: source.description,
            url: source.siteURL ?? source.feedURL.httpOnly, category: source.category?.rawValue,
            language: source.language?.rawValue, country: source.country?.rawValue
        )
    }

    /// Broadsheet's categories in the v1 vocabulary.
    static func legacyCategory(_ category: NewsModel.Category?) -> String? {
        switch category {
        case .business: "business"
        case .entertainment: "entertainment"
        case .general, .health: "general"
        case .science: "science-and-nature"
        case .sports: "sport"
        case .technology: "technology"
        case nil: nil
        }
    }

    static func legacySourceDTO(_ source: Source, baseURL: String, sorts: [String]) -> LegacySourceDTO {
        let mapper = APIArticleMapper(baseURL: baseURL, sourceNames: [:])
        let logo = source.iconURL.map(mapper.absolute) ?? "\(baseURL)/sources/\(source.id.rawValue)/icon.svg"
        return LegacySourceDTO(
            id: source.id.rawValue, name: source.name, description: source.description,
            url: source.siteURL ?? source.feedURL.httpOnly, category: legacyCategory(source.category),
            language: source.language?.rawValue, country: source.country?.rawValue,
            urlsToLogos: LogoURLs(small: logo, medium: logo, large: logo),
            sortBysAvailable: sorts
        )
    }
}

private extension String {
    /// A local `file://` feed path is not shown to API clients.
    var httpOnly: String? {
        hasPrefix("http://") || hasPrefix("https://") ? self : nil
    }
}
