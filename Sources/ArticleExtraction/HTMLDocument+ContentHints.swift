import Markup

extension HTMLDocument {
    /// The characters of text inside `node`, runs of white space counted once: the measure
    /// the content search and the cleaner compare blocks by.
    /// Whether any text node inside `node` has a byte: `textLength(of:) > 0` (a text node's
    /// length is 0 only when it is empty), stopping at the first.
    func hasText(in node: Int) -> Bool {
        var current = following(node, within: node)
        while current != HTMLDocument.none {
            if isText(current), !textRange(current).isEmpty { return true }
            current = following(current, within: node)
        }
        return false
    }

    /// Whether the page marks `node` as the article's body (`itemprop="articleBody"`).
    func isMarkedArticleBody(_ node: Int) -> Bool {
        value(of: "itemprop", on: node)?.containsASCII("articleBody") == true
    }

    func textLength(of node: Int) -> Int {
        var length = 0
        textBytes.withUnsafeBufferPointer { text in
            var current = following(node, within: node)
            while current != HTMLDocument.none {
                if isText(current) { length += ContentAttempt.characterCount(UnsafeBufferPointer(rebasing: text[textRange(current)])) }
                current = following(current, within: node)
            }
        }
        return length
    }

    /// The class and id attributes as written, space-separated, class names normalised
    /// for hint matching (bytes: this runs for every element, and class names carry no
    /// character references worth decoding).
    func classAndID(of node: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        if let className = attribute("class", of: node) { bytes.append(contentsOf: ContentAttempt.hintBytes(className.rawValue)) }
        if let id = attribute("id", of: node), !id.rawValue.isEmpty {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            bytes.append(contentsOf: id.rawValue)
        }
        // A custom element's name says what it is as a class would (`<pp-inline-teaser>`,
        // `<related-articles>`): a web component's name has a hyphen.
        if tag(node) == .other {
            let name = self.name(node)
            if name.utf8.contains(UInt8(ascii: "-")) {
                if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                bytes.append(contentsOf: name.utf8)
            }
        }
        return bytes
    }
}
