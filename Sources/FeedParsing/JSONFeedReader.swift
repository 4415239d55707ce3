import Markup

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org) mapped to the same detailed keys as RSS and
/// Atom: `title`, `link`, `links`, `subtitle`, `image`, `author_detail`, entries with `id`,
/// `link`, `content`, `summary`, `published_parsed`, `tags`, `enclosures`.
enum JSONFeedReader {
    static let versions = ["https://jsonfeed.org/version/1": "json1", "https://jsonfeed.org/version/1.1": "json11"]

    /// The version a `version` URL names. Publishers also write the spec's address with
    /// `http:` or a final slash (NetNewsWire and fastfeedparser read those feeds too): the
    /// version is the same, so the feed is read, not refused.
    static func version(declared: String) -> String? {
        if let exact = versions[declared] { return exact }
        var address = Substring(declared.lowercased()).drop(while: \.isWhitespace)
        while address.last?.isWhitespace == true { address = address.dropLast() }
        if address.hasPrefix("http://") {
            address = "https://" + address.dropFirst(7)
        }
        if address.hasSuffix("/") { address = address.dropLast() }
        return versions[String(address)]
    }

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

    /// `bytes` without the UTF-8 byte-order mark they may start with.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// `salvaging`: whether a document that is not valid JSON is read up to where it broke
    /// (`TruncatedJSON`); the part kept is read without it, so a repair is tried once.
    static func read(_ bytes: [UInt8], url: String?, hygiene: Bool = false, salvaging: Bool = true) -> FeedDocument {
        var body = withoutByteOrderMark(bytes)
        var problems: [FeedProblem] = []
        let valid = body.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        if !valid {
            problems.append(FeedProblem(kind: "CharacterEncodingOverride", message: "JSON feed is not valid UTF-8; broken bytes were replaced"))
            body = Array(String(decoding: body, as: UTF8.self).utf8)
        }
        let outcome = body.withUnsafeBufferPointer { buffer in
            JSONTextArena.withArena(documentSize: buffer.count) { arena -> Result<FeedDocument, JSONSyntaxError> in
                var scanner = JSONScanner(bytes: buffer, arena: arena)
                do throws(JSONSyntaxError) {
                    let fields = try JSONFeedFields.read(&scanner)
                    // Mapped while the arena, which holds the content to sanitize, still lives.
                    return .success(document(fields, text: scanner.arena, url: url, problems: problems, hygiene: hygiene))
                } catch {
                    return .failure(error)
                }
            }
        }
        switch outcome {
        case .success(let document):
            return document
        case .failure(let error):
            let problem = Self.problem(for: error, in: body)
            // Cut short or broken further on: the items that arrived whole are kept, with the problem said.
            if salvaging, let whole = TruncatedJSON.wholePart(of: body, failingAt: error.offset) {
                var salvaged = read(whole, url: url, hygiene: hygiene, salvaging: false)
                if !salvaged.version.isEmpty {
                    salvaged.problems.insert(problem, at: 0)
                    return salvaged
                }
            }
            problems.insert(problem, at: 0)
            return FeedDocument(version: "", encoding: "utf-8", problems: problems)
        }
    }

    /// What went wrong, told apart: a document that stops in the middle of a value (only
    /// white space after the point where reading failed, such as a string's line break or
    /// the end itself) was cut short; anything else is not valid JSON.
    private static func problem(for error: JSONSyntaxError, in body: [UInt8]) -> FeedProblem {
        let rest = body[min(error.offset, body.count)...]
        if rest.allSatisfy(JSONScanner.isWhitespace), !body.allSatisfy(JSONScanner.isWhitespace) {
            return FeedProblem(kind: FeedProblem.cutShortKind, message: "the JSON stops in the middle of a value, at byte \(error.offset) of \(body.count) (\(error.reason))")
        }
        return FeedProblem(kind: "JSONDecodeError", message: "not valid JSON: \(error.reason) (byte \(error.offset))")
    }

