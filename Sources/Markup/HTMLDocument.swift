/// What a node of an `HTMLDocument` is.
public enum HTMLNodeKind: UInt8, Sendable {
    case document
    case element
    case text
    case comment
}

/// A parsed HTML page held as an arena: a node is an integer index into flat arrays of
/// kinds, tags and links, so a page of ten thousand nodes is a handful of allocations and
/// every walk over it is a loop, never recursion (a hostile page cannot exhaust the stack).
///
/// Node 0 is the document; `htmlElement`, `head` and `body` always exist. Text is stored
/// decoded (character references resolved) in one shared UTF-8 buffer. Attribute values
/// are kept as written and decoded on demand. Detaching a node leaves it in the arena but
/// unreachable from the document.
public struct HTMLDocument: Sendable {
    /// "No node" in the link arrays.
    public static let none = -1

    public internal(set) var kinds: [HTMLNodeKind] = []
    public internal(set) var tags: [HTMLTag] = []
    public internal(set) var parents: [Int] = []
    public internal(set) var firstChildren: [Int] = []
    public internal(set) var lastChildren: [Int] = []
    public internal(set) var nextSiblings: [Int] = []
    public internal(set) var previousSiblings: [Int] = []
    /// Elements: the range of their attributes in `attributes`. Text and comments: the
    /// range of their content in `textBytes`.
    @usableFromInline var dataStarts: [Int] = []
    @usableFromInline var dataEnds: [Int] = []
    /// All elements' attributes, each element's contiguous.
    public internal(set) var attributes: [HTMLAttribute] = []
    /// All text and comment content, decoded UTF-8.
    public internal(set) var textBytes: [UInt8] = []
    /// Names of elements whose tag is `.other`, by node.
    var otherNames: [Int: String] = [:]

    public internal(set) var htmlElement = HTMLDocument.none
    public internal(set) var head = HTMLDocument.none
    public internal(set) var body = HTMLDocument.none

    /// The number of nodes ever created (detached ones included).
    public var nodeCount: Int { kinds.count }

    init() {
        let document = makeNode(kind: .document, tag: .other)
        htmlElement = makeNode(kind: .element, tag: .html)
        append(htmlElement, to: document)
        head = makeNode(kind: .element, tag: .head)
        append(head, to: htmlElement)
        body = makeNode(kind: .element, tag: .body)
        append(body, to: htmlElement)
    }

    // MARK: - Reading

    @inlinable public func kind(_ node: Int) -> HTMLNodeKind { kinds[node] }
    @inlinable public func tag(_ node: Int) -> HTMLTag { tags[node] }
    @inlinable public func parent(_ node: Int) -> Int { parents[node] }
    @inlinable public func firstChild(_ node: Int) -> Int { firstChildren[node] }
    @inlinable public func lastChild(_ node: Int) -> Int { lastChildren[node] }
    @inlinable public func nextSibling(_ node: Int) -> Int { nextSiblings[node] }
    @inlinable public func previousSibling(_ node: Int) -> Int { previousSiblings[node] }
    @inlinable public func isElement(_ node: Int) -> Bool { kinds[node] == .element }
    @inlinable public func isText(_ node: Int) -> Bool { kinds[node] == .text }

    /// The lower-cased element name (`"div"`, `"my-widget"`); `""` for other nodes.
    public func name(_ node: Int) -> String {
        guard kinds[node] == .element else { return "" }
        let tag = tags[node]
        return tag == .other ? otherNames[node] ?? "" : tag.name
    }

    /// The attributes of an element, in source order (empty for other nodes).
    @inlinable
    public func attributes(of node: Int) -> ArraySlice<HTMLAttribute> {
        guard kinds[node] == .element else { return [] }
        return attributes[dataStarts[node]..<dataEnds[node]]
    }

    /// The attribute called `name` (lower-case) of an element.
    @inlinable
    public func attribute(_ name: String, of node: Int) -> HTMLAttribute? {
        guard kinds[node] == .element else { return nil }
        for index in dataStarts[node]..<dataEnds[node] where attributes[index].name == name {
            return attributes[index]
        }
        return nil
    }

    /// The decoded value of the attribute called `name` (lower-case) of an element.
    public func value(of name: String, on node: Int) -> String? {
        attribute(name, of: node)?.value
    }

