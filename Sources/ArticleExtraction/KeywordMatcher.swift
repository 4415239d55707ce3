/// Finds whether any of a fixed set of ASCII keywords occurs in a string, ignoring case,
/// without regular expressions: keywords are grouped by first byte so each position of
/// the text is compared only with the few keywords that could start there.
/// A keyword may be anchored to a word edge with `^` (start) or `$` (end); a word edge
/// is the string's start or end, a space, `-` or `_`.
struct KeywordMatcher: Sendable {
    /// One keyword: its bytes are `bytes[start ..< start + count]`.
    private struct Keyword: Sendable {
        var start: Int
        var count: Int
        var anchoredStart: Bool
        var anchoredEnd: Bool
    }

    /// Every keyword's bytes, one after another.
    private var bytes: [UInt8] = []
    /// The keywords, grouped by first byte.
    private var keywords: [Keyword] = []
    /// The keywords starting with byte b are `keywords[groupStarts[b] ..< groupStarts[b + 1]]`
    /// (257 entries). Flat arrays read through buffer pointers: a nested array per byte
    /// cost a retain and a release at every position of every text matched.
    private var groupStarts: [Int] = []

    init(_ keywords: [String]) {
        var byFirstByte: [[(bytes: [UInt8], anchoredStart: Bool, anchoredEnd: Bool)]] = Array(repeating: [], count: 256)
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
            byFirstByte[Int(first)].append((bytes, anchoredStart, anchoredEnd))
        }
        groupStarts.reserveCapacity(257)
        for group in byFirstByte {
            groupStarts.append(self.keywords.count)
            for keyword in group {
                self.keywords.append(Keyword(start: bytes.count, count: keyword.bytes.count, anchoredStart: keyword.anchoredStart, anchoredEnd: keyword.anchoredEnd))
                bytes.append(contentsOf: keyword.bytes)
            }
        }
        groupStarts.append(self.keywords.count)
    }

    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    func matches(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { matches($0) }
    }

    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        groupStarts.withUnsafeBufferPointer { groupStarts in
            keywords.withUnsafeBufferPointer { keywords in
                bytes.withUnsafeBufferPointer { keywordBytes in
                    matches(text, groupStarts: groupStarts, keywords: keywords, keywordBytes: keywordBytes)
                }
            }
        }
    }

    private func matches(
        _ text: UnsafeBufferPointer<UInt8>, groupStarts: UnsafeBufferPointer<Int>,
        keywords: UnsafeBufferPointer<Keyword>, keywordBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let count = text.count
        var index = 0
        while index < count {
            let byte = Int(lowercased(text[index]))
            var which = groupStarts[byte]
            let end = groupStarts[byte + 1]
            while which < end {
                let keyword = keywords[which]
                which += 1
                guard index + keyword.count <= count else { continue }
                if keyword.anchoredStart, index > 0, !isEdge(text[index - 1]) { continue }
                let after = index + keyword.count
                if keyword.anchoredEnd, after < count, !isEdge(text[after]) { continue }
                var equal = true
                var offset = 1
                while offset < keyword.count {
                    if lowercased(text[index + offset]) != keywordBytes[keyword.start + offset] {
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
