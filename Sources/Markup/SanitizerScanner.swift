/// The sanitizer's own pass over markup: `HTMLTokenizer`'s rules token for token (what is a
/// tag, where text, comments and raw text end, which tags are dropped; raw text as feed
/// readers have it, `HTMLTokenizer.RawTextRule.feedReader`), with tokens shaped as
/// the sanitizer uses them. A tag name is hashed while its end is found and looked up once, in
/// the sanitizer's element table, which gives the `HTMLTag` too; attribute names are hashed the
/// same way for the sanitizer's attribute tables. The input is a buffer pointer held for the
/// whole run (no retain per token), and text is not searched for `&` up front: the sanitizer
/// finds it while escaping.
///
/// Duplicate attribute names are NOT removed here (the sanitizer skips a name it has seen, which
/// costs nothing for names it drops anyway). The tokenizer's cap of 256 distinct names only
/// matters past 256 attributes: `attributesAsTokenized()` applies both rules exactly then.
///
/// Linear in the input: every step consumes bytes, and nothing is searched twice except a tag
/// with more than 256 attributes, whose duplicate check is bounded by the cap.
struct SanitizerScanner {
    enum Kind {
        case startTag, endTag
        /// Character data; `Token.decodesReferences` says whether `&…;` means anything in it.
        case text
        /// A doctype, a bogus comment or a comment closed other than by `-->`: dropped.
        case ignored
        /// A comment closed by `-->`; `Token.content` is its text. The sanitizer keeps it
        /// only when asked (the declarations pass wrote it, checked, for that case).
        case comment
        /// `<![CDATA[…]]>`, written out as escaped text.
        case cdata
    }

    struct Token {
        var kind: Kind
        /// The tag's position in `SanitizerNames.elements`, -1 for a name it does not list.
        var element: Int = -1
        var tag: HTMLTag = .other
        /// The tag name as written, and its hash for `NameTable` (SVG and MathML look it up again).
        var name: Range<Int> = 0..<0
        var nameHash: UInt32 = 0
        var isSelfClosing = false
        /// Text: its bytes. CDATA: the whole section as written. A comment: its text.
        var content: Range<Int> = 0..<0
        /// Text whose character references decode (not raw text such as `<xmp>`'s).
        var decodesReferences = false
    }

    /// A start tag's attribute: the name as written and its hash for `NameTable`, the value
    /// without quotes (references not decoded).
    struct Attribute {
        var name: Range<Int>
        var nameHash: UInt32
        var value: Range<Int>
    }

    let buffer: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    private let elements: NameTable
    private let tagsByPosition: [HTMLTag]
    /// The element whose raw-text content comes next, after its start tag was returned.
    private var pendingRawText: HTMLTag?
    /// The last start tag's attributes in source order, duplicates included.
    private(set) var attributes: [Attribute] = []
    /// Whether `script`, `style` and `textarea` hold raw text (false: their content is markup,
    /// as feedparser's SGML parser reads it).
    private let readsRawText: Bool

    init(_ buffer: UnsafeBufferPointer<UInt8>, names: SanitizerNames, readsRawText: Bool = true) {
        self.buffer = buffer
        self.readsRawText = readsRawText
        elements = names.elements
        tagsByPosition = names.tagsByPosition
        // A byte-order mark is not content.
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
    }

    /// Whether the last start tag has so many attributes that the tokenizer's cap may apply.
    var exceedsAttributeCap: Bool { attributes.count > HTMLTokenizer.maximumAttributeCount }

