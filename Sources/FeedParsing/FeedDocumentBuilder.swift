import Foundation
import Markup

/// Turns the XML tokens of an RSS, RDF or Atom document into a `FeedDocument`, with the
/// mapping rules of feedparser (its "mixin"): which element feeds which key, how content
/// types, xml:base and xml:lang travel, when text is HTML, how authors and links are read.
///
/// One pass, no tree: an element stack collects the text of the elements being read and the
/// element's end decides where that text goes.
struct FeedDocumentBuilder {
    // MARK: Output
    var feed = FeedDictionary()
    var entries: [FeedDictionary] = []
    var version = ""
    /// Whether `version` is an Atom one (`atom`, `atom03`, `atom10` …; no other version starts with "a").
    var isAtom: Bool { version.utf8.first == UInt8(ascii: "a") }
    var namespacesInUse: [String: String] = [:]
    /// A problem found above the tokenizer (an undeclared namespace prefix).
    var namespaceProblem: String?

    // MARK: Where we are
    var inFeed = false
    var inEntry = false
    var inContent = 0
    var inTextInput = false
    var inImage = false
    var inAuthor = false
    var inContributor = false
    var inPublisher = false
    var inSource = false
    var sourceData = FeedDictionary()
    var contentParameters: ContentParameters?
    var summaryKey: String?
    /// Declared prefix → canonical prefix, for namespaces Broadsheet knows (global, as in feedparser).
    var prefixMap: [String: String] = [:]
    var declaredPrefixes: Set<String> = ["xml", "xmlns"]
    var elementStack: [OpenElement] = []
    var baseStack: [String] = []
    var languageStack: [String?] = []
    var baseURI: String
    var language: String?
    var svgDepth = 0
    var titleDepth = -1
    var depth = 0
    var hasContent = false
    var guidIsLink = false
    /// For the current entry: key → depth it was read at (a shallower value wins).
    /// (A `FeedDictionary` of `.int` depths: a few keys per entry, found without hashing.)
    var entryPropertyDepths = FeedDictionary()
    /// The open elements as written (qualified, lower-cased), to pair end tags with starts.
    var openTags: [ElementName] = []
    /// Names already resolved (by the bytes as written), so repeated names cost one look-up
    /// and no string. Cleared when a namespace declaration changes what prefixes mean.
    var resolvedNames = ElementNameCache()

    /// An element name as the mapping sees it. A class: names are resolved once, cached and
    /// handed around for every element, where copying five strings cost five retains.
    final class ElementName {
        /// Lower-cased qualified name as written (`dc:creator`).
        let tag: String
        /// The canonical key (`dc_creator`).
        let key: String
        /// The local part (`creator`).
        let suffix: String
        let kind: FeedElement?
        /// The prefix as written (`dc` in `dc:creator`), nil without one.
        let writtenPrefix: String?
        /// Whether this unprefixed element ends an open `textinput` or `image` that was left
        /// empty (ill-formed feeds); worked out once per name rather than per element.
        let endsTextInput: Bool
        let endsImage: Bool

        init(tag: String, key: String, suffix: String, kind: FeedElement?, writtenPrefix: String?, endsTextInput: Bool, endsImage: Bool) {
            self.tag = tag
            self.key = key
            self.suffix = suffix
            self.kind = kind
            self.writtenPrefix = writtenPrefix
            self.endsTextInput = endsTextInput
            self.endsImage = endsImage
        }
    }

    /// The parameters of the text construct being read (`type`, `xml:lang`, base, base64).
    /// A class: the builder reads these for every piece of text inside a text construct, and a
    /// struct of four strings cost four retains and releases per read.
    final class ContentParameters {
        var type: String
        var language: String?
        var base: String
        var isBase64: Bool
        var source: String?

        init(type: String, language: String?, base: String, isBase64: Bool) {
            self.type = type
            self.language = language
            self.base = base
            self.isBase64 = isBase64
        }

        func dictionary(value: String) -> FeedDictionary {
            var dictionary = FeedDictionary(minimumCapacity: 5)
            dictionary["type"] = .string(type)
            dictionary["language"] = language.map(FeedValue.string) ?? .null
            dictionary["base"] = .string(base)
            if let source { dictionary["src"] = .string(source) }
            dictionary["value"] = .string(value)
            return dictionary
        }
    }

