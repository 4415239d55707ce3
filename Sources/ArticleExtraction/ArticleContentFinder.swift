import Markup

/// Finds the element that holds the article: prepares the body (drops hidden and unlikely
/// nodes, turns text-only `div`s into paragraphs), scores paragraphs and gives their score
/// to their ancestors, picks the best ancestor (helped by semantic markup such as
/// `<article>` and `itemprop=articleBody`), and gathers it with its related siblings into
/// one container. When that finds too little text, it tries again with fewer filters and
/// keeps the attempt that found the most.
struct ArticleContentFinder {
    private(set) var document: HTMLDocument
    let metadata: ArticleMetadata
    private(set) var bylineFromContent: String?
    private(set) var titleFromHeading: String?
    /// The first image in the cleaned content.
    private(set) var firstImageURL: String?
    let baseURL: String?

    /// Text length below which another, less strict attempt is made.
    static let minimumArticleLength = 500

    struct Flags: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Flags(rawValue: 1)
        static let weightClasses = Flags(rawValue: 2)
        static let cleanConditionally = Flags(rawValue: 4)
    }

    init(document: HTMLDocument, metadata: ArticleMetadata, baseURL: String?) {
        self.document = document
        self.metadata = metadata
        self.baseURL = baseURL
    }

    /// The container node (a detached `div`) holding the article content.
    mutating func findContent() -> Int {
        let original = document
        var flags: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
        var attempts: [(document: HTMLDocument, content: Int, length: Int, byline: String?, image: String?)] = []
        while true {
            bylineFromContent = nil
            var attempt = ContentAttempt(document: original, metadata: metadata, flags: flags)
            let content = attempt.run()
            // Cleaning is part of the attempt: what counts is the text left after it.
            var cleaner = ArticleContentCleaner(document: attempt.document, baseURL: baseURL)
            cleaner.standfirst = attempt.standfirst
            cleaner.cleanConditionally = flags.contains(.cleanConditionally)
            cleaner.clean(content)
            let length = cleaner.textLength(of: content)
            attempts.append((cleaner.document, content, length, attempt.byline, cleaner.firstImageURL))
            if length >= Self.minimumArticleLength || flags.isEmpty { break }
            if flags.contains(.stripUnlikely) {
                flags.remove(.stripUnlikely)
            } else if flags.contains(.weightClasses) {
                flags.remove(.weightClasses)
            } else {
                flags.remove(.cleanConditionally)
            }
        }
        // The last attempt when it is long enough, else the longest one.
        var best = attempts[attempts.count - 1]
        if best.length < Self.minimumArticleLength {
            for attempt in attempts where attempt.length > best.length { best = attempt }
        }
        document = best.document
        bylineFromContent = best.byline
        firstImageURL = best.image
        return best.content
    }
}

/// One pass of the content search over a copy of the page.
struct ContentAttempt {
    var document: HTMLDocument
    let metadata: ArticleMetadata
    let flags: ArticleContentFinder.Flags
    var byline: String?
    /// The standfirst brought in from above the article body, if any.
    private(set) var standfirst = HTMLDocument.none

    private var scores: [Double] = []
    private var scored: [Bool] = []
    /// Text length (characters, white space collapsed) of each node's subtree.
    private var textLengths: [Int] = []
    /// Text length inside links (weighted: in-page `#` links count less).
    private var linkLengths: [Double] = []
    private var commaCounts: [Int] = []

    /// The page as it was before preparing: the article header (often removed with the
    /// page's other headers) is looked for in it.
    let original: HTMLDocument

    init(document: HTMLDocument, metadata: ArticleMetadata, flags: ArticleContentFinder.Flags) {
        self.document = document
        self.original = document
        self.metadata = metadata
        self.flags = flags
    }

