extension HTMLDocument {
    /// Deeper elements are still kept, but as siblings inside the deepest allowed one, so a
    /// page of 100,000 nested `<div>`s makes a tree of bounded depth.
    public static let defaultMaximumDepth = 256

    /// Parses a page (UTF-8) the way browsers build their tree where it matters for real
    /// pages: `head` and `body` implied, `p`/`li`/`dt`/`dd`/`option`/table parts closed by
    /// what cannot sit inside them, void elements, stray and mis-nested end tags ignored
    /// or closing what they can, foreign (SVG, MathML) self-closing tags honoured.
    /// Comments are dropped unless `keepingComments`.
    public init(parsing bytes: [UInt8], maximumDepth: Int = HTMLDocument.defaultMaximumDepth, keepingComments: Bool = false) {
        var builder = HTMLTreeBuilder(maximumDepth: Swift.max(4, maximumDepth), keepingComments: keepingComments)
        builder.document.textBytes.reserveCapacity(bytes.count / 3)
        // Raw tokens: positions in the page, with strings and attribute lists made only for
        // what the tree keeps (each `HTMLToken` made its own attribute list and slices, and
        // the tree then copied the attributes again).
        var tokenizer = HTMLTokenizer(bytes)
        while let token = tokenizer.nextRaw() {
            builder.process(token, from: tokenizer)
        }
        self = builder.document
    }

    public init(parsing text: String, maximumDepth: Int = HTMLDocument.defaultMaximumDepth, keepingComments: Bool = false) {
        self.init(parsing: Array(text.utf8), maximumDepth: maximumDepth, keepingComments: keepingComments)
    }
}

/// Builds an `HTMLDocument` from tokens with a simplified version of the WHATWG tree
/// construction: two insertion modes (before and in body) and the rules for implied end
/// tags and scopes that change the shape of real article pages.
struct HTMLTreeBuilder {
    var document = HTMLDocument()
    /// The stack of open elements; `[html]` at the start.
    private var openElements: [Int]
    private var inBody = false
    /// How many `svg`/`math` elements are open (their self-closing tags close).
    private var foreignDepth = 0
    private let maximumDepth: Int
    private let keepingComments: Bool

    init(maximumDepth: Int, keepingComments: Bool) {
        self.maximumDepth = maximumDepth
        self.keepingComments = keepingComments
        openElements = []
        openElements = [document.htmlElement]
    }

    private var currentNode: Int { openElements.last ?? document.body }

    /// Takes the token `tokenizer.nextRaw()` just returned (its attributes are still the
    /// tokenizer's `rawAttributes`).
    mutating func process(_ token: RawToken, from tokenizer: borrowing HTMLTokenizer) {
        switch token.kind {
        case .text:
            processText(token, from: tokenizer)
        case .startTag:
            processStartTag(token, from: tokenizer)
        case .endTag:
            processEndTag(token, from: tokenizer)
        case .comment:
            if keepingComments { document.appendComment(tokenizer.bytes[token.content], to: currentNode) }
        case .cdata:
            if foreignDepth > 0 {
                document.appendText(tokenizer.bytes[token.content], to: currentNode)
            } else if keepingComments {
                document.appendComment(tokenizer.bytes[token.content], to: currentNode)
            }
        case .doctype:
            break
        }
    }

    // MARK: - Text

    private mutating func processText(_ token: RawToken, from tokenizer: borrowing HTMLTokenizer) {
        if !inBody {
            let inHeadElement = currentNode != document.htmlElement && currentNode != document.head
            if inHeadElement {
                document.appendText(of: token, in: tokenizer.bytes, to: currentNode)
                return
            }
            if tokenizer.bytes[token.content].allSatisfy(isSpace) { return }
            startBody()
        }
        document.appendText(of: token, in: tokenizer.bytes, to: currentNode)
    }

    // MARK: - Start tags