    /// An element whose text is being collected.
    struct OpenElement {
        var name: String
        var expectsText: Bool
        var text: [UInt8] = []
        /// Where each appended piece starts (the xhtml `<div>` unwrapping looks at pieces).
        var pieceStarts: [Int] = []
        /// Text set outright by `_cdf_common` (replaces the collected pieces).
        var replacement: String?
    }

    /// Content hygiene in the sanitizer (`HTMLSanitizer.sanitize(…, hygiene:)`): on for the
    /// product (`FeedParser.parse`), off for feedparser's full result.
    let hygiene: Bool
    /// The product reads scripts as a browser does; feedparser's full result as feedparser
    /// does (`HTMLSanitizer.DroppedContentReading`).
    var droppedContent: HTMLSanitizer.DroppedContentReading { hygiene ? .browser : .feedparser }

    init(baseURI: String, language: String?, hygiene: Bool = false) {
        self.baseURI = baseURI
        self.language = language
        self.hygiene = hygiene
        if let language { feed["language"] = .string(language.replacingUnderscores()) }
    }

    // MARK: - Driving the tokenizer

    mutating func read(_ tokenizer: inout XMLTokenizer) {
        var attributes: [(String, String)] = []
        // Past its expansion budget the document is refused (FeedParser throws): stop reading it.
        while !tokenizer.entityExpansion.isExhausted {
            let token = tokenizer.next()
            switch token.kind {
            case .startTag:
                if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
                for attribute in tokenizer.attributes {
                    let attributeName = lowercasedString(tokenizer, attribute.name)
                    var value = tokenizer.value(of: attribute)
                    if attributeName == "rel" || attributeName == "type" { value = value.lowercased() }
                    attributes.append((attributeName, value))
                }
                let name = startElement(tokenizer, token.range, attributes: attributes)
                openTags.append(name)
                if token.isSelfClosing {
                    openTags.removeLast()
                    endElement(name)
                }
            case .endTag:
                let name = resolve(tokenizer, token.range)
                guard let index = openTags.lastIndex(where: { $0.tag == name.tag }) else { continue }
                // Elements left open inside it end here too.
                while openTags.count > index {
                    let open = openTags.removeLast()
                    endElement(open)
                }
            case .text:
                guard !elementStack.isEmpty, token.end > token.start else { continue }
                appendText(tokenizer, token)
            case .cdata:
                guard !elementStack.isEmpty, token.end > token.start else { continue }
                appendData(UnsafeBufferPointer(rebasing: tokenizer.bytes[token.range]), escape: true)
            case .comment, .processingInstruction, .doctype:
                continue
            case .endOfInput:
                while let open = openTags.popLast() { endElement(open) }
                return
            }
        }
    }

    /// The mapping's view of a name as written, from the cache when it is there.
    mutating func resolve(_ tokenizer: XMLTokenizer, _ range: Range<Int>) -> ElementName {
        let bytes = UnsafeBufferPointer(rebasing: tokenizer.bytes[range])
        if let cached = resolvedNames.lookup(bytes) { return cached }
        let name = resolve(tokenizer.string(range))
        resolvedNames.insert(bytes, name)
        return name
    }

    func resolve(_ raw: String) -> ElementName {
        let tag = raw.lowercased()
        let (prefix, suffix) = splitName(tag)
        let key = prefix.isEmpty ? suffix : prefix + "_" + suffix
        let writtenPrefix = tag.utf8.firstIndex(of: UInt8(ascii: ":")).map { String(tag[..<$0]) }
        let isUnprefixed = key == suffix
        return ElementName(
            tag: tag, key: key, suffix: suffix, kind: FeedElement.byKey[key], writtenPrefix: writtenPrefix,
            endsTextInput: isUnprefixed && !["title", "link", "description", "name"].contains(tag),
            endsImage: isUnprefixed && !["title", "link", "description", "url", "href", "width", "height"].contains(tag)
        )
    }

    private func lowercasedString(_ tokenizer: XMLTokenizer, _ range: Range<Int>) -> String {
        var hasUppercase = false
        for index in range where tokenizer.bytes[index] >= UInt8(ascii: "A") && tokenizer.bytes[index] <= UInt8(ascii: "Z") {
            hasUppercase = true
            break
        }
        let text = tokenizer.string(range)
        return hasUppercase ? text.lowercased() : text
    }

