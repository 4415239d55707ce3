import Markup

/// Cleans the content found on a page into what a reader view may show: restores lazy
/// images, removes what is not article (share bars, forms, link lists, empty blocks,
/// embeds), makes every URL absolute, and keeps only an allowlist of elements and
/// attributes, so no script, event handler, style or `javascript:` URL survives.
struct ArticleContentCleaner {
    private(set) var document: HTMLDocument
    let baseURL: String?
    var cleanConditionally = true
    /// The first image's URL in the cleaned content (a lead image when the page names none).
    private(set) var firstImageURL: String?
    /// Elements just before a removed block: a label such as "Read also:" may be among them.
    private var beforeRemovedBlocks: [Int] = []
    /// Lists that lost items as teaser cards.
    private var listsWithRemovedCards: Set<Int> = []
    /// The content being cleaned.
    private var cleanedRoot = HTMLDocument.none
    /// The standfirst the finder brought from the article's header: its class often says
    /// "teaser" or "intro", which elsewhere marks boilerplate, so no rule removes it.
    var standfirst = HTMLDocument.none

    init(document: HTMLDocument, baseURL: String?) {
        self.document = document
        self.baseURL = baseURL
    }

    mutating func clean(_ content: Int) {
        cleanedRoot = content
        fixLazyImages(content)
        removeAll(in: content, tags: [.script, .style, .noscript, .template, .link, .meta, .object, .embed, .footer,
                                      .aside, .input, .textarea, .select, .button, .nav, .dialog, .svg, .canvas,
                                      .frame, .frameset, .applet, .noembed, .noframes, .title, .base, .head])
        removeNonVideoFrames(content)
        removeShareElements(content)
        removeNegativeHeaders(content)
        for tag: HTMLTag in [.form, .fieldset, .table, .ul, .div] {
            removeConditionally(in: content, tag: tag)
        }
        removeInlineTeasers(content)
        removeTeaserCards(content)
        removeEmptiedLists(content)
        removeImageCredits(content)
        removeAdvertisingNotices(content)
        removeFollowUsLines(content)
        removeLeadingDateLines(content)
        removeOrphanedLabels(content)
        for heading in document.elements(in: content, withTags: [.h1]) { document.setTag(.h2, of: heading) }
        removeEmptyParagraphs(content)
        removeHeadingsWithoutSection(content)
        unwrapSingleCellTables(content)
        simplifyNestedContainers(content)
        sanitize(content)
    }

    // MARK: - Images

    private static let imageExtensions = ["jpg", "jpeg", "png", "webp", "gif", "avif"]

    /// Lazy-loading pages keep the real image URL in `data-src` and friends and a
    /// placeholder in `src`: move the real one into place.
    private mutating func fixLazyImages(_ content: Int) {
        for image in document.elements(in: content, withTags: [.img, .picture, .figure, .source]) {
            let source = document.value(of: "src", on: image) ?? ""
            let isPlaceholder = source.isEmpty || (source.hasPrefix("data:") && source.utf8.count < 200)
                || source.lowercased().contains("placeholder") || source.lowercased().contains("blank.gif")
                || source.lowercased().contains("spacer")
            let hasSourceSet = !(document.value(of: "srcset", on: image) ?? "").isEmpty
            guard isPlaceholder || !hasSourceSet && (document.value(of: "class", on: image) ?? "").lowercased().contains("lazy") else {
                continue
            }
            for attribute in document.attributes(of: image) {
                let name = attribute.name
                guard name != "src", name != "srcset", name != "alt", name.hasPrefix("data-") || name == "original" else { continue }
                let value = attribute.value.trimmingCharacters(in: .whitespaces)
                let lowered = value.lowercased()
                guard Self.imageExtensions.contains(where: { lowered.contains("." + $0) }) || name.hasSuffix("src") && lowered.hasPrefix("http") else { continue }
                if value.contains(" "), value.contains(",") || lowered.range(of: #"\s\d+[wx]"#, options: .regularExpression) != nil {
                    if !hasSourceSet { document.setAttribute("srcset", to: value, on: image) }
                } else if !value.contains(" ") {
                    if document.tag(image) == .img || document.tag(image) == .source {
                        document.setAttribute("src", to: value, on: image)
                    } else if document.tag(image) == .figure, document.elements(in: image, withTags: [.img, .picture]).isEmpty {
                        let newImage = document.createElement(.img)
                        document.setAttribute("src", to: value, on: newImage)
                        document.append(newImage, to: image)
                    }
                    break
                }
            }
        }
    }

    // MARK: - Removing what is not article

    /// Removes a block judged not to be article; when it is a list of links to other pages
    /// (related stories, a teaser), notes the element before it, which may be its label.
    private mutating func removeBlock(_ node: Int) {
        guard !isStandfirst(node) else { return }
        guard isLinkList(node) else {
            document.remove(node)
            return
        }
        // The block a label introduces may be wrapped (a paragraph in a quote): look before the wrapper.
        var anchor = node
        while document.parent(anchor) != HTMLDocument.none, document.parent(anchor) != cleanedRoot,
              document.childElements(document.parent(anchor)).count == 1 {
            anchor = document.parent(anchor)
        }
        var previous = document.previousSibling(anchor)
        while previous != HTMLDocument.none, !document.isElement(previous) { previous = document.previousSibling(previous) }
        if previous != HTMLDocument.none { beforeRemovedBlocks.append(previous) }
        document.remove(node)
    }

    private func isStandfirst(_ node: Int) -> Bool {
        standfirst != HTMLDocument.none && (node == standfirst || document.isInside(standfirst, node))
    }

    /// A short label ("Read also:", "Related coverage", "More on this topic?") whose list of
    /// links or teaser was removed, or that ends the content with a colon, introduces nothing.
    private mutating func removeOrphanedLabels(_ content: Int) {
        for label in beforeRemovedBlocks where document.isInside(label, content) && label != content && !isStandfirst(label) {
            if isLabel(label) || isTitleOfEmptiedBox(label) { document.remove(label) }
        }
        // A colon at the very end announces something that is gone.
        var last = document.lastChild(content)
        while last != HTMLDocument.none {
            if document.isText(last), document.textBytes[document.textRange(last)].allSatisfy(isWhiteSpace) {
                last = document.previousSibling(last)
                continue
            }
            guard document.isElement(last) else { break }
            if !isLabel(last) {
                // Look inside the last wrapper for the last line.
                guard Self.wrapperTags.contains(document.tag(last)), document.lastChild(last) != HTMLDocument.none else { break }
                last = document.lastChild(last)
                continue
            }
            let prefix = document.textPrefix(of: last, limit: 200)
            guard prefix.bytes.reversed().first(where: { !isWhiteSpace($0) }) == UInt8(ascii: ":"), !isStandfirst(last) else { break }
            let previous = document.previousSibling(last)
            document.remove(last)
            last = previous
        }
    }

