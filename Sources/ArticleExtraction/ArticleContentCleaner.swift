import Markup

/// Cleans the content found on a page into what a reader view may show: restores lazy
/// images, removes what is not article (share bars, forms, link lists, empty blocks,
/// embeds), makes every URL absolute, and keeps only an allowlist of elements and
/// attributes, so no script, event handler, style or `javascript:` URL survives.
struct ArticleContentCleaner {
    var document: HTMLDocument
    let baseURL: String?
    var cleanConditionally = true
    /// The first image's URL in the cleaned content (a lead image when the page names none).
    var firstImageURL: String?
    /// Elements just before a removed block: a label such as "Read also:" may be among them.
    var beforeRemovedBlocks: [Int] = []
    /// Lists that lost items as teaser cards.
    var listsWithRemovedCards: Set<Int> = []
    /// The content being cleaned.
    var cleanedRoot = HTMLDocument.none
    /// The standfirst the finder brought from the article's header: its class often says
    /// "teaser" or "intro", which elsewhere marks boilerplate, so no rule removes it.
    var standfirst = HTMLDocument.none
    /// The author as the page's metadata names them (to recognise byline lines).
    var authorByline: String?
    /// The page's own addresses (to recognise its permalink among other posts').
    var pageAddresses: [String] = []
    /// The site's names (to recognise its name above the article, the header's logo).
    var siteName: SiteName?
    /// The first "By …" line taken from the top of the article, for the reader view's byline
    /// when the page names no author otherwise.
    var removedByline: String?

    init(document: HTMLDocument, baseURL: String?) {
        self.document = document
        self.baseURL = baseURL
    }

    mutating func clean(_ content: Int) {
        cleanedRoot = content
        fixLazyImages(content)
        removeConsentPlaceholders(content)
        removeAll(in: content, tags: [.script, .style, .noscript, .template, .link, .meta, .object, .embed,
                                      .input, .textarea, .select, .button, .dialog, .svg, .canvas,
                                      .frame, .frameset, .applet, .noembed, .noframes, .title, .base, .head])
        removeLayoutFurniture(content)
        removeNonVideoFrames(content)
        removeListingsOfOtherPosts(content)
        removeShareElements(content)
        removeVideoPlayerDetails(content)
        removeLinkCards(content)
        removeNegativeHeaders(content)
        for tag: HTMLTag in [.form, .fieldset, .table, .ul, .div] {
            removeConditionally(in: content, tag: tag)
        }
        removeInlineTeasers(content)
        removeRecommendationLists(content)
        removeTeaserCards(content)
        removeEmptiedLists(content)
        removeImageCredits(content)
        removeCaptionsWithCredits(content)
        removeGalleryFurniture(content)
        removeRepeatedLineRuns(content)
        removeProductCards(content)
        removeAdvertisingNotices(content)
        removeFollowUsLines(content)
        removeEmbeddedStories(content)
        removeAppealBoxes(content)
        removeAppealBoxesWithoutHeading(content)
        // After the appeals: a heading that appeals takes its section with it there.
        removeTrailingAppeals(content)
        removeContactBoxes(content)
        removePageControls(content)
        removeUnrenderedTemplates(content)
        removeLeadingDateLines(content)
        removeTrailingDateLines(content)
        removeLeadingBylines(content)
        removeLeadingSiteName(content)
        removeOrphanedLabels(content)
        removeTrailingSiteFooter(content)
        for heading in document.elements(in: content, withTags: [.h1]) { document.setTag(.h2, of: heading) }
        removeOrphanedPunctuation(content)
        removeEmptyParagraphs(content)
        removeHeadingsWithoutSection(content)
        unwrapSingleCellTables(content)
        simplifyNestedContainers(content)
        sanitize(content)
    }

    // MARK: - Images

    /// Whether a (lower-cased) address names an image file by its extension.
    static func namesImageFile(_ lowered: String) -> Bool {
        lowered.containsASCII(".jpg") || lowered.containsASCII(".jpeg") || lowered.containsASCII(".png")
            || lowered.containsASCII(".webp") || lowered.containsASCII(".gif") || lowered.containsASCII(".avif")
    }