    /// Appends a text token's decoded text to the innermost collecting element.
    private mutating func appendText(_ tokenizer: XMLTokenizer, _ token: XMLToken) {
        let escape = inContent > 0 && contentParameters?.type == "application/xhtml+xml"
        let last = beginPiece()
        if !token.hasReferences && !escape {
            elementStack[last].text.append(contentsOf: UnsafeBufferPointer(rebasing: tokenizer.bytes[token.range]))
            return
        }
        if !escape {
            tokenizer.appendDecoded(token.range, to: &elementStack[last].text)
            return
        }
        var decoded: [UInt8] = []
        tokenizer.appendDecoded(token.range, to: &decoded)
        decoded.withUnsafeBufferPointer { FeedText.appendEscaped($0, to: &elementStack[last].text) }
    }

    /// The innermost collecting element (there must be one), after noting where the piece of
    /// text about to be appended starts. Pieces matter only to the xhtml `<div>` unwrapping of a
    /// content element, so they are noted only inside content.
    private mutating func beginPiece() -> Int {
        let last = elementStack.count - 1
        if inContent > 0 { elementStack[last].pieceStarts.append(elementStack[last].text.count) }
        return last
    }

    /// feedparser's `handle_data`: text (escaped in XHTML content) or markup written out.
    mutating func appendData(_ bytes: UnsafeBufferPointer<UInt8>, escape: Bool) {
        guard !elementStack.isEmpty else { return }
        let last = beginPiece()
        if escape, contentParameters?.type == "application/xhtml+xml" {
            FeedText.appendEscaped(bytes, to: &elementStack[last].text)
        } else {
            elementStack[last].text.append(contentsOf: bytes)
        }
    }

    /// Writes an element of inline XHTML content as markup (`<name attributes>` or `</name>`)
    /// into the text being collected, straight into its bytes.
    mutating func appendMarkupTag(_ name: String, attributes: [(String, String)] = [], isEnd: Bool = false) {
        guard !elementStack.isEmpty else { return }
        let last = beginPiece()
        elementStack[last].text.append(UInt8(ascii: "<"))
        if isEnd { elementStack[last].text.append(UInt8(ascii: "/")) }
        elementStack[last].text.append(contentsOf: name.utf8)
        FeedText.appendSerializedAttributes(attributes, to: &elementStack[last].text)
        elementStack[last].text.append(UInt8(ascii: ">"))
    }

    // MARK: - Start and end of elements

    mutating func startElement(_ tokenizer: XMLTokenizer, _ range: Range<Int>, attributes: [(String, String)]) -> ElementName {
        // Namespaces first: an element may declare the prefix it uses.
        for (name, value) in attributes where name.hasPrefix("xmlns") {
            if name.hasPrefix("xmlns:") {
                trackNamespace(prefix: String(name.dropFirst(6)), uri: value)
            } else if name == "xmlns" {
                trackNamespace(prefix: nil, uri: value)
            }
        }
        let name = resolve(tokenizer, range)
        startElement(name, attributes: attributes)
        return name
    }

    mutating func startElement(_ name: ElementName, attributes: [(String, String)]) {
        let tag = name.tag
        depth += 1
        var attributes = attributes
        let attributeValues = ElementAttributes(attributes)

        // xml:base and xml:lang.
        let declaredBase = attributeValues["xml:base"] ?? attributeValues["base"]
        if let declaredBase, !declaredBase.isEmpty {
            if !baseURI.isEmpty {
                let joined = FeedURL.safeAbsolute(baseURI, declaredBase)
                if !joined.isEmpty { baseURI = joined }
            } else {
                baseURI = FeedURL.join(baseURI, declaredBase)
            }
        }
        var elementLanguage = attributeValues["xml:lang"] ?? attributeValues["lang"]
        if elementLanguage == "" {
            elementLanguage = nil
        } else if elementLanguage == nil {
            elementLanguage = language
        }
        if let elementLanguage, !elementLanguage.isEmpty, tag == "feed" || tag == "rss" || tag == "rdf:rdf" {
            feed["language"] = .string(elementLanguage.replacingUnderscores())
        }
        language = elementLanguage
        baseStack.append(baseURI)
        languageStack.append(elementLanguage)

        // Inline (XHTML) content.
        if inContent > 0, let type = contentParameters?.type, !type.hasSuffix("xml") {
            if tag == "xhtml:div" || tag == "div" { return }
            // The element said it held escaped markup but holds real markup.
            contentParameters?.type = "application/xhtml+xml"
        }
        if inContent > 0, contentParameters?.type == "application/xhtml+xml" {
            var localName = tag
            if let colon = tag.utf8.firstIndex(of: UInt8(ascii: ":")) {
                let prefix = String(tag[..<colon])
                localName = String(tag[tag.utf8.index(after: colon)...])
                let namespace = namespacesInUse[prefix] ?? ""
                if localName == "math", namespace == FeedNamespaces.mathML { attributes.append(("xmlns", namespace)) }
                if localName == "svg", namespace == FeedNamespaces.svg { attributes.append(("xmlns", namespace)) }
            }
            if localName == "svg" { svgDepth += 1 }
            appendMarkupTag(localName, attributes: attributes)
            return
        }

        let key = name.key
        if namespaceProblem == nil, let prefix = name.writtenPrefix, !declaredPrefixes.contains(prefix) {
            namespaceProblem = "'\(prefix)' is not associated with a namespace"
        }
        // Empty textinput/image elements in ill-formed feeds end at the next unrelated element.
        if name.endsTextInput { inTextInput = false }
        if name.endsImage { inImage = false }

        if let kind = name.kind, kind.hasStartHandler {
            start(kind, attributes: attributeValues, orderedAttributes: attributes)
        } else if attributeValues.isEmpty {
            push(key, expectsText: true)
        } else {
            var dictionary = FeedDictionary()
            for (name, value) in attributes where !dictionary.contains(name) { dictionary[name] = .string(value) }
            withContext { $0[key] = .dictionary(dictionary) }
        }
    }

