import Markup

/// Headings left without a section, single-cell tables and nested wrappers.
extension ArticleContentCleaner {
    /// A heading with no text after it ("Related stories" whose links were removed) or
    /// followed directly by a heading of the same or higher rank introduces nothing.
    mutating func removeHeadingsWithoutSection(_ content: Int) {
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
                if document.isElement(next), let rank = document.tag(next).headingLevel,
                   let ownRank = document.tag(heading).headingLevel, rank <= ownRank {
                    // A sentence set as a heading (a standfirst) is text, whatever follows it.
                    hasTextAfter = textLength(of: heading) >= Self.sentenceHeadingLength
                    break
                }
                next = document.following(next, within: content)
            }
            // A sentence set as a heading (a pull quote, a question the next part answers) is
            // text even at the end: a section's title is not written as a sentence.
            if !hasTextAfter, !isStandfirst(heading), !isSentenceHeading(heading) { document.remove(heading) }
        }
    }

    /// Headings this long are sentences, not the titles of sections.
    static let sentenceHeadingLength = 80

    /// A heading of five words or more that ends as a sentence does.
    func isSentenceHeading(_ heading: Int) -> Bool {
        guard let line = line(of: heading, limit: 300), Self.endsSentence(line) else { return false }
        return line.filter { $0 == 0x20 }.count >= 4
    }

    mutating func unwrapSingleCellTables(_ content: Int) {
        for table in document.elements(in: content, withTags: [.table]).reversed() {
            let rows = document.elements(in: table, withTags: [.tr])
            guard rows.count == 1, let row = rows.first else { continue }
            let cells = document.childElements(row).filter { document.tag($0) == .td || document.tag($0) == .th }
            guard cells.count == 1, let cell = cells.first else { continue }
            let hasBlocks = document.containsElement(in: cell, withTags: [.p, .div, .ul, .ol, .table, .blockquote, .pre, .h2, .h3])
            document.setTag(hasBlocks ? .div : .p, of: cell)
            document.replace(table, with: cell)
        }
    }

    /// A `div` or `section` whose only child is another one is replaced by that child.
    mutating func simplifyNestedContainers(_ content: Int) {
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
}
