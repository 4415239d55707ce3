extension HTMLDocument {
    /// The HTML of `node` (with its own tag when `includingNode`, else only its content).
    /// Text and attribute values are escaped, so the output re-parses to the same tree.
    public func html(of node: Int, includingNode: Bool = true) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        if includingNode {
            serializeSubtree(node, into: &output)
        } else {
            var child = firstChildren[node]
            while child != Self.none {
                serializeSubtree(child, into: &output)
                child = nextSiblings[child]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the HTML of `root` and everything inside it to `output`, without recursion.
    public func serializeSubtree(_ root: Int, into output: inout [UInt8]) {
        var node = root
        while true {
            open(node, into: &output)
            if kinds[node] == .element, !tags[node].isVoid, firstChildren[node] != Self.none {
                node = firstChildren[node]
                continue
            }
            close(node, into: &output)
            while node != root, nextSiblings[node] == Self.none {
                node = parents[node]
                if node == Self.none { return }
                close(node, into: &output)
            }
            if node == root { return }
            node = nextSiblings[node]
        }
    }

    private func open(_ node: Int, into output: inout [UInt8]) {
        switch kinds[node] {
        case .element:
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: name(node).utf8)
            for attribute in attributes(of: node) where isSerializableAttributeName(attribute.name) {
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: attribute.name.utf8)
                output.append(contentsOf: "=\"".utf8)
                if attribute.hasReferences {
                    var decoded: [UInt8] = []
                    attribute.decodeValue(into: &decoded)
                    Self.appendEscaped(decoded, inAttribute: true, to: &output)
                } else {
                    Self.appendEscaped(attribute.rawValue, inAttribute: true, to: &output)
                }
                output.append(UInt8(ascii: "\""))
            }
            output.append(UInt8(ascii: ">"))
        case .text:
            let parent = parents[node]
            if parent != Self.none, kinds[parent] == .element, tags[parent].isRawText {
                output.append(contentsOf: textBytes[textRange(node)])
            } else {
                Self.appendEscaped(textBytes[textRange(node)], inAttribute: false, to: &output)
            }
        case .comment:
            output.append(contentsOf: "<!--".utf8)
            // A comment may not contain its own end; break any "--" so the output stays one comment.
            for byte in textBytes[textRange(node)] {
                if byte == UInt8(ascii: ">"), output.last == UInt8(ascii: "-") { output.append(UInt8(ascii: " ")) }
                output.append(byte)
            }
            output.append(contentsOf: "-->".utf8)
        case .document:
            break
        }
    }

    private func close(_ node: Int, into output: inout [UInt8]) {
        guard kinds[node] == .element, !tags[node].isVoid else { return }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name(node).utf8)
        output.append(UInt8(ascii: ">"))
    }

    /// Attribute names that cannot break out of the tag when written back (`"` `'` `<` `>`
    /// `/` `=` never appear in them).
    private func isSerializableAttributeName(_ name: String) -> Bool {
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"),
                 UInt8(ascii: "="), 0...0x20, 0x7F:
                return false
            default:
                continue
            }
        }
        return !name.isEmpty
    }

    /// Escapes `&`, `<`, `>` (and `"` in attribute values) and drops NUL bytes.
    public static func appendEscaped(_ bytes: some Collection<UInt8>, inAttribute: Bool, to output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
            case 0: continue
            default: output.append(byte)
            }
        }
    }
}