    /// Whether `text` holds a `srcset` width or density descriptor: white space, digits,
    /// then `w` or `x` (`image.jpg 640w`).
    static func hasSourceSetDescriptor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard isWhiteSpace(bytes[index]) else { index += 1; continue }
            var digit = index + 1
            while digit < bytes.count, (0x30...0x39).contains(bytes[digit]) { digit += 1 }
            if digit > index + 1, digit < bytes.count, bytes[digit] == UInt8(ascii: "w") || bytes[digit] == UInt8(ascii: "x") { return true }
            index += 1
        }
        return false
    }

    /// Lazy-loading pages keep the real image URL in `data-src` and friends and a
    /// placeholder in `src`: move the real one into place.
    mutating func fixLazyImages(_ content: Int) {
        for image in document.elements(in: content, withTags: [.img, .picture, .figure, .source]) {
            let source = (document.value(of: "src", on: image) ?? "").lowercased()
            let isPlaceholder = source.isEmpty || (source.hasPrefix("data:") && source.utf8.count < 200)
                || source.containsASCII("placeholder") || source.containsASCII("blank.gif") || source.containsASCII("spacer")
            let hasSourceSet = !(document.value(of: "srcset", on: image) ?? "").isEmpty
            guard isPlaceholder || !hasSourceSet && (document.value(of: "class", on: image) ?? "").lowercased().containsASCII("lazy") else {
                continue
            }
            for attribute in document.attributes(of: image) {
                let name = attribute.name
                guard name != "src", name != "srcset", name != "alt", name.hasPrefix("data-") || name == "original" else { continue }
                let value = attribute.value.trimmingWhitespace()
                let lowered = value.lowercased()
                guard Self.namesImageFile(lowered) || name.hasSuffix("src") && lowered.hasPrefix("http") else { continue }
                let hasSpace = value.utf8.contains(0x20)
                if hasSpace, value.utf8.contains(UInt8(ascii: ",")) || Self.hasSourceSetDescriptor(lowered) {
                    if !hasSourceSet { document.setAttribute("srcset", to: value, on: image) }
                } else if !hasSpace {
                    if document.tag(image) == .img || document.tag(image) == .source {
                        document.setAttribute("src", to: value, on: image)
                    } else if document.tag(image) == .figure, !document.containsElement(in: image, withTags: [.img, .picture]) {
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
    mutating func removeBlock(_ node: Int) {
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
        if let previous = previousElementSibling(of: anchor) { beforeRemovedBlocks.append(previous) }
        document.remove(node)
    }

    func isStandfirst(_ node: Int) -> Bool {
        standfirst != HTMLDocument.none && (node == standfirst || document.isInside(standfirst, node))
    }

    /// A short label ("Read also:", "Related coverage", "More on this topic?") whose list of
    /// links or teaser was removed, or that ends the content with a colon, introduces nothing.
    mutating func removeOrphanedLabels(_ content: Int) {
        for label in beforeRemovedBlocks where document.isInside(label, content) && label != content && !isStandfirst(label) {
            if isLabel(label) || isTitleOfEmptiedBox(label) || isRecommendationTitle(label) { document.remove(label) }
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

    /// A short line that names a list of other articles ("Related stories", "Siehe auch").
    func isRecommendationTitle(_ label: Int) -> Bool {
        guard Self.boxTitleTags.contains(document.tag(label)), !hasBlockChildElement(label),
              let line = line(of: label, limit: Self.maximumRecommendationLabelBytes + 1) else { return false }
        return Self.isRecommendationLabel(line)
    }

    static let boxTitleTags: HTMLTagSet = [.p, .div, .span, .strong, .b, .h2, .h3, .h4, .h5, .h6]

    /// A short title left alone in its box ("More on this topic", "Popular posts") once the
    /// list of links it announced was removed: the box held nothing else.
    func isTitleOfEmptiedBox(_ label: Int) -> Bool {
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
    static func trimmedLength(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.firstIndex(where: { !isWhiteSpace($0) }), let last = bytes.lastIndex(where: { !isWhiteSpace($0) }) else { return 0 }
        return ContentAttempt.characterCount(bytes[first...last])
    }

    /// Mostly links, with words in them (a bare address is an embed, not a teaser).
    func isLinkList(_ node: Int) -> Bool {
        let stats = statistics(of: node)
        guard stats.textLength > 0, stats.linkLength >= 0.3 * Double(stats.textLength) else { return false }
        let prefix = document.textPrefix(of: node, limit: 200).bytes
        return prefix.split(whereSeparator: isWhiteSpace).count >= 3
    }

    static let wrapperTags: HTMLTagSet = [.div, .section, .article, .main]
    static let labelTags: HTMLTagSet = [.p, .div]

    /// A line of fewer than 80 characters without links that reads as a label: bold, or
    /// ending with a colon or a question mark ("Read also:", "Seen this?").
    func isLabel(_ node: Int) -> Bool {
        let tag = document.tag(node)
        guard Self.labelTags.contains(tag), !hasBlockChildElement(node) else { return false }
        let prefix = document.textPrefix(of: node, limit: 240)
        guard prefix.isComplete else { return false }
        let length = ContentAttempt.characterCount(prefix.bytes[...])
        guard length > 0, length < 80,
              !document.containsElement(in: node, withTags: [.a, .img, .picture, .video, .iframe]) else { return false }
        guard let lastByte = prefix.bytes.reversed().first(where: { !isWhiteSpace($0) && $0 != 0xA0 && $0 != 0xC2 }) else { return false }
        return lastByte == UInt8(ascii: ":") || lastByte == UInt8(ascii: "?") || isAllBold(node)
    }

    /// Whether all the text of `node` sits inside `strong` or `b` elements.
    func isAllBold(_ node: Int) -> Bool {
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

    mutating func removeAll(in content: Int, tags: HTMLTagSet) {
        for node in document.elements(in: content, withTags: tags) { document.remove(node) }
    }

    /// Asides, footers, navigation and forms go, except one that wraps the article: a page
    /// that puts its whole story in an `<aside>` (or in a page-wide `<form>`, as ASP.NET pages
    /// do) uses the tag for layout. It wraps the article when it holds the body the page marks
    /// as the article's (`itemprop="articleBody"`), or when taking it out would leave next to
    /// nothing. Its own furniture inside is still looked at.
    mutating func removeLayoutFurniture(_ content: Int) {
        let furniture = document.elements(in: content, withTags: Self.layoutFurnitureTags)
        guard !furniture.isEmpty else { return }
        let contentLength = textLength(of: content)
        let markedBodies = document.elements(in: content, withTags: [.div, .section, .article, .main]).filter { node in
            document.isMarkedArticleBody(node) && textLength(of: node) >= ContentAttempt.shortestMarkedBody
        }
        for node in furniture where document.isInside(node, content) {
            if markedBodies.contains(where: { document.isInside($0, node) }) { continue }
            let length = textLength(of: node)
            if length >= Self.shortestWrappedArticle, contentLength - length < Self.shortestWrappedArticle { continue }
            document.remove(node)
        }
    }

    static let layoutFurnitureTags: HTMLTagSet = [.footer, .aside, .nav, .form]
    /// The text (in characters) of an article; an element holding less is furniture, and one
    /// that leaves less outside it wraps the article.
    static let shortestWrappedArticle = 500

    static let videoHosts = KeywordMatcher([
        "youtube.com", "youtube-nocookie.com", "youtu.be", "player.vimeo.com", "dailymotion.com", "player.twitch.tv",
        "archive.org", "upload.wikimedia.org", "bilibili.com", "v.qq.com", "live.bilibili.com",
    ])

    /// Video embeds stay (as links after sanitizing); every other frame goes.
    mutating func removeNonVideoFrames(_ content: Int) {
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

    static let shareHints = KeywordMatcher([
        "share", "sharedaddy", "social", "sharing", "print-", "newsletter", "subscribe", "related", "recommend",
        "comments", "comment-", "disqus", "advert", "sponsor", "promo", "cookie", "consent", "paywall", "byline-share",
        "^tags$", "tag-list", "breadcrumb", "pagination", "author-bio", "outbrain", "taboola",
        "post-meta", "entry-meta", "article-meta", "meta-data", "dateline", "signup", "teaser", "widget", "toolbar",
        "rating", "follow", "donate", "^cta$", "vc_cta", "elementor-widget-call-to-action", "banner", "read-more", "readmore", "more-articles", "also-read",
        "ez-toc", "toc_container", "table-of-contents", "^toc", "utility", "postmetadata", "entryfooter", "entry-footer",
        "post-footer", "authorbox", "author-box", "infobox", "read-time", "menu-item", "sub_menu", "nav-sub",
        "user-info", "post-signature", "most-read", "mostread", "similar", "next-post", "previous-post", "prev-post",
        "post-navigation", "nav-links", "nextstory", "prevstory", "more-stories", "interesting", "disclaimer", "loading",
        "download-list", "recipe-jump", "rss", "post-author", "breaking-news", "breakingnews", "breaking_news",
    ])

    /// Small blocks whose class or id says share, related, newsletter, comments, tags….
    mutating func removeShareElements(_ content: Int) {
        removeElements(in: content) { cleaner, node in
            let hint = cleaner.document.classAndID(of: node)
            return hint.count > 1 && Self.shareHints.matches(hint) && !Self.isArticleBodyHint(hint)
                && !cleaner.isParagraphBehindPaywall(node) && cleaner.isSmallOrMostlyLinks(node)
        }
    }

    /// Removes every element inside `content` (not `content` itself) that `matches`, with
    /// what it holds (`removeBlock`), and walks on after it.
    mutating func removeElements(in content: Int, where matches: (ArticleContentCleaner, Int) -> Bool) {
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            if document.isElement(node), node != content, matches(self, node) {
                let next = document.following(node, within: content, skippingChildren: true)
                removeBlock(node)
                node = next
                continue
            }
            node = document.following(node, within: content)
        }
    }

    /// Whether `node` is a paragraph of the article that the site marks as one a paywall
    /// would hold back: a `<p>` whose class names `paywall` alone (publishing systems mark
    /// each paragraph past the free part so, as Condé Nast's sites do), with no other share
    /// hint. The paywall's own notice is a block of its own, with parts named after it
    /// (`c-paywall__text`, `paywall-prompt`), and still goes.
    func isParagraphBehindPaywall(_ node: Int) -> Bool {
        guard document.tag(node) == .p,
              let className = document.attribute("class", of: node) else { return false }
        let tokens = className.rawValue.split(whereSeparator: isWhiteSpace)
        func isPaywall(_ token: ArraySlice<UInt8>) -> Bool {
            token.count == Self.paywallToken.count && zip(token, Self.paywallToken).allSatisfy { $0 | 0x20 == $1 }
        }
        guard tokens.contains(where: isPaywall) else { return false }
        return !tokens.contains { !isPaywall($0) && Self.shareHints.matches(Array($0)) }
    }

    private static let paywallToken = Array("paywall".utf8)

    /// Whether a class name says "article body" and nothing else: a part of the body
    /// named after it ("ArticleBody-related-coverage", "entry-content-share") is not it.
    static func isArticleBodyHint(_ hint: [UInt8]) -> Bool {
        for token in hint.split(whereSeparator: isWhiteSpace) {
            let bytes = Array(token)
            if contentHints.matches(bytes), !shareHints.matches(bytes) { return true }
        }
        return false
    }

    func isSmallOrMostlyLinks(_ node: Int) -> Bool {
        let stats = statistics(of: node)
        return stats.textLength < 500 || stats.linkLength > 0.5 * Double(stats.textLength)
    }

    static let contentHints = KeywordMatcher(["article-body", "articlebody", "post-content", "entry-content", "story-body", "main-content"])

    static let negativeHints = KeywordMatcher([
        "-ad-", "hidden", "^hid$", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "^tags$", "widget",
    ])
    static let positiveHints = KeywordMatcher([
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
}
