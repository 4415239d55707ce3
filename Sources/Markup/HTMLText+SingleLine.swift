extension HTMLText {
    /// The text of an HTML fragment on one line, as titles, summaries and search need it:
    /// tags gone, references decoded, the text of scripts, styles, frames and form controls
    /// left out, every run of white space (Unicode's too, and the gap a block element or
    /// `<br>` makes) one space, none at either end, soft hyphens dropped.
    ///
    /// The same text as `plainText(fromHTML:)` with its white space collapsed, made in one
    /// pass over the tokens and the bytes: no tree, no `Character`s.
    public static func singleLine(fromHTML html: String) -> String {
        var copy = html
        return copy.withUTF8 { input in
            if let plain = plainInput(input) { return plain ? html : String(decoding: collapsed(input), as: UTF8.self) }
            var text = SingleLineWriter(capacity: input.count)
            var tokenizer = HTMLTokenizer(Array(input))
            // Inside elements whose text is not read (nesting counted per element kind).
            var skipped = 0
            tokenizer.bytes.withUnsafeBufferPointer { buffer in
                while let token = tokenizer.nextRaw() {
                    switch token.kind {
                    case .text, .cdata:
                        guard skipped == 0 else { continue }
                        let content = UnsafeBufferPointer(rebasing: buffer[token.content])
                        if token.decodesReferences, HTMLTokenizer.firstIndex(of: UInt8(ascii: "&"), in: content, from: 0) < content.count {
                            var decoded: [UInt8] = []
                            HTMLEntities.decode(content, inAttribute: false, into: &decoded)
                            decoded.withUnsafeBufferPointer { text.append($0) }
                        } else {
                            text.append(content)
                        }
                    case .startTag:
                        if HTMLDocument.skipsText(token.tag) {
                            if !token.isSelfClosing, !token.tag.isVoid { skipped += 1 }
                        } else if token.tag == .br || HTMLDocument.isBlock(token.tag) {
                            text.space()
                        }
                    case .endTag:
                        if HTMLDocument.skipsText(token.tag) {
                            skipped = max(0, skipped - 1)
                        } else if token.tag == .br || HTMLDocument.isBlock(token.tag) {
                            text.space()
                        }
                    case .comment, .doctype:
                        continue
                    }
                }
            }
            return String(decoding: text.finished(), as: UTF8.self)
        }
    }

    /// One space for every run of white space in plain text (no markup), none at the ends.
    public static func collapsingWhiteSpace(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { input in
            if let plain = plainInput(input), plain { return text }
            return String(decoding: collapsed(input), as: UTF8.self)
        }
    }

    /// For input without `<` or `&`: true when it is already one clean line (returned as
    /// it is), false when only its white space needs collapsing. Nil when it has markup.
    private static func plainInput(_ input: UnsafeBufferPointer<UInt8>) -> Bool? {
        var index = 0
        var previousWasSpace = true
        var clean = true
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return nil }
            if byte < 0x80 {
                let isSpace = SingleLineWriter.isASCIISpace(byte)
                if isSpace, previousWasSpace || byte != 0x20 { clean = false }
                previousWasSpace = isSpace
                index += 1
                continue
            }
            let length = SingleLineWriter.whiteSpaceLength(input, at: index)
            if length > 0 || SingleLineWriter.isSoftHyphen(input, at: index) { clean = false }
            previousWasSpace = length > 0
            index += max(length, 1)
        }
        if previousWasSpace, !input.isEmpty { clean = false }
        return clean
    }

    private static func collapsed(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var text = SingleLineWriter(capacity: input.count)
        text.append(input)
        return text.finished()
    }
}

/// Writes text with every run of white space as one space, trimmed at both ends.
struct SingleLineWriter {
    private var output: [UInt8] = []
    private var pendingSpace = false

    init(capacity: Int) {
        output.reserveCapacity(capacity)
    }

    /// A gap between words (a block boundary, a line break).
    mutating func space() {
        if !output.isEmpty { pendingSpace = true }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            // The run of ordinary bytes up to the next one that needs a look, copied at once.
            // A lone ASCII space between two ordinary bytes stays in the run: it is what
            // `space()` then `flushSpace()` would write, and a sentence is then one copy
            // rather than one per word.
            let runStart = index
            while index < count {
                let byte = bytes[index]
                if Self.isOrdinary(byte) {
                    index += 1
                } else if byte == 0x20, index > runStart, index + 1 < count, Self.isOrdinary(bytes[index + 1]) {
                    index += 2
                } else {
                    break
                }
            }
            if index > runStart {
                flushSpace()
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                if Self.isASCIISpace(byte) {
                    space()
                } else {
                    // Another control character: kept, as the tree's text keeps it.
                    flushSpace()
                    output.append(byte)
                }
                index += 1
                continue
            }
            let spaceLength = Self.whiteSpaceLength(bytes, at: index)
            if spaceLength > 0 {
                space()
                index += spaceLength
            } else if Self.isSoftHyphen(bytes, at: index) {
                index += 2
            } else {
                flushSpace()
                output.append(byte)
                index += 1
            }
        }
    }

    private mutating func flushSpace() {
        if pendingSpace {
            output.append(0x20)
            pendingSpace = false
        }
    }

    /// The text, with no space at the end (one pending is dropped).
    func finished() -> [UInt8] {
        output
    }

    /// A byte copied as it is: not a space or control character, nor the first byte of a
    /// character that may be white space or a soft hyphen.
    @inline(__always)
    static func isOrdinary(_ byte: UInt8) -> Bool {
        !(byte <= 0x20 || byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3)
    }

    @inline(__always)
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    @inline(__always)
    static func isSoftHyphen(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xAD
    }

    /// The length of the non-ASCII white space character (Unicode's White_Space, the
    /// characters `Character.isWhitespace` accepts) starting at `index`, or 0.
    static func whiteSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let count = bytes.count
        switch bytes[index] {
        case 0xC2:
            // U+0085 NEXT LINE, U+00A0 NO-BREAK SPACE
            guard index + 1 < count else { return 0 }
            return bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 ? 2 : 0
        case 0xE1:
            // U+1680 OGHAM SPACE MARK
            guard index + 2 < count else { return 0 }
            return bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard index + 2 < count else { return 0 }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0x80 {
                // U+2000–U+200A, U+2028, U+2029, U+202F
                return (third >= 0x80 && third <= 0x8A) || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
            }
            // U+205F MEDIUM MATHEMATICAL SPACE
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3:
            // U+3000 IDEOGRAPHIC SPACE
            guard index + 2 < count else { return 0 }
            return bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }
}
