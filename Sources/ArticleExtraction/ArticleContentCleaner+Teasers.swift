import Markup

/// Removing headings, teasers, cards and lists that point elsewhere.
extension ArticleContentCleaner {
    mutating func removeNegativeHeaders(_ content: Int) {
        for heading in document.elements(in: content, withTags: [.h1, .h2]) where classWeight(heading) < 0 && !isStandfirst(heading) {
            document.remove(heading)
        }
    }

    /// "Read more: <link>", "See also: <link>" lines inside the article point to other
    /// articles: a short block whose text is mostly one link after a label and a colon.
    static let linkLineLength = 120

    mutating func removeInlineTeasers(_ content: Int) {
        for node in document.elements(in: content, withTags: [.p, .h2, .h3, .h4, .h5, .h6, .li, .div, .strong, .b]).reversed() {
            guard document.isInside(node, content) else { continue }
            // Bold text is a teaser's line only standing as a line of its own: a linked name
            // set in bold inside a sentence ("… the president's brother, <b><a>Tony
            // Hernández</a></b>.") is the article's.
            if Self.inlineTeaserTags.contains(document.tag(node)), !standsOnItsOwnLine(node) {
                // Except a link to read on elsewhere after the paragraph's text ("… in Polen.
                // <b>[<a>czytaj więcej</a>]</b>").
                if isReadMoreLinkEndingItsBlock(node) { document.remove(node) }
                continue
            }
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

    static let inlineTeaserTags: HTMLTagSet = [.strong, .b]

    /// Whether `node` is all link, its words ask to read more (brackets, arrows and dots
    /// aside), and nothing but white space follows it in its parent.
    func isReadMoreLinkEndingItsBlock(_ node: Int) -> Bool {
        var sibling = document.nextSibling(node)
        while sibling != HTMLDocument.none {
            if !document.isText(sibling) || document.textBytes[document.textRange(sibling)].contains(where: { !isWhiteSpace($0) }) { return false }
            sibling = document.nextSibling(sibling)
        }
        let prefix = document.textPrefix(of: node, limit: 40)
        guard prefix.isComplete, document.containsElement(in: node, withTags: [.a]) else { return false }
        let stats = statistics(of: node)
        guard stats.textLength > 0, stats.linkLength / Double(stats.textLength) >= 0.6 else { return false }
        let words = Self.asciiLowercased(prefix.bytes).filter { !Self.readMoreMarks.contains($0) }
        let collapsed = Self.collapsingWhiteSpace(words)
        return Self.readMorePhrases.contains(collapsed)
    }

    static let readMoreMarks: Set<UInt8> = Set("[]()<>»«›‹→….:".utf8)

    /// A link's whole words when it only asks to read on, in the languages of the sites read most.
    static let readMorePhrases: Set<[UInt8]> = Set([
        "read more", "more", "continue reading", "read on", "full story", "weiterlesen", "mehr", "mehr lesen",
        "lire la suite", "lire plus", "en savoir plus", "leer más", "seguir leyendo", "ver más", "leggi tutto", "continua a leggere",
        "lees meer", "verder lezen", "czytaj więcej", "czytaj dalej", "więcej", "saiba mais", "leia mais",
    ].map { Array($0.utf8) })

    /// Whether an inline element is a line of its own: nothing but white space, line breaks
    /// or blocks beside it in its parent, up to the next line break or block either way.
    func standsOnItsOwnLine(_ node: Int) -> Bool {
        for step in [document.previousSibling, document.nextSibling] {
            var sibling = step(node)
            while sibling != HTMLDocument.none {
                if document.isText(sibling) {
                    if document.textBytes[document.textRange(sibling)].contains(where: { !isWhiteSpace($0) }) { return false }
                } else if document.isElement(sibling) {
                    let tag = document.tag(sibling)
                    if tag == .br || HTMLDocument.isBlock(tag) { break }
                    return false
                }
                sibling = step(sibling)
            }
        }
        return true
    }

    static let cardBlockTags: HTMLTagSet = [.p, .div, .h2, .h3, .h4, .h5, .h6, .figure, .figcaption]

    /// A link around a picture and a block of text (a headline, a summary) is a card
    /// that leads to another article: it goes with the item that holds only it.
    mutating func removeTeaserCards(_ content: Int) {
        for link in document.elements(in: content, withTags: [.a]).reversed() where document.isInside(link, content) {
            guard document.containsElement(in: link, withTags: [.img, .picture]),
                  document.containsElement(in: link, withTags: Self.cardBlockTags),
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
    mutating func removeEmptiedLists(_ content: Int) {
        for list in document.elements(in: content, withTags: [.ul, .ol]).reversed() where document.isInside(list, content) {
            // What may be left: its title as an item ("Related stories"), an "Advertisement" label.
            let items = document.childElements(list).filter { document.tag($0) == .li && hasWords($0) }
            guard items.count <= 1, !document.containsElement(in: list, withTags: [.img, .picture, .video]) else { continue }
            if !items.isEmpty {
                guard listsWithRemovedCards.contains(list), Self.trimmedLength(document.textPrefix(of: list, limit: 240).bytes) < 80,
                      !document.containsElement(in: list, withTags: [.a]) else { continue }
            }
            if let previous = previousElementSibling(of: list) { beforeRemovedBlocks.append(previous) }
            document.remove(list)
        }
    }

    /// Whether any text inside is more than white space.
    func hasWords(_ node: Int) -> Bool {
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isText(current), document.textBytes[document.textRange(current)].contains(where: { !isWhiteSpace($0) }) { return true }
            current = document.following(current, within: node)
        }
        return false
    }

    mutating func removeEmptyParagraphs(_ content: Int) {
        for paragraph in document.elements(in: content, withTags: [.p, .figcaption]).reversed() {
            if !document.containsElement(in: paragraph, withTags: [.img, .embed, .object, .iframe, .picture, .video]),
               !document.hasText(in: paragraph) {
                document.remove(paragraph)
            }
        }
    }

    static let creditHints = KeywordMatcher(["credit", "copyright", "photographer", "image-source", "img-source", "photo-source", "source-image", "caption__source", "imagecredit", "fotograf"])
    static let captionHints = KeywordMatcher(["wp-caption-text", "caption-text", "media-caption", "img__caption", "image-caption", "imagecaption", "caption__small", "photo-caption"])
    static let creditWords = KeywordMatcher([
        "^foto", "^photo", "^bild", "^image", "^imagen", "^crédit", "^credit", "^quelle", "getty", "reuters", "shutterstock",
        "©", "(c)", "dpa", "afp", "istock", "/ap", "^ap ", "picture alliance", "imago", "keystone", "wenn.com", "^source", "^fuente",
        // The agency's initials as a word of their own: inside a word ("Klepatsch", "reparieren") they are no credit.
        "^epa$", "^epa/", "/epa", "(epa",
        // Pictures that are no photographs credit their maker the same way ("Screenshot by …", "Illustration: …").
        "^screenshot", "^illustration", "^grafik:",
    ])

    static let strongCreditWords = KeywordMatcher([
        "©", "(c)", "getty images", "reuters/", "shutterstock", "istock", "picture alliance", "picture-alliance", "imago",
    ])
}
