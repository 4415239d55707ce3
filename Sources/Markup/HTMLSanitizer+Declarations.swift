/// `<!DOCTYPE …>` and marked sections (`<![if …]>`) in content, read the way feed readers
/// read them (the SGML declaration grammar feedparser's parser follows), so that text which
/// only looks like a declaration stays text: a well-formed declaration is dropped; one with
/// a character the grammar does not allow is text from its `<` on; one the content ends
/// inside (an unterminated string, no `>`) makes all the rest text.
extension HTMLSanitizer {
    enum DeclarationReading: Equatable {
        /// A declaration up to (just before) this offset: dropped.
        case declaration(end: Int)
        /// Not a declaration: its `<` is text and reading goes on after it.
        case text
        /// The content ends inside the declaration: everything from its `<` is text.
        case restIsText
    }

    /// Reads `<!DOCTYPE …` (or any `<!` + name) starting at `start`: names, quoted strings
    /// and white space up to `>`, with an internal subset only when it is empty.
    static func readDoctype(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> DeclarationReading {
        let count = bytes.count
        guard let nameEnd = declarationNameEnd(bytes, at: start + 2) else { return .restIsText }
        var index = nameEnd
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return .declaration(end: index + 1) }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var close = index + 1
                while close < count, bytes[close] != byte { close += 1 }
                guard close < count else { return .restIsText }
                index = close + 1
                while index < count, isSpace(bytes[index]) { index += 1 }
            } else if isASCIILetter(byte) {
                guard let end = declarationNameEnd(bytes, at: index) else { return .restIsText }
                index = end
            } else if byte == UInt8(ascii: "[") {
                // An internal subset: only an empty one is read (`[ ]`); declarations in it
                // are not content's business.
                index += 1
                while index < count, isSpace(bytes[index]) { index += 1 }
                guard index < count else { return .restIsText }
                guard bytes[index] == UInt8(ascii: "]") else { return .text }
                index += 1
                while index < count, isSpace(bytes[index]) { index += 1 }
                guard index < count else { return .restIsText }
                guard bytes[index] == UInt8(ascii: ">") else { return .text }
            } else {
                return .text
            }
        }
        return .restIsText
    }

    /// Reads a marked section `<![keyword …]]>` (or Microsoft's `<![if …]>`, `<![endif]>`)
    /// starting at `start`; `<![CDATA[` is not read here (it is text in content).
    static func readMarkedSection(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> DeclarationReading {
        let count = bytes.count
        let nameStart = start + 3
        guard nameStart < count else { return .restIsText }
        guard isASCIILetter(bytes[nameStart]) else { return .text }
        guard let nameEnd = declarationNameEnd(bytes, at: nameStart) else { return .restIsText }
        var name: [UInt8] = []
        for byte in bytes[nameStart..<nameEnd] where !isSpace(byte) { name.append(byte | 0x20) }
        let keyword = String(decoding: name, as: UTF8.self)
        let closesWithTwoBrackets: Bool
        switch keyword {
        case "temp", "cdata", "ignore", "include", "rcdata": closesWithTwoBrackets = true
        case "if", "else", "endif": closesWithTwoBrackets = false
        default: return .text
        }
        // `]`, (white space, `]`,) white space, `>`: the first such end, searched from the keyword.
        var index = nameStart
        while index < count {
            guard bytes[index] == UInt8(ascii: "]") else {
                index += 1
                continue
            }
            var cursor = index + 1
            while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
            if closesWithTwoBrackets {
                guard cursor < count, bytes[cursor] == UInt8(ascii: "]") else {
                    index += 1
                    continue
                }
                cursor += 1
                while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
            }
            if cursor < count, bytes[cursor] == UInt8(ascii: ">") { return .declaration(end: cursor + 1) }
            index += 1
        }
        return .restIsText
    }

    /// The end of a declaration name (`[A-Za-z][-_.:A-Za-z0-9]*`) and the white space after
    /// it; nil when that reaches the end of the content (the declaration is unfinished).
    private static func declarationNameEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let count = bytes.count
        guard start < count, isASCIILetter(bytes[start]) else { return start < count ? start : nil }
        var index = start + 1
        while index < count {
            let byte = bytes[index]
            let isNameByte = isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            guard isNameByte else { break }
            index += 1
        }
        while index < count, isSpace(bytes[index]) { index += 1 }
        return index < count ? index : nil
    }

    @inline(__always)
    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }
}