    /// Whether an element has the attribute called `name`.
    public func hasAttribute(_ name: String, on node: Int) -> Bool {
        attribute(name, of: node) != nil
    }

    /// The decoded content bytes of a text or comment node (empty for elements).
    @inlinable
    public func textRange(_ node: Int) -> Range<Int> {
        guard kinds[node] == .text || kinds[node] == .comment else { return 0..<0 }
        return dataStarts[node]..<dataEnds[node]
    }

    /// The content of a text or comment node.
    public func text(_ node: Int) -> String {
        String(decoding: textBytes[textRange(node)], as: UTF8.self)
    }

    /// Whether `node` is `ancestor` or inside it.
    public func isInside(_ node: Int, _ ancestor: Int) -> Bool {
        var current = node
        while current != Self.none {
            if current == ancestor { return true }
            current = parents[current]
        }
        return false
    }

    /// The element's children that are elements.
    public func childElements(_ node: Int) -> [Int] {
        var result: [Int] = []
        var child = firstChildren[node]
        while child != Self.none {
            if kinds[child] == .element { result.append(child) }
            child = nextSiblings[child]
        }
        return result
    }

    /// The node after `node` in document order inside `root`, not entering `node`'s
    /// children when `skippingChildren`; `none` at the end of `root`.
    @inlinable
    public func following(_ node: Int, within root: Int, skippingChildren: Bool = false) -> Int {
        if !skippingChildren {
            let child = firstChildren[node]
            if child != Self.none { return child }
        }
        var current = node
        while current != root && current != Self.none {
            let sibling = nextSiblings[current]
            if sibling != Self.none { return sibling }
            current = parents[current]
        }
        return Self.none
    }

    /// The nodes inside `root` (not `root` itself) in document order.
    public func descendants(of root: Int) -> [Int] {
        var result: [Int] = []
        var node = following(root, within: root)
        while node != Self.none {
            result.append(node)
            node = following(node, within: root)
        }
        return result
    }

    /// Whether any element inside `root` has one of `tags`: `!elements(in:withTags:).isEmpty`
    /// without the list, stopping at the first.
    public func containsElement(in root: Int, withTags tags: HTMLTagSet) -> Bool {
        var node = following(root, within: root)
        while node != Self.none {
            if kinds[node] == .element, tags.contains(self.tags[node]) { return true }
            node = following(node, within: root)
        }
        return false
    }

    /// The elements inside `root` with one of `tags`, in document order.
    public func elements(in root: Int, withTags tags: HTMLTagSet) -> [Int] {
        var result: [Int] = []
        var node = following(root, within: root)
        while node != Self.none {
            if kinds[node] == .element, tags.contains(self.tags[node]) { result.append(node) }
            node = following(node, within: root)
        }
        return result
    }

