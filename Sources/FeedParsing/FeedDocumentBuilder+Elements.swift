import Foundation

/// What each element does at its start and end: RSS 0.9x/1.0/2.0, Atom 0.3/1.0, Dublin Core,
/// iTunes and Media RSS, mapped to feedparser's keys.
extension FeedDocumentBuilder {
    mutating func start(_ kind: FeedElement, attributes: ElementAttributes, orderedAttributes: [(String, String)]) {
        var attributes = attributes
        switch kind {
        case .rss:
            if version.isEmpty || !version.hasPrefix("rss") {
                let declared = attributes["version"] ?? ""
                switch declared {
                case "0.91": version = "rss091u"
                case "0.92": version = "rss092"
                case "0.93": version = "rss093"
                case "0.94": version = "rss094"
                default: version = declared.hasPrefix("2.") ? "rss20" : "rss"
                }
            }
        case .channel:
            inFeed = true
            cdfCommon(attributes)
        case .feed:
            inFeed = true
            if version.isEmpty {
                switch attributes["version"] {
                case "0.1": version = "atom01"
                case "0.2": version = "atom02"
                case "0.3": version = "atom03"
                default: version = "atom"
                }
            }
        case .image:
            if !inEntry { withContext { $0.setDefault("image", .dictionary(FeedDictionary())) } }
            inImage = true
            titleDepth = -1
            push("image", expectsText: false)
        case .textInput:
            withContext { $0.setDefault("textinput", .dictionary(FeedDictionary())) }
            if !feed.contains("textinput") { feed["textinput"] = .dictionary(FeedDictionary()) }
            inTextInput = true
            titleDepth = -1
            push("textinput", expectsText: false)
        case .author:
            inAuthor = true
            push("author", expectsText: true)
            withContext { $0.modifyList("authors") { $0.append(.dictionary(FeedDictionary())) } }
        case .contributor:
            inContributor = true
            withContext { $0.modifyList("contributors") { $0.append(.dictionary(FeedDictionary())) } }
            push("contributor", expectsText: false)
        case .name:
            push("name", expectsText: false)
        case .width:
            push("width", expectsText: false)
        case .height:
            push("height", expectsText: false)
        case .url:
            push("href", expectsText: true)
        case .email:
            push("email", expectsText: false)
        case .subtitle:
            pushContent("subtitle", attributes: attributes, defaultType: "text/plain", expectsText: true)
        case .rights:
            pushContent("rights", attributes: attributes, defaultType: "text/plain", expectsText: true)
        case .item:
            // Room for the keys a typical entry gets (title, links, dates, summary, content, authors, tags …).
            entries.append(FeedDictionary(minimumCapacity: 24))
            entryPropertyDepths.removeAll()
            push("item", expectsText: false)
            inEntry = true
            guidIsLink = false
            titleDepth = -1
            if let about = rdfAbout(orderedAttributes), !about.isEmpty {
                withContext { $0["id"] = .string(about) }
            }
            cdfCommon(attributes)
        case .language:
            push("language", expectsText: true)
        case .webMaster:
            push("publisher", expectsText: true)
        case .published:
            push("published", expectsText: true)
        case .updated:
            push("updated", expectsText: true)
        case .created:
            push("created", expectsText: true)
        case .expirationDate:
            push("expired", expectsText: true)
        case .category, .keywords:
            startCategory(attributes)
        case .mediaCategory:
            if attributes["scheme"] == nil { attributes["scheme"] = "http://search.yahoo.com/mrss/category_schema" }
            startCategory(attributes)
        case .itunesCategory:
            addTag(term: attributes["text"], scheme: "http://www.itunes.com/", label: nil)
            push("category", expectsText: true)
        case .cloud:
            withContext { $0["cloud"] = .dictionary(Self.dictionary(orderedAttributes)) }
        case .link:
            startLink(orderedAttributes)
        case .guid:
            guidIsLink = (attributes["ispermalink"] ?? "true") == "true"
            push("id", expectsText: true)
        case .title, .mediaTitle:
            if svgDepth > 0 {
                // An SVG <title> is markup, not the entry's title.
                appendMarkupTag("title", attributes: orderedAttributes)
                return
            }
            pushContent("title", attributes: attributes, defaultType: "text/plain", expectsText: inFeed || inEntry || inSource)
        case .description:
            if context.contains("summary") && !hasContent {
                summaryKey = "content"
                startContent(attributes)
            } else {
                pushContent("description", attributes: attributes, defaultType: "text/html", expectsText: inFeed || inEntry || inSource)
            }
        case .abstract:
            pushContent("description", attributes: attributes, defaultType: "text/plain", expectsText: inFeed || inEntry || inSource)
        case .info:
            pushContent("info", attributes: attributes, defaultType: "text/plain", expectsText: true)
        case .generator:
            var detail = orderedAttributes
            if !detail.isEmpty {
                detail = Self.enforcingHref(detail)
                detail = detail.map { $0.0 == "href" ? ($0.0, FeedURL.join(baseURI, $0.1)) : $0 }
            }
            withContext { $0["generator_detail"] = .dictionary(Self.dictionary(detail)) }
            push("generator", expectsText: true)
        case .summary:
            if context.contains("summary") && !hasContent {
                summaryKey = "content"
                startContent(attributes)
            } else {
                summaryKey = "summary"
                pushContent("summary", attributes: attributes, defaultType: "text/plain", expectsText: true)
            }
        case .enclosure:
            var detail = Self.enforcingHref(orderedAttributes)
            detail.removeAll { $0.0 == "rel" }
            detail.insert(("rel", "enclosure"), at: 0)
            withContext { $0.modifyList("links") { $0.append(.dictionary(Self.dictionary(detail))) } }
        case .source:
            if let url = attributes["url"] { sourceData["href"] = .string(url) }
            push("source", expectsText: true)
            inSource = true
            titleDepth = -1
        case .content:
            startContent(attributes)
        case .body:
            pushContent("content", attributes: attributes, defaultType: "application/xhtml+xml", expectsText: true)
        case .contentEncoded:
            hasContent = true
            pushContent("content", attributes: attributes, defaultType: "text/html", expectsText: true)
        case .newLocation:
            push("newlocation", expectsText: true)
        case .dcTermsValid:
            push("validity", expectsText: true)
        case .dcContributor:
            inContributor = true
            withContext { $0.modifyList("contributors") { $0.append(.dictionary(FeedDictionary())) } }
            push("name", expectsText: false)
        case .itunesOwner:
            inPublisher = true
            push("publisher", expectsText: false)
        case .itunesImage:
            push("itunes_image", expectsText: false)
            if let href = nonEmpty(attributes["href"]) ?? nonEmpty(attributes["url"]) {
                withContext { $0["image"] = .dictionary(FeedDictionary([("href", .string(href))])) }
            }
        case .mediaGroup:
            break
        case .mediaRating:
            withContext { $0.setDefault("media_rating", .dictionary(Self.dictionary(orderedAttributes))) }
            push("rating", expectsText: true)
        case .mediaCredit:
            withContext { $0.modifyList("media_credit") { $0.append(.dictionary(Self.dictionary(orderedAttributes))) } }
            push("credit", expectsText: true)
        case .mediaRestriction:
            withContext { $0.setDefault("media_restriction", .dictionary(Self.dictionary(orderedAttributes))) }
            push("restriction", expectsText: true)
        case .mediaLicense:
            withContext { $0.setDefault("media_license", .dictionary(Self.dictionary(orderedAttributes))) }
            push("license", expectsText: true)
        case .mediaContent:
            withContext { $0.modifyList("media_content") { $0.append(.dictionary(Self.dictionary(orderedAttributes))) } }
        case .mediaThumbnail:
            push("url", expectsText: true)
            withContext { $0.modifyList("media_thumbnail") { $0.append(.dictionary(Self.dictionary(orderedAttributes))) } }
        case .mediaPlayer:
            push("media_player", expectsText: false)
            withContext { $0["media_player"] = .dictionary(Self.dictionary(orderedAttributes)) }
        case .tags:
            push("tags", expectsText: true)
        case .itunesKeywords, .itunesBlock, .itunesExplicit, .mediaKeywords:
            break
        }
    }

