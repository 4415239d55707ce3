import Markup

/// The standfirst (subtitle, dek, lead paragraph) usually sits in the article's header,
/// above the body the scores pick and often outside its container: sometimes in a header
/// that the page's other headers were removed with. It is looked for in the page as it was.
extension ContentAttempt {
    private static let standfirstHints = KeywordMatcher([
        // "lead" as a word ("article-lead", "lead-text"): Tailwind's "leading-6" sets a line height.
        "lead$", "leadtext", "leadparagraph", "leader$", "teaser", "intro", "subtitle", "subheadline", "sub-headline", "subhead", "standfirst", "summary",
        "excerpt", "dek", "deck", "abstract", "kicker-text", "article-description", "entry-summary",
    ])
    /// Lists of teasers, and the ad slot named after the banner size "leaderboard".
    private static let teaserListHints = KeywordMatcher(["related", "more", "list", "nav", "menu", "card", "slider", "leaderboard"])
    private static let standfirstTags: HTMLTagSet = [.p, .h2, .h3, .div, .span]

    /// Levels above the body's container searched for its header.
    static let standfirstScopeLevels = 4
    /// Text (outside links) allowed between the standfirst and the body: more means the
    /// block belongs to something else on the page.
    static let maximumTextBeforeBody = 400

    /// The standfirst of the article whose body is `top`: a short, unlinked block before the
    /// body whose class says so. Looked for first in the `article` (or `main`) around the
    /// body; failing that, a few levels up, where only a block close to the body counts.
    func findStandfirst(before top: Int) -> Int? {
        let page = original
        // Nodes made while preparing are not in the page as it was.
        guard top < page.nodeCount else { return nil }
        // Ancestors of the body in the page as it was (preparing may have moved it).
        var ancestorsOfTop: Set<Int> = []
        var ancestor = page.parent(top)
        while ancestor != HTMLDocument.none {
            ancestorsOfTop.insert(ancestor)
            ancestor = page.parent(ancestor)
        }
        var scope = page.parent(top)
        var levels = 0
        // The body may be the article itself, its header removed while preparing.
        var semanticScope = page.tag(top) == .article || page.tag(top) == .main ? top : HTMLDocument.none
        while scope != HTMLDocument.none, scope != page.body, page.parent(scope) != page.body,
              levels < Self.standfirstScopeLevels {
            if semanticScope == HTMLDocument.none, page.tag(scope) == .article || page.tag(scope) == .main {
                semanticScope = scope
            }
            scope = page.parent(scope)
            levels += 1
        }
        if semanticScope == HTMLDocument.none, page.tag(scope) == .article || page.tag(scope) == .main {
            semanticScope = scope
        }
        var found = HTMLDocument.none
        if semanticScope != HTMLDocument.none {
            found = standfirst(in: semanticScope, before: top, ancestorsOfTop: ancestorsOfTop, page: page, nearest: false)
        }
        if found == HTMLDocument.none, scope != HTMLDocument.none {
            found = standfirst(in: scope, before: top, ancestorsOfTop: ancestorsOfTop, page: page, nearest: true)
        }
        guard found != HTMLDocument.none else { return nil }
        // Preparing replaces a wrapper holding one paragraph with the paragraph.
        while !document.hasText(in: found) {
            let child = page.childElements(found).first { page.isElement($0) }
            guard let child else { return nil }
            found = child
        }
        return found
    }

    /// The first block in `scope` before `top` that reads as a standfirst; with `nearest`,
    /// the last one, and only when little text separates it from `top`.
    private func standfirst(in scope: Int, before top: Int, ancestorsOfTop: Set<Int>, page: HTMLDocument, nearest: Bool) -> Int {
        var found = HTMLDocument.none
        var textSinceFound = 0
        var linesAfterTitle = 0
        var node = page.following(scope, within: scope)
        var visits = 0
        var insideTop = scope == top
        var foundBeforeTitle = HTMLDocument.none
        while node != HTMLDocument.none, visits < 3_000 {
            visits += 1
            if ancestorsOfTop.contains(node) || node == top {
                // The body's own header may have been removed while preparing: the walk
                // goes on inside it up to the first text that is still there.
                if node == top { insideTop = true }
                node = page.following(node, within: scope)
                continue
            }
            if insideTop {
                if !page.isInside(node, top) { break }
                if page.isText(node), hasSurvivedPreparing(node, inside: top, in: page) { break }
            }
            if page.isElement(node) {
                if !isProbablyVisible(node, in: page) || Self.isInvisibleTag(page.tag(node)) {
                    node = page.following(node, within: scope, skippingChildren: true)
                    continue
                }
                if isStandfirst(node, in: page) {
                    found = node
                    textSinceFound = 0
                    linesAfterTitle = 0
                    node = page.following(node, within: scope, skippingChildren: true)
                    continue
                }
                let tag = page.tag(node)
                if tag == .h1, isTitleHeading(node, in: page) {
                    // A block above the title is a kicker or a rubric: the dek comes after it.
                    if found != HTMLDocument.none { foundBeforeTitle = found }
                    found = HTMLDocument.none
                    linesAfterTitle = Self.linesLookedAtAfterTitle
                    node = page.following(node, within: scope, skippingChildren: true)
                    continue
                }
                if linesAfterTitle > 0, Self.standfirstTags.contains(tag) || tag == .h4 || tag == .header {
                    let stats = Self.textStatistics(of: node, in: page)
                    if stats.length == 0 {
                        node = page.following(node, within: scope, skippingChildren: true)
                        continue
                    }
                    if !stats.hasBlock, tag != .header {
                        // The first lines after the title: a short one is a byline or a
                        // date; a sentence-long one is the dek.
                        if stats.length >= 50, stats.length <= 600, Double(stats.linkLength) < 0.3 * Double(stats.length),
                           !isBylineOrDate(node, in: page, scope: scope) {
                            found = node
                            textSinceFound = 0
                            linesAfterTitle = 0
                        } else {
                            linesAfterTitle -= 1
                        }
                        node = page.following(node, within: scope, skippingChildren: true)
                        continue
                    }
                }
                if page.tag(node) == .a {
                    node = page.following(node, within: scope, skippingChildren: true)
                    continue
                }
            } else if page.isText(node), found != HTMLDocument.none {
                textSinceFound += Self.characterCount(page.textBytes[page.textRange(node)])
            }
            node = page.following(node, within: scope)
        }
        if found == HTMLDocument.none, !nearest { found = foundBeforeTitle }
        return !nearest || textSinceFound <= Self.maximumTextBeforeBody ? found : HTMLDocument.none
    }

