import Foundation
import NewsAPI
import NewsModel

/// Turns stored articles and sources into NewsAPI wire values: absolute URLs, plain-text
/// `content` cut to about 200 characters with ` [+N chars]`, v1 vocabularies.
struct APIArticleMapper: Sendable {
    /// Scheme, host and port, no trailing slash.
    let baseURL: String
    let sourceNames: [SourceID: String]

    static let contentLimit = TextExcerpt.length

    func dto(_ article: Article) -> ArticleDTO {
        ArticleDTO(
            source: SourceReference(id: article.sourceID.rawValue, name: sourceNames[article.sourceID] ?? article.sourceID.rawValue),
            author: article.author,
            title: article.title,
            description: article.summary,
            url: articleURL(article),
            urlToImage: article.imageURL.map(absolute),
            publishedAt: article.publishedAt,
            content: article.excerpt.map(Self.content) ?? (article.contentText == nil ? article.readerView.flatMap { Self.truncatedContent($0.text) } : nil)
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
        TextExcerpt(of: text).map(content)
    }

    /// NewsAPI's `content` from an article's stored excerpt (the folding and counting were
    /// done when the article was stored).
    static func content(_ excerpt: TextExcerpt) -> String {
        guard excerpt.characterCount > contentLimit else { return excerpt.text }
        return "\(excerpt.text)… [+\(excerpt.characterCount - contentLimit) chars]"
    }

    /// A source as apps see it: every field a string. Language, country and category are
    /// a person's values, else the inferred ones, else `defaults`; the URL is the site, else
    /// the feed, else the source's page here; the description is the feed's, else a
    /// sentence naming the source.
    func sourceDTO(_ source: Source, defaults: SourceDefaults) -> SourceDTO {
        SourceDTO(
            id: source.id.rawValue, name: source.name, description: Self.description(of: source),
            url: sourceURL(source), category: source.resolvedCategory(defaults).rawValue,
            language: source.resolvedLanguage(defaults).rawValue, country: source.resolvedCountry(defaults).rawValue
        )
    }

    static func description(of source: Source) -> String {
        if let description = source.description?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty {
            return description
        }
        return "The latest articles from \(source.name)."
    }

    /// The site, else the feed's web address, else the source's page on this server.
    func sourceURL(_ source: Source) -> String {
        source.siteURL.flatMap(\.httpOnly) ?? source.feedURL.httpOnly ?? "\(baseURL)/sources/\(source.id.rawValue)"
    }

    /// Broadsheet's categories in the v1 vocabulary.
    static func legacyCategory(_ category: NewsModel.Category) -> String {
        switch category {
        case .business: "business"
        case .entertainment: "entertainment"
        case .general, .health: "general"
        case .science: "science-and-nature"
        case .sports: "sport"
        case .technology: "technology"
        }
    }

    func legacySourceDTO(_ source: Source, defaults: SourceDefaults, sorts: [String]) -> LegacySourceDTO {
        let logo = source.iconURL.map(absolute) ?? "\(baseURL)/sources/\(source.id.rawValue)/icon.svg"
        return LegacySourceDTO(
            id: source.id.rawValue, name: source.name, description: Self.description(of: source),
            url: sourceURL(source), category: Self.legacyCategory(source.resolvedCategory(defaults)),
            language: source.resolvedLanguage(defaults).rawValue, country: source.resolvedCountry(defaults).rawValue,
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