    private static func document(_ fields: JSONFeedFields, text: JSONTextArena, url: String?, problems: [FeedProblem], hygiene: Bool) -> FeedDocument {
        var problems = problems
        let declaredVersion = fields.version ?? ""
        guard let version = version(declared: declaredVersion) else {
            problems.insert(FeedProblem(kind: "ValueError", message: "unrecognized JSON Feed version '\(declaredVersion)'"), at: 0)
            return FeedDocument(version: "", encoding: "utf-8", problems: problems)
        }
        let base = fields.feedURL ?? url ?? ""
        var feed = FeedDictionary()
        if let title = fields.title { feed["title"] = .string(title) }
        if let homePage = fields.homePageURL {
            feed["link"] = .string(FeedURL.join(base, homePage))
            feed.modifyList("links") {
                $0.append(.dictionary(FeedDictionary([("rel", .string("alternate")), ("type", .string("text/html")), ("href", .string(FeedURL.join(base, homePage)))])))
            }
        }
        if let feedURL = fields.feedURL {
            feed.modifyList("links") {
                $0.append(.dictionary(FeedDictionary([("rel", .string("self")), ("type", .string("application/feed+json")), ("href", .string(feedURL))])))
            }
        }
        if let description = fields.description { feed["subtitle"] = .string(description) }
        if let icon = fields.icon { feed["image"] = .dictionary(FeedDictionary([("href", .string(FeedURL.join(base, icon)))])) }
        if let favicon = fields.favicon { feed["icon"] = .string(FeedURL.join(base, favicon)) }
        if let language = fields.language { feed["language"] = .string(language) }
        readAuthors(authors: fields.authors, author: fields.author, into: &feed)

        let entries = fields.items.map { mapItem($0, base: base, text: text, hygiene: hygiene) }
        return FeedDocument(version: version, encoding: "utf-8", feed: feed, entries: entries, namespaces: [:], problems: problems)
    }

    private static func mapItem(_ item: JSONFeedFields.Item, base: String, text: JSONTextArena, hygiene: Bool) -> FeedDictionary {
        // Room for all the keys an item can get: growing the table key by key rehashes it several times.
        var entry = FeedDictionary(minimumCapacity: 17)
        switch item.id {
        case .string(let text)?: entry["id"] = .string(text)
        case .number(let number)?: entry["id"] = .string(idText(number))
        default: break
        }
        let link = item.url.map { FeedURL.join(base, $0) }
        if let title = item.title { entry["title"] = .string(title) }
        if let link {
            entry["link"] = .string(link)
            entry.modifyList("links") {
                $0.append(.dictionary(FeedDictionary([("rel", .string("alternate")), ("type", .string("text/html")), ("href", .string(link))])))
            }
        }
        if let external = item.externalURL { entry["source"] = .dictionary(FeedDictionary([("href", .string(external))])) }
        var contents: [FeedValue] = []
        if let html = item.contentHTML {
            let clean = HTMLSanitizer.sanitize(text.bytes(html), baseURL: link ?? (base.isEmpty ? nil : base), keepingComments: true, hygiene: hygiene,
                                               droppedContent: hygiene ? .browser : .feedparser)
            contents.append(.dictionary(FeedDictionary([("type", .string("text/html")), ("value", .string(String(checkedUTF8: clean)))])))
        }
        if let text = item.contentText {
            contents.append(.dictionary(FeedDictionary([("type", .string("text/plain")), ("value", .string(text))])))
        }
        if !contents.isEmpty { entry["content"] = .list(contents) }
        if let summary = item.summary {
            entry["summary"] = .string(summary)
        } else if let first = contents.first?.dictionaryValue?.string("value") {
            entry["summary"] = .string(first)
        }
        if let image = item.image { entry["image"] = .dictionary(FeedDictionary([("href", .string(FeedURL.join(base, image)))])) }
        if let banner = item.bannerImage { entry["banner_image"] = .string(FeedURL.join(base, banner)) }
        if let published = item.datePublished {
            entry["published"] = .string(published)
            entry["published_parsed"] = FeedDocumentBuilder.parsedDate(published)
        }
        if let modified = item.dateModified {
            entry["updated"] = .string(modified)
            entry["updated_parsed"] = FeedDocumentBuilder.parsedDate(modified)
        }
        if let tags = item.tags?.array {
            entry["tags"] = .list(tags.compactMap { tag in
                tag.string.map { .dictionary(FeedDictionary([("term", .string($0)), ("scheme", .null), ("label", .null)])) }
            })
        }
        readAuthors(authors: item.authors, author: item.author, into: &entry)
        if let attachments = item.attachments?.array {
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

    /// A numeric id as text: whole numbers without a decimal point. Numbers too large for
    /// `Int64` (which would trap) keep `Double`'s own spelling.
    private static func idText(_ number: Double) -> String {
        guard number.rounded() == number, abs(number) < 9.0e18 else { return String(number) }
        return String(Int64(number))
    }

    /// `authors` (1.1) or `author` (1.0): the first becomes `author`/`author_detail`.
    private static func readAuthors(authors: JSONValue?, author: JSONValue?, into dictionary: inout FeedDictionary) {
        var people: [JSONValue] = authors?.array ?? []
        if people.isEmpty, let single = author { people = [single] }
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