    /// Whether `node`, a text inside `top` in the page as it was, has words and is still
    /// inside `top` after preparing (the body starts there).
    private func hasSurvivedPreparing(_ node: Int, inside top: Int, in page: HTMLDocument) -> Bool {
        page.textBytes[page.textRange(node)].contains(where: { !isWhiteSpace($0) }) && document.isInside(node, top)
    }

    /// Lines looked at after the title heading for its dek (a byline or a date may come first).
    static let linesLookedAtAfterTitle = 3

    /// The `h1` that repeats the page's title (any `h1` when the page names none).
    private func isTitleHeading(_ node: Int, in page: HTMLDocument) -> Bool {
        // A linked heading is the site's name over every page.
        let stats = Self.textStatistics(of: node, in: page)
        guard stats.linkLength * 2 < stats.length else { return false }
        guard let title = metadata.title else { return true }
        let prefix = page.textPrefix(of: node, limit: 400)
        guard prefix.isComplete else { return false }
        let heading = String(decoding: prefix.bytes, as: UTF8.self)
        // The title covers the heading's words, and the heading most of the title's (the
        // title may add the site's name; a heading with only the site's name is not it).
        return Self.textSimilarity(title, heading) > 0.75 && Self.textSimilarity(heading, title) > 0.5
    }

    /// Classes of the lines between a title and its dek: who wrote it, when, a caption.
    private static let lineUnderTitleHints = KeywordMatcher([
        "byline", "author", "date", "time", "meta", "posted", "published", "credit", "caption", "dateline",
    ])

    /// A line under the title that names the author or the day (by its class or its
    /// ancestors' within a few levels, a `<time>` inside, or a date in its text).
    private func isBylineOrDate(_ node: Int, in page: HTMLDocument, scope: Int) -> Bool {
        var current = node
        var levels = 0
        while current != HTMLDocument.none, current != scope, levels < 3 {
            let hint = page.classAndID(of: current)
            if !hint.isEmpty, Self.lineUnderTitleHints.matches(hint) { return true }
            current = page.parent(current)
            levels += 1
        }
        if page.containsElement(in: node, withTags: [.time]) { return true }
        let prefix = page.textPrefix(of: node, limit: 200).bytes
        return ArticleContentCleaner.looksLikeDate(prefix) || ArticleContentCleaner.endsWithDate(prefix)
    }

    private static func isInvisibleTag(_ tag: HTMLTag) -> Bool {
        tag == .script || tag == .style || tag == .template || tag == .noscript || tag == .nav || tag == .aside
            || tag == .footer || tag == .figure || tag == .button || tag == .form
    }

    private func isStandfirst(_ node: Int, in page: HTMLDocument) -> Bool {
        let tag = page.tag(node)
        guard Self.standfirstTags.contains(tag) else { return false }
        let hint = page.classAndID(of: node)
        guard !hint.isEmpty, Self.standfirstHints.matches(hint), !Self.teaserListHints.matches(hint) else { return false }
        let stats = Self.textStatistics(of: node, in: page)
        return stats.length >= 30 && stats.length <= 700 && Double(stats.linkLength) < 0.3 * Double(stats.length)
            && (!stats.hasBlock || tag == .div)
    }

    private static let blockTags: HTMLTagSet = [.blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul]

    /// Text and link text length of a small subtree (bounded: a standfirst is short), and
    /// whether a block sits inside.
    private static func textStatistics(of root: Int, in page: HTMLDocument) -> (length: Int, linkLength: Int, hasBlock: Bool) {
        var length = 0
        var linkLength = 0
        var hasBlock = false
        var node = page.following(root, within: root)
        var visits = 0
        while node != HTMLDocument.none, visits < 500, length <= 2_000 {
            visits += 1
            if page.isText(node) {
                let count = characterCount(page.textBytes[page.textRange(node)])
                length += count
                var parent = page.parent(node)
                while parent != root, parent != HTMLDocument.none {
                    if page.tag(parent) == .a {
                        linkLength += count
                        break
                    }
                    parent = page.parent(parent)
                }
            } else if page.isElement(node) {
                if isInvisibleTag(page.tag(node)) {
                    node = page.following(node, within: root, skippingChildren: true)
                    continue
                }
                if blockTags.contains(page.tag(node)) { hasBlock = true }
            }
            node = page.following(node, within: root)
        }
        return (length, linkLength, hasBlock)
    }
}
