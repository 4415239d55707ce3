import Markup

/// Punctuation left alone where a removed element ended a sentence.
extension ArticleContentCleaner {
    /// A full stop, comma, semicolon or colon alone in a text node, right after a text node
    /// that ends with punctuation already ("… in Rocket League? ." once the prompt to comment
    /// between them went): dropped. Two text nodes side by side are what a removal leaves (the
    /// page's own text comes in one node up to the next element), so a mark after a quotation
    /// or a link the page set is never touched.
    mutating func removeOrphanedPunctuation(_ content: Int) {
        var node = document.following(content, within: content)
        while node != HTMLDocument.none {
            let next = document.following(node, within: content)
            if document.isText(node), let mark = loneMark(node), Self.orphanedMarks.contains(mark) {
                let previous = document.previousSibling(node)
                if previous != HTMLDocument.none, document.isText(previous),
                   let last = document.textBytes[document.textRange(previous)].last(where: { !isWhiteSpace($0) }),
                   Self.sentencePunctuation.contains(last) {
                    document.remove(node)
                }
            }
            node = next
        }
    }

    /// The one byte of a text node that holds a single mark between white space.
    private func loneMark(_ node: Int) -> UInt8? {
        var mark: UInt8?
        for byte in document.textBytes[document.textRange(node)] where !isWhiteSpace(byte) {
            guard mark == nil else { return nil }
            mark = byte
        }
        return mark
    }

    static let orphanedMarks: Set<UInt8> = Set(".,;:".utf8)
    static let sentencePunctuation: Set<UInt8> = Set(".?!,;:".utf8)
}
