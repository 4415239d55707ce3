import Markup

extension HTMLDocument {
    /// The characters of text inside `node`, runs of white space counted once: the measure
    /// the content search and the cleaner compare blocks by.
    func textLength(of node: Int) -> Int {
        var length = 0
        var current = following(node, within: node)
        while current != HTMLDocument.none {
            if isText(current) { length += ContentAttempt.characterCount(textBytes[textRange(current)]) }
            current = following(current, within: node)
        }
        return length
    }
}
