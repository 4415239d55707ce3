import Markup

/// Preparing the page: hidden and unlikely nodes out, text-only `div`s into paragraphs.
extension ContentAttempt {
    /// Whether the heading that repeats the title leaves the content (the reader view
    /// shows the title itself).
    static let removesTitleHeading = true

    static let unlikelyCandidates = KeywordMatcher([
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar", "kommentar", "comentario",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote", "cookie", "consent", "newsletter", "subscribe", "promo", "modal", "dialog", "navigation", "flyout",
    ])
    static let popUps = KeywordMatcher(["modal", "dialog", "popup", "overlay"])
    static let formControls = HTMLTagSet([.form, .input, .select, .textarea])
    static let hiddenStyles = KeywordMatcher(["display:none", "visibility:hidden"])
    static let maybeCandidate = KeywordMatcher(["and", "article", "body", "column", "content", "main", "mathjax", "shadow"])
    static let bylineHints = KeywordMatcher(["byline", "author", "dateline", "writtenby", "p-author"])
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    /// Walks the body once: removes what cannot be content, notes the byline, turns
    /// `div`s of text into paragraphs. Returns the elements to score.
    mutating func prepare() -> [Int] {
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
                // A hidden "Image source, " for screen readers labels the credit around it
                // ("PA Media"), which would stand alone once the label went: both go.
                if let credit = creditLabelledByHiddenText(node) {
                    node = removeAndGetNext(credit)
                    continue
                }
                node = removeAndGetNext(node)
                continue
            }
            if document.value(of: "aria-modal", on: node) == "true", document.value(of: "role", on: node) == "dialog" {
                node = removeAndGetNext(node)
                continue
            }
            let matchString = classAndID(node)
            if byline == nil, metadata.byline == nil, isByline(node, matchString: matchString) {
                let text = document.plainText(of: node).collapsingWhitespace()
                // An author's card says who they are in a sentence ("Sam Okafor is the energy
                // correspondent."): it leaves the text all the same, but names no byline.
                // A dateline names when, not who ("Sunday, Feb 1, 2015 11:57 AM UTC"): the
                // byline is looked for further on.
                if !Self.readsAsBiography(text), !BylineCleaner.isOnlyDate(text) { byline = text }
                node = removeAndGetNext(node)
                continue
            }
            if Self.removesTitleHeading, shouldRemoveTitleHeader, headerDuplicatesTitle(node) {
                shouldRemoveTitleHeader = false
                if let kicker = kicker(above: node) { document.remove(kicker) }
                node = removeAndGetNext(node)
                continue
            }
            // A pop-up with a form (a login dialog, a newsletter sign-up) is never the article,
            // even in the less strict attempts made when the first found too little text: a
            // video page's short description then lost to its login dialog's messages. Without
            // a form it may be: some sites show the article itself in a modal viewer.
            if Self.popUps.matches(matchString), !Self.maybeCandidate.matches(matchString), tag != .body,
               document.containsElement(in: node, withTags: Self.formControls) {
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

    mutating func removeAndGetNext(_ node: Int) -> Int {
        let next = document.following(node, within: document.body, skippingChildren: true)
        document.remove(node)
        return next
    }

    func classAndID(_ node: Int) -> [UInt8] {
        document.classAndID(of: node)
    }

    /// Class names that frameworks use to hide an element (Bootstrap, WordPress, …).
    static let hidingClasses: [[UInt8]] = [
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
            return (page.value(of: "class", on: node) ?? "").containsASCII("fallback-image")
        }
        return true
    }

    /// A sentence of six words or more, with its full stop: a biography, not a byline ("By
    /// Anna Berg and Tom Reed" has none).
    static func readsAsBiography(_ text: String) -> Bool {
        text.hasSuffix(".") && text.split(separator: " ").count >= 6
    }

    func isByline(_ node: Int, matchString: [UInt8]) -> Bool {
        let rel = document.value(of: "rel", on: node)
        let itemprop = document.value(of: "itemprop", on: node) ?? ""
        guard rel == "author" || itemprop.containsASCII("author") || Self.bylineHints.matches(matchString) else { return false }
        let length = textLength(of: node)
        return length > 0 && length < 100
    }

