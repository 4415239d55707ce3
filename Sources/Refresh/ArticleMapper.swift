import FeedParsing
import Foundation
import Markup
import NewsModel
import Storage

/// Turns what a feed says into what Broadsheet stores: plain-text titles and summaries,
/// sanitized content, only web URLs, sane dates, and sizes capped so one hostile feed cannot
/// fill the database.
public struct ArticleMapper: Sendable {
    /// The most items kept from one fetch (feeds list newest first).
    public var maximumItemsPerFeed = 500
    public var maximumTitleCharacters = 500
    public var maximumSummaryCharacters = 600
    public var maximumContentBytes = 512 * 1024
    public var maximumAuthorCharacters = 200

    public init() {}

    public func articles(from feed: ParsedFeed, now: Date) -> [ArticleDraft] {
        let language = feed.language.flatMap(Language.init(languageTag:))
        var seen = Set<String>()
        var drafts: [ArticleDraft] = []
        for item in feed.items.prefix(maximumItemsPerFeed) where seen.insert(item.id).inserted {
            drafts.append(article(from: item, language: language, now: now))
        }
        return drafts
    }

    public func article(from item: ParsedItem, language: Language?, now: Date) -> ArticleDraft {
        let contentHTML = (item.content ?? item.summary).flatMap { html in
            html.utf8.count <= maximumContentBytes ? html : nil
        }
        let contentText = contentHTML.map(Self.plainText).flatMap(Self.nonEmpty)
        let summaryText = item.summary.map(Self.plainText).flatMap(Self.nonEmpty) ?? contentText
        let title = item.title.map(Self.plainText).flatMap(Self.nonEmpty)
            ?? summaryText.map { Self.truncated($0, to: 80) }
            ?? "Untitled"
        return ArticleDraft(
            guid: item.id,
            title: Self.truncated(title, to: maximumTitleCharacters),
            author: item.author.map(Self.plainText).flatMap(Self.nonEmpty).map { Self.truncated($0, to: maximumAuthorCharacters) },
            summary: summaryText.map { Self.truncated($0, to: maximumSummaryCharacters) },
            contentHTML: contentHTML,
            contentText: contentText,
            url: item.link.flatMap(Self.webURL),
            imageURL: item.imageURL.flatMap(Self.webURL),
            publishedAt: Self.plausibleDate(item.published ?? item.updated, now: now),
            language: language
        )
    }

    /// What the feed says about its source, for the fields the person has not set.
    public func metadata(from feed: ParsedFeed) -> SourceMetadata {
        SourceMetadata(
            name: feed.title.map(Self.plainText).flatMap(Self.nonEmpty).map { Self.truncated($0, to: 120) },
            description: feed.subtitle.map(Self.plainText).flatMap(Self.nonEmpty).map { Self.truncated($0, to: 300) },
            siteURL: feed.link.flatMap(Self.webURL),
            iconURL: feed.iconURL.flatMap(Self.webURL),
            language: feed.language.flatMap(Language.init(languageTag:))
        )
    }

    static func plainText(_ html: String) -> String {
        HTMLText.plainText(fromHTML: html)
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    static func webURL(_ url: String) -> String? {
        URLResolver.isWebURL(url) ? URLResolver.clean(url) : nil
    }

    /// Cuts at a word boundary and marks the cut with an ellipsis.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let cutsInsideAWord = !(text.dropFirst(limit).first?.isWhitespace ?? true)
        let boundary = cutsInsideAWord ? (cut.lastIndex(where: \.isWhitespace) ?? cut.endIndex) : cut.endIndex
        return String(cut[..<boundary]).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// A date more than a day in the future is a feed's mistake: treat it as "now".
    static func plausibleDate(_ date: Date?, now: Date) -> Date? {
        guard let date else { return nil }
        return date > now.addingTimeInterval(86_400) ? now : date
    }
}
