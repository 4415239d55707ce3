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

    /// The feed's articles. They carry no language of their own: the feed's language tag
    /// is the source's (`SourceInference`), which a person can correct.
    public func articles(from feed: ParsedFeed, now: Date) -> [ArticleDraft] {
        var seen = Set<String>()
        var drafts: [ArticleDraft] = []
        for item in feed.items.prefix(maximumItemsPerFeed) where seen.insert(item.id).inserted {
            drafts.append(article(from: item, language: nil, now: now))
        }
        return drafts
    }

    public func article(from item: ParsedItem, language: Language?, now: Date) -> ArticleDraft {
        let summaryPlainText = item.summary.map(Self.plainText).flatMap(Self.nonEmpty)
        let (contentHTML, contentText) = body(of: item, summaryText: summaryPlainText)
        let summaryText = summaryPlainText ?? contentText
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
            url: Self.articleURL(of: item),
            imageURL: item.imageURL.flatMap(Self.webURL),
            publishedAt: Self.plausibleDate(item.published ?? item.updated, now: now),
            language: language
        )
    }

    /// The article's body, as sanitized HTML and as the plain text that search indexes: the
    /// feed's content, or its summary when that holds more text. Most feeds put a short
    /// summary beside the full content, but some put the whole article in the description
    /// and only a teaser in `content:encoded`: the words past the teaser must still be found.
    /// A text over `maximumContentBytes` is not used. `summaryText` is the summary's plain text.
    func body(of item: ParsedItem, summaryText: String?) -> (html: String?, text: String?) {
        let content = item.content.flatMap { $0.utf8.count <= maximumContentBytes ? $0 : nil }
        let contentText = content.map(Self.plainText).flatMap(Self.nonEmpty)
        if let summary = item.summary, summary.utf8.count <= maximumContentBytes,
           let summaryText, summaryText.utf8.count > (contentText?.utf8.count ?? 0) {
            return (summary, summaryText)
        }
        return (content, contentText)
    }

    /// What the feed says about its source, for the fields the person has not set; the
    /// traits are worked out by `SourceInference` and added by the refresher.
    public func metadata(from feed: ParsedFeed) -> SourceMetadata {
        SourceMetadata(
            name: feed.title.map(Self.plainText).flatMap(Self.nonEmpty).map { Self.truncated($0, to: 120) },
            description: feed.subtitle.map(Self.plainText).flatMap(Self.nonEmpty).map { Self.truncated($0, to: 300) },
            siteURL: feed.link.flatMap(Self.webURL),
            iconURL: feed.iconURL.flatMap(Self.webURL)
        )
    }

    static func plainText(_ html: String) -> String {
        HTMLText.plainText(fromHTML: html)
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    /// The article's own address: the feed's original link when it gives one (the `link`
    /// of proxied feeds is a tracking redirect on another host), else its link.
    static func articleURL(of item: ParsedItem) -> String? {
        item.originalLink.flatMap(webURL) ?? item.link.flatMap(webURL)
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
