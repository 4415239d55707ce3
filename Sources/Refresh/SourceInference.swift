import FeedParsing
import Foundation
import LanguageDetection
import NewsModel
import Storage

/// Works out a source's language, country and category from one fetch of its feed, for the
/// NewsAPI catalogue (where every source has all three) and its filters:
///
/// - language: the feed's language tag; when it has none, the language most of its articles
///   are written in (`LanguageDetector`). A tag naming a language NewsAPI has no code for
///   (Polish, say) gives none, rather than a wrong one.
/// - country: the region of the feed's language tag (`en-GB`), else the site's country-code
///   domain (`.de`, `.co.uk`), when NewsAPI knows the country.
/// - category: the feed's own categories, else its articles' categories where most agree,
///   mapped onto NewsAPI's seven (`CategoryVocabulary`); `general` when none maps.
///
/// A trait left nil falls back to the server's default (`SourceDefaults`). Runs once per
/// fetched feed, never per request.
public struct SourceInference: Sendable {
    public var detector = LanguageDetector.standard
    /// How many of the feed's articles the detector reads, and how much of each: a dozen
    /// samples of a few sentences decide the language of every corpus feed that declares one
    /// (`scripts/check-language-detection.py`), at a sixth of what 40 × 1,500 cost a refresh.
    public var maximumArticles = 12
    public var charactersPerArticle = 600

    public init() {}

    public func traits(of feed: ParsedFeed, articles: [ArticleDraft], feedURL: String) -> SourceTraits {
        SourceTraits(
            language: language(declared: feed.language, articles: articles),
            country: Self.country(languageTag: feed.language, siteURL: feed.link, feedURL: feedURL),
            category: Self.category(feedCategories: feed.categories, itemCategories: feed.items.map(\.categories))
        )
    }

    // MARK: Language

    /// The declared language when the feed declares one, else the detected one.
    public func language(declared tag: String?, articles: [ArticleDraft]) -> Language? {
        if let tag, Self.isLanguageTag(tag) {
            return Language(languageTag: tag)
        }
        // Lazy: the detector stops once most samples agree, and the rest are never made.
        let samples = articles.prefix(maximumArticles).lazy.map(sample)
        guard case .language(let code, _) = detector.detect(samples: samples) else { return nil }
        return Language(languageTag: code)
    }

    /// What the detector reads of one article: its title, description and the start of its text.
    public func sample(_ article: ArticleDraft) -> String {
        var text = article.title
        if let summary = article.summary { text += "\n" + summary }
        if let content = article.contentText, !(article.summary.map { content.hasPrefix($0.prefix(80)) } ?? false) {
            text += "\n" + content.prefix(charactersPerArticle)
        }
        return String(text.prefix(charactersPerArticle))
    }

    /// Whether a feed's language value is a tag (`en`, `pt-BR`, `nb_NO`) rather than noise
    /// (`English`, an empty element) that says nothing.
    static func isLanguageTag(_ tag: String) -> Bool {
        let primary = tag.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
        return (2...3).contains(primary.count) && primary.allSatisfy { $0.isASCII && $0.isLetter }
    }

    // MARK: Country

    public static func country(languageTag: String?, siteURL: String?, feedURL: String) -> Country? {
        if let languageTag, let country = country(languageTag: languageTag) { return country }
        for url in [siteURL, feedURL].compactMap({ $0 }) {
            if let country = country(host: URLComponents(string: url)?.host) { return country }
        }
        return nil
    }

    /// The region of a language tag: `en-GB` → gb, `pt_BR` → br; nil without one or for a
    /// region NewsAPI does not know.
    static func country(languageTag: String) -> Country? {
        let parts = languageTag.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let region = parts.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }) else {
            return nil
        }
        return Country(rawValue: region.lowercased() == "uk" ? "gb" : String(region))
    }

    /// The country of a host's country-code domain (`.co.uk` is gb). `.co` alone is left
    /// out: sites everywhere use it as a short `.com`.
    static func country(host: String?) -> Country? {
        guard let host = host?.lowercased() else { return nil }
        let labels = host.split(separator: ".").map(String.init)
        guard labels.count >= 2, let topLevel = labels.last, topLevel.count == 2 else { return nil }
        if topLevel == "co", labels.count < 3 || labels[labels.count - 2] != "com" { return nil }
        return Country(rawValue: topLevel == "uk" ? "gb" : topLevel)
    }

    // MARK: Category

    /// The feed's own categories decide when any maps; else the category that more articles
    /// carry than any other, if at least a fifth of them (and two) do; else `general`.
    public static func category(feedCategories: [String], itemCategories: [[String]]) -> NewsModel.Category {
        var feedVotes: [NewsModel.Category: Int] = [:]
        for term in feedCategories {
            for category in CategoryVocabulary.categories(for: term) { feedVotes[category, default: 0] += 1 }
        }
        if let winner = clearWinner(feedVotes, minimum: 1) { return winner }

        var itemVotes: [NewsModel.Category: Int] = [:]
        for terms in itemCategories {
            for category in Set(terms.flatMap(CategoryVocabulary.categories(for:))) { itemVotes[category, default: 0] += 1 }
        }
        let needed = max(2, (itemCategories.count + 4) / 5)
        return clearWinner(itemVotes, minimum: needed) ?? .general
    }

    /// The category with the most votes, if it has at least `minimum` and no other ties it.
    private static func clearWinner(_ votes: [NewsModel.Category: Int], minimum: Int) -> NewsModel.Category? {
        let ranked = votes.sorted { $0.value > $1.value }
        guard let first = ranked.first, first.value >= minimum else { return nil }
        if ranked.count > 1, ranked[1].value == first.value { return nil }
        return first.key
    }
}
