/// Finds whether any of a fixed set of ASCII keywords occurs in a string, ignoring case,
/// without regular expressions: keywords are grouped by first byte so each position of
/// the text is compared only with the few keywords that could start there.
/// A keyword may be anchored to a word edge with `^` (start) or `$` (end); a word edge
/// is the string's start or end, a space, `-` or `_`.
struct KeywordMatcher: Sendable {
    private struct Keyword: Sendable {
        var bytes: [UInt8]
        var anchoredStart: Bool
        var anchoredEnd: Bool
    }

    private var byFirstByte: [[Keyword]]

    init(_ keywords: [String]) {
        byFirstByte = Array(repeating: [], count: 256)
        for keyword in keywords {
            var bytes = Array(keyword.lowercased().utf8)
            var anchoredStart = false
            var anchoredEnd = false
            if bytes.first == UInt8(ascii: "^") {
                anchoredStart = true
                bytes.removeFirst()
            }
            if bytes.last == UInt8(ascii: "$") {
                anchoredEnd = true
                bytes.removeLast()
            }
            guard let first = bytes.first else { continue }
            byFirstByte[Int(first)].append(Keyword(bytes: bytes, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd))
        }
    }

    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    func matches(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { matches($0) }
    }

    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = lowercased(bytes[index])
            for keyword in byFirstByte[Int(byte)] where index + keyword.bytes.count <= count {
                if keyword.anchoredStart, index > 0, !isEdge(bytes[index - 1]) { continue }
                let end = index + keyword.bytes.count
                if keyword.anchoredEnd, end < count, !isEdge(bytes[end]) { continue }
                var equal = true
                var offset = 1
                while offset < keyword.bytes.count {
                    if lowercased(bytes[index + offset]) != keyword.bytes[offset] {
                        equal = false
                        break
                    }
                    offset += 1
                }
                if equal { return true }
            }
            index += 1
        }
        return false
    }

    @inline(__always)
    private func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    private func isEdge(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == 0x09 || byte == 0x0A
    }
}