    mutating func end(_ kind: FeedElement) {
        switch kind {
        case .rss, .cloud, .enclosure, .mediaGroup, .mediaContent, .itunesImage:
            break
        case .channel, .feed:
            inFeed = false
        case .image:
            pop("image")
            inImage = false
        case .textInput:
            pop("textinput")
            inTextInput = false
        case .author:
            pop("author")
            inAuthor = false
            syncAuthorDetail()
        case .contributor:
            pop("contributor")
            inContributor = false
        case .name:
            let value = pop("name")
            if inPublisher {
                saveAuthor("name", value, prefix: "publisher")
            } else if inAuthor {
                saveAuthor("name", value)
            } else if inContributor {
                saveContributor("name", value)
            } else if inTextInput {
                withContext { $0["name"] = value.map(FeedValue.string) ?? .null }
            }
        case .width, .height:
            let key = kind == .width ? "width" : "height"
            guard let value = pop(key) else { return }
            let number = Int(value.trimming(" \t\n\r")) ?? 0
            if inImage { withContext { $0[key] = .int(number) } }
        case .url:
            let value = pop("href")
            if inAuthor {
                saveAuthor("href", value)
            } else if inContributor {
                saveContributor("href", value)
            }
        case .email:
            let value = pop("email")
            if inPublisher {
                saveAuthor("email", value, prefix: "publisher")
            } else if inAuthor {
                saveAuthor("email", value)
            } else if inContributor {
                saveContributor("email", value)
            }
        case .subtitle:
            popContent("subtitle")
        case .rights:
            popContent("rights")
        case .item:
            pop("item")
            inEntry = false
            hasContent = false
        case .language:
            if let value = pop("language") { language = value }
        case .webMaster:
            pop("publisher")
            syncAuthorDetail(key: "publisher")
        case .published:
            let value = pop("published")
            save("published_parsed", Self.parsedDate(value), overwrite: true)
        case .updated:
            let value = pop("updated")
            save("updated_parsed", Self.parsedDate(value), overwrite: true)
        case .created:
            let value = pop("created")
            save("created_parsed", Self.parsedDate(value), overwrite: true)
        case .expirationDate:
            let value = pop("expired")
            save("expired_parsed", Self.parsedDate(value), overwrite: true)
        case .category, .keywords, .mediaCategory, .itunesCategory:
            endCategory()
        case .link:
            pop("link")
        case .guid:
            let value = pop("id")
            let hasLink = context.contains("link")
            save("guidislink", .bool(guidIsLink && !hasLink))
            if guidIsLink { save("link", value.map(FeedValue.string) ?? .null) }
        case .title:
            if svgDepth > 0 { return }
            guard let value = popContent("title"), !value.isEmpty else { return }
            titleDepth = depth
        case .mediaTitle:
            let savedDepth = titleDepth
            if svgDepth == 0, let value = popContent("title"), !value.isEmpty { titleDepth = depth }
            titleDepth = savedDepth
        case .description, .abstract:
            if summaryKey == "content" {
                endContent()
            } else {
                popContent("description")
            }
            summaryKey = nil
        case .info:
            popContent("info")
        case .generator:
            let value = pop("generator")
            withContext { context in
                if context.contains("generator_detail") {
                    context.modifyDictionary("generator_detail") { $0["name"] = value.map(FeedValue.string) ?? .null }
                }
            }
        case .summary:
            if summaryKey == "content" {
                endContent()
            } else {
                popContent(summaryKey ?? "summary")
            }
            summaryKey = nil
        case .source:
            inSource = false
            let value = pop("source")
            if let value, !value.isEmpty { sourceData["title"] = .string(value) }
            let copy = sourceData
            withContext { $0["source"] = .dictionary(copy) }
            sourceData.removeAll()
        case .content, .body, .contentEncoded:
            endContent()
        case .newLocation:
            let url = pop("newlocation") ?? ""
            guard contextKind == .feed else { return }
            feed["newlocation"] = .string(FeedURL.safeAbsolute(baseURI, url.trimming(" \t\n\r")))
        case .dcTermsValid:
            guard let value = pop("validity") else { return }
            for part in value.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let dateText = String(pair[1])
                if pair[0] == "start" {
                    save("validity_start", .string(dateText), overwrite: true)
                    save("validity_start_parsed", Self.parsedDate(dateText), overwrite: true)
                } else if pair[0] == "end" {
                    save("validity_end", .string(dateText), overwrite: true)
                    save("validity_end_parsed", Self.parsedDate(dateText), overwrite: true)
                }
            }
        case .dcContributor:
            let value = pop("name")
            if inPublisher {
                saveAuthor("name", value, prefix: "publisher")
            } else if inAuthor {
                saveAuthor("name", value)
            } else if inContributor {
                saveContributor("name", value)
            }
            inContributor = false
        case .itunesOwner:
            pop("publisher")
            inPublisher = false
            syncAuthorDetail(key: "publisher")
        case .itunesKeywords:
            guard let value = pop("itunes_keywords") else { return }
            for term in value.split(separator: ",") {
                let trimmed = String(term).trimming(" \t\n\r")
                if !trimmed.isEmpty { addTag(term: trimmed, scheme: "http://www.itunes.com/", label: nil) }
            }
        case .mediaKeywords:
            guard let value = pop("media_keywords") else { return }
            for term in value.split(separator: ",") {
                let trimmed = String(term).trimming(" \t\n\r")
                if !trimmed.isEmpty { addTag(term: trimmed, scheme: nil, label: nil) }
            }
        case .itunesBlock:
            let value = pop("itunes_block", stripWhitespace: false)
            withContext { $0["itunes_block"] = .int(value == "yes" || value == "Yes" ? 1 : 0) }
        case .itunesExplicit:
            let value = pop("itunes_explicit") ?? ""
            let explicit: FeedValue
            switch value {
            case "yes", "true", "explicit": explicit = .bool(true)
            case "no", "false", "clean": explicit = .bool(false)
            default: explicit = .null
            }
            withContext { $0["itunes_explicit"] = explicit }
        case .mediaRating:
            if let rating = pop("rating"), !rating.trimming(" \t\n\r").isEmpty {
                withContext { $0.modifyDictionary("media_rating") { $0["content"] = .string(rating) } }
            }
        case .mediaCredit:
            if let credit = pop("credit"), !credit.trimming(" \t\n\r").isEmpty {
                withContext { $0.modifyLastInList("media_credit") { $0["content"] = .string(credit) } }
            }
        case .mediaRestriction:
            if let restriction = pop("restriction"), !restriction.trimming(" \t\n\r").isEmpty {
                let codes = restriction.split(separator: " ", omittingEmptySubsequences: false).map {
                    FeedValue.string(String($0).trimming(" \t\n\r").lowercased())
                }
                withContext { $0.modifyDictionary("media_restriction") { $0["content"] = .list(codes) } }
            }
        case .mediaLicense:
            if let license = pop("license"), !license.trimming(" \t\n\r").isEmpty {
                withContext { $0.modifyDictionary("media_license") { $0["content"] = .string(license) } }
            }
        case .mediaThumbnail:
            let url = pop("url")
            if let url, !url.trimming(" \t\n\r").isEmpty {
                withContext { context in
                    context.modifyLastInList("media_thumbnail") { thumbnail in
                        if !thumbnail.contains("url") { thumbnail["url"] = .string(url) }
                    }
                }
            }
        case .mediaPlayer:
            let value = pop("media_player")
            withContext { $0.modifyDictionary("media_player") { $0["content"] = value.map(FeedValue.string) ?? .null } }
        case .tags:
            guard let value = pop("tags") else { return }
            for term in value.split(separator: ",", omittingEmptySubsequences: false) {
                addTag(term: String(term).trimming(" \t\n\r"), scheme: nil, label: nil)
            }
        }
    }

    // MARK: - Shared pieces

    /// CDF's `lastmod` and `href` attributes on `channel` and `item`.
    private mutating func cdfCommon(_ attributes: ElementAttributes) {
        if let lastModified = attributes["lastmod"] {
            push("updated", expectsText: true)
            elementStack[elementStack.count - 1].replacement = lastModified
            end(.updated)
        }
        if let href = attributes["href"] {
            startLink([])
            if elementStack.last?.name == "link" {
                elementStack[elementStack.count - 1].replacement = href
            }
            pop("link")
        }
    }

    private func rdfAbout(_ attributes: [(String, String)]) -> String? {
        for (name, value) in attributes {
            guard let colon = name.firstIndex(of: ":"), name[name.index(after: colon)...] == "about" else { continue }
            let prefix = String(name[..<colon])
            if (prefixMap[prefix] ?? prefix) == "rdf" { return value }
        }
        return nil
    }

    private mutating func startContent(_ attributes: ElementAttributes) {
        hasContent = true
        pushContent("content", attributes: attributes, defaultType: "text/plain", expectsText: true)
        if let source = attributes["src"], !source.isEmpty { contentParameters?.source = source }
    }

    private mutating func endContent() {
        let type = FeedText.mapContentType(contentParameters?.type ?? "")
        let copyToSummary = type == "text/plain" || type == "text/html" || type == "application/xhtml+xml"
        let value = popContent("content")
        if copyToSummary { save("summary", value.map(FeedValue.string) ?? .null) }
    }

    private mutating func startLink(_ orderedAttributes: [(String, String)]) {
        let detail = linkDetail(orderedAttributes)
        let expectsText = inFeed || inEntry || inSource
        let skipLink = inEntry && inImage
        withContext { context in
            context.setDefault("links", .list([]))
            if !skipLink { context.modifyList("links") { $0.append(.dictionary(detail)) } }
        }
        if let href = detail.string("href") {
            let type = FeedText.mapContentType(detail.string("type") ?? "")
            if detail.string("rel") == "alternate", type == "text/html" || type == "application/xhtml+xml" {
                withContext { $0["link"] = .string(href) }
            }
        } else {
            push("link", expectsText: expectsText)
        }
    }

    /// A link's attributes as feedparser keeps them, built in one pass: `rel` defaults to
    /// `alternate` and `type` to the page's type (the feed's for `rel="self"`); `url`/`uri`/`href`
    /// become one `href` at the end, joined to the base; the first of a repeated name wins.
    private func linkDetail(_ attributes: [(String, String)]) -> FeedDictionary {
        var rel: String?
        var hasType = false
        var url: String?
        var uri: String?
        var href: String?
        for (name, value) in attributes {
            switch name {
            case "rel": if rel == nil { rel = value }
            case "type": hasType = true
            case "url": if url == nil { url = value }
            case "uri": if uri == nil { uri = value }
            case "href": if href == nil { href = value }
            default: break
            }
        }
        let enforcedHref = (url ?? uri ?? href).flatMap { $0.isEmpty ? nil : $0 }
        var detail = FeedDictionary(minimumCapacity: attributes.count + 3)
        for (name, value) in attributes {
            let isLocation = name == "href" || name == "url" || name == "uri"
            if enforcedHref != nil, isLocation { continue }
            detail.setDefault(name, .string(name == "href" ? FeedURL.join(baseURI, value) : value))
        }
        if rel == nil { detail.setDefault("rel", .string("alternate")) }
        if !hasType { detail.setDefault("type", .string(rel == "self" ? "application/atom+xml" : "text/html")) }
        if let enforcedHref { detail.setDefault("href", .string(FeedURL.join(baseURI, enforcedHref))) }
        return detail
    }

    private mutating func startCategory(_ attributes: ElementAttributes) {
        addTag(term: attributes["term"], scheme: attributes["scheme"] ?? attributes["domain"], label: attributes["label"])
        push("category", expectsText: true)
    }

    private mutating func endCategory() {
        guard let value = pop("category"), !value.isEmpty else { return }
        var handled = false
        withContext { context in
            context.modifyLastInList("tags") { tag in
                if !(tag["term"]?.isTruthy ?? false) {
                    tag["term"] = .string(value)
                    handled = true
                }
            }
        }
        if !handled { addTag(term: value, scheme: nil, label: nil) }
    }

    mutating func addTag(term: String?, scheme: String?, label: String?) {
        withContext { context in
            context.setDefault("tags", .list([]))
            if (term ?? "").isEmpty, (scheme ?? "").isEmpty, (label ?? "").isEmpty { return }
            let tag = FeedDictionary([
                ("term", term.map(FeedValue.string) ?? .null),
                ("scheme", scheme.map(FeedValue.string) ?? .null),
                ("label", label.map(FeedValue.string) ?? .null),
            ])
            context.modifyList("tags") { tags in
                // Bounded: a hostile feed with a million categories costs no quadratic check.
                guard tags.count < FeedDocumentBuilder.maximumTagsPerEntry else { return }
                if !tags.contains(.dictionary(tag)) { tags.append(.dictionary(tag)) }
            }
        }
    }

    private mutating func saveAuthor(_ key: String, _ value: String?, prefix: String = "author") {
        let stored = value.map(FeedValue.string) ?? .null
        withContext { context in
            context.modifyDictionary(prefix + "_detail") { $0[key] = stored }
        }
        syncAuthorDetail()
        withContext { context in
            if !context.contains("authors") { context["authors"] = .list([.dictionary(FeedDictionary())]) }
            context.modifyLastInList("authors") { $0[key] = stored }
        }
    }

    private mutating func saveContributor(_ key: String, _ value: String?) {
        let stored = value.map(FeedValue.string) ?? .null
        withContext { context in
            if !context.contains("contributors") { context["contributors"] = .list([.dictionary(FeedDictionary())]) }
            context.modifyLastInList("contributors") { $0[key] = stored }
        }
    }

    /// Keeps `author` (a display string) and `author_detail` (name, email) in step, in both
    /// directions: a detail makes "Name (email)", a bare "Name <email>" string makes a detail.
    private mutating func syncAuthorDetail(key: String = "author") {
        withContext { context in
            let detail = context[key + "s"]?.listValue?.last?.dictionaryValue ?? FeedDictionary()
            if !detail.isEmpty {
                let name = detail.string("name") ?? ""
                let email = detail.string("email") ?? ""
                if !name.isEmpty && !email.isEmpty {
                    context[key] = .string("\(name) (\(email))")
                } else if !name.isEmpty {
                    context[key] = .string(name)
                } else if !email.isEmpty {
                    context[key] = .string(email)
                }
                return
            }
            guard var author = context.string(key), !author.isEmpty else { return }
            var email: String?
            if let found = FeedText.firstEmailAddress(in: author) {
                email = found
                author = author.replacingAll(found, with: "")
                author = author.replacingAll("()", with: "")
                author = author.replacingAll("<>", with: "")
                author = author.replacingAll("&lt;&gt;", with: "")
                author = FeedText.strippingWhitespace(author)
                if author.hasPrefix("(") { author.removeFirst() }
                if author.hasSuffix(")") { author.removeLast() }
                author = FeedText.strippingWhitespace(author)
            }
            guard !author.isEmpty || email != nil else { return }
            // The detail is the last entry of the authors list (feedparser shares one object).
            var newDetail = FeedDictionary()
            if !author.isEmpty { newDetail["name"] = .string(author) }
            if let email { newDetail["email"] = .string(email) }
            context.setDefault(key + "_detail", .dictionary(newDetail))
            if context[key + "s"]?.listValue?.last?.dictionaryValue != nil {
                context.modifyLastInList(key + "s") { last in
                    for (name, value) in newDetail { last[name] = value }
                }
            }
        }
    }

    /// Categories kept per feed or entry (real feeds have a few dozen at most).
    static let maximumTagsPerEntry = 1_000

    static func parsedDate(_ text: String?) -> FeedValue {
        guard let text, let date = FeedDateParser.parse(text) else { return .null }
        return .time(TimeTuple(date))
    }

    /// `url`/`uri` attributes renamed to `href`.
    static func enforcingHref(_ attributes: [(String, String)]) -> [(String, String)] {
        let href = attributes.first { $0.0 == "url" }?.1 ?? attributes.first { $0.0 == "uri" }?.1 ?? attributes.first { $0.0 == "href" }?.1
        guard let href, !href.isEmpty else { return attributes }
        var result = attributes.filter { $0.0 != "url" && $0.0 != "uri" && $0.0 != "href" }
        result.append(("href", href))
        return result
    }

    static func dictionary(_ attributes: [(String, String)]) -> FeedDictionary {
        var dictionary = FeedDictionary(minimumCapacity: attributes.count)
        for (name, value) in attributes where !dictionary.contains(name) { dictionary[name] = .string(value) }
        return dictionary
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