    mutating func endElement(_ name: ElementName) {
        let tag = name.tag
        if name.suffix == "svg", svgDepth > 0 { svgDepth -= 1 }
        if svgDepth == 0, let kind = name.kind, kind.hasEndHandler {
            end(kind)
        } else {
            _ = pop(name.key)
        }

        if inContent > 0, let type = contentParameters?.type, !type.hasSuffix("xml") {
            if tag == "xhtml:div" || tag == "div" {
                finishEnd()
                return
            }
            contentParameters?.type = "application/xhtml+xml"
        }
        if inContent > 0, contentParameters?.type == "application/xhtml+xml" {
            // The part after the last colon (found in the bytes; `split` only for odd names ending in one).
            let localName: String
            if let colon = tag.utf8.lastIndex(of: UInt8(ascii: ":")) {
                localName = tag.utf8.index(after: colon) != tag.endIndex
                    ? String(tag[tag.utf8.index(after: colon)...])
                    : tag.split(separator: ":").last.map(String.init) ?? tag
            } else {
                localName = tag
            }
            appendMarkupTag(localName, isEnd: true)
        }
        finishEnd()
    }

    private mutating func finishEnd() {
        if !baseStack.isEmpty {
            baseStack.removeLast()
            if let last = baseStack.last, !last.isEmpty { baseURI = last }
        }
        if !languageStack.isEmpty {
            languageStack.removeLast()
            if let last = languageStack.last { language = last }
        }
        depth -= 1
    }

    private func splitName(_ tag: String) -> (String, String) {
        guard let colon = tag.utf8.firstIndex(of: UInt8(ascii: ":")) else { return ("", tag) }
        let givenPrefix = String(tag[..<colon])
        let suffix = String(tag[tag.utf8.index(after: colon)...])
        return (prefixMap[givenPrefix] ?? givenPrefix, suffix)
    }

    mutating func trackNamespace(prefix: String?, uri: String) {
        var uri = uri
        var lowered = uri.lowercased()
        if version.isEmpty {
            if prefix == nil, lowered == "http://my.netscape.com/rdf/simple/0.9/" {
                version = "rss090"
            } else if lowered == "http://purl.org/rss/1.0/" {
                version = "rss10"
            } else if lowered == "http://www.w3.org/2005/atom" {
                version = "atom10"
            }
        }
        if lowered.firstRange(ofASCII: "backend.userland.com/rss") != nil {
            uri = "http://backend.userland.com/rss"
            lowered = uri
        }
        if let prefix { declaredPrefixes.insert(prefix) }
        if let canonical = FeedNamespaces.canonicalPrefixes[lowered] {
            if prefixMap[prefix ?? ""] != canonical {
                prefixMap[prefix ?? ""] = canonical
                resolvedNames = ElementNameCache()
            }
            namespacesInUse[canonical] = uri
        } else {
            namespacesInUse[prefix ?? ""] = uri
        }
    }

    // MARK: - The element stack

    mutating func push(_ name: String, expectsText: Bool) {
        elementStack.append(OpenElement(name: name, expectsText: expectsText))
    }