    private mutating func processStartTag(_ token: RawToken, from tokenizer: borrowing HTMLTokenizer) {
        var tag = token.tag
        if tag == .image { tag = .img }
        if !inBody {
            switch tag {
            case .html:
                mergeAttributes(from: tokenizer, into: document.htmlElement)
                return
            case .head:
                if currentNode == document.htmlElement { openElements.append(document.head) }
                return
            case .title, .meta, .link, .base, .style, .script, .noscript, .template, .basefont, .bgsound:
                if currentNode == document.htmlElement { openElements.append(document.head) }
                insertElement(token, from: tokenizer, tag: tag)
                return
            case .body:
                startBody()
                mergeAttributes(from: tokenizer, into: document.body)
                return
            default:
                startBody()
            }
        }
        switch tag {
        case .html:
            mergeAttributes(from: tokenizer, into: document.htmlElement)
            return
        case .body:
            mergeAttributes(from: tokenizer, into: document.body)
            return
        case .head:
            return
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
             .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .search, .section,
             .summary, .ul, .pre, .listing, .form, .table, .hr, .xmp, .plaintext:
            if foreignDepth == 0 { closeParagraphInButtonScope() }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closeParagraphInButtonScope()
            if isHeading(document.tags[currentNode]) { openElements.removeLast() }
        case .li:
            closeListItem(tags: [.li])
        case .dd, .dt:
            closeListItem(tags: [.dd, .dt])
        case .option:
            if document.tags[currentNode] == .option { openElements.removeLast() }
        case .optgroup:
            if document.tags[currentNode] == .option { openElements.removeLast() }
            if document.tags[currentNode] == .optgroup { openElements.removeLast() }
        case .a:
            closeOpenLink()
        case .td, .th:
            closeTableParts([.td, .th])
        case .tr:
            closeTableParts([.td, .th, .tr])
        case .tbody, .thead, .tfoot:
            closeTableParts([.td, .th, .tr, .tbody, .thead, .tfoot])
        case .caption, .colgroup:
            closeTableParts([.td, .th, .tr, .tbody, .thead, .tfoot, .caption, .colgroup])
        case .button:
            if let index = indexInScope(of: .button, boundaries: defaultScopeBoundaries) {
                openElements.removeSubrange(index...)
            }
        default:
            break
        }
        insertElement(token, from: tokenizer, tag: tag)
    }

    private mutating func insertElement(_ token: RawToken, from tokenizer: borrowing HTMLTokenizer, tag: HTMLTag) {
        let node = document.createElement(tag)
        if tag == .other { document.setOtherName(tokenizer.name(of: token), of: node) }
        if !tokenizer.rawAttributes.isEmpty { document.setAttributes(from: tokenizer, of: node) }
        document.append(node, to: currentNode)
        let isForeignRoot = tag == .svg || tag == .math
        let closesItself = tag.isVoid || (token.isSelfClosing && (foreignDepth > 0 || isForeignRoot))
        guard !closesItself, openElements.count < maximumDepth else { return }
        openElements.append(node)
        if isForeignRoot { foreignDepth += 1 }
    }

    private mutating func startBody() {
        guard !inBody else { return }
        inBody = true
        openElements = [document.htmlElement, document.body]
    }

    private mutating func mergeAttributes(from tokenizer: borrowing HTMLTokenizer, into node: Int) {
        for attribute in tokenizer.attributes() where !document.hasAttribute(attribute.name, on: node) {
            document.setAttribute(attribute.name, to: attribute.value, on: node)
        }
    }

    // MARK: - End tags

    private mutating func processEndTag(_ token: RawToken, from tokenizer: borrowing HTMLTokenizer) {
        let tag = token.tag
        if !inBody {
            switch tag {
            case .head:
                if currentNode == document.head { openElements.removeLast() }
                return
            case .html, .body, .br:
                startBody()
            default:
                if let index = openElements.lastIndex(where: { document.tags[$0] == tag && tag != .other }),
                   index > 0 {
                    popElements(from: index)
                }
                return
            }
        }
        switch tag {
        case .body, .html:
            // Content after `</body>` still belongs to the body, as in browsers.
            return
        case .br:
            let node = document.createElement(.br)
            document.append(node, to: currentNode)
            return
        case .p:
            if let index = indexInScope(of: .p, boundaries: buttonScopeBoundaries) { popElements(from: index) }
            return
        case .li:
            if let index = indexInScope(of: .li, boundaries: listItemScopeBoundaries) { popElements(from: index) }
            return
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if let index = openElements.lastIndex(where: { isHeading(document.tags[$0]) }),
               !openElements[index...].contains(where: { defaultScopeBoundaries.contains(document.tags[$0]) && $0 != openElements[index] }) {
                popElements(from: index)
            }
            return
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u:
            closeFormattingElement(tag)
            return
        case .table, .td, .th, .tr, .tbody, .thead, .tfoot, .caption:
            if let index = indexInScope(of: tag, boundaries: tableScopeBoundaries) { popElements(from: index) }
            return
        default:
            break
        }
        if tag != .other, isSpecial(tag) {
            if let index = indexInScope(of: tag, boundaries: defaultScopeBoundaries) { popElements(from: index) }
            return
        }
        // Any other end tag: close the nearest element of that name unless a special
        // element is open inside it.
        var index = openElements.count - 1
        while index > 0 {
            let node = openElements[index]
            let nodeTag = document.tags[node]
            if nodeTag == tag && (tag != .other || document.name(node) == tokenizer.name(of: token)) {
                popElements(from: index)
                return
            }
            if nodeTag != .other, isSpecial(nodeTag), foreignDepth == 0 { return }
            index -= 1
        }
    }

