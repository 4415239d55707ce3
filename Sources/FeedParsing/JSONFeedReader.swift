import Markup

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org) mapped to the same detailed keys as RSS and
/// Atom: `title`, `link`, `links`, `subtitle`, `image`, `author_detail`, entries with `id`,
/// `link`, `content`, `summary`, `published_parsed`, `tags`, `enclosures`.
enum JSONFeedReader {
    static let versions = ["https://jsonfeed.org/version/1": "json1", "https://jsonfeed.org/version/1.1": "json11"]

    /// Whether the bytes start (after whitespace or a BOM) with `{`.
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, index < 1_024 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") { return true }
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return false }
            index += 1
        }
        return false
    }

    static func read(_ bytes: [UInt8], url: String?) -> FeedDocument {
        var body = bytes
        if body.count >= 3, body[0] == 0xEF, body[1] == 0xBB, body[2] == 0xBF { body.removeFirst(3) }
        var problems: [FeedProblem] = []
        let valid = body.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        if !valid {
            problems.append(FeedProblem(kind: "CharacterEncodingOverride", message: "JSON feed is not valid UTF-8; broken bytes were replaced"))
            body = Array(String(decoding: body, as: UTF8.self).utf8)
        }
        let root: JSONValue
        switch JSONValue.parse(body) {
        case .success(let value):
            root = value
        case .failure(let error):
            problems.insert(FeedProblem(kind: "JSONDecodeError", message: "not valid JSON: \(error.reason) (byte \(error.offset))"), at: 0)
            return FeedDocument(version: "", encoding: "utf-8", problems: problems)
        }
        let declaredVersion = root["version"]?.string ?? ""
        guard let version = versions[declaredVersion] else {
            problems.insert(FeedProblem(kind: "ValueError", message: "unrecognized JSON Feed version '\(declaredVersion)'"), at: 0)
            return FeedDocument(version: "", encoding: "utf-8", problems: problems)
        }
        let base = root["feed_url"]?.string ?? url ?? ""
        var feed = FeedDictionary()
        if let title = root["title"]?.string { feed["title"] = .string(title) }
        if let homePage = root["home_page_url"]?.string {
            feed["link"] = .string(FeedURL.join(base, homePage))
            feed.modifyList("links") {
                $0.append(.dictionary(FeedDictionary([("rel", .string("alternate")), ("type", .string("text/html")), ("href", .string(FeedURL.join(base, homePage)))])))
            }
        }
        if let feedURL = root["feed_url"]?.string {
            feed.modifyList("links") {
                $0.append(.dictionary(FeedDictionary([("rel", .string("self")), ("type", .string("application/feed+json")), ("href", .string(feedURL))])))
            }
        }
        if let description = root["description"]?.string { feed["subtitle"] = .string(description) }
        if let icon = root["icon"]?.string { feed["image"] = .dictionary(FeedDictionary([("href", .string(FeedURL.join(base, icon)))])) }
        if let favicon = root["favicon"]?.string { feed["icon"] = .string(FeedURL.join(base, favicon)) }
        if let language = root["language"]?.string { feed["language"] = .string(language) }
        readAuthors(root, into: &feed)

        var entries: [FeedDictionary] = []
        for item in root["items"]?.array ?? [] {
            entries.append(readItem(item, base: base))
        }
        return FeedDocument(version: version, encoding: "utf-8", feed: feed, entries: entries, namespaces: [:], problems: problems)
    }

    private static func readItem(_ item: JSONValue, base: String) -> FeedDictionary {
        var entry = FeedDictionary()
        if let id = item["id"] {
            switch id {
            case .string(let text): entry["id"] = .string(text)
            case .number(let number): entry["id"] = .string(number.rounded() == number ? String(Int64(number)) : String(number))
            default: break
            }
        }
        let link = item["url"]?.string.map { FeedURL.join(base, $0) }
        if let title = item["title"]?.string { entry["title"] = .string(title) }
        if let link {
            entry["link"] = .string(link)
            entry.modifyList("links") {
                $0.append(.dictionary(FeedDictionary([("rel", .string("alternate")), ("type", .string("text/html")), ("href", .string(link))])))
            }
        }
        if let external = item["external_url"]?.string { entry["source"] = .dictionary(FeedDictionary([("href", .string(external))])) }
        var contents: [FeedValue] = []
        if let html = item["content_html"]?.string {
            let clean = HTMLSanitizer.sanitize(html, baseURL: link ?? (base.isEmpty ? nil : base))
            contents.append(.dictionary(FeedDictionary([("type", .string("text/html")), ("value", .string(clean))])))
        }
        if let text = item["content_text"]?.string {
            contents.append(.dictionary(FeedDictionary([("type", .string("text/plain")), ("value", .string(text))])))
        }
        if !contents.isEmpty { entry["content"] = .list(contents) }
        if let summary = item["summary"]?.string {
            entry["summary"] = .string(summary)
        } else if let first = contents.first?.dictionaryValue?.string("value") {
            entry["summary"] = .string(first)
        }
        if let image = item["image"]?.string { entry["image"] = .dictionary(FeedDictionary([("href", .string(FeedURL.join(base, image)))])) }
        if let banner = item["banner_image"]?.string { entry["banner_image"] = .string(FeedURL.join(base, banner)) }
        if let published = item["date_published"]?.string {
            entry["published"] = .string(published)
            entry["published_parsed"] = FeedDocumentBuilder.parsedDate(published)
        }
        if let modified = item["date_modified"]?.string {
            entry["updated"] = .string(modified)
            entry["updated_parsed"] = FeedDocumentBuilder.parsedDate(modified)
        }
        if let tags = item["tags"]?.array {
            entry["tags"] = .list(tags.compactMap { tag in
                tag.string.map { .dictionary(FeedDictionary([("term", .string($0)), ("scheme", .null), ("label", .null)])) }
            })
        }
        readAuthors(item, into: &entry)
        if let attachments = item["attachments"]?.array {
            var enclosures: [FeedValue] = []
            for attachment in attachments {
                guard let url = attachment["url"]?.string else { continue }
                var enclosure = FeedDictionary([("rel", .string("enclosure")), ("href", .string(FeedURL.join(base, url)))])
                if let type = attachment["mime_type"]?.string { enclosure["type"] = .string(type) }
                if case .number(let size)? = attachment["size_in_bytes"], size >= 0, size < 1e15 { enclosure["length"] = .string(String(Int64(size))) }
                if let title = attachment["title"]?.string { enclosure["title"] = .string(title) }
                enclosures.append(.dictionary(enclosure))
            }
            entry.modifyList("links") { $0.append(contentsOf: enclosures) }
        }
        return entry
    }

    /// `authors` (1.1) or `author` (1.0): the first becomes `author`/`author_detail`.
    private static func readAuthors(_ object: JSONValue, into dictionary: inout FeedDictionary) {
        var people: [JSONValue] = object["authors"]?.array ?? []
        if people.isEmpty, let single = object["author"] { people = [single] }
        var authors: [FeedValue] = []
        for person in people {
            var detail = FeedDictionary()
            if let name = person["name"]?.string { detail["name"] = .string(name) }
            if let url = person["url"]?.string {
                if url.hasPrefix("mailto:") {
                    detail["email"] = .string(String(url.dropFirst(7)))
                } else {
                    detail["href"] = .string(url)
                }
            }
            if let avatar = person["avatar"]?.string { detail["image"] = .string(avatar) }
            guard !detail.isEmpty else { continue }
            authors.append(.dictionary(detail))
        }
        guard let first = authors.first?.dictionaryValue else { return }
        dictionary["authors"] = .list(authors)
        dictionary["author_detail"] = .dictionary(first)
        if let name = first.string("name") {
            dictionary["author"] = .string(name)
        } else if let email = first.string("email") {
            dictionary["author"] = .string(email)
        }
    }
}