    mutating func next() -> Token? {
        let count = buffer.count
        while position < count {
            if let rawTag = pendingRawText {
                pendingRawText = nil
                if let token = rawTextToken(for: rawTag) { return token }
                continue
            }
            let start = position
            if buffer[start] == UInt8(ascii: "<") {
                switch markup(at: start) {
                case .token(let token): return token
                case .nothing: continue
                case .text: break
                }
            }
            // Text runs to the next '<' that starts markup.
            var index = start + 1
            while true {
                index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "<"), in: buffer, from: index)
                if index >= count || startsMarkup(at: index) { break }
                index += 1
            }
            position = index
            return Token(kind: .text, content: start..<index, decodesReferences: true)
        }
        return nil
    }

    /// Whether the `<` at `index` opens a tag, comment, doctype or bogus comment.
    @inline(__always)
    private func startsMarkup(at index: Int) -> Bool {
        let next = index + 1
        guard next < buffer.count else { return false }
        let byte = buffer[next]
        if isASCIILetter(byte) || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") { return true }
        return byte == UInt8(ascii: "/") && next + 1 < buffer.count
    }

    private enum MarkupResult {
        case token(Token)
        /// Consumed without a token (`</>`, a tag cut off by the end of input).
        case nothing
        /// The `<` is text after all.
        case text
    }

    private mutating func markup(at start: Int) -> MarkupResult {
        let count = buffer.count
        guard start + 1 < count else { return .text }
        let byte = buffer[start + 1]
        if isASCIILetter(byte) { return tag(nameStart: start + 1, isEnd: false) }
        switch byte {
        case UInt8(ascii: "/"):
            guard start + 2 < count else { return .text }
            let after = buffer[start + 2]
            if isASCIILetter(after) { return tag(nameStart: start + 2, isEnd: true) }
            if after == UInt8(ascii: ">") {
                position = start + 3
                return .nothing
            }
            return .token(bogusComment(contentStart: start + 2))
        case UInt8(ascii: "!"):
            return .token(markupDeclaration(at: start))
        case UInt8(ascii: "?"):
            return .token(bogusComment(contentStart: start + 1))
        default:
            return .text
        }
    }

    // MARK: - Tags

    /// Whether `byte` ends a tag name. Every such byte is at most `>` (0x3E), so letters, which
    /// make up nearly all of a name, are answered by the first comparison.
    @inline(__always)
    private static func endsName(_ byte: UInt8) -> Bool {
        byte <= UInt8(ascii: ">") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || isSpace(byte))
    }

    /// `endsName`, or `=`: the end of an attribute name.
    @inline(__always)
    private static func endsAttributeName(_ byte: UInt8) -> Bool {
        byte <= UInt8(ascii: ">") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") || isSpace(byte))
    }

    private mutating func tag(nameStart: Int, isEnd: Bool) -> MarkupResult {
        let count = buffer.count
        var index = nameStart
        var hash = NameTable.initialHash
        while index < count {
            let byte = buffer[index]
            if Self.endsName(byte) { break }
            hash = NameTable.hash(hash, adding: byte)
            index += 1
        }
        let nameEnd = index
        let element = elements.position(of: UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd]), hash: hash) ?? -1
        let tag = element >= 0 ? tagsByPosition[element] : .other
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        var isSelfClosing = false
        var closed = false

        attributes: while index < count {
            var byte = buffer[index]
            if isSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                index += 1
                closed = true
                break
            }
            if byte == UInt8(ascii: "/") {
                index += 1
                if index < count, buffer[index] == UInt8(ascii: ">") {
                    index += 1
                    isSelfClosing = true
                    closed = true
                    break
                }
                continue
            }
            // Attribute name; a leading '=' belongs to it.
            let attributeNameStart = index
            var nameHash = NameTable.hash(NameTable.initialHash, adding: byte)
            index += 1
            while index < count {
                byte = buffer[index]
                if Self.endsAttributeName(byte) { break }
                nameHash = NameTable.hash(nameHash, adding: byte)
                index += 1
            }
            let attributeNameEnd = index
            while index < count, isSpace(buffer[index]) { index += 1 }
            var valueStart = index
            var valueEnd = index
            if index < count, buffer[index] == UInt8(ascii: "=") {
                index += 1
                while index < count, isSpace(buffer[index]) { index += 1 }
                guard index < count else { break attributes }
                let quote = buffer[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    index += 1
                    valueStart = index
                    index = HTMLTokenizer.firstIndex(of: quote, in: buffer, from: index)
                    guard index < count else { break attributes }
                    valueEnd = index
                    index += 1
                } else {
                    // Unquoted (or missing before '>', which the loop then handles).
                    valueStart = index
                    while index < count {
                        byte = buffer[index]
                        if isSpace(byte) || byte == UInt8(ascii: ">") { break }
                        index += 1
                    }
                    valueEnd = index
                }
            }
            if !isEnd {
                attributes.append(Attribute(name: attributeNameStart..<attributeNameEnd, nameHash: nameHash, value: valueStart..<valueEnd))
            }
        }
        // A tag the input ends inside is dropped, as browsers do.
        guard closed else {
            position = count
            return .nothing
        }
        position = index
        if !isEnd, readsRawText, HTMLTokenizer.RawTextRule.feedReader.isRawText(tag) { pendingRawText = tag }
        return .token(Token(kind: isEnd ? .endTag : .startTag, element: element, tag: tag, name: nameStart..<nameEnd,
                            nameHash: hash, isSelfClosing: isSelfClosing && !isEnd))
    }

    /// The last start tag's attributes as `HTMLTokenizer` keeps them: the first of each name
    /// (ASCII case ignored), at most 256 names. For tags past the cap (`exceedsAttributeCap`);
    /// the check against kept names is bounded by the cap, so this stays linear.
    func attributesAsTokenized() -> [Attribute] {
        var kept: [Attribute] = []
        for attribute in attributes where kept.count < HTMLTokenizer.maximumAttributeCount {
            let isRepeated = kept.contains { existing in
                existing.nameHash == attribute.nameHash && existing.name.count == attribute.name.count
                    && zip(existing.name, attribute.name).allSatisfy { asciiLowercased(buffer[$0]) == asciiLowercased(buffer[$1]) }
            }
            if !isRepeated { kept.append(attribute) }
        }
        return kept
    }

    // MARK: - Comments, doctypes, CDATA

    /// `<!…`: a comment, a doctype, a CDATA section or a bogus comment.
    private mutating func markupDeclaration(at start: Int) -> Token {
        let count = buffer.count
        let afterBang = start + 2
        if afterBang + 1 < count, buffer[afterBang] == UInt8(ascii: "-"), buffer[afterBang + 1] == UInt8(ascii: "-") {
            return comment(contentStart: afterBang + 2)
        }
        if matches(at: afterBang, "doctype", ignoringCase: true) {
            // The doctype runs to the next '>' (its name and content are not used).
            position = Swift.min(HTMLTokenizer.firstIndex(of: UInt8(ascii: ">"), in: buffer, from: afterBang + 7) + 1, count)
            return Token(kind: .ignored)
        }
        if matches(at: afterBang, "[CDATA[", ignoringCase: false) {
            var index = afterBang + 7
            while index + 2 < count {
                if buffer[index] == UInt8(ascii: "]"), buffer[index + 1] == UInt8(ascii: "]"), buffer[index + 2] == UInt8(ascii: ">") {
                    position = index + 3
                    return Token(kind: .cdata, content: start..<position)
                }
                index += 1
            }
            position = count
            return Token(kind: .cdata, content: start..<count)
        }
        return bogusComment(contentStart: afterBang)
    }

    /// `<!--` seen: the comment ends at `-->` or `--!>`; `<!-->` and `<!--->` are empty
    /// comments; without an end the rest of the input is the comment.
    private mutating func comment(contentStart: Int) -> Token {
        let count = buffer.count
        if contentStart < count, buffer[contentStart] == UInt8(ascii: ">") {
            position = contentStart + 1
            return Token(kind: .ignored)
        }
        if contentStart + 1 < count, buffer[contentStart] == UInt8(ascii: "-"), buffer[contentStart + 1] == UInt8(ascii: ">") {
            position = contentStart + 2
            return Token(kind: .ignored)
        }
        var index = contentStart
        while index + 2 < count {
            index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "-"), in: buffer, from: index)
            guard index + 2 < count else { break }
            if buffer[index + 1] == UInt8(ascii: "-") {
                if buffer[index + 2] == UInt8(ascii: ">") {
                    position = index + 3
                    return Token(kind: .comment, content: contentStart..<index)
                }
                if buffer[index + 2] == UInt8(ascii: "!"), index + 3 < count, buffer[index + 3] == UInt8(ascii: ">") {
                    position = index + 4
                    return Token(kind: .ignored)
                }
            }
            index += 1
        }
        position = count
        return Token(kind: .ignored)
    }

    /// Everything up to the next `>` (or the end) is a comment.
    private mutating func bogusComment(contentStart: Int) -> Token {
        let count = buffer.count
        position = Swift.min(HTMLTokenizer.firstIndex(of: UInt8(ascii: ">"), in: buffer, from: Swift.min(contentStart, count)) + 1, count)
        return Token(kind: .ignored)
    }

    // MARK: - Raw text

    /// The content of a raw-text element up to `</tag` followed by a space, `/` or `>`;
    /// nil when the element is empty.
    private mutating func rawTextToken(for tag: HTMLTag) -> Token? {
        let count = buffer.count
        let start = position
        var end = count
        if tag != .plaintext {
            let name = tag.name.utf8
            var index = start
            search: while index + 1 < count {
                index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "<"), in: buffer, from: index)
                guard index + 1 < count else { break }
                if buffer[index + 1] == UInt8(ascii: "/") {
                    var cursor = index + 2
                    var matched = true
                    for nameByte in name {
                        if cursor >= count || asciiLowercased(buffer[cursor]) != nameByte {
                            matched = false
                            break
                        }
                        cursor += 1
                    }
                    if matched, cursor < count, Self.endsName(buffer[cursor]) {
                        end = index
                        break search
                    }
                }
                index += 1
            }
        }
        position = end
        guard end > start else { return nil }
        return Token(kind: .text, content: start..<end, decodesReferences: tag.isEscapableRawText)
    }

    private func matches(at start: Int, _ literal: StaticString, ignoringCase: Bool) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= buffer.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length {
            let byte = ignoringCase ? asciiLowercased(buffer[start + offset]) : buffer[start + offset]
            if byte != pointer[offset] { return false }
        }
        return true
    }
}
