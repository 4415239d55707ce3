import Foundation
import Markup

/// What a page says about its article outside the article text: JSON-LD, Open Graph,
/// Twitter, Dublin Core and Parse.ly `<meta>` tags, `<title>`, `<html lang>`, `<base href>`.
/// JSON-LD wins over `<meta>`, which wins over the document title.
struct ArticleMetadata {
    var title: String?
    var byline: String?
    /// The publication date as written in the page.
    var published: String?
    var siteName: String?
    var language: String?
    var excerpt: String?
    var leadImageURL: String?
    var baseURL: String?
    /// The document's `<title>`, whitespace collapsed.
    var documentTitle: String?
    /// The JSON-LD `articleBody`, when the page gives it (a check on the content found).
    var articleBody: String?
    /// Where the page says it lives: the address it was read from, its canonical link and
    /// its `og:url`, resolved (to recognise the article's own permalink among others).
    var addresses: [String] = []

    init(document: HTMLDocument, pageURL: String?) {
        var meta: [String: String] = [:]
        var jsonLD = LinkedDataArticle()
        /// Dates marked in the body: `itemprop=datePublished`, else the first `<time datetime>`.
        var markedDate: String?
        var firstTimeElement: String?
        var node = document.following(0, within: 0)
        while node != HTMLDocument.none {
            guard document.isElement(node) else {
                node = document.following(node, within: 0)
                continue
            }
            if markedDate == nil, let itemprop = document.value(of: "itemprop", on: node), itemprop.containsASCII("datePublished") {
                markedDate = document.value(of: "content", on: node) ?? document.value(of: "datetime", on: node)
                    ?? document.textContent(node).collapsingWhitespace()
            }
            switch document.tag(node) {
            case .time where firstTimeElement == nil:
                if let datetime = document.value(of: "datetime", on: node), PublishedDateParser.writtenDay(of: datetime) != nil {
                    firstTimeElement = datetime
                }
            case .meta:
                Self.collectMeta(document, node, into: &meta)
            case .title where documentTitle == nil && !Self.isInsideForeignContent(document, node):
                documentTitle = document.textContent(node).collapsingWhitespace()
            case .script:
                if let type = document.value(of: "type", on: node)?.lowercased(), type.containsASCII("ld+json") {
                    jsonLD.read(document.textContent(node))
                }
            case .link:
                if document.value(of: "rel", on: node)?.lowercased() == "canonical", let href = document.value(of: "href", on: node),
                   !href.isEmpty {
                    addresses.append(URLResolver.resolve(href, against: pageURL))
                }
            case .base where baseURL == nil:
                if let href = document.value(of: "href", on: node), !href.isEmpty {
                    baseURL = URLResolver.resolve(href, against: pageURL)
                }
            default:
                break
            }
            node = document.following(node, within: 0)
        }

        func first(_ keys: String...) -> String? {
            for key in keys {
                if let value = meta[key]?.collapsingWhitespace(), !value.isEmpty { return value }
            }
            return nil
        }

        var jsonTitle = jsonLD.title
        if let name = jsonLD.name, let headline = jsonLD.headline, name != headline, let documentTitle {
            // Sites put the site name or a shortened headline in one of the two: take the
            // one closer to the document title.
            jsonTitle = documentTitle.similarity(to: name) >= documentTitle.similarity(to: headline) ? name : headline
        }
        title = jsonTitle
            ?? first("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                     "twitter:title", "parsely-title")
            ?? documentTitle.map { TitleCleaner.clean($0, document: document) }
        if let title, title.isEmpty { self.title = nil }
        byline = jsonLD.byline
            ?? first("dc:creator", "dcterm:creator", "author", "parsely-author", "article:author_name", "sailthru.author")
            .flatMap { Self.isURL($0) ? nil : $0 }
        published = jsonLD.datePublished
            ?? first("article:published_time", "parsely-pub-date", "article:published", "og:article:published_time",
                     "datepublished", "date", "dc:date", "dcterm:date", "dc:date.issued", "dcterms.date",
                     "dcterms.created", "pubdate", "publishdate", "publish-date", "sailthru.date", "article.published",
                     "published-date", "release_date", "citation_publication_date", "og:published_time",
                     "article:modified_time", "og:updated_time")
            ?? markedDate.flatMap { PublishedDateParser.date(from: $0) != nil ? $0 : nil }
            ?? firstTimeElement
        excerpt = jsonLD.description
            ?? first("dc:description", "dcterm:description", "og:description", "weibo:article:description",
                     "weibo:webpage:description", "description", "twitter:description")
        siteName = jsonLD.publisherName ?? first("og:site_name", "application-name")
        leadImageURL = first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
            ?? jsonLD.image
        articleBody = jsonLD.articleBody
        if let pageURL { addresses.insert(pageURL, at: 0) }
        if let openGraphURL = first("og:url") { addresses.append(URLResolver.resolve(openGraphURL, against: pageURL)) }
        // The site's name after or before the headline is the page's, not the article's.
        if let title { self.title = SiteName(name: siteName, addresses: addresses).removingName(from: title) }
        let htmlLanguage = document.value(of: "lang", on: document.htmlElement)?.trimmingCharacters(in: .whitespaces)
        language = (htmlLanguage?.isEmpty == false ? htmlLanguage : nil)
            ?? first("og:locale", "content-language", "dc:language", "language").map { $0.replacingOccurrences(of: "_", with: "-") }
    }

    private static func collectMeta(_ document: HTMLDocument, _ node: Int, into meta: inout [String: String]) {
        guard let content = document.value(of: "content", on: node) else { return }
        let trimmed = content.trimmingWhitespace()
        guard !trimmed.isEmpty else { return }
        var keys: [String] = []
        if let property = document.value(of: "property", on: node) {
            keys += property.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        }
        for attribute in ["name", "itemprop", "http-equiv"] {
            if let name = document.value(of: attribute, on: node).map({ trimmedOfSpaces($0.lowercased()) }), !name.isEmpty {
                keys.append(normalizedMetaName(name))
            }
        }
        for key in keys where meta[key] == nil {
            meta[key] = trimmed
        }
    }

    /// `name.trimmingCharacters(in: .whitespaces)`, without Foundation's walk when the name
    /// starts and ends with ASCII other than space and tab (the only ASCII in that set), as
    /// nearly every meta name does.
    private static func trimmedOfSpaces(_ name: String) -> String {
        if let first = name.utf8.first, let last = name.utf8.last, first < 0x80, last < 0x80,
           first != 0x20, first != 0x09, last != 0x20, last != 0x09 {
            return name
        }
        return name.trimmingCharacters(in: .whitespaces)
    }

    /// The prefixes `normalizedMetaName` rewrites, each with its three separators written
    /// out once (not concatenated again for every meta tag of every page).
    private static let metaNamePrefixes: [(prefix: String, spellings: [String])] =
        ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage"].map { prefix in
            (prefix, [".", "-", ":"].map { prefix + $0 })
        }

