import Foundation
import Markup

extension ParsedFeed {
    /// The projection of the detailed document that the refresh pipeline stores.
    public init(_ document: FeedDocument) {
        let feed = document.feed
        let feedAuthor = feed.string("author")
        let items = document.entries.map { ParsedItem($0, feedAuthor: feedAuthor) }
        self.init(
            format: FeedFormat(feedparserVersion: document.version, hasEntries: !document.entries.isEmpty),
            title: feed.string("title").map(PlainText.fromHTML).flatMap(nonEmpty),
            link: feed.string("link").flatMap(nonEmpty),
            subtitle: feed.string("subtitle").map(PlainText.fromHTML).flatMap(nonEmpty),
            language: feed.string("language").flatMap(nonEmpty),
            iconURL: Self.icon(of: feed),
            updated: feed.date("updated_parsed") ?? feed.date("published_parsed"),
            items: items,
            encoding: document.encoding.isEmpty ? "utf-8" : document.encoding,
            problems: document.problems
        )
        categories = (feed["tags"]?.listValue ?? []).compactMap { value in
            value.dictionaryValue?.string("term").flatMap(nonEmpty)
        }
        hubURL = feed.link(rel: "hub")
        selfURL = feed.link(rel: "self")
    }

    private static func icon(of feed: FeedDictionary) -> String? {
        if let image = feed["image"]?.dictionaryValue, let href = image.string("href") ?? image.string("url"), !href.isEmpty {
            return href
        }
        return feed.string("icon").flatMap(nonEmpty) ?? feed.string("logo").flatMap(nonEmpty)
    }
}

extension ParsedItem {
    init(_ entry: FeedDictionary, feedAuthor: String?) {
        let title = entry.string("title").map(PlainText.fromHTML).flatMap(nonEmpty)
        let link = entry.string("link").flatMap(nonEmpty) ?? entry.alternateLink
        let published = entry.date("published_parsed")
        let updated = entry.date("updated_parsed")
        let contentValues = entry["content"]?.listValue?.compactMap { $0.dictionaryValue } ?? []
        let htmlContent = contentValues.first { namesHTML($0.string("type")) } ?? contentValues.first
        let content = htmlContent.flatMap { detail -> String? in
            guard let value = detail.string("value"), !value.isEmpty else { return nil }
            return namesHTML(detail.string("type")) ? value : PlainText.escapedHTML(value)
        }
        let summary = entry.string("summary").flatMap(nonEmpty)
        let enclosures: [ParsedEnclosure] = (entry["links"]?.listValue ?? []).compactMap { value in
            guard let link = value.dictionaryValue, link.string("rel") == "enclosure", let href = link.string("href"), !href.isEmpty else { return nil }
            return ParsedEnclosure(url: href, type: link.string("type").flatMap(nonEmpty), length: link.string("length").flatMap { Int($0) })
        }
        let categories: [String] = (entry["tags"]?.listValue ?? []).compactMap { value in
            value.dictionaryValue?.string("term").flatMap(nonEmpty)
        }
        // The name alone ("Ines Marlow"), not feedparser's "email (name)" display form.
        let authorDetail = entry["author_detail"]?.dictionaryValue
        let author = authorDetail?.string("name").flatMap(nonEmpty)
            ?? entry.string("author").flatMap(nonEmpty)
            ?? authorDetail?.string("email").flatMap(nonEmpty)
            ?? feedAuthor.flatMap(nonEmpty)
        self.init(
            id: FeedIdentity.stableID(id: entry.string("id"), link: link, title: title, date: entry.string("published") ?? entry.string("updated")),
            title: title,
            link: link,
            author: author,
            summary: summary,
            content: content,
            published: published ?? updated,
            updated: updated,
            imageURL: FeedImageSelector.bestImage(in: entry, content: content ?? summary, base: link),
            categories: categories,
            enclosures: enclosures
        )
        // Proxies (FeedBurner, Pheedo) put a tracking redirect in `link` and the article's
        // own address here; feedparser keeps unknown elements as `prefix_name`.
        originalLink = (entry.string("feedburner_origlink") ?? entry.string("pheedo_origlink"))
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap(nonEmpty)
    }
}

extension FeedDictionary {
    /// The `Date` of a `*_parsed` time tuple.
    func date(_ key: String) -> Date? {
        guard case .time(let tuple)? = self[key] else { return nil }
        let days = FeedDateParser.daysSinceEpoch(year: tuple.year, month: tuple.month, day: tuple.day)
        let seconds = days * 86_400 + tuple.hour * 3_600 + tuple.minute * 60 + tuple.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The first `rel="alternate"` link's href.
    var alternateLink: String? { link(rel: "alternate") }

    /// The first href of the links with relation `rel`.
    func link(rel: String) -> String? {
        for value in self["links"]?.listValue ?? [] {
            guard let link = value.dictionaryValue, link.string("rel") == rel, let href = link.string("href"), !href.isEmpty else { continue }
            return href
        }
        return nil
    }
}

extension FeedFormat {
    init(feedparserVersion version: String, hasEntries: Bool) {
        switch version {
        case "rss090": self = .rss090
        case "rss091u", "rss091n", "rss091": self = .rss091
        case "rss092": self = .rss092
        case "rss093": self = .rss093
        case "rss094": self = .rss094
        case "rss10": self = .rss10
        case "rss20": self = .rss20
        case "atom01", "atom02", "atom03": self = .atom03
        case "atom10": self = .atom10
        case "atom": self = .atom
        case "json1": self = .jsonFeed10
        case "json11": self = .jsonFeed11
        default: self = .rss
        }
    }
}

/// Whether a content type says HTML (`text/html`, `application/xhtml+xml`), searched in its
/// bytes (Foundation's `contains` would bridge the string for each entry).
private func namesHTML(_ type: String?) -> Bool {
    guard var type else { return false }
    return type.withUTF8 { bytes in
        guard bytes.count >= 4 else { return false }
        for start in 0...(bytes.count - 4) where bytes[start] == UInt8(ascii: "h") && bytes[start + 1] == UInt8(ascii: "t")
            && bytes[start + 2] == UInt8(ascii: "m") && bytes[start + 3] == UInt8(ascii: "l") {
            return true
        }
        return false
    }
}

private func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
}
