import Markup

/// Scores: class and id hints, paragraph scores given to ancestors, the best candidate.
extension ContentAttempt {
    static let positiveHints = KeywordMatcher([
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ])
    static let negativeHints = KeywordMatcher([
        "-ad-", "hidden", "^hid$", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "^tags$", "widget",
    ])

    /// Class or id bytes for hint matching, without the class names that describe what an
    /// element holds rather than what it is: `has-sharing`, `with-sidebar` (it has a share
    /// bar, a sidebar beside it), `field--label-hidden` (its label is hidden), and on a
    /// WordPress post (`hentry`, `status-publish`) the classes naming its categories and tags
    /// (`tag-social-media`, `category-comments`): words its author chose for the topic. A page
    /// builder's "widget" prefix goes too (`builderWidgetPrefixes`).
    static func hintBytes(_ value: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(value)
        var index = 0
        var isPublishedPost = false
        var taxonomyTokens: [Range<Int>] = []
        while index < bytes.count {
            while index < bytes.count, isWhiteSpace(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isWhiteSpace(bytes[index]) { index += 1 }
            let token = bytes[start..<index]
            guard let first = token.first else { continue }
            if isDescribingContents(token) {
                for offset in start..<index { bytes[offset] = UInt8(ascii: " ") }
                continue
            }
            // Each kind below starts with one of a few letters: the rest of the tokens pass
            // on one comparison (this runs for every element's class).
            switch first | 0x20 {
            case UInt8(ascii: "h"):
                if token.elementsEqual(publishedPostClasses[0]) { isPublishedPost = true }
            case UInt8(ascii: "e"), UInt8(ascii: "p"), UInt8(ascii: "s"):
                if let prefix = builderWidgetPrefixes.first(where: { hasPrefix(token, $0) }) {
                    // A page builder calls every block a widget ("elementor-widget-text-editor"):
                    // the word is its layout's; what follows says what the block is.
                    for offset in start..<(start + prefix.count) { bytes[offset] = UInt8(ascii: " ") }
                } else if token.elementsEqual(publishedPostClasses[1]) {
                    isPublishedPost = true
                }
            case UInt8(ascii: "t"), UInt8(ascii: "c"):
                if taxonomyPrefixes.contains(where: { token.count > $0.count && hasPrefix(token, $0) }) {
                    taxonomyTokens.append(start..<index)
                }
            default:
                continue
            }
        }
        if isPublishedPost {
            for range in taxonomyTokens {
                for offset in range { bytes[offset] = UInt8(ascii: " ") }
            }
        }
        return bytes
    }

    static let builderWidgetPrefixes: [[UInt8]] = ["elementor-widget", "so-widget", "panel-widget"].map { Array($0.utf8) }
    static let taxonomyPrefixes: [[UInt8]] = ["tag-", "category-"].map { Array($0.utf8) }
    static let publishedPostClasses: [[UInt8]] = ["hentry", "status-publish"].map { Array($0.utf8) }

    /// Whether `token` starts with `prefix` (lower-case ASCII), ignoring ASCII case.
    private static func hasPrefix(_ token: ArraySlice<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard token.count >= prefix.count else { return false }
        var index = token.startIndex
        for byte in prefix {
            guard token[index] | 0x20 == byte else { return false }
            index += 1
        }
        return true
    }

    static let containsPrefixes: [[UInt8]] = ["has-", "has_", "with-", "with_"].map { Array($0.utf8) }
    static let labelHidden = Array("label-hidden".utf8)

    static func isDescribingContents(_ token: ArraySlice<UInt8>) -> Bool {
        guard token.count > 4 else { return false }
        if containsPrefixes.contains(where: { token.count > $0.count && hasPrefix(token, $0) }) { return true }
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

    mutating func initialize(_ node: Int) {
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
    func semanticContainer() -> Int? {
        var best: Int?
        var node = document.following(document.body, within: document.body)
        while node != HTMLDocument.none {
            if document.isElement(node) {
                if document.isMarkedArticleBody(node), textLengths[node] >= Self.shortestMarkedBody { return node }
                if best == nil, document.tag(node) == .article, textLengths[node] >= Self.shortestStory {
                    // Only one article on the page: several are a list of teasers.
                    best = node
                }
            }
            node = document.following(node, within: document.body)
        }
        guard let best else { return nil }
        return storyArticles().count == 1 ? best : nil
    }

    /// The page's `<article>` elements that hold a story's worth of text, not a teaser's.
    func storyArticles() -> [Int] {
        document.elements(in: document.body, withTags: [.article]).filter { textLengths[$0] >= Self.shortestStory }
    }

    /// Text, in characters, that makes an `<article>` a story rather than a teaser.
    static let shortestStory = 500
    /// A marked article body with less text than this (characters) may be a stub the page's script fills.
    static let shortestMarkedBody = 200

    /// When several strong candidates sit under one ancestor, the article is that ancestor.
    mutating func promoteToCommonAncestor(_ top: Int, alternatives: [Int]) -> Int {
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
    mutating func climbWhileScoreRises(_ top: Int) -> Int {
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
    mutating func gatherSiblings(of top: Int, into container: Int) {
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
    func sameClassBlocks(around top: Int) -> (before: [Int], after: [Int]) {
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
    func isProse(_ node: Int) -> Bool {
        node < textLengths.count && textLengths[node] >= 150 && linkDensity(node) < 0.25
    }

    func endsWithSentence(_ node: Int) -> Bool {
        let text = document.textContent(node)
        return text.contains(". ") || text.hasSuffix(".")
    }
}