    /// `dc.title`, `DC-Title`, `twitter:title` → the `prefix:name` spelling used above.
    private static func normalizedMetaName(_ name: String) -> String {
        for (prefix, spellings) in metaNamePrefixes {
            for spelling in spellings where name.hasPrefix(spelling) {
                let rest = name.dropFirst(prefix.count + 1)
                if prefix == "parsely" { return "parsely-" + rest }
                return prefix + ":" + rest
            }
        }
        return name
    }

    private static func isInsideForeignContent(_ document: HTMLDocument, _ node: Int) -> Bool {
        var current = document.parent(node)
        while current != HTMLDocument.none {
            if document.tag(current) == .svg || document.tag(current) == .math { return true }
            current = document.parent(current)
        }
        return false
    }

    static func isURL(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("www.")
    }
}

/// The schema.org article described by the page's JSON-LD, if any.
struct LinkedDataArticle {
    var name: String?
    var headline: String?
    var byline: String?
    var description: String?
    var publisherName: String?
    var datePublished: String?
    var image: String?
    var articleBody: String?
    private var found = false

    var title: String? { headline ?? name }

    /// The article types Readability and search engines read.
    private static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "BlogPosting", "DiscussionForumPosting", "LiveBlogPosting", "OpinionNewsArticle",
        "ReportageNewsArticle", "ReviewNewsArticle", "Report", "SatiricalArticle", "ScholarlyArticle",
        "MedicalScholarlyArticle", "SocialMediaPosting", "TechArticle",
    ]

    mutating func read(_ script: String) {
        guard !found else { return }
        var text = script.trimmingWhitespace()
        // Some sites wrap the JSON in a CDATA or comment marker.
        for marker in ["<![CDATA[", "<!--"] where text.hasPrefix(marker) { text.removeFirst(marker.count) }
        for marker in ["]]>", "-->"] where text.hasSuffix(marker) { text.removeLast(marker.count) }
        guard text.utf8.count < 2_000_000, let data = text.data(using: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return }
        // Breadth-first over arrays and @graph, bounded, without recursion.
        var queue: [Any] = [json]
        var visited = 0
        while !queue.isEmpty, visited < 500 {
            let item = queue.removeFirst()
            visited += 1
            if let array = item as? [Any] {
                queue.append(contentsOf: array.prefix(100))
                continue
            }
            guard let object = item as? [String: Any] else { continue }
            if let graph = object["@graph"] as? [Any] { queue.append(contentsOf: graph.prefix(100)) }
            if Self.isArticle(object) {
                take(object)
                return
            }
        }
    }

    private static func isArticle(_ object: [String: Any]) -> Bool {
        if let type = object["@type"] as? String { return articleTypes.contains(type) }
        if let types = object["@type"] as? [Any] { return types.contains { ($0 as? String).map(articleTypes.contains) ?? false } }
        return false
    }

    private mutating func take(_ object: [String: Any]) {
        found = true
        name = Self.string(object["name"])
        headline = Self.string(object["headline"])
        description = Self.string(object["description"])
        datePublished = Self.string(object["datePublished"]) ?? Self.string(object["dateCreated"])
        articleBody = object["articleBody"] as? String
        if let publisher = object["publisher"] as? [String: Any] { publisherName = Self.string(publisher["name"]) }
        byline = Self.authors(object["author"]) ?? Self.authors(object["creator"])
        image = Self.imageURL(object["image"]) ?? Self.imageURL(object["thumbnailUrl"])
    }

    private static func string(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let cleaned = HTMLEntities.decode(text).collapsingWhitespace()
        return cleaned.isEmpty ? nil : cleaned
    }

    private static func authors(_ value: Any?) -> String? {
        var names: [String] = []
        func add(_ item: Any) {
            if let object = item as? [String: Any], let name = string(object["name"]) {
                names.append(name)
            } else if let name = string(item), !ArticleMetadata.isURL(name) {
                names.append(name)
            }
        }
        if let array = value as? [Any] {
            array.prefix(20).forEach(add)
        } else if let value {
            add(value)
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    private static func imageURL(_ value: Any?) -> String? {
        if let url = string(value) { return url }
        if let object = value as? [String: Any] { return string(object["url"]) ?? string(object["contentUrl"]) }
        if let array = value as? [Any], let first = array.first { return imageURL(first) }
        return nil
    }
}

extension String {
    /// Runs of white space (including no-break spaces) become one space; ends trimmed.
    func collapsingWhitespace() -> String {
        // By Unicode scalar, not `Character`: a whitespace test per character costs a
        // grapheme break and a property look-up, and this runs on whole article bodies.
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            let value = scalar.value
            let isSpace = value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : scalar.properties.isWhitespace
            if isSpace {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace { output.append(" ") }
            pendingSpace = false
            output.append(scalar)
        }
        return String(output)
    }

    /// Shared words over all words of the two strings (0…1), ignoring case and punctuation.
    func similarity(to other: String) -> Double {
        let first = wordSet()
        let second = other.wordSet()
        guard !first.isEmpty, !second.isEmpty else { return 0 }
        return Double(first.intersection(second).count) / Double(first.union(second).count)
    }

    func wordSet() -> Set<String> {
        Set(lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
    }

    var wordCount: Int { split(whereSeparator: { $0.isWhitespace }).count }
}