    /// The element a hidden label names as a picture's credit ("Image source, " inside the
    /// span that holds "PA Media"): its parent, when the parent is a line of a few words.
    func creditLabelledByHiddenText(_ hidden: Int) -> Int? {
        let label = document.textPrefix(of: hidden, limit: 40)
        guard label.isComplete, !label.bytes.isEmpty else { return nil }
        let lowered = ArticleContentCleaner.asciiLowercased(Array(label.bytes.drop(while: isWhiteSpace)))
        guard ArticleContentCleaner.pictureCreditLabels.contains(where: { lowered.starts(with: $0) }) else { return nil }
        let parent = document.parent(hidden)
        guard parent != HTMLDocument.none, parent != document.body, Self.creditLineTags.contains(document.tag(parent)) else { return nil }
        let line = document.textPrefix(of: parent, limit: 120)
        guard line.isComplete, line.bytes.split(whereSeparator: isWhiteSpace).count <= 10 else { return nil }
        return parent
    }

    /// The label set just above the title heading, its sibling with nothing between: the
    /// section or the kind of story ("Transports", "Local news", "EXCLUSIVE"). A few words,
    /// no sentence, no number (a date there is the date sweeps' to judge), one line.
    func kicker(above heading: Int) -> Int? {
        var previous = document.previousSibling(heading)
        while previous != HTMLDocument.none, document.isText(previous) {
            guard document.textBytes[document.textRange(previous)].allSatisfy(isWhiteSpace) else { return nil }
            previous = document.previousSibling(previous)
        }
        guard previous != HTMLDocument.none, document.isElement(previous), Self.kickerTags.contains(document.tag(previous)),
              !document.containsElement(in: previous, withTags: Self.notInKickers) else { return nil }
        let prefix = document.textPrefix(of: previous, limit: 64)
        guard prefix.isComplete else { return nil }
        let text = String(decoding: prefix.bytes, as: UTF8.self).collapsingWhitespace()
        let words = text.split(separator: " ")
        guard !words.isEmpty, words.count <= 4, text.count <= 40, text.contains(where: \.isLetter),
              !text.contains(where: \.isNumber), let last = text.last, !".!?:".contains(last) else { return nil }
        return previous
    }

    static let creditLineTags: HTMLTagSet = [.span, .p, .div, .small]

    static let kickerTags: HTMLTagSet = [.p, .div, .span, .a, .h2, .h3, .h4, .h5, .h6, .strong, .small]
    /// A picture is no label, and lines inside make a block of more than one line (a label
    /// over a subheading).
    static let notInKickers: HTMLTagSet = [.img, .picture, .svg, .video, .p, .div, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .br]

    func headerDuplicatesTitle(_ node: Int) -> Bool {
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

    func hasAncestor(_ node: Int, _ tags: HTMLTagSet) -> Bool {
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
    func isWithoutContent(_ node: Int) -> Bool {
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
    mutating func wrapPhrasingRuns(in div: Int) {
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

    mutating func trimTrailingWhitespace(_ paragraph: Int) {
        var last = document.lastChild(paragraph)
        while last != HTMLDocument.none, isWhitespaceText(last) {
            let previous = document.previousSibling(last)
            document.insert(last, before: paragraph)
            document.remove(last)
            last = previous
        }
    }

    func isWhitespaceText(_ node: Int) -> Bool {
        document.isText(node) && !document.textBytes[document.textRange(node)].contains(where: { !isWhiteSpace($0) })
    }

    func hasBlockChildElement(_ node: Int) -> Bool {
        var child = document.firstChild(node)
        while child != HTMLDocument.none {
            if document.isElement(child), Self.divToParagraphBlocks.contains(document.tag(child)) { return true }
            child = document.nextSibling(child)
        }
        return false
    }

    static let divToParagraphBlocks: HTMLTagSet = [.blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul]

    /// Whether any element inside is a block (`p`, `div`, lists, tables, images, …).
    func hasBlockChild(_ node: Int) -> Bool {
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isElement(current), Self.divToParagraphBlocks.contains(document.tag(current)) { return true }
            current = document.following(current, within: node)
        }
        return false
    }

    func singleParagraphChild(_ node: Int) -> Int? {
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

    static let phrasingTags: HTMLTagSet = [
        .abbr, .audio, .b, .bdo, .br, .button, .cite, .code, .data, .datalist, .dfn, .em, .embed, .i, .img, .input,
        .kbd, .label, .mark, .math, .meter, .noscript, .object, .output, .progress, .q, .ruby, .samp, .script,
        .select, .small, .span, .strong, .sub, .sup, .textarea, .time, .var, .wbr, .font, .u, .s, .strike, .tt, .big,
        .bdi, .nobr, .picture, .svg,
    ]

    func isPhrasingContent(_ node: Int) -> Bool {
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
}