    /// Ends the element `name` if it is the innermost one collecting text, and files its text
    /// where it belongs. Returns the text (nil when `name` was not being collected).
    @discardableResult
    mutating func pop(_ name: String, stripWhitespace: Bool = true) -> String? {
        guard let last = elementStack.last, last.name == name else { return nil }
        let element = elementStack.removeLast()
        // Bytes until the end: one string is made, after sanitizing.
        var bytes = assembleText(element)
        if stripWhitespace { bytes = FeedText.strippingWhitespace(bytes) }
        guard element.expectsText else { return String(checkedUTF8: bytes) }

        if contentParameters?.isBase64 == true, let decoded = FeedText.decodeBase64(String(decoding: bytes, as: UTF8.self)) {
            bytes = Array(decoded.utf8)
        }
        if FeedElement.canBeRelativeURI(name), !bytes.isEmpty, name != "id" || guidIsLink {
            bytes = Array(FeedURL.join(baseURI, String(checkedUTF8: bytes)).utf8)
        }
        if !isAtom, contentParameters?.type == "text/plain", bytes.withUnsafeBufferPointer(FeedText.looksLikeHTML) {
            contentParameters?.type = "text/html"
        }
        contentParameters?.isBase64 = false
        let type = contentParameters.map { FeedText.mapContentType($0.type) } ?? "text/html"
        if type == "text/html" || type == "application/xhtml+xml", FeedElement.canContainMarkup(name) {
            let base = baseURI.isEmpty ? nil : baseURI
            bytes = bytes.withUnsafeBufferPointer { HTMLSanitizer.sanitize($0, baseURL: base, keepingComments: true, hygiene: hygiene,
                                                                         droppedContent: droppedContent) }
        }
        var isASCII = false
        var output = bytes.withUnsafeBufferPointer { String(checkedUTF8: $0, isASCII: &isASCII) }
        if !isASCII {
            output = FeedText.repairingMojibake(output)
            output = FeedText.mappingWindows1252Controls(output)
        }

        if name == "category" || name == "tags" || name == "itunes_keywords" { return output }
        if name == "title", titleDepth > -1, titleDepth <= depth { return output }

        if inEntry && !inSource {
            guard !entries.isEmpty else { return output }
            let last = entries.count - 1
            if name == "content" {
                let detail = (contentParameters ?? defaultParameters()).dictionary(value: output)
                entries[last].modifyList("content") { $0.append(.dictionary(detail)) }
            } else if name == "link" {
                if !inImage {
                    let fixed = FeedText.fixingQueryAmpersands(output, replacingEscapedAmpersands: true)
                    // Only an alternate link is the entry's link (not an enclosure written as text).
                    let rel = entries[last]["links"]?.listValue?.last?.dictionaryValue?.string("rel") ?? "alternate"
                    if rel == "alternate" || !entries[last].contains("link") { entries[last]["link"] = .string(fixed) }
                    if !fixed.isEmpty {
                        entries[last].modifyLastInList("links") { $0["href"] = .string(fixed) }
                    }
                }
            } else {
                let key = name == "description" ? "summary" : name
                let oldDepth: Int? = if case .int(let recorded)? = entryPropertyDepths[key] { recorded } else { nil }
                if oldDepth == nil || depth <= oldDepth ?? 0 {
                    entryPropertyDepths[key] = .int(depth)
                    entries[last][key] = .string(output)
                }
                if inContent > 0 {
                    let detail = (contentParameters ?? defaultParameters()).dictionary(value: output)
                    entries[last][key + "_detail"] = .dictionary(detail)
                }
            }
        } else if inFeed || inSource {
            let key = name == "description" ? "subtitle" : name
            let isContent = inContent > 0
            let detail = isContent ? (contentParameters ?? defaultParameters()).dictionary(value: output) : nil
            withContext { context in
                context[key] = .string(output)
                if key == "link" {
                    let fixed = FeedText.fixingQueryAmpersands(output, replacingEscapedAmpersands: false)
                    context[key] = .string(fixed)
                    context.modifyLastInList("links") { $0["href"] = .string(fixed) }
                } else if let detail {
                    context[key + "_detail"] = .dictionary(detail)
                }
            }
        }
        return output
    }

    private func defaultParameters() -> ContentParameters {
        ContentParameters(type: "text/html", language: language, base: baseURI, isBase64: false)
    }

