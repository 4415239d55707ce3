extension HTMLDocument {
    /// The text inside `root` as a person reads it: each block element (paragraph,
    /// heading, list item, table cell, …) on its own line, `<br>` a line break, runs of
    /// white space collapsed to one space except inside `pre`, and nothing from `script`,
    /// `style`, `template` or `head`.
    public func plainText(of root: Int) -> String {
        var writer = PlainTextWriter()
        var node = root
        var preDepth = 0
        while true {
            var enter = false
            switch kinds[node] {
            case .element:
                let tag = tags[node]
                if Self.skipsText(tag) {
                    break
                }
                if tag == .br {
                    writer.lineBreak()
                } else if Self.isBlock(tag) {
                    writer.blockBoundary()
                }
                if tag == .pre { preDepth += 1 }
                enter = firstChildren[node] != Self.none && !tag.isVoid
                if !enter { leave(node, writer: &writer, preDepth: &preDepth) }
            case .text:
                writer.append(textBytes[textRange(node)], preservingWhiteSpace: preDepth > 0)
            case .document:
                enter = firstChildren[node] != Self.none
            case .comment:
                break
            }
            if enter {
                node = firstChildren[node]
                continue
            }
            while node != root, nextSiblings[node] == Self.none {
                node = parents[node]
                if node == Self.none { return writer.text }
                leave(node, writer: &writer, preDepth: &preDepth)
            }
            if node == root { return writer.text }
            node = nextSiblings[node]
        }
    }

    private func leave(_ node: Int, writer: inout PlainTextWriter, preDepth: inout Int) {
        guard kinds[node] == .element else { return }
        let tag = tags[node]
        if Self.skipsText(tag) { return }
        if tag == .pre { preDepth -= 1 }
        if Self.isBlock(tag) { writer.blockBoundary() }
    }

    static func skipsText(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .script, .style, .template, .head, .title, .noscript, .noembed, .noframes, .iframe, .object,
             .select, .datalist, .textarea, .button, .rt, .rp:
            true
        default:
            false
        }
    }

    /// Elements that start and end a line in plain text.
    public static func isBlock(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .address, .article, .aside, .blockquote, .body, .caption, .center, .dd, .details, .dialog, .dir,
             .div, .dl, .dt, .fieldset, .figcaption, .figure, .footer, .form, .h1, .h2, .h3, .h4, .h5, .h6,
             .header, .hgroup, .hr, .html, .legend, .li, .listing, .main, .menu, .nav, .ol, .option, .p, .pre,
             .search, .section, .summary, .table, .tbody, .td, .tfoot, .th, .thead, .tr, .ul, .xmp, .plaintext,
             .video, .audio, .picture:
            true
        default:
            false
        }
    }
}

/// Collects text with collapsed white space and at most one line break between blocks,
/// without soft hyphens or zero-width no-break spaces.
struct PlainTextWriter {
    private var output: [UInt8] = []
    private var pendingSpace = false
    private var pendingBreak = false

    var text: String {
        var end = output.count
        while end > 0, output[end - 1] == UInt8(ascii: "\n") || output[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return String(decoding: output[0..<end], as: UTF8.self)
    }

    mutating func blockBoundary() {
        if !output.isEmpty { pendingBreak = true }
    }

    mutating func lineBreak() {
        // A forced break: written now, trailing spaces dropped.
        while output.last == UInt8(ascii: " ") { output.removeLast() }
        if pendingBreak, output.last != UInt8(ascii: "\n"), !output.isEmpty { output.append(UInt8(ascii: "\n")) }
        output.append(UInt8(ascii: "\n"))
        pendingBreak = false
        pendingSpace = false
    }

    mutating func append(_ bytes: ArraySlice<UInt8>, preservingWhiteSpace: Bool) {
        for byte in bytes {
            if preservingWhiteSpace {
                if byte == UInt8(ascii: "\r") { continue }
                flushPending()
                output.append(byte)
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                if !output.isEmpty, output.last != UInt8(ascii: "\n") { pendingSpace = true }
                continue
            }
            // A soft hyphen (U+00AD, C2 AD) only marks where a word may break: it is not text.
            if byte == 0xAD, output.last == 0xC2 {
                output.removeLast()
                continue
            }
            // Nor is a zero-width no-break space (U+FEFF, EF BB BF), a byte-order mark left
            // inside the page: alone in a paragraph it would make a line that shows nothing.
            if byte == 0xBF, output.count >= 2, output[output.count - 1] == 0xBB, output[output.count - 2] == 0xEF {
                output.removeLast(2)
                continue
            }
            flushPending()
            output.append(byte)
        }
    }

    private mutating func flushPending() {
        if pendingBreak {
            while output.last == UInt8(ascii: " ") { output.removeLast() }
            if !output.isEmpty, output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
            pendingBreak = false
            pendingSpace = false
        } else if pendingSpace {
            if !output.isEmpty, output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: " ")) }
            pendingSpace = false
        }
    }
}
