import Markup

/// Text statistics: text, link and comma counts for every node, in one pass.
extension ContentAttempt {
    /// Fills `textLengths`, `linkLengths` and `commaCounts` for every node in the body in
    /// one pass (children before parents), so scoring never walks a subtree twice.
    mutating func computeTextStatistics() {
        let count = document.nodeCount
        textLengths = Array(repeating: 0, count: count)
        linkLengths = Array(repeating: 0, count: count)
        commaCounts = Array(repeating: 0, count: count)
        let order = document.descendants(of: document.body)
        for node in order.reversed() {
            if document.isText(node) {
                let bytes = document.textBytes[document.textRange(node)]
                textLengths[node] = Self.characterCount(bytes)
                commaCounts[node] = Self.commaCount(bytes)
            } else if document.isElement(node), document.tag(node) == .a {
                let href = document.attribute("href", of: node)
                let weight = href.map { $0.rawValue.first == UInt8(ascii: "#") ? 0.3 : 1.0 } ?? 1.0
                linkLengths[node] = Double(textLengths[node]) * weight
            }
            let parent = document.parent(node)
            if parent != HTMLDocument.none {
                textLengths[parent] += textLengths[node]
                linkLengths[parent] += linkLengths[node]
                commaCounts[parent] += commaCounts[node]
            }
        }
    }

    func linkDensity(_ node: Int) -> Double {
        let length = textLengths[node]
        guard length > 0 else { return 0 }
        return min(1, linkLengths[node] / Double(length))
    }

    /// Link density computed on the spot (the statistics are not built yet while preparing).
    func linkDensityNow(_ node: Int) -> Double {
        var total = 0
        var inLinks = 0.0
        var current = document.following(node, within: node)
        while current != HTMLDocument.none {
            if document.isText(current) {
                let length = Self.characterCount(document.textBytes[document.textRange(current)])
                total += length
                var ancestor = document.parent(current)
                while ancestor != node, ancestor != HTMLDocument.none {
                    if document.tag(ancestor) == .a {
                        let href = document.attribute("href", of: ancestor)
                        inLinks += Double(length) * (href?.rawValue.first == UInt8(ascii: "#") ? 0.3 : 1)
                        break
                    }
                    ancestor = document.parent(ancestor)
                }
            }
            current = document.following(current, within: node)
        }
        return total == 0 ? 0 : inLinks / Double(total)
    }

    /// Characters (Unicode scalars) with runs of white space counted once.
    static func characterCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { characterCount($0) }
    }

    /// The same over a buffer (no bounds checks in the loop: this runs for every text node
    /// of every attempt, several times).
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var inSpace = false
        for byte in bytes {
            if isWhiteSpace(byte) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                inSpace = false
                if byte & 0xC0 != 0x80 { count += 1 }
            }
        }
        return count
    }

    /// Commas of the scripts that have them: `,` `،` `，` `﹐` `︐` `︑` `⹁` `⸴` `⸲`.
    static func commaCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { commaCount($0) }
    }

    static func commaCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = 0
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == UInt8(ascii: ",") { count += 1 }
            } else if byte == 0xD8, index + 1 < end, bytes[index + 1] == 0x8C {
                count += 1
            } else if byte == 0xEF, index + 2 < end {
                let second = bytes[index + 1], third = bytes[index + 2]
                if (second == 0xBC && third == 0x8C) || (second == 0xB9 && third == 0x90) || (second == 0xB8 && (third == 0x90 || third == 0x91)) {
                    count += 1
                }
            } else if byte == 0xE2, index + 2 < end, bytes[index + 1] == 0xB9 || bytes[index + 1] == 0xB8 {
                let third = bytes[index + 2]
                if (bytes[index + 1] == 0xB9 && third == 0x81) || (bytes[index + 1] == 0xB8 && (third == 0xB4 || third == 0xB2)) {
                    count += 1
                }
            }
            index += 1
        }
        return count
    }
}