    /// Joins the collected pieces; in Atom 1.0 XHTML content, unwraps the one `<div>` that
    /// holds everything (the wrapper the format requires).
    private func assembleText(_ element: OpenElement) -> [UInt8] {
        if let replacement = element.replacement { return Array(replacement.utf8) }
        guard version == "atom10", contentParameters?.type == "application/xhtml+xml", element.pieceStarts.count > 1 else {
            return element.text
        }
        let text = element.text
        // The pieces as ranges of the text; dropping pieces from the ends keeps them contiguous,
        // so the result is one slice of the text.
        var bounds = element.pieceStarts
        if let first = bounds.first, first > 0 { bounds.insert(0, at: 0) }
        bounds.append(text.count)
        var first = 0
        var last = bounds.count - 2
        func piece(_ index: Int) -> ArraySlice<UInt8> { text[bounds[index]..<bounds[index + 1]] }
        while last > first, FeedText.isBlank(piece(last)) { last -= 1 }
        while last > first, FeedText.isBlank(piece(first)) { first += 1 }
        let whole = Array(text[bounds[first]..<bounds[last + 1]])
        guard last > first, piece(first).elementsEqual("<div>".utf8) || piece(first).starts(with: "<div ".utf8),
              piece(last).elementsEqual("</div>".utf8) else {
            return whole
        }
        var nesting = 0
        for index in first..<last {
            let current = piece(index)
            if current.starts(with: "</".utf8) {
                nesting -= 1
                // The wrapper closed before the end: it does not hold everything.
                if nesting == 0 { return whole }
            } else if current.first == UInt8(ascii: "<"),
                      !(current.count >= 2 && current[current.endIndex - 2] == UInt8(ascii: "/") && current.last == UInt8(ascii: ">")) {
                nesting += 1
            }
        }
        return Array(text[bounds[first + 1]..<bounds[last]])
    }

    mutating func pushContent(_ tag: String, attributes: ElementAttributes, defaultType: String, expectsText: Bool) {
        inContent += 1
        if let current = language { language = current.replacingUnderscores() }
        let type = FeedText.mapContentType(attributes["type"] ?? defaultType)
        var isBase64 = true
        if attributes["mode"] == "base64" {
            isBase64 = true
        } else if type.hasPrefix("text/") || type.hasSuffix("+xml") || type.hasSuffix("/xml") {
            isBase64 = false
        }
        contentParameters = ContentParameters(type: type, language: language, base: baseURI, isBase64: isBase64)
        push(tag, expectsText: expectsText)
    }

    @discardableResult
    mutating func popContent(_ tag: String) -> String? {
        let value = pop(tag)
        inContent -= 1
        contentParameters = nil
        return value
    }

    // MARK: - Contexts

    enum ContextKind { case source, image, textInput, entry, feed }

    var contextKind: ContextKind {
        if inSource { return .source }
        if inImage, feed.contains("image") { return .image }
        if inTextInput { return .textInput }
        if inEntry, !entries.isEmpty { return .entry }
        return .feed
    }

    /// Runs `body` on the dictionary values are filed in now (feedparser's `_get_context`).
    @discardableResult
    mutating func withContext<Result>(_ body: (inout FeedDictionary) -> Result) -> Result {
        switch contextKind {
        case .source:
            return body(&sourceData)
        case .image:
            var image = feed["image"]?.dictionaryValue ?? FeedDictionary()
            let result = body(&image)
            feed["image"] = .dictionary(image)
            return result
        case .textInput:
            var textInput = feed["textinput"]?.dictionaryValue ?? FeedDictionary()
            let result = body(&textInput)
            feed["textinput"] = .dictionary(textInput)
            return result
        case .entry:
            return body(&entries[entries.count - 1])
        case .feed:
            return body(&feed)
        }
    }

    var context: FeedDictionary {
        switch contextKind {
        case .source: sourceData
        case .image: feed["image"]?.dictionaryValue ?? FeedDictionary()
        case .textInput: feed["textinput"]?.dictionaryValue ?? FeedDictionary()
        case .entry: entries[entries.count - 1]
        case .feed: feed
        }
    }

    /// Sets `key` in the current context (only when unset, unless `overwrite`).
    mutating func save(_ key: String, _ value: FeedValue, overwrite: Bool = false) {
        withContext { context in
            if overwrite { context[key] = value } else { context.setDefault(key, value) }
        }
    }
}

extension String {
    func replacingUnderscores() -> String {
        utf8.contains(UInt8(ascii: "_")) ? String(map { $0 == "_" ? "-" : $0 }) : self
    }
}