    private static let boxTitleTags: HTMLTagSet = [.p, .div, .span, .strong, .b, .h2, .h3, .h4, .h5, .h6]

    /// A short title left alone in its box ("More on this topic", "Popular posts") once the
    /// list of links it announced was removed: the box held nothing else.
    private func isTitleOfEmptiedBox(_ label: Int) -> Bool {
        guard Self.boxTitleTags.contains(document.tag(label)), !hasBlockChildElement(label) else { return false }
        let box = document.parent(label)
        guard box != HTMLDocument.none, box != cleanedRoot, Self.wrapperTags.contains(document.tag(box)) || document.tag(box) == .header else {
            return false
        }
        let prefix = document.textPrefix(of: box, limit: 240)
        guard prefix.isComplete else { return false }
        let length = Self.trimmedLength(prefix.bytes)
        guard length > 0, length < 80, Self.trimmedLength(document.textPrefix(of: label, limit: 240).bytes) * 10 >= length * 9 else {
            return false
        }
        guard let lastByte = prefix.bytes.reversed().first(where: { !isWhiteSpace($0) }) else { return false }
        return lastByte != UInt8(ascii: ".") && lastByte != UInt8(ascii: "!")
    }

    /// Characters without the white space around them.
    private static func trimmedLength(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.firstIndex(where: { !isWhiteSpace($0) }), let last = bytes.lastIndex(where: { !isWhiteSpace($0) }) else { return 0 }
        return ContentAttempt.characterCount(bytes[first...last])
    }

    /// Mostly links, with words in them (a bare address is an embed, not a teaser).
    private func isLinkList(_ node: Int) -> Bool {
        let stats = statistics(of: node)
        guard stats.textLength > 0, stats.linkLength >= 0.3 * Double(stats.textLength) else { return false }
        let prefix = document.textPrefix(of: node, limit: 200).bytes
        return prefix.split(whereSeparator: isWhiteSpace).count >= 3
    }

    private static let wrapperTags: HTMLTagSet = [.div, .section, .article, .main]
    private static let labelTags: HTMLTagSet = [.p, .div]

    /// A line of fewer than 80 characters without links that reads as a label: bold, or
    /// ending with a colon or a question mark ("Read also:", "Seen this?").
    private func isLabel(_ node: Int) -> Bool {
        let tag = document.tag(node)
        guard Self.labelTags.contains(tag), !hasBlockChildElement(node) else { return false }
        let prefix = document.textPrefix(of: node, limit: 240)
        guard prefix.isComplete else { return false }
        let length = ContentAttempt.characterCount(prefix.bytes[...])
        guard length > 0, length < 80,
              document.elements(in: node, withTags: [.a, .img, .picture, .video, .iframe]).isEmpty else { return false }
        guard let lastByte = prefix.bytes.reversed().first(where: { !isWhiteSpace($0) && $0 != 0xA0 && $0 != 0xC2 }) else { return false }
        return lastByte == UInt8(ascii: ":") || lastByte == UInt8(ascii: "?") || isAllBold(node)
    }

    /// Whether all the text of `node` sits inside `strong` or `b` elements.
    private func isAllBold(_ node: Int) -> Bool {
        var current = document.following(node, within: node)
        var sawText = false
        while current != HTMLDocument.none {
            if document.isText(current), !document.textBytes[document.textRange(current)].allSatisfy(isWhiteSpace) {
                var ancestor = document.parent(current)
                var bold = false
                while ancestor != node, ancestor != HTMLDocument.none {
                    if document.tag(ancestor) == .strong || document.tag(ancestor) == .b { bold = true }
                    ancestor = document.parent(ancestor)
                }
                if !bold { return false }
                sawText = true
            }
            current = document.following(current, within: node)
        }
        return sawText
    }

    private mutating func removeAll(in content: Int, tags: HTMLTagSet) {
        for node in document.elements(in: content, withTags: tags) { document.remove(node) }
    }

    private static let videoHosts = KeywordMatcher([
        "youtube.com", "youtube-nocookie.com", "youtu.be", "player.vimeo.com", "dailymotion.com", "player.twitch.tv",
        "archive.org", "upload.wikimedia.org", "bilibili.com", "v.qq.com", "live.bilibili.com",
    ])

    /// Video embeds stay (as links after sanitizing); every other frame goes.
    private mutating func removeNonVideoFrames(_ content: Int) {
        for frame in document.elements(in: content, withTags: [.iframe]) {
            let source = document.value(of: "src", on: frame) ?? ""
            if Self.videoHosts.matches(source) {
                let link = document.createElement(.a)
                let url = URLResolver.resolve(source, against: baseURL)
                document.setAttribute("href", to: url, on: link)
                let text = document.createText(url)
                document.append(text, to: link)
                let paragraph = document.createElement(.p)
                document.append(link, to: paragraph)
                document.replace(frame, with: paragraph)
            } else {
                document.remove(frame)
            }
        }
    }

    private static let shareHints = KeywordMatcher([
        "share", "sharedaddy", "social", "sharing", "print-", "newsletter", "subscribe", "related", "recommend",
        "comments", "comment-", "disqus", "advert", "sponsor", "promo", "cookie", "consent", "paywall", "byline-share",
        "^tags$", "tag-list", "breadcrumb", "pagination", "author-bio", "outbrain", "taboola",
        "post-meta", "entry-meta", "article-meta", "meta-data", "dateline", "signup", "teaser", "widget", "toolbar",
        "rating", "follow", "donate", "banner", "read-more", "readmore", "more-articles", "also-read",
        "ez-toc", "toc_container", "table-of-contents", "^toc", "utility", "postmetadata", "entryfooter", "entry-footer",
        "post-footer", "authorbox", "author-box", "infobox", "read-time", "menu-item", "sub_menu", "nav-sub",
        "user-info", "post-signature", "most-read", "mostread", "similar", "next-post", "previous-post", "prev-post",
        "post-navigation", "nav-links", "nextstory", "prevstory", "more-stories", "interesting", "disclaimer", "loading",
        "download-list", "recipe-jump", "rss", "post-author",
    ])

