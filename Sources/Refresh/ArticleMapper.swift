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

    /// One line of text: this runs for every title, summary and content of every refresh,
    /// so it works on UTF-8 bytes in one pass (`HTMLText.singleLine`), never on `Character`s.
    static func plainText(_ html: String) -> String {
        HTMLText.singleLine(fromHTML: html)
    }

    /// The article's own address: the feed's original link when it gives one (the `link`
    /// of proxied feeds is a tracking redirect on another host), else its link; without
    /// tracking parameters (FeedBurner's original links carry `utm_source=feedburner`…).
    static func articleURL(of item: ParsedItem) -> String? {
        (item.originalLink.flatMap(webURL) ?? item.link.flatMap(webURL)).map(TrackingParameters.removing(from:))
    }

    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    static func webURL(_ url: String) -> String? {
        URLResolver.isWebURL(url) ? URLResolver.clean(url) : nil
    }

    /// Cuts one line of text (`plainText`'s) to at most `limit` characters at a word
    /// boundary and marks the cut with an ellipsis. Counted in Unicode scalars on the UTF-8
    /// bytes: a cut made inside a word moves back to the space before it, so it never splits
    /// a character a person sees (except in a single word longer than the limit).
    static func truncated(_ text: String, to limit: Int) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            // Quick exit: no more bytes than the limit means no more scalars either.
            guard bytes.count > limit else { return text }
            var scalars = 0
            var cut = 0
            while cut < bytes.count, scalars < limit {
                cut += 1
                while cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
                scalars += 1
            }
            guard cut < bytes.count else { return text }
            var end = cut
            if bytes[cut] != 0x20 {
                // Inside a word: back to the space before it, if there is one.
                var space = cut
                while space > 0, bytes[space - 1] != 0x20 { space -= 1 }
                if space > 0 { end = space - 1 }
            }
            while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
        }
    }

    /// A date more than a day in the future is a feed's mistake: treat it as "now".
    static func plausibleDate(_ date: Date?, now: Date) -> Date? {
        guard let date else { return nil }
        return date > now.addingTimeInterval(86_400) ? now : date
    }
}