    func textLength(of node: Int) -> Int {
        var length = 0
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isText(current) { length += Self.characterCount(document.textBytes[document.textRange(current)]) }
            current = document.following(current, within: node)
        }
        return length
    }

    mutating func run() -> Int {
        var elementsToScore = prepare()
        computeTextStatistics()
        // Paragraph-like elements give their score to up to five ancestors.
        scores = Array(repeating: 0, count: document.nodeCount)
        scored = Array(repeating: false, count: document.nodeCount)
        var candidates: [Int] = []
        elementsToScore.removeAll { document.parent($0) == HTMLDocument.none || !document.isInside($0, document.body) }
        for element in elementsToScore {
            let parent = document.parent(element)
            guard parent != HTMLDocument.none, document.isElement(parent) else { continue }
            let length = textLengths[element]
            guard length >= 25 else { continue }
            var ancestors: [Int] = []
            var ancestor = parent
            while ancestor != HTMLDocument.none, document.isElement(ancestor), ancestors.count < 5 {
                ancestors.append(ancestor)
                ancestor = document.parent(ancestor)
            }
            guard !ancestors.isEmpty else { continue }
            // Commas mark running prose; past a paragraph's worth they mark a list of names
            // or figures, which must not outweigh the article beside it.
            let contentScore = 1.0 + Double(min(commaCounts[element], Self.maximumCommasCounted) + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard document.tag(ancestor) != .html else { continue }
                if !scored[ancestor] {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider: Double = level == 0 ? 1 : level == 1 ? 2 : Double(level) * 3
                scores[ancestor] += contentScore / divider
            }
        }
        // Scale by link density and keep the best few.
        var topCandidates: [Int] = []
        for candidate in candidates {
            scores[candidate] *= 1 - linkDensity(candidate)
            var position = topCandidates.count
            while position > 0, scores[topCandidates[position - 1]] < scores[candidate] { position -= 1 }
            if position < 5 {
                topCandidates.insert(candidate, at: position)
                if topCandidates.count > 5 { topCandidates.removeLast() }
            }
        }
        var topCandidate = topCandidates.first ?? HTMLDocument.none
        if let semantic = semanticContainer() {
            // Semantic markup names the article; a candidate beside it, or a small part
            // of it (a table or a list inside the article), yields to it.
            if topCandidate == HTMLDocument.none {
                topCandidate = semantic
            } else if !document.isInside(semantic, topCandidate) {
                let inside = document.isInside(topCandidate, semantic)
                if (inside && Double(textLengths[semantic]) > 1.5 * Double(textLengths[topCandidate]))
                    || (!inside && textLengths[semantic] > textLengths[topCandidate] / 2) {
                    topCandidate = semantic
                }
            }
            if !scored[topCandidate] { initialize(topCandidate) }
        }
        let container = document.createElement(.div)
        if topCandidate == HTMLDocument.none || document.tag(topCandidate) == .body {
            // Everything in the body is the article.
            var child = document.firstChild(document.body)
            while child != HTMLDocument.none {
                let next = document.nextSibling(child)
                document.append(child, to: container)
                child = next
            }
            return container
        }
        topCandidate = promoteToCommonAncestor(topCandidate, alternatives: Array(topCandidates.dropFirst()))
        topCandidate = climbWhileScoreRises(topCandidate)
        // A candidate that is its parent's only child stands for the parent.
        var parent = document.parent(topCandidate)
        while parent != HTMLDocument.none, parent != document.body, document.childElements(parent).count == 1 {
            topCandidate = parent
            parent = document.parent(topCandidate)
        }
        if !scored[topCandidate] { initialize(topCandidate) }
        let standfirst = findStandfirst(before: topCandidate)
        let (blocksBefore, blocksAfter) = sameClassBlocks(around: topCandidate)
        gatherSiblings(of: topCandidate, into: container)
        let firstGathered = document.firstChild(container)
        if firstGathered != HTMLDocument.none {
            for block in blocksBefore { document.insert(block, before: firstGathered) }
        }
        for block in blocksAfter { document.append(block, to: container) }
        if let standfirst, !document.isInside(standfirst, container) {
            self.standfirst = standfirst
            let first = document.firstChild(container)
            if first != HTMLDocument.none {
                document.insert(standfirst, before: first)
            } else {
                document.append(standfirst, to: container)
            }
        }
        return container
    }

    static let maximumCommasCounted = 20

    // MARK: - Preparing the page

    /// Whether the heading that repeats the title leaves the content (the reader view
    /// shows the title itself).
    static let removesTitleHeading = true

    private static let unlikelyCandidates = KeywordMatcher([
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar", "kommentar", "comentario",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote", "cookie", "consent", "newsletter", "subscribe", "promo", "modal", "dialog",
    ])
    private static let hiddenStyles = KeywordMatcher(["display:none", "visibility:hidden"])
    private static let maybeCandidate = KeywordMatcher(["and", "article", "body", "column", "content", "main", "mathjax", "shadow"])
    private static let bylineHints = KeywordMatcher(["byline", "author", "dateline", "writtenby", "p-author"])
    private static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    /// Walks the body once: removes what cannot be content, notes the byline, turns
    /// `div`s of text into paragraphs. Returns the elements to score.
    private mutating func prepare() -> [Int] {
        var elementsToScore: [Int] = []
        let body = document.body
        var shouldRemoveTitleHeader = true
        var node = document.following(body, within: body)
        while node != HTMLDocument.none {
            guard document.isElement(node) else {
                node = document.following(node, within: body)
                continue
            }
            let tag = document.tag(node)
            if tag == .script || tag == .style || tag == .template || tag == .noscript || tag == .link || tag == .meta
                || !isProbablyVisible(node) {
                node = removeAndGetNext(node)
                continue
            }
            if document.value(of: "aria-modal", on: node) == "true", document.value(of: "role", on: node) == "dialog" {
                node = removeAndGetNext(node)
                continue
            }
            let matchString = classAndID(node)
            if byline == nil, metadata.byline == nil, isByline(node, matchString: matchString) {
                byline = document.plainText(of: node).collapsingWhitespace()
                node = removeAndGetNext(node)
                continue
            }
            if Self.removesTitleHeading, shouldRemoveTitleHeader, headerDuplicatesTitle(node) {
                shouldRemoveTitleHeader = false
                node = removeAndGetNext(node)
                continue
            }
            if flags.contains(.stripUnlikely) {
                if Self.unlikelyCandidates.matches(matchString), !Self.maybeCandidate.matches(matchString),
                   !hasAncestor(node, [.table, .code]), tag != .body, tag != .a {
                    node = removeAndGetNext(node)
                    continue
                }
                if let role = document.value(of: "role", on: node), Self.unlikelyRoles.contains(role) {
                    node = removeAndGetNext(node)
                    continue
                }
            }
            switch tag {
            case .div, .section, .header, .h1, .h2, .h3, .h4, .h5, .h6:
                if isWithoutContent(node) {
                    node = removeAndGetNext(node)
                    continue
                }
            default:
                break
            }
            switch tag {
            case .section, .h2, .h3, .h4, .h5, .h6, .p, .td, .pre:
                elementsToScore.append(node)
            case .div:
                wrapPhrasingRuns(in: node)
                if let paragraph = singleParagraphChild(node), linkDensityNow(node) < 0.25 {
                    document.replace(node, with: paragraph)
                    elementsToScore.append(paragraph)
                    node = paragraph
                } else if !hasBlockChild(node) {
                    document.setTag(.p, of: node)
                    elementsToScore.append(node)
                }
            default:
                break
            }
            node = document.following(node, within: body)
        }
        return elementsToScore
    }

    private mutating func removeAndGetNext(_ node: Int) -> Int {
        let next = document.following(node, within: document.body, skippingChildren: true)
        document.remove(node)
        return next
    }

    /// The class and id attributes as written, space-separated (bytes: this runs for every
    /// element, and class names carry no character references worth decoding).
    func classAndID(_ node: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        if let className = document.attribute("class", of: node) { bytes.append(contentsOf: Self.hintBytes(className.rawValue)) }
        if let id = document.attribute("id", of: node), !id.rawValue.isEmpty {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            bytes.append(contentsOf: id.rawValue)
        }
        return bytes
    }

    /// Class names that frameworks use to hide an element (Bootstrap, WordPress, …).
    private static let hidingClasses: [[UInt8]] = [
        "hidden", "hide", "d-none", "is-hidden", "visually-hidden", "visuallyhidden", "sr-only", "screen-reader-text",
        "invisible", "u-hidden", "element-invisible", "hidden-xs", "offscreen",
    ].map { Array($0.utf8) }

    /// Whether one of the space-separated class names is a hiding class (compared on bytes,
    /// ASCII case-insensitively: this runs for every element).
    static func hasHidingClass(_ value: ArraySlice<UInt8>) -> Bool {
        var index = value.startIndex
        while index < value.endIndex {
            while index < value.endIndex, isWhiteSpace(value[index]) { index += 1 }
            let start = index
            while index < value.endIndex, !isWhiteSpace(value[index]) { index += 1 }
            let length = index - start
            guard length >= 4 else { continue }
            for name in hidingClasses where name.count == length {
                var equal = true
                for offset in 0..<length where value[start + offset] | 0x20 != name[offset] | 0x20 {
                    equal = false
                    break
                }
                if equal { return true }
            }
        }
        return false
    }

    func isProbablyVisible(_ node: Int) -> Bool {
        isProbablyVisible(node, in: document)
    }

    func isProbablyVisible(_ node: Int, in page: HTMLDocument) -> Bool {
        if page.hasAttribute("hidden", on: node) { return false }
        if let className = page.attribute("class", of: node), className.rawValue.count >= 4,
           Self.hasHidingClass(className.rawValue) {
            return false
        }
        if let style = page.attribute("style", of: node), style.rawValue.count >= 12 {
            let compact = style.rawValue.filter { !isWhiteSpace($0) }
            if Self.hiddenStyles.matches(compact) { return false }
        }
        if page.value(of: "aria-hidden", on: node) == "true" {
            // Some sites hide the fallback image of a lazy-loaded one this way.
            return (page.value(of: "class", on: node) ?? "").contains("fallback-image")
        }
        return true
    }

    private func isByline(_ node: Int, matchString: [UInt8]) -> Bool {
        let rel = document.value(of: "rel", on: node)
        let itemprop = document.value(of: "itemprop", on: node) ?? ""
        guard rel == "author" || itemprop.contains("author") || Self.bylineHints.matches(matchString) else { return false }
        let length = textLength(of: node)
        return length > 0 && length < 100
    }

    private func headerDuplicatesTitle(_ node: Int) -> Bool {
        let tag = document.tag(node)
        guard tag == .h1 || tag == .h2, let title = metadata.title else { return false }
        let heading = document.textContent(node).collapsingWhitespace()
        return Self.textSimilarity(title, heading) > 0.75
    }

    /// How much of `second`'s words `first` covers, as Readability measures it.
    static func textSimilarity(_ first: String, _ second: String) -> Double {
        let firstTokens = first.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        let secondTokens = second.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard !firstTokens.isEmpty, !secondTokens.isEmpty else { return 0 }
        let firstSet = Set(firstTokens)
        let unique = secondTokens.filter { !firstSet.contains($0) }
        let distance = Double(unique.joined(separator: " ").count) / Double(secondTokens.joined(separator: " ").count)
        return 1 - distance
    }

    private func hasAncestor(_ node: Int, _ tags: HTMLTagSet) -> Bool {
        var current = document.parent(node)
        var depth = 0
        while current != HTMLDocument.none, depth < 64 {
            if tags.contains(document.tag(current)) { return true }
            current = document.parent(current)
            depth += 1
        }
        return false
    }

    /// An element with no text and nothing but `br`/`hr` inside.
    private func isWithoutContent(_ node: Int) -> Bool {
        var child = document.firstChild(node)
        while child != HTMLDocument.none {
            switch document.kind(child) {
            case .text:
                if document.textBytes[document.textRange(child)].contains(where: { !isWhiteSpace($0) }) { return false }
            case .element:
                let tag = document.tag(child)
                if tag != .br && tag != .hr { return false }
            default:
                break
            }
            child = document.nextSibling(child)
        }
        return true
    }

    /// Puts each run of inline content directly inside a `div` into a `p`, so text that
    /// sits beside blocks is scored like a paragraph.
    private mutating func wrapPhrasingRuns(in div: Int) {
        guard hasBlockChildElement(div) else { return }
        var child = document.firstChild(div)
        var paragraph = HTMLDocument.none
        while child != HTMLDocument.none {
            let next = document.nextSibling(child)
            if isPhrasingContent(child) {
                if paragraph != HTMLDocument.none {
                    document.append(child, to: paragraph)
                } else if !isWhitespaceText(child) {
                    paragraph = document.createElement(.p)
                    document.insert(paragraph, before: child)
                    document.append(child, to: paragraph)
                }
            } else if paragraph != HTMLDocument.none {
                trimTrailingWhitespace(paragraph)
                paragraph = HTMLDocument.none
            }
            child = next
        }
        if paragraph != HTMLDocument.none { trimTrailingWhitespace(paragraph) }
    }

    private mutating func trimTrailingWhitespace(_ paragraph: Int) {
        var last = document.lastChild(paragraph)
        while last != HTMLDocument.none, isWhitespaceText(last) {
            let previous = document.previousSibling(last)
            document.insert(last, before: paragraph)
            document.remove(last)
            last = previous
        }
    }

    private func isWhitespaceText(_ node: Int) -> Bool {
        document.isText(node) && !document.textBytes[document.textRange(node)].contains(where: { !isWhiteSpace($0) })
    }

    private func hasBlockChildElement(_ node: Int) -> Bool {
        var child = document.firstChild(node)
        while child != HTMLDocument.none {
            if document.isElement(child), Self.divToParagraphBlocks.contains(document.tag(child)) { return true }
            child = document.nextSibling(child)
        }
        return false
    }

    private static let divToParagraphBlocks: HTMLTagSet = [.blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul]

    /// Whether any element inside is a block (`p`, `div`, lists, tables, images, …).
    func hasBlockChild(_ node: Int) -> Bool {
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isElement(current), Self.divToParagraphBlocks.contains(document.tag(current)) { return true }
            current = document.following(current, within: node)
        }
        return false
    }

    private func singleParagraphChild(_ node: Int) -> Int? {
        var paragraph: Int?
        var child = document.firstChild(node)
        while child != HTMLDocument.none {
            if document.isElement(child) {
                guard paragraph == nil, document.tag(child) == .p else { return nil }
                paragraph = child
            } else if document.isText(child), !isWhitespaceText(child) {
                return nil
            }
            child = document.nextSibling(child)
        }
        return paragraph
    }

    private static let phrasingTags: HTMLTagSet = [
        .abbr, .audio, .b, .bdo, .br, .button, .cite, .code, .data, .datalist, .dfn, .em, .embed, .i, .img, .input,
        .kbd, .label, .mark, .math, .meter, .noscript, .object, .output, .progress, .q, .ruby, .samp, .script,
        .select, .small, .span, .strong, .sub, .sup, .textarea, .time, .var, .wbr, .font, .u, .s, .strike, .tt, .big,
        .bdi, .nobr, .picture, .svg,
    ]

    private func isPhrasingContent(_ node: Int) -> Bool {
        if document.isText(node) { return true }
        guard document.isElement(node) else { return false }
        let tag = document.tag(node)
        if Self.phrasingTags.contains(tag) { return true }
        guard tag == .a || tag == .del || tag == .ins || tag == .other else { return false }
        // Links and edits are phrasing when everything inside them is.
        var current = document.following(node, within: node)
        var checked = 0
        while current != HTMLDocument.none, checked < 200 {
            if document.isElement(current) {
                let innerTag = document.tag(current)
                if !Self.phrasingTags.contains(innerTag) && innerTag != .a && innerTag != .del && innerTag != .ins && innerTag != .other {
                    return false
                }
            }
            checked += 1
            current = document.following(current, within: node)
        }
        return true
    }

    // MARK: - Text statistics

    /// Fills `textLengths`, `linkLengths` and `commaCounts` for every node in the body in
    /// one pass (children before parents), so scoring never walks a subtree twice.
    private mutating func computeTextStatistics() {
        let count = document.nodeCount
        textLengths = Array(repeating: 0, count: count)
        linkLengths = Array(repeating: 0, count: count)
        commaCounts = Array(repeating: 0, count: count)
        let order = document.descendants(of: document.body)
        for node in order.reversed() {
            if document.isText(node) {
                let bytes = document.textBytes[document.textRange(node)]
                textLengths[node] = Self.characterCount(bytes)
                commaCounts[node] = Self.commaCount(bytes)
            } else if document.isElement(node), document.tag(node) == .a {
                let href = document.attribute("href", of: node)
                let weight = href.map { $0.rawValue.first == UInt8(ascii: "#") ? 0.3 : 1.0 } ?? 1.0
                linkLengths[node] = Double(textLengths[node]) * weight
            }
            let parent = document.parent(node)
            if parent != HTMLDocument.none {
                textLengths[parent] += textLengths[node]
                linkLengths[parent] += linkLengths[node]
                commaCounts[parent] += commaCounts[node]
            }
        }
    }

    private func linkDensity(_ node: Int) -> Double {
        let length = textLengths[node]
        guard length > 0 else { return 0 }
        return min(1, linkLengths[node] / Double(length))
    }

    /// Link density computed on the spot (the statistics are not built yet while preparing).
    private func linkDensityNow(_ node: Int) -> Double {
        var total = 0
        var inLinks = 0.0
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isText(current) {
                let length = Self.characterCount(document.textBytes[document.textRange(current)])
                total += length
                var ancestor = document.parent(current)
                while ancestor != node, ancestor != HTMLDocument.none {
                    if document.tag(ancestor) == .a {
                        let href = document.attribute("href", of: ancestor)
                        inLinks += Double(length) * (href?.rawValue.first == UInt8(ascii: "#") ? 0.3 : 1)
                        break
                    }
                    ancestor = document.parent(ancestor)
                }
            }
            current = document.following(current, within: node)
        }
        return total == 0 ? 0 : inLinks / Double(total)
    }

    /// Characters (Unicode scalars) with runs of white space counted once.
    static func characterCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var inSpace = false
        for byte in bytes {
            if isWhiteSpace(byte) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                inSpace = false
                if byte & 0xC0 != 0x80 { count += 1 }
            }
        }
        return count
    }

    /// Commas of the scripts that have them: `,` `،` `，` `﹐` `︐` `︑` `⹁` `⸴` `⸲`.
    static func commaCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                count += 1
            } else if byte == 0xD8, index + 1 < end, bytes[index + 1] == 0x8C {
                count += 1
            } else if byte == 0xEF, index + 2 < end {
                let second = bytes[index + 1], third = bytes[index + 2]
                if (second == 0xBC && third == 0x8C) || (second == 0xB9 && third == 0x90) || (second == 0xB8 && (third == 0x90 || third == 0x91)) {
                    count += 1
                }
            } else if byte == 0xE2, index + 2 < end, bytes[index + 1] == 0xB9 || bytes[index + 1] == 0xB8 {
                let third = bytes[index + 2]
                if (bytes[index + 1] == 0xB9 && third == 0x81) || (bytes[index + 1] == 0xB8 && (third == 0xB4 || third == 0xB2)) {
                    count += 1
                }
            }
            index += 1
        }
        return count
    }

    // MARK: - Scores

    private static let positiveHints = KeywordMatcher([
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ])
    private static let negativeHints = KeywordMatcher([
        "-ad-", "hidden", "^hid$", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "^tags$", "widget",
    ])

    /// Class or id bytes for hint matching, without the class names that describe what an
    /// element holds rather than what it is: `has-sharing`, `with-sidebar` (it has a share
    /// bar, a sidebar beside it) and `field--label-hidden` (its label is hidden).
    static func hintBytes(_ value: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(value)
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isWhiteSpace(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isWhiteSpace(bytes[index]) { index += 1 }
            let token = bytes[start..<index]
            if isDescribingContents(token) {
                for offset in start..<index { bytes[offset] = UInt8(ascii: " ") }
            }
        }
        return bytes
    }

    private static let containsPrefixes: [[UInt8]] = ["has-", "has_", "with-", "with_"].map { Array($0.utf8) }
    private static let labelHidden = Array("label-hidden".utf8)

    private static func isDescribingContents(_ token: ArraySlice<UInt8>) -> Bool {
        guard token.count > 4 else { return false }
        for prefix in containsPrefixes where token.count > prefix.count {
            if zip(token, prefix).allSatisfy({ $0 | 0x20 == $1 }) { return true }
        }
        return token.count >= labelHidden.count && token.suffix(labelHidden.count).elementsEqual(labelHidden)
    }

    func classWeight(_ node: Int) -> Double {
        guard flags.contains(.weightClasses) else { return 0 }
        var weight = 0.0
        for name in ["class", "id"] {
            guard let value = document.attribute(name, of: node)?.rawValue, !value.isEmpty else { continue }
            let bytes = Self.hintBytes(value)
            if Self.negativeHints.matches(bytes) { weight -= 25 }
            if Self.positiveHints.matches(bytes) { weight += 25 }
        }
        return weight
    }

    private mutating func initialize(_ node: Int) {
        guard node < scores.count else { return }
        scored[node] = true
        var score: Double
        switch document.tag(node) {
        case .div: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: score = 0
        }
        scores[node] = score + classWeight(node)
    }

    /// `<article>`, `<main>` or `itemprop=articleBody` holding most of the page's text.
    private func semanticContainer() -> Int? {
        var best: Int?
        var node = document.following(document.body, within: document.body)
        while node != HTMLDocument.none {
            if document.isElement(node) {
                let itemprop = document.value(of: "itemprop", on: node) ?? ""
                if itemprop.contains("articleBody") {
                    if textLengths[node] >= 200 { return node }
                }
                if best == nil, document.tag(node) == .article, textLengths[node] >= 500 {
                    // Only one article on the page: several are a list of teasers.
                    best = node
                }
            }
            node = document.following(node, within: document.body)
        }
        guard let best else { return nil }
        let articles = document.elements(in: document.body, withTags: [.article]).filter { textLengths[$0] >= 500 }
        return articles.count == 1 ? best : nil
    }

    /// When several strong candidates sit under one ancestor, the article is that ancestor.
    private mutating func promoteToCommonAncestor(_ top: Int, alternatives: [Int]) -> Int {
        let strong = alternatives.filter { scores[$0] / max(scores[top], 0.0001) >= 0.75 }
        guard strong.count >= 3 else { return top }
        var parent = document.parent(top)
        while parent != HTMLDocument.none, document.tag(parent) != .body {
            let containing = strong.filter { document.isInside($0, parent) }.count
            if containing >= 3 {
                if !scored[parent] { initialize(parent) }
                return parent
            }
            parent = document.parent(parent)
        }
        return top
    }

    /// Moves up to a parent whose score is higher than the candidate's, as long as the
    /// scores on the way do not fall below a third of the candidate's.
    private mutating func climbWhileScoreRises(_ top: Int) -> Int {
        var candidate = top
        var lastScore = scores[candidate]
        let threshold = lastScore / 3
        var parent = document.parent(candidate)
        while parent != HTMLDocument.none, document.tag(parent) != .body {
            if !scored[parent] {
                parent = document.parent(parent)
                continue
            }
            let parentScore = scores[parent]
            if parentScore < threshold { break }
            if parentScore > lastScore {
                candidate = parent
                break
            }
            lastScore = parentScore
            parent = document.parent(parent)
        }
        return candidate
    }

    /// Puts the candidate and those of its siblings that look like part of the article
    /// (well scored, same class, or text paragraphs) into `container`.
    private mutating func gatherSiblings(of top: Int, into container: Int) {
        let topScore = scores[top]
        let threshold = max(10, topScore * 0.2)
        let parent = document.parent(top)
        guard parent != HTMLDocument.none else {
            document.append(top, to: container)
            return
        }
        let topClass = document.value(of: "class", on: top) ?? ""
        var sibling = document.firstChild(parent)
        while sibling != HTMLDocument.none {
            let next = document.nextSibling(sibling)
            var append = sibling == top
            if !append, document.isElement(sibling) {
                var bonus = 0.0
                if !topClass.isEmpty, document.value(of: "class", on: sibling) == topClass { bonus += topScore * 0.2 }
                if scored[sibling], scores[sibling] + bonus >= threshold {
                    append = true
                } else if document.tag(sibling) == .p {
                    let density = linkDensity(sibling)
                    let length = textLengths[sibling]
                    if length > 80, density < 0.25 {
                        append = true
                    } else if length < 80, length > 0, density == 0, endsWithSentence(sibling) {
                        append = true
                    }
                }
            }
            if append {
                // Table cells and list items make no sense outside their table or list.
                switch document.tag(sibling) {
                case .td, .th, .tr, .tbody, .thead, .tfoot, .li, .dd, .dt, .form, .other: document.setTag(.div, of: sibling)
                default: break
                }
                document.append(sibling, to: container)
            }
            sibling = next
        }
    }

    /// Levels above the candidate searched for an article split into blocks.
    static let blockScopeLevels = 3

    /// Page builders split an article into a row of blocks with one class ("section
    /// text-block", "container-fluid headline-with-text"): the blocks beside the one that
    /// holds the candidate, with its class and prose in them, are the article's too.
    /// Returns those before it and those after it, in page order.
    private func sameClassBlocks(around top: Int) -> (before: [Int], after: [Int]) {
        var block = document.parent(top)
        var levels = 0
        while block != HTMLDocument.none, block != document.body, levels < Self.blockScopeLevels {
            levels += 1
            let parent = document.parent(block)
            guard parent != HTMLDocument.none, let blockClass = document.attribute("class", of: block)?.rawValue,
                  blockClass.contains(where: { !isWhiteSpace($0) }) else {
                block = parent
                continue
            }
            var before: [Int] = []
            var after: [Int] = []
            var passedBlock = false
            for sibling in document.childElements(parent) {
                if sibling == block {
                    passedBlock = true
                    continue
                }
                guard document.tag(sibling) == document.tag(block),
                      document.attribute("class", of: sibling)?.rawValue.elementsEqual(blockClass) == true,
                      isProse(sibling) else { continue }
                if passedBlock { after.append(sibling) } else { before.append(sibling) }
            }
            if !before.isEmpty || !after.isEmpty { return (before, after) }
            block = parent
        }
        return ([], [])
    }

    /// Text enough and few links: a block of the article rather than a list or a menu.
    private func isProse(_ node: Int) -> Bool {
        node < textLengths.count && textLengths[node] >= 150 && linkDensity(node) < 0.25
    }

    private func endsWithSentence(_ node: Int) -> Bool {
        let text = document.textContent(node)
        return text.contains(". ") || text.hasSuffix(".")
    }
}

@inline(__always)
func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
}