    /// Small blocks whose class or id says share, related, newsletter, comments, tags….
    private mutating func removeShareElements(_ content: Int) {
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), node != content {
                let hint = classAndIDBytes(node)
                if hint.count > 1, Self.shareHints.matches(hint), !Self.isArticleBodyHint(hint),
                   isSmallOrMostlyLinks(node) {
                    let next = document.following(node, within: content, skippingChildren: true)
                    removeBlock(node)
                    node = next
                    continue
                }
            }
            node = document.following(node, within: content)
        }
    }

    /// Whether a class name says "article body" and nothing else: a part of the body
    /// named after it ("ArticleBody-related-coverage", "entry-content-share") is not it.
    private static func isArticleBodyHint(_ hint: [UInt8]) -> Bool {
        for token in hint.split(whereSeparator: isWhiteSpace) {
            let bytes = Array(token)
            if contentHints.matches(bytes), !shareHints.matches(bytes) { return true }
        }
        return false
    }

    private func isSmallOrMostlyLinks(_ node: Int) -> Bool {
        let stats = statistics(of: node)
        return stats.textLength < 500 || stats.linkLength > 0.5 * Double(stats.textLength)
    }

    private static let contentHints = KeywordMatcher(["article-body", "articlebody", "post-content", "entry-content", "story-body", "main-content"])

    private static let negativeHints = KeywordMatcher([
        "-ad-", "hidden", "^hid$", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "^tags$", "widget",
    ])
    private static let positiveHints = KeywordMatcher([
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ])

    func classWeight(_ node: Int) -> Double {
        var weight = 0.0
        for name in ["class", "id"] {
            guard let value = document.attribute(name, of: node)?.rawValue, !value.isEmpty else { continue }
            let bytes = ContentAttempt.hintBytes(value)
            if Self.negativeHints.matches(bytes) { weight -= 25 }
            if Self.positiveHints.matches(bytes) { weight += 25 }
        }
        return weight
    }

    private mutating func removeNegativeHeaders(_ content: Int) {
        for heading in document.elements(in: content, withTags: [.h1, .h2]) where classWeight(heading) < 0 && !isStandfirst(heading) {
            document.remove(heading)
        }
    }

    /// "Read more: <link>", "See also: <link>" lines inside the article point to other
    /// articles: a short block whose text is mostly one link after a label and a colon.
    static let linkLineLength = 120

    private mutating func removeInlineTeasers(_ content: Int) {
        for node in document.elements(in: content, withTags: [.p, .h2, .h3, .h4, .h5, .h6, .li, .div, .strong, .b]).reversed() {
            guard document.isInside(node, content) else { continue }
            let prefix = document.textPrefix(of: node, limit: 400)
            guard prefix.isComplete else { continue }
            let colon = prefix.bytes.firstIndex(where: { $0 == UInt8(ascii: ":") })
            let labelled = colon.map { prefix.bytes[..<$0].drop(while: isWhiteSpace).count <= 40 } ?? false
            let length = ContentAttempt.characterCount(prefix.bytes[...])
            guard length < (labelled ? 250 : Self.linkLineLength) else { continue }
            let stats = statistics(of: node)
            guard stats.textLength > 0, stats.linkLength / Double(stats.textLength) >= (labelled ? 0.4 : 0.6) else { continue }
            if stats.paragraphs > 1 { continue }
            removeBlock(node)
        }
    }

    private static let cardBlockTags: HTMLTagSet = [.p, .div, .h2, .h3, .h4, .h5, .h6, .figure, .figcaption]

    /// A link around a picture and a block of text (a headline, a summary) is a card
    /// that leads to another article: it goes with the item that holds only it.
    private mutating func removeTeaserCards(_ content: Int) {
        for link in document.elements(in: content, withTags: [.a]).reversed() where document.isInside(link, content) {
            guard !document.elements(in: link, withTags: [.img, .picture]).isEmpty,
                  !document.elements(in: link, withTags: Self.cardBlockTags).isEmpty,
                  Self.trimmedLength(document.textPrefix(of: link, limit: 200).bytes) >= 20 else { continue }
            var card = link
            while document.parent(card) != HTMLDocument.none, document.parent(card) != content,
                  document.childElements(document.parent(card)).count == 1 {
                card = document.parent(card)
            }
            guard !isStandfirst(card) else { continue }
            let parent = document.parent(card)
            if document.tag(card) == .li, parent != HTMLDocument.none { listsWithRemovedCards.insert(parent) }
            document.remove(card)
        }
    }

    /// A list whose every item was a teaser is now empty: it goes, and its title with it.
    private mutating func removeEmptiedLists(_ content: Int) {
        for list in document.elements(in: content, withTags: [.ul, .ol]).reversed() where document.isInside(list, content) {
            // What may be left: its title as an item ("Related stories"), an "Advertisement" label.
            let items = document.childElements(list).filter { document.tag($0) == .li && hasWords($0) }
            guard items.count <= 1, document.elements(in: list, withTags: [.img, .picture, .video]).isEmpty else { continue }
            if !items.isEmpty {
                guard listsWithRemovedCards.contains(list), Self.trimmedLength(document.textPrefix(of: list, limit: 240).bytes) < 80,
                      document.elements(in: list, withTags: [.a]).isEmpty else { continue }
            }
            var previous = document.previousSibling(list)
            while previous != HTMLDocument.none, !document.isElement(previous) { previous = document.previousSibling(previous) }
            if previous != HTMLDocument.none { beforeRemovedBlocks.append(previous) }
            document.remove(list)
        }
    }

    /// Whether any text inside is more than white space.
    private func hasWords(_ node: Int) -> Bool {
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isText(current), document.textBytes[document.textRange(current)].contains(where: { !isWhiteSpace($0) }) { return true }
            current = document.following(current, within: node)
        }
        return false
    }

    private mutating func removeEmptyParagraphs(_ content: Int) {
        for paragraph in document.elements(in: content, withTags: [.p, .figcaption]).reversed() {
            if document.elements(in: paragraph, withTags: [.img, .embed, .object, .iframe, .picture, .video]).isEmpty,
               textLength(of: paragraph) == 0 {
                document.remove(paragraph)
            }
        }
    }

    private static let creditHints = KeywordMatcher(["credit", "copyright", "photographer", "image-source", "img-source", "photo-source", "source-image", "caption__source", "imagecredit", "fotograf"])
    private static let captionHints = KeywordMatcher(["wp-caption-text", "caption-text", "media-caption", "img__caption", "image-caption", "imagecaption", "caption__small", "photo-caption"])
    private static let creditWords = KeywordMatcher([
        "^foto", "^photo", "^bild", "^image", "^imagen", "^crédit", "^credit", "^quelle", "getty", "reuters", "shutterstock",
        "©", "(c)", "dpa", "afp", "istock", "/ap", "^ap ", "picture alliance", "imago", "keystone", "epa", "wenn.com", "^source", "^fuente",
    ])

    private static let strongCreditWords = KeywordMatcher([
        "©", "(c)", "getty images", "reuters/", "shutterstock", "istock", "picture alliance", "picture-alliance", "imago",
    ])

    /// Photo credits (by class, or a short caption that names an agency or starts with
    /// "Foto:"/"Photo:"): a caption may describe the picture, a credit is not article text.
    private mutating func removeImageCredits(_ content: Int) {
        // A few pictures beside the text illustrate it, and their captions repeat it or
        // credit the photographer; in a story told in pictures the captions carry it.
        var captions = 0
        for node in document.elements(in: content, withTags: [.figcaption, .div, .p, .span]) {
            if document.tag(node) == .figcaption {
                captions += 1
            } else {
                let hint = classAndIDBytes(node)
                if !hint.isEmpty, Self.captionHints.matches(hint) { captions += 1 }
            }
        }
        let removesCaptions = captions <= Self.maximumIllustrationCaptions
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), node != content {
                let hint = classAndIDBytes(node)
                let isCaption = document.tag(node) == .figcaption
                var remove = !hint.isEmpty && (Self.creditHints.matches(hint) || (!isCaption && Self.captionHints.matches(hint)))
                if !remove, isCaption || isInsideFigure(node, within: content) || followsImage(node) {
                    // A short line may name an agency by its initials; a longer caption only
                    // counts as a credit by a sign or a name that cannot be part of a word.
                    let prefix = document.textPrefix(of: node, limit: Self.creditCaptionBytes)
                    let words = prefix.bytes.filter { $0 != UInt8(ascii: ":") }.drop(while: isWhiteSpace).map { $0 }
                    if prefix.isComplete, prefix.bytes.count <= 80 ? Self.creditWords.matches(words) : Self.strongCreditWords.matches(words) {
                        remove = true
                    }
                }
                let isPictureCaption = isCaption || (!hint.isEmpty && Self.captionHints.matches(hint))
                if isPictureCaption, removesCaptions { remove = true }
                if remove, isPictureCaption && removesCaptions || textLength(of: node) < Self.creditCaptionBytes, !isStandfirst(node) {
                    let next = document.following(node, within: content, skippingChildren: true)
                    document.remove(node)
                    node = next
                    continue
                }
            }
            node = document.following(node, within: content)
        }
    }

    /// A caption that names a photographer or an agency and is at most this long (in
    /// bytes) is a credit line.
    static let creditCaptionBytes = 200

    private static let textBlockTags: HTMLTagSet = [.div, .p, .span, .small]

    /// A short text block right after a picture (or a link around one) is its caption.
    private func followsImage(_ node: Int) -> Bool {
        guard Self.textBlockTags.contains(document.tag(node)) else { return false }
        var previous = document.previousSibling(node)
        while previous != HTMLDocument.none, !document.isElement(previous) {
            if document.textBytes[document.textRange(previous)].contains(where: { !isWhiteSpace($0) }) { return false }
            previous = document.previousSibling(previous)
        }
        guard previous != HTMLDocument.none else { return false }
        let tag = document.tag(previous)
        if tag == .img || tag == .picture || tag == .figure { return true }
        guard tag == .a || tag == .div || tag == .span else { return false }
        return !document.elements(in: previous, withTags: [.img, .picture]).isEmpty && !hasWords(previous)
    }

    /// Captions up to this many are an article's illustrations; more tell a story in pictures.
    static let maximumIllustrationCaptions = 3

    /// Whether a `figure` or `figcaption` encloses `node` within a few levels (captions
    /// are shallow; a bounded look keeps this cheap for every element).
    private func isInsideFigure(_ node: Int, within root: Int) -> Bool {
        var current = document.parent(node)
        var levels = 0
        while current != HTMLDocument.none, current != root, levels < 6 {
            let tag = document.tag(current)
            if tag == .figure || tag == .figcaption { return true }
            current = document.parent(current)
            levels += 1
        }
        return false
    }

    private func classAndIDBytes(_ node: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        if let className = document.attribute("class", of: node) { bytes.append(contentsOf: ContentAttempt.hintBytes(className.rawValue)) }
        if let id = document.attribute("id", of: node) {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: id.rawValue)
        }
        return bytes
    }

    /// Short lines near the top that only carry a date ("23.10.2018", "Updated: March 4,
    /// 2026", a `<time>`) are the page's furniture, not the article. They sit before the
    /// first paragraph or between the standfirst and the body, so the walk goes through
    /// wrappers and past one long block, and stops at the second.
    private mutating func removeLeadingDateLines(_ content: Int) {
        var node = document.following(content, within: content)
        var removals: [Int] = []
        var longBlocks = 0
        var visits = 0
        while node != HTMLDocument.none, visits < 300 {
            visits += 1
            guard document.isElement(node) else {
                node = document.following(node, within: content)
                continue
            }
            let tag = document.tag(node)
            let isLine = Self.dateLineTags.contains(tag) && !hasBlockChildElement(node)
            let prefix = document.textPrefix(of: node, limit: 200)
            let length = ContentAttempt.characterCount(prefix.bytes[...])
            if !prefix.isComplete || length >= 100 {
                guard isLine else {
                    // A wrapper: its lines are inside.
                    node = document.following(node, within: content)
                    continue
                }
                longBlocks += 1
                if longBlocks >= 2 { break }
                node = document.following(node, within: content, skippingChildren: true)
                continue
            }
            let isDateLine = length < 60
                && (Self.looksLikeDate(prefix.bytes) || (tag == .time ? [node] : document.elements(in: node, withTags: [.time])).contains(where: isDate))
            if isLine, length > 0, isDateLine || length < Self.maximumDatelineLength && Self.endsWithDate(prefix.bytes) {
                removals.append(node)
                node = document.following(node, within: content, skippingChildren: true)
                continue
            }
            node = document.following(node, within: content)
        }
        for node in removals where !isStandfirst(node) { document.remove(node) }
    }

    /// Lines longer than this are prose, whatever they end with.
    static let maximumDatelineLength = 150

    /// A `<time>` that holds a day (not a duration such as a recipe's cooking time).
    private func isDate(_ time: Int) -> Bool {
        if let datetime = document.value(of: "datetime", on: time), PublishedDateParser.writtenDay(of: datetime) != nil { return true }
        return Self.looksLikeDate(document.textPrefix(of: time, limit: 80).bytes)
    }

    private static let dateLineTags: HTMLTagSet = [.p, .div, .span, .time, .small, .h4, .h5, .h6]
    private static let blockTags: HTMLTagSet = [
        .p, .div, .section, .article, .header, .ul, .ol, .dl, .table, .blockquote, .figure, .pre, .h1, .h2, .h3, .h4, .h5, .h6,
    ]

    /// Whether one of the element's children is a block (a bounded look at the children).
    private func hasBlockChildElement(_ node: Int) -> Bool {
        var child = document.firstChild(node)
        var checked = 0
        while child != HTMLDocument.none, checked < 100 {
            if document.isElement(child), Self.blockTags.contains(document.tag(child)) { return true }
            child = document.nextSibling(child)
            checked += 1
        }
        return false
    }

    /// A year (19xx/20xx) with a day and month around it, or `dd.mm.` / `dd/mm/`.
    static func looksLikeDate(_ bytes: [UInt8]) -> Bool {
        var digitsRun = 0
        var hasYear = false
        var numberGroups = 0
        for (index, byte) in bytes.enumerated() {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digitsRun += 1
                if digitsRun == 4, index >= 3, bytes[index - 3] == UInt8(ascii: "1") || bytes[index - 3] == UInt8(ascii: "2") { hasYear = true }
            } else {
                if digitsRun > 0 { numberGroups += 1 }
                digitsRun = 0
            }
        }
        if digitsRun > 0 { numberGroups += 1 }
        let letters = bytes.filter { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || $0 >= 0xC0 }.count
        return hasYear && numberGroups >= 2 && letters <= 30
    }

    /// Whether a line ends with a full date (a day, a month's name or number, a year) and
    /// maybe a time, as a byline or a dateline does ("Anna Berg, Monday 4 March 2024, 10:27",
    /// "Posted on March 4, 2024", "04.03.2024 10:27"). A sentence that ends on a date ends
    /// with a full stop; a year alone ("since 1952") is no date.
    static func endsWithDate(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        while end > 0, isWhiteSpace(bytes[end - 1]) || bytes[end - 1] == 0xA0 || bytes[end - 1] == 0xC2 { end -= 1 }
        guard end > 0, bytes[end - 1] != UInt8(ascii: "."), bytes[end - 1] != UInt8(ascii: "!"), bytes[end - 1] != UInt8(ascii: "?") else {
            return false
        }
        // The last few words and numbers, from the end.
        var tokens: [(isNumber: Bool, length: Int, isYear: Bool)] = []
        var index = end
        while index > 0, tokens.count < 8 {
            let byte = bytes[index - 1]
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= 0x80
            guard isDigit || isLetter else {
                index -= 1
                continue
            }
            let tokenEnd = index
            if isDigit {
                while index > 0, bytes[index - 1] >= UInt8(ascii: "0"), bytes[index - 1] <= UInt8(ascii: "9") { index -= 1 }
            } else {
                while index > 0, (bytes[index - 1] | 0x20) >= UInt8(ascii: "a") && (bytes[index - 1] | 0x20) <= UInt8(ascii: "z") || bytes[index - 1] >= 0x80 {
                    index -= 1
                }
            }
            let length = tokenEnd - index
            let isYear = isDigit && length == 4 && (bytes[index] == UInt8(ascii: "1") || bytes[index] == UInt8(ascii: "2"))
            tokens.append((isDigit, length, isYear))
        }
        // An "am", "pm" or "Uhr" after the time.
        if let last = tokens.first, !last.isNumber, last.length <= 3, tokens.count > 1, tokens[1].isNumber { tokens.removeFirst() }
        // After the year only numbers (a time); next to it a day (or the month's number),
        // perhaps with the month's name between.
        // ("um 10:27 Uhr", "at 10:27 am": one short word may come before the time.)
        guard let yearIndex = tokens.firstIndex(where: \.isYear), yearIndex <= 5,
              tokens[..<yearIndex].filter({ !$0.isNumber }).allSatisfy({ $0.length <= 3 }),
              tokens[..<yearIndex].filter({ !$0.isNumber }).count <= 1 else {
            return false
        }
        let isDay = { (token: (isNumber: Bool, length: Int, isYear: Bool)) in token.isNumber && token.length <= 2 }
        if yearIndex > 0, isDay(tokens[yearIndex - 1]) { return true }
        if yearIndex + 1 < tokens.count, isDay(tokens[yearIndex + 1]) { return true }
        if yearIndex + 2 < tokens.count, !tokens[yearIndex + 1].isNumber, tokens[yearIndex + 1].length <= 12, isDay(tokens[yearIndex + 2]) {
            return true
        }
        return false
    }

    /// A heading with no text after it ("Related stories" whose links were removed) or
    /// followed directly by a heading of the same or higher rank introduces nothing.
    private mutating func removeHeadingsWithoutSection(_ content: Int) {
        for heading in document.elements(in: content, withTags: [.h2, .h3, .h4, .h5, .h6]).reversed() {
            var next = document.following(heading, within: content, skippingChildren: true)
            var hasTextAfter = false
            var visits = 0
            while next != HTMLDocument.none {
                visits += 1
                if visits > 500 {
                    // Far enough: whatever follows, this heading is not the last thing.
                    hasTextAfter = true
                    break
                }
                if document.isText(next), document.textBytes[document.textRange(next)].contains(where: { !isWhiteSpace($0) }) {
                    hasTextAfter = true
                    break
                }
                if document.isElement(next), [.img, .picture, .video, .table].contains(document.tag(next)) {
                    hasTextAfter = true
                    break
                }
                if document.isElement(next), let rank = Self.headingRank(document.tag(next)),
                   let ownRank = Self.headingRank(document.tag(heading)), rank <= ownRank {
                    // A sentence set as a heading (a standfirst) is text, whatever follows it.
                    hasTextAfter = textLength(of: heading) >= Self.sentenceHeadingLength
                    break
                }
                next = document.following(next, within: content)
            }
            if !hasTextAfter, !isStandfirst(heading) { document.remove(heading) }
        }
    }

    /// Headings this long are sentences, not the titles of sections.
    static let sentenceHeadingLength = 80

    private static func headingRank(_ tag: HTMLTag) -> Int? {
        switch tag {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }

    private mutating func unwrapSingleCellTables(_ content: Int) {
        for table in document.elements(in: content, withTags: [.table]).reversed() {
            let rows = document.elements(in: table, withTags: [.tr])
            guard rows.count == 1, let row = rows.first else { continue }
            let cells = document.childElements(row).filter { document.tag($0) == .td || document.tag($0) == .th }
            guard cells.count == 1, let cell = cells.first else { continue }
            let hasBlocks = !document.elements(in: cell, withTags: [.p, .div, .ul, .ol, .table, .blockquote, .pre, .h2, .h3]).isEmpty
            document.setTag(hasBlocks ? .div : .p, of: cell)
            document.replace(table, with: cell)
        }
    }

    /// A `div` or `section` whose only child is another one is replaced by that child.
    private mutating func simplifyNestedContainers(_ content: Int) {
        for node in document.elements(in: content, withTags: [.div, .section]).reversed() {
            let children = document.childElements(node)
            guard children.count == 1, let child = children.first,
                  document.tag(child) == .div || document.tag(child) == .section else { continue }
            var hasText = false
            var current = document.firstChild(node)
            while current != HTMLDocument.none {
                if document.isText(current), document.textBytes[document.textRange(current)].contains(where: { !isWhiteSpace($0) }) {
                    hasText = true
                }
                current = document.nextSibling(current)
            }
            if !hasText { document.unwrap(node) }
        }
    }

    // MARK: - Conditional cleaning

    private struct Statistics {
        var textLength = 0
        var linkLength = 0.0
        var commas = 0
        var paragraphs = 0
        var images = 0
        var listItems = 0
        var inputs = 0
        var headingLength = 0
        var listLength = 0
        var textishLength = 0
        var embeds = 0
    }

    /// The statistics of everything inside `root`, in one walk that keeps counts of the
    /// open links, headings, lists and text blocks (no ancestor walks per text node).
    private func statistics(of root: Int) -> Statistics {
        var stats = Statistics()
        var links = 0, headings = 0, lists = 0, textish = 0
        var linkWeight = 1.0
        func enter(_ node: Int) {
            guard document.isElement(node) else { return }
            switch document.tag(node) {
            case .p: stats.paragraphs += 1; textish += 1
            case .img: stats.images += 1; textish += 1
            case .li: stats.listItems += 1; textish += 1
            case .input: stats.inputs += 1
            case .object, .embed, .iframe: stats.embeds += 1
            case .a:
                if links == 0 {
                    linkWeight = document.attribute("href", of: node)?.rawValue.first == UInt8(ascii: "#") ? 0.3 : 1
                }
                links += 1
            case .h1, .h2, .h3, .h4, .h5, .h6: headings += 1
            case .ul, .ol: lists += 1; textish += 1
            case .span, .td, .blockquote, .dl, .div, .pre, .table: textish += 1
            default: break
            }
        }
        func leave(_ node: Int) {
            guard document.isElement(node) else { return }
            switch document.tag(node) {
            case .p, .img, .li, .span, .td, .blockquote, .dl, .div, .pre, .table: textish -= 1
            case .a: links -= 1
            case .h1, .h2, .h3, .h4, .h5, .h6: headings -= 1
            case .ul, .ol: lists -= 1; textish -= 1
            default: break
            }
        }
        var node = document.firstChild(root)
        while node != HTMLDocument.none {
            enter(node)
            if document.isText(node) {
                let bytes = document.textBytes[document.textRange(node)]
                let length = ContentAttempt.characterCount(bytes)
                stats.textLength += length
                stats.commas += ContentAttempt.commaCount(bytes)
                if links > 0 { stats.linkLength += Double(length) * linkWeight }
                if headings > 0 { stats.headingLength += length }
                if lists > 0 { stats.listLength += length }
                if textish > 0 { stats.textishLength += length }
            }
            if document.isElement(node), document.firstChild(node) != HTMLDocument.none {
                node = document.firstChild(node)
                continue
            }
            leave(node)
            while node != root, document.nextSibling(node) == HTMLDocument.none {
                node = document.parent(node)
                if node == root || node == HTMLDocument.none { return stats }
                leave(node)
            }
            if node == root { break }
            node = document.nextSibling(node)
        }
        return stats
    }

    func textLength(of node: Int) -> Int {
        var length = 0
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isText(current) { length += ContentAttempt.characterCount(document.textBytes[document.textRange(current)]) }
            current = document.following(current, within: node)
        }
        return length
    }

    private func hasAncestor(_ node: Int, _ tag: HTMLTag, within root: Int) -> Bool {
        var current = document.parent(node)
        while current != HTMLDocument.none, current != root {
            if document.tag(current) == tag { return true }
            current = document.parent(current)
        }
        return false
    }

    /// Tables that hold data (rather than lay out a page) are kept whatever their text.
    private func isDataTable(_ table: Int) -> Bool {
        if document.value(of: "role", on: table) == "presentation" { return false }
        if document.value(of: "datatable", on: table) == "0" { return false }
        if document.hasAttribute("summary", on: table) { return true }
        let inside = document.elements(in: table, withTags: [.caption, .thead, .tfoot, .th, .col, .colgroup, .table])
        if inside.contains(where: { document.tag($0) == .table }) { return false }
        if !inside.isEmpty { return true }
        let rows = document.elements(in: table, withTags: [.tr])
        let columns = rows.map { document.childElements($0).count }.max() ?? 0
        if rows.count >= 10 || columns > 4 { return true }
        return rows.count * columns > 10
    }

    private mutating func removeConditionally(in content: Int, tag: HTMLTag) {
        guard cleanConditionally else { return }
        var dataTables: [Int: Bool] = [:]
        func isData(_ table: Int) -> Bool {
            if let known = dataTables[table] { return known }
            let result = isDataTable(table)
            dataTables[table] = result
            return result
        }
        for node in document.elements(in: content, withTags: [tag]).reversed() where document.isInside(node, content) && node != content {
            if tag == .table, isData(node) { continue }
            if let table = enclosingTable(node, within: content), isData(table) { continue }
            if hasAncestor(node, .code, within: content) || hasAncestor(node, .pre, within: content) { continue }
            if shouldRemove(node, tag: tag) { removeBlock(node) }
        }
    }

    private func enclosingTable(_ node: Int, within root: Int) -> Int? {
        var current = document.parent(node)
        while current != HTMLDocument.none, current != root {
            if document.tag(current) == .table { return current }
            current = document.parent(current)
        }
        return nil
    }

    private static let advertisingLabels: [[UInt8]] = [
        "anzeige", "werbung", "advertisement", "advertising", "sponsored", "publicité", "publicidad", "pubblicità", "reklame",
    ].map { Array($0.utf8) }

    /// A short line that starts with an advertising label and a stop ("Anzeige, contains
    /// affiliate links", "*Werbung. This post advertises…", "ADVERTISEMENT - Going out
    /// tonight?") marks an advert or discloses one: it is not the article.
    private mutating func removeAdvertisingNotices(_ content: Int) {
        for node in document.elements(in: content, withTags: [.p, .div, .span, .small, .em]).reversed() where document.isInside(node, content) {
            guard node != content, !hasBlockChildElement(node), !isStandfirst(node) else { continue }
            let prefix = document.textPrefix(of: node, limit: 240)
            guard prefix.isComplete, Self.startsWithAdvertisingLabel(prefix.bytes) else { continue }
            document.remove(node)
        }
    }

    private static let socialNetworks: [[UInt8]] = [
        "facebook", "twitter", "instagram", "telegram", "youtube", "whatsapp", "tiktok", "linkedin", "pinterest", "mastodon",
    ].map { Array($0.utf8) }

    /// "Follow us on Telegram, Instagram, Facebook and Twitter", in any language: a short
    /// block that names two social networks and links to them (or gives a handle).
    private mutating func removeFollowUsLines(_ content: Int) {
        for node in document.elements(in: content, withTags: [.p, .div, .em, .strong]).reversed() where document.isInside(node, content) {
            guard node != content, !isStandfirst(node) else { continue }
            let prefix = document.textPrefix(of: node, limit: 600)
            guard prefix.isComplete, Self.trimmedLength(prefix.bytes) < 250, Self.namedSocialNetworks(in: prefix.bytes) >= 2 else { continue }
            guard document.elements(in: node, withTags: [.a]).count >= 2 || prefix.bytes.contains(UInt8(ascii: "@")) else { continue }
            document.remove(node)
        }
    }

    static func namedSocialNetworks(in bytes: [UInt8]) -> Int {
        let lowered = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        var count = 0
        for network in socialNetworks where lowered.count >= network.count {
            var index = 0
            while index + network.count <= lowered.count {
                if lowered[index] == network[0], lowered[index..<(index + network.count)].elementsEqual(network) {
                    count += 1
                    break
                }
                index += 1
            }
        }
        return count
    }

    static func startsWithAdvertisingLabel(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count, isWhiteSpace(bytes[start]) || bytes[start] == UInt8(ascii: "*") || bytes[start] == UInt8(ascii: "[") { start += 1 }
        for label in advertisingLabels where bytes.count - start >= label.count {
            var matches = true
            for offset in 0..<label.count where bytes[start + offset] | (bytes[start + offset] < 0x80 ? 0x20 : 0) != label[offset] {
                matches = false
                break
            }
            guard matches else { continue }
            // The label alone, or followed by a stop: "Anzeige gegen Unbekannt" is a sentence.
            var next = start + label.count
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "]") { next += 1 }
            guard next < bytes.count else { return true }
            return [UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "|"), 0xE2].contains(bytes[next])
        }
        return false
    }

    private static let adWords = KeywordMatcher(["^ad$", "^ads$", "^advert", "^advertisement$", "^anzeige$", "^publicité$", "^werbung$", "^sponsored$"])

    private func shouldRemove(_ node: Int, tag: HTMLTag) -> Bool {
        let weight = classWeight(node)
        if weight < 0 { return true }
        let stats = statistics(of: node)
        var isList = tag == .ul || tag == .ol
        if !isList, stats.textLength > 0 { isList = Double(stats.listLength) / Double(stats.textLength) > 0.9 }
        if stats.commas >= 10 { return false }
        let prefix = document.textPrefix(of: node, limit: 40)
        if prefix.isComplete {
            let trimmed = prefix.bytes.drop(while: isWhiteSpace)
            let text = String(decoding: trimmed.reversed().drop(while: isWhiteSpace).reversed(), as: UTF8.self)
            if Self.adWords.matches(text) { return true }
        }
        let paragraphs = Double(stats.paragraphs)
        let images = Double(stats.images)
        let listItems = Double(stats.listItems) - 100
        let contentLength = stats.textLength
        let linkDensity = contentLength == 0 ? 0 : stats.linkLength / Double(contentLength)
        let headingDensity = contentLength == 0 ? 0 : Double(stats.headingLength) / Double(contentLength)
        let textDensity = contentLength == 0 ? 0 : Double(stats.textishLength) / Double(contentLength)
        let isFigureChild = hasAncestor(node, .figure, within: HTMLDocument.none)
        var remove = false
        if !isFigureChild, images > 1, paragraphs / images < 0.5 { remove = true }
        if !isList, listItems > paragraphs { remove = true }
        if Double(stats.inputs) > (paragraphs / 3).rounded(.down) { remove = true }
        if !isList, !isFigureChild, headingDensity < 0.9, contentLength < 25, images == 0 || images > 2, linkDensity > 0 { remove = true }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (stats.embeds == 1 && contentLength < 75) || stats.embeds > 1 { remove = true }
        if images == 0, textDensity == 0, contentLength > 0 { remove = true }
        if isList, remove {
            // A list of images (a gallery) stays.
            let items = document.childElements(node)
            if !items.isEmpty, items.allSatisfy({ document.elements(in: $0, withTags: [.img]).count == 1 && textLength(of: $0) < 10 }) {
                return false
            }
        }
        return remove
    }

    // MARK: - Sanitizing

    /// Elements kept as they are (with only the attributes listed for them).
    private static let allowedTags: HTMLTagSet = [
        .a, .abbr, .acronym, .address, .article, .b, .bdi, .bdo, .big, .blockquote, .br, .caption, .center, .cite,
        .code, .col, .colgroup, .dd, .del, .details, .dfn, .div, .dl, .dt, .em, .figcaption, .figure, .font,
        .h1, .h2, .h3, .h4, .h5, .h6, .header, .hr, .i, .img, .ins, .kbd, .li, .main, .mark, .ol, .p, .picture,
        .pre, .q, .rp, .rt, .ruby, .s, .samp, .section, .small, .source, .span, .strike, .strong, .sub, .summary,
        .sup, .table, .tbody, .td, .tfoot, .th, .thead, .time, .tr, .tt, .u, .ul, .var, .video, .audio, .wbr,
    ]
    /// Elements removed with everything inside them.
    private static let droppedTags: HTMLTagSet = [
        .script, .style, .noscript, .template, .iframe, .object, .embed, .applet, .frame, .frameset, .form, .input,
        .textarea, .select, .button, .option, .optgroup, .datalist, .svg, .canvas, .link, .meta, .base, .title,
        .head, .noembed, .noframes, .param, .keygen, .dialog, .xmp, .plaintext, .listing, .marquee,
    ]
    private static let urlAttributes: Set<String> = ["href", "src", "cite", "poster"]
    private static let allowedAttributes: [HTMLTag: Set<String>] = [
        .a: ["href", "title"], .img: ["src", "srcset", "alt", "title", "width", "height", "sizes"],
        .source: ["src", "srcset", "type", "media", "sizes"], .video: ["src", "poster", "controls", "width", "height"],
        .audio: ["src", "controls"], .td: ["colspan", "rowspan", "headers"], .th: ["colspan", "rowspan", "scope", "headers"],
        .blockquote: ["cite"], .q: ["cite"], .del: ["cite", "datetime"], .ins: ["cite", "datetime"], .time: ["datetime"],
        .ol: ["start", "reversed", "type"], .li: ["value"], .col: ["span"], .colgroup: ["span"], .abbr: ["title"],
    ]
    private static let globalAttributes: Set<String> = ["lang", "dir"]

    /// Keeps only allowlisted elements and attributes, makes URLs absolute and drops
    /// any URL whose scheme could run code.
    private mutating func sanitize(_ content: Int) {
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            switch document.kind(node) {
            case .element:
                let tag = document.tag(node)
                if Self.droppedTags.contains(tag) {
                    let next = document.following(node, within: content, skippingChildren: true)
                    document.remove(node)
                    node = next
                    continue
                }
                if !Self.allowedTags.contains(tag) {
                    // Unknown and layout elements: their content stays, they go.
                    let next = document.firstChild(node) != HTMLDocument.none
                        ? document.firstChild(node) : document.following(node, within: content, skippingChildren: true)
                    document.unwrap(node)
                    node = next
                    continue
                }
                sanitizeAttributes(of: node, tag: tag)
            case .comment:
                let next = document.following(node, within: content, skippingChildren: true)
                document.remove(node)
                node = next
                continue
            default:
                break
            }
            node = document.following(node, within: content)
        }
        sanitizeAttributes(of: content, tag: document.tag(content))
    }

    private mutating func sanitizeAttributes(of node: Int, tag: HTMLTag) {
        let allowed = Self.allowedAttributes[tag] ?? []
        var updates: [(String, String)] = []
        var removeAll: Set<String> = []
        for attribute in document.attributes(of: node) {
            let name = attribute.name
            guard allowed.contains(name) || Self.globalAttributes.contains(name) else {
                removeAll.insert(name)
                continue
            }
            if Self.urlAttributes.contains(name) {
                let value = attribute.value
                if let safe = safeURL(value, allowingDataImages: tag == .img && name == "src") {
                    if safe != value { updates.append((name, safe)) }
                } else {
                    removeAll.insert(name)
                }
            } else if name == "srcset" {
                updates.append((name, absoluteSourceSet(attribute.value)))
            }
        }
        if !removeAll.isEmpty { document.removeAttributes(of: node) { removeAll.contains($0.name) } }
        for (name, value) in updates { document.setAttribute(name, to: value, on: node) }
        if tag == .img, firstImageURL == nil, let source = document.value(of: "src", on: node), source.hasPrefix("http") {
            firstImageURL = source
        }
    }

    /// The absolute URL, or nil when its scheme is not one a reader view may follow.
    private func safeURL(_ value: String, allowingDataImages: Bool) -> String? {
        let resolved = URLResolver.resolve(value, against: baseURL)
        guard let scheme = URLResolver.scheme(of: resolved) else {
            // Still relative (no base): keep it unless it only holds a fragment.
            return resolved.isEmpty ? nil : resolved
        }
        switch scheme {
        case "http", "https", "mailto", "ftp", "tel": return resolved
        case "data": return allowingDataImages && resolved.lowercased().hasPrefix("data:image/") && !resolved.lowercased().hasPrefix("data:image/svg") ? resolved : nil
        default: return nil
        }
    }

    private func absoluteSourceSet(_ value: String) -> String {
        value.split(separator: ",").compactMap { candidate -> String? in
            let parts = candidate.split(whereSeparator: \.isWhitespace)
            guard let url = parts.first, let safe = safeURL(String(url), allowingDataImages: false) else { return nil }
            return ([safe] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
    }
}