    /// A formatting end tag (`</b>`) closes its element when only inline elements are open
    /// inside it; with a block inside, it is ignored so the block keeps its content.
    private mutating func closeFormattingElement(_ tag: HTMLTag) {
        var index = openElements.count - 1
        while index > 0 {
            let nodeTag = document.tags[openElements[index]]
            if nodeTag == tag {
                popElements(from: index)
                return
            }
            if isSpecial(nodeTag) { return }
            index -= 1
        }
    }

    private mutating func popElements(from index: Int) {
        guard index > 0, index < openElements.count else { return }
        if foreignDepth > 0 {
            for node in openElements[index...] where document.tags[node] == .svg || document.tags[node] == .math {
                foreignDepth -= 1
            }
        }
        // Never pop `html` (and `body` once in the body).
        let floor = inBody ? 2 : 1
        openElements.removeSubrange(Swift.max(index, floor)...)
    }

    // MARK: - Implied end tags

    private mutating func closeParagraphInButtonScope() {
        if let index = indexInScope(of: .p, boundaries: buttonScopeBoundaries) { popElements(from: index) }
    }

    /// `<li>` closes an open `li` unless a special element other than `address`, `div`
    /// or `p` sits between (a nested list); likewise `dd`/`dt`.
    private mutating func closeListItem(tags: HTMLTagSet) {
        var index = openElements.count - 1
        while index > 1 {
            let tag = document.tags[openElements[index]]
            if tags.contains(tag) {
                popElements(from: index)
                break
            }
            if isSpecial(tag) && tag != .address && tag != .div && tag != .p { break }
            index -= 1
        }
        closeParagraphInButtonScope()
    }

    /// `<a>` inside an open `a` closes it, when only inline elements are open inside it.
    private mutating func closeOpenLink() {
        var index = openElements.count - 1
        while index > 1 {
            let tag = document.tags[openElements[index]]
            if tag == .a {
                popElements(from: index)
                return
            }
            if isSpecial(tag) { return }
            index -= 1
        }
    }

    private mutating func closeTableParts(_ tags: HTMLTagSet) {
        var index = openElements.count - 1
        var found: Int?
        while index > 1 {
            let tag = document.tags[openElements[index]]
            if tag == .table || tag == .template { break }
            if tags.contains(tag) { found = index }
            index -= 1
        }
        if let found { popElements(from: found) }
    }

    // MARK: - Scopes

    private func indexInScope(of tag: HTMLTag, boundaries: HTMLTagSet) -> Int? {
        var index = openElements.count - 1
        while index > 0 {
            let nodeTag = document.tags[openElements[index]]
            if nodeTag == tag { return index }
            if boundaries.contains(nodeTag) { return nil }
            index -= 1
        }
        return nil
    }

    private let defaultScopeBoundaries: HTMLTagSet = [
        .applet, .caption, .html, .table, .td, .th, .marquee, .object, .template, .svg, .math,
    ]
    private let buttonScopeBoundaries: HTMLTagSet = [
        .applet, .caption, .html, .table, .td, .th, .marquee, .object, .template, .svg, .math, .button,
    ]
    private let listItemScopeBoundaries: HTMLTagSet = [
        .applet, .caption, .html, .table, .td, .th, .marquee, .object, .template, .svg, .math, .ol, .ul,
    ]
    private let tableScopeBoundaries: HTMLTagSet = [.html, .table, .template]

    private func isHeading(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .h1, .h2, .h3, .h4, .h5, .h6: true
        default: false
        }
    }

    /// The WHATWG "special" category: elements an unrelated end tag must not close.
    private func isSpecial(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body, .br,
             .button, .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl, .dt, .embed, .fieldset,
             .figcaption, .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3, .h4, .h5, .h6, .head, .header,
             .hgroup, .hr, .html, .iframe, .img, .input, .keygen, .li, .link, .listing, .main, .marquee, .menu,
             .meta, .nav, .noembed, .noframes, .noscript, .object, .ol, .p, .param, .plaintext, .pre, .script,
             .search, .section, .select, .source, .style, .summary, .table, .tbody, .td, .template, .textarea,
             .tfoot, .th, .thead, .title, .tr, .track, .ul, .wbr, .xmp, .svg, .math:
            true
        default:
            false
        }
    }
}