    /// The concatenated text inside `root`, as stored (no spacing added between blocks).
    public func textContent(_ root: Int) -> String {
        var bytes: [UInt8] = []
        appendTextContent(of: root, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first bytes (at most `limit`, plus the rest of a cut text node's character) of
    /// the text inside `root`, and whether that is all of it; stops walking at the limit.
    /// Walks at most `4 × limit + 64` nodes, so thousands of empty elements cost no more
    /// than a long text (past that the prefix is reported incomplete).
    public func textPrefix(of root: Int, limit: Int) -> (bytes: [UInt8], isComplete: Bool) {
        var output: [UInt8] = []
        var node = kinds[root] == .text ? root : following(root, within: root)
        var visits = 0
        let maximumVisits = 4 * limit + 64
        while node != Self.none {
            visits += 1
            if visits > maximumVisits { return (output, false) }
            if kinds[node] == .text {
                let range = textRange(node)
                if output.count + range.count > limit {
                    output.append(contentsOf: textBytes[range.lowerBound..<(range.lowerBound + limit - output.count)])
                    return (output, false)
                }
                output.append(contentsOf: textBytes[range])
            }
            if node == root { break }
            node = following(node, within: root)
        }
        return (output, true)
    }

    /// Appends the text inside `root` (or of `root`, if it is text) to `output`.
    public func appendTextContent(of root: Int, to output: inout [UInt8]) {
        if kinds[root] == .text {
            output.append(contentsOf: textBytes[textRange(root)])
            return
        }
        var node = following(root, within: root)
        while node != Self.none {
            if kinds[node] == .text { output.append(contentsOf: textBytes[textRange(node)]) }
            node = following(node, within: root)
        }
    }

    // MARK: - Changing

    @discardableResult
    mutating func makeNode(kind: HTMLNodeKind, tag: HTMLTag) -> Int {
        let node = kinds.count
        kinds.append(kind)
        tags.append(tag)
        parents.append(Self.none)
        firstChildren.append(Self.none)
        lastChildren.append(Self.none)
        nextSiblings.append(Self.none)
        previousSiblings.append(Self.none)
        dataStarts.append(0)
        dataEnds.append(0)
        return node
    }

    /// Makes a detached element; `name` is used when `tag` is `.other`.
    public mutating func createElement(_ tag: HTMLTag, name: String = "") -> Int {
        let node = makeNode(kind: .element, tag: tag)
        if tag == .other { otherNames[node] = name.lowercased() }
        let end = attributes.count
        dataStarts[node] = end
        dataEnds[node] = end
        return node
    }

    /// Makes a detached text node.
    public mutating func createText(_ text: String) -> Int {
        let node = makeNode(kind: .text, tag: .other)
        dataStarts[node] = textBytes.count
        textBytes.append(contentsOf: text.utf8)
        dataEnds[node] = textBytes.count
        return node
    }

    /// Detaches `node` from its parent (it and its subtree leave the document).
    public mutating func remove(_ node: Int) {
        let parent = parents[node]
        guard parent != Self.none else { return }
        let previous = previousSiblings[node]
        let next = nextSiblings[node]
        if previous != Self.none { nextSiblings[previous] = next } else { firstChildren[parent] = next }
        if next != Self.none { previousSiblings[next] = previous } else { lastChildren[parent] = previous }
        parents[node] = Self.none
        nextSiblings[node] = Self.none
        previousSiblings[node] = Self.none
    }

    /// Moves `node` (detaching it first) to the end of `parent`'s children.
    public mutating func append(_ node: Int, to parent: Int) {
        remove(node)
        parents[node] = parent
        let last = lastChildren[parent]
        previousSiblings[node] = last
        if last != Self.none { nextSiblings[last] = node } else { firstChildren[parent] = node }
        lastChildren[parent] = node
    }

    /// Moves `node` (detaching it first) just before `sibling`.
    public mutating func insert(_ node: Int, before sibling: Int) {
        let parent = parents[sibling]
        guard parent != Self.none, node != sibling else { return }
        remove(node)
        parents[node] = parent
        let previous = previousSiblings[sibling]
        previousSiblings[node] = previous
        nextSiblings[node] = sibling
        previousSiblings[sibling] = node
        if previous != Self.none { nextSiblings[previous] = node } else { firstChildren[parent] = node }
    }

    /// Puts `replacement` (detached first) where `node` is, and detaches `node`.
    public mutating func replace(_ node: Int, with replacement: Int) {
        guard parents[node] != Self.none else { return }
        insert(replacement, before: node)
        remove(node)
    }

    /// Moves the children of `node` to just before it and detaches it (unwrapping).
    public mutating func unwrap(_ node: Int) {
        guard parents[node] != Self.none else { return }
        var child = firstChildren[node]
        while child != Self.none {
            let next = nextSiblings[child]
            insert(child, before: node)
            child = next
        }
        remove(node)
    }

    /// Renames an element (`font` → `span`, `div` → `p`), keeping its attributes and children.
    public mutating func setTag(_ tag: HTMLTag, of node: Int, name: String = "") {
        guard kinds[node] == .element else { return }
        tags[node] = tag
        if tag == .other { otherNames[node] = name.lowercased() } else { otherNames[node] = nil }
    }

    /// Sets (or adds) an attribute; the value is taken literally, not decoded again.
    public mutating func setAttribute(_ name: String, to value: String, on node: Int) {
        guard kinds[node] == .element else { return }
        let attribute = HTMLAttribute(name: name, rawValue: ArraySlice(Array(value.utf8)), hasReferences: false)
        let start = dataStarts[node]
        let end = dataEnds[node]
        for index in start..<end where attributes[index].name == name {
            attributes[index] = attribute
            return
        }
        if end == attributes.count {
            attributes.append(attribute)
        } else {
            // Move this element's attributes to the end so they stay contiguous.
            let moved = Array(attributes[start..<end])
            dataStarts[node] = attributes.count
            attributes.append(contentsOf: moved)
            attributes.append(attribute)
        }
        dataEnds[node] = attributes.count
    }

    /// Removes the attributes of an element for which `shouldRemove` is true.
    public mutating func removeAttributes(of node: Int, where shouldRemove: (HTMLAttribute) -> Bool) {
        guard kinds[node] == .element else { return }
        let start = dataStarts[node]
        var write = start
        for read in start..<dataEnds[node] where !shouldRemove(attributes[read]) {
            if write != read { attributes.swapAt(write, read) }
            write += 1
        }
        dataEnds[node] = write
    }

    /// Sets an element's attributes at creation (the builder's bulk path).
    mutating func setAttributes(_ list: [HTMLAttribute], of node: Int) {
        dataStarts[node] = attributes.count
        attributes.append(contentsOf: list)
        dataEnds[node] = attributes.count
    }

    /// Adds text at the end of `parent`, merged into its last child when that is text
    /// stored at the end of the buffer.
    mutating func appendText(_ bytes: some Collection<UInt8>, to parent: Int) {
        let last = lastChildren[parent]
        if last != Self.none, kinds[last] == .text, dataEnds[last] == textBytes.count {
            textBytes.append(contentsOf: bytes)
            dataEnds[last] = textBytes.count
            return
        }
        let node = makeNode(kind: .text, tag: .other)
        dataStarts[node] = textBytes.count
        textBytes.append(contentsOf: bytes)
        dataEnds[node] = textBytes.count
        append(node, to: parent)
    }

    /// Adds a token's text (references decoded where they apply) at the end of `parent`.
    mutating func appendText(of token: HTMLToken, to parent: Int) {
        let last = lastChildren[parent]
        let start = textBytes.count
        token.decodeText(into: &textBytes)
        attachText(from: start, after: last, to: parent)
    }

    /// Makes the text bytes from `start` on a text node at the end of `parent`, or the end of
    /// `last` (its last child) when that is a text node ending where they begin.
    private mutating func attachText(from start: Int, after last: Int, to parent: Int) {
        if last != Self.none, kinds[last] == .text, dataEnds[last] == start {
            dataEnds[last] = textBytes.count
            return
        }
        let node = makeNode(kind: .text, tag: .other)
        dataStarts[node] = start
        dataEnds[node] = textBytes.count
        append(node, to: parent)
    }

    /// Adds a raw token's text (references decoded where they apply, as
    /// `HTMLToken.decodeText` does) at the end of `parent`.
    mutating func appendText(of token: RawToken, in bytes: [UInt8], to parent: Int) {
        let last = lastChildren[parent]
        let start = textBytes.count
        if token.decodesReferences {
            textBytes.reserveCapacity(start + token.content.count)
            bytes.withUnsafeBufferPointer { buffer in
                HTMLEntities.decode(UnsafeBufferPointer(rebasing: buffer[token.content]), inAttribute: false, into: &textBytes)
            }
        } else {
            textBytes.append(contentsOf: bytes[token.content])
        }
        attachText(from: start, after: last, to: parent)
    }

    /// Gives `node` the attributes of the start tag `tokenizer` last returned.
    mutating func setAttributes(from tokenizer: borrowing HTMLTokenizer, of node: Int) {
        dataStarts[node] = attributes.count
        tokenizer.appendAttributes(to: &attributes)
        dataEnds[node] = attributes.count
    }

    mutating func appendComment(_ content: ArraySlice<UInt8>, to parent: Int) {
        let node = makeNode(kind: .comment, tag: .other)
        dataStarts[node] = textBytes.count
        textBytes.append(contentsOf: content)
        dataEnds[node] = textBytes.count
        append(node, to: parent)
    }

    mutating func setOtherName(_ name: String, of node: Int) {
        otherNames[node] = name
    }
}
