#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast, lenient HTML tokenizer over UTF-8 bytes, recovering from errors the way the
/// WHATWG tokenizer does where it matters for real pages: a `<` that starts no tag is text,
/// an unterminated comment runs to the end, unquoted and valueless attributes are read,
/// `</>` is dropped, `</ x>` is a bogus comment, a tag cut off by the end of input is dropped.
///
/// It never recurses and every step consumes input, so any bytes finish in linear time.
/// After a start tag of `script`, `style`, `xmp`, `iframe`, `noembed`, `noframes` (and
/// `noscript` with `scriptingEnabled`) the content up to the matching end tag is one raw
/// text token; after `title` and `textarea` it is text with character references; after
/// `plaintext` everything left is text. `noscript` is markup by default, as in a browser
/// without scripting (which is how a reader view sees the page).
///
/// ```swift
/// for token in HTMLTokenizer(bytes) where token.kind == .startTag && token.tag == .a {
///     print(token.value(of: "href") ?? "")
/// }
/// ```
public struct HTMLTokenizer: IteratorProtocol, Sequence, Sendable {
    /// The page's bytes (UTF-8 or an ASCII-compatible encoding).
    public let bytes: [UInt8]
    /// Where the next token starts.
    public private(set) var position: Int
    /// Whether `noscript` content is raw text (a browser with scripting) rather than markup.
    public var scriptingEnabled: Bool
    /// Which elements' content is raw text: a browser's list, or a feed reader's.
    public var rawText: RawTextRule = .browser

    /// Which elements hold raw text (text up to their end tag, never markup).
    public enum RawTextRule: Sendable {
        /// HTML's: `script`, `style`, `xmp`, `iframe`, `noembed`, `noframes`, `plaintext`,
        /// and `title` and `textarea` with character references.
        case browser
        /// Feed readers' (feedparser's SGML parser): only `script`, `style` and `textarea`.
        /// The content of frames, embeds, `xmp`, `plaintext` and `title` is markup, so the
        /// fallback text of an `<iframe>` in a feed shows as formatted text once the frame
        /// itself is dropped.
        case feedReader

        @inline(__always)
        public func isRawText(_ tag: HTMLTag) -> Bool {
            switch self {
            case .browser: tag.isRawText || tag.isEscapableRawText
            case .feedReader: tag == .script || tag == .style || tag == .textarea
            }
        }
    }
    /// A start tag keeps at most this many attributes; the rest are read and dropped,
    /// which bounds the duplicate check on hostile tags.
    public static let maximumAttributeCount = 256

    /// The element whose raw-text content comes next, after its start tag was returned.
    private var pendingRawText: HTMLTag?
    /// The attributes of the last start tag `nextRaw()` returned.
    public private(set) var rawAttributes: [RawAttribute] = []

    public init(_ bytes: [UInt8], scriptingEnabled: Bool = false) {
        self.bytes = bytes
        self.scriptingEnabled = scriptingEnabled
        position = 0
        // A byte-order mark is not content.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    public init(_ text: String, scriptingEnabled: Bool = false) {
        self.init(Array(text.utf8), scriptingEnabled: scriptingEnabled)
    }

    /// Makes the content after the current position raw text up to `</tag>`, as a tree
    /// builder does when it decides an element is raw text (the tokenizer already does this
    /// itself for the elements listed above).
    public mutating func switchToRawText(endingWith tag: HTMLTag) {
        pendingRawText = tag
    }

    public mutating func next() -> HTMLToken? {
        guard let raw = nextRaw() else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in token(raw, buffer) }
    }

    /// The next token as positions in `bytes`, with no string or array made for it (its
    /// attributes are in `rawAttributes` until the next call): for hot loops such as the
    /// sanitizer. `next()` is this plus the strings.
    public mutating func nextRaw() -> RawToken? {
        let source = bytes
        return source.withUnsafeBufferPointer { buffer in
            nextToken(buffer, source)
        }
    }

    /// The token `raw` stands for, with its names and attributes as strings.
    private func token(_ raw: RawToken, _ buffer: UnsafeBufferPointer<UInt8>) -> HTMLToken {
        var name = ""
        var attributes: [HTMLAttribute] = []
        switch raw.kind {
        case .startTag:
            name = raw.tag == .other ? lowercasedString(buffer, raw.name) : raw.tag.name
            attributes.reserveCapacity(rawAttributes.count)
            for attribute in rawAttributes {
                attributes.append(HTMLAttribute(name: attributeName(buffer, attribute.name), rawValue: bytes[attribute.value],
                                                hasReferences: attribute.hasReferences))
            }
        case .endTag:
            name = raw.tag == .other ? lowercasedString(buffer, raw.name) : raw.tag.name
        case .doctype:
            name = lowercasedString(buffer, raw.name)
        case .text, .comment, .cdata:
            break
        }
        return HTMLToken(kind: raw.kind, tag: raw.tag, name: name, attributes: attributes, isSelfClosing: raw.isSelfClosing,
                         source: bytes[raw.source], content: bytes[raw.content], decodesReferences: raw.decodesReferences)
    }

    /// The lower-cased name of a tag `nextRaw()` returned, as `next()` gives it.
    func name(of raw: RawToken) -> String {
        raw.tag == .other ? bytes.withUnsafeBufferPointer { lowercasedString($0, raw.name) } : raw.tag.name
    }

    /// The attributes of the start tag `nextRaw()` last returned, as `next()` gives them.
    func attributes() -> [HTMLAttribute] {
        var list: [HTMLAttribute] = []
        list.reserveCapacity(rawAttributes.count)
        appendAttributes(to: &list)
        return list
    }

    /// Appends the attributes of the start tag `nextRaw()` last returned to `list` (no
    /// `reserveCapacity` here: on a list that keeps growing it would reallocate every time).
    func appendAttributes(to list: inout [HTMLAttribute]) {
        guard !rawAttributes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { buffer in
            for attribute in rawAttributes {
                list.append(HTMLAttribute(name: attributeName(buffer, attribute.name), rawValue: bytes[attribute.value],
                                          hasReferences: attribute.hasReferences))
            }
        }
    }

    // MARK: - Data

    private mutating func nextToken(_ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> RawToken? {
        let count = buffer.count
        while position < count {
            if let rawTag = pendingRawText {
                pendingRawText = nil
                if let token = rawTextToken(for: rawTag, buffer, source) { return token }
                continue
            }
            let start = position
            if buffer[start] == UInt8(ascii: "<") {
                switch markup(at: start, buffer, source) {
                case .token(let token): return token
                case .nothing: continue
                case .text: break
                }
            }
            // Text runs to the next '<' that starts markup (memchr finds candidates fast).
            var index = start + 1
            while true {
                index = Self.firstIndex(of: UInt8(ascii: "<"), in: buffer, from: index)
                if index >= count || startsMarkup(at: index, buffer) { break }
                index += 1
            }
            let sawAmpersand = Self.firstIndex(of: UInt8(ascii: "&"), in: buffer, from: start, to: index) < index
            position = index
            return RawToken(kind: .text, source: start..<index, content: start..<index, decodesReferences: sawAmpersand)
        }
        return nil
    }

    /// The index of the first `byte` in `buffer[start..<end]` (default: to the end), or `end`.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int {
        let end = end ?? buffer.count
        guard start < end, let base = buffer.baseAddress else { return end }
        guard let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the `<` at `index` opens a tag, comment, doctype or bogus comment.
    @inline(__always)
    private func startsMarkup(at index: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let next = index + 1
        guard next < buffer.count else { return false }
        let byte = buffer[next]
        if isASCIILetter(byte) || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") { return true }
        // "</" is markup unless the input ends right after it.
        return byte == UInt8(ascii: "/") && next + 1 < buffer.count
    }

    private enum MarkupResult {
        case token(RawToken)
        /// Consumed without a token (`</>`, a tag cut off by the end of input).
        case nothing
        /// The `<` is text after all.
        case text
    }

    private mutating func markup(at start: Int, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> MarkupResult {
        let count = buffer.count
        guard start + 1 < count else { return .text }
        let byte = buffer[start + 1]
        if isASCIILetter(byte) {
            return tag(at: start, nameStart: start + 1, isEnd: false, buffer, source)
        }
        switch byte {
        case UInt8(ascii: "/"):
            guard start + 2 < count else { return .text }
            let after = buffer[start + 2]
            if isASCIILetter(after) { return tag(at: start, nameStart: start + 2, isEnd: true, buffer, source) }
            if after == UInt8(ascii: ">") {
                position = start + 3
                return .nothing
            }
            return .token(bogusComment(from: start, contentStart: start + 2, buffer, source))
        case UInt8(ascii: "!"):
            return .token(markupDeclaration(at: start, buffer, source))
        case UInt8(ascii: "?"):
            return .token(bogusComment(from: start, contentStart: start + 1, buffer, source))
        default:
            return .text
        }
    }

    // MARK: - Tags

    private mutating func tag(
        at start: Int, nameStart: Int, isEnd: Bool, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]
    ) -> MarkupResult {
        let count = buffer.count
        var index = nameStart
        while index < count {
            let byte = buffer[index]
            if isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            index += 1
        }
        let nameEnd = index
        let tag = HTMLTagTable.shared.lookup(buffer, nameStart..<nameEnd)
        // Most tags have no attributes; `removeAll(keepingCapacity:)` costs a call even then.
        if !rawAttributes.isEmpty { rawAttributes.removeAll(keepingCapacity: true) }
        var isSelfClosing = false
        var closed = false

        attributes: while index < count {
            // Before attribute name.
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
            index += 1
            while index < count {
                byte = buffer[index]
                if isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=") { break }
                index += 1
            }
            let attributeNameEnd = index
            while index < count, isSpace(buffer[index]) { index += 1 }
            var valueStart = index
            var valueEnd = index
            var hasReferences = false
            if index < count, buffer[index] == UInt8(ascii: "=") {
                index += 1
                while index < count, isSpace(buffer[index]) { index += 1 }
                guard index < count else { break attributes }
                let quote = buffer[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    index += 1
                    valueStart = index
                    index = Self.firstIndex(of: quote, in: buffer, from: index)
                    guard index < count else { break attributes }
                    hasReferences = Self.firstIndex(of: UInt8(ascii: "&"), in: buffer, from: valueStart, to: index) < index
                    valueEnd = index
                    index += 1
                } else {
                    // Unquoted (or missing before '>', which the loop then handles).
                    valueStart = index
                    while index < count {
                        byte = buffer[index]
                        if isSpace(byte) || byte == UInt8(ascii: ">") { break }
                        if byte == UInt8(ascii: "&") { hasReferences = true }
                        index += 1
                    }
                    valueEnd = index
                }
            }
            if !isEnd {
                addAttribute(nameRange: attributeNameStart..<attributeNameEnd, valueRange: valueStart..<valueEnd,
                             hasReferences: hasReferences, buffer)
            }
        }
        position = index
        // A tag the input ends inside is dropped, as browsers do.
        guard closed else {
            position = count
            return .nothing
        }
        if !isEnd {
            if rawText.isRawText(tag) || (tag == .noscript && scriptingEnabled) {
                pendingRawText = tag
            }
        }
        return .token(RawToken(
            kind: isEnd ? .endTag : .startTag, tag: tag, name: nameStart..<nameEnd,
            isSelfClosing: isSelfClosing && !isEnd, source: start..<index
        ))
    }

    /// Keeps the attribute unless one of the same name (ASCII case ignored) came first.
    private mutating func addAttribute(
        nameRange: Range<Int>, valueRange: Range<Int>, hasReferences: Bool, _ buffer: UnsafeBufferPointer<UInt8>
    ) {
        guard rawAttributes.count < Self.maximumAttributeCount else { return }
        for existing in rawAttributes where existing.name.count == nameRange.count {
            var same = true
            var other = existing.name.lowerBound
            for index in nameRange {
                if asciiLowercased(buffer[index]) != asciiLowercased(buffer[other]) {
                    same = false
                    break
                }
                other += 1
            }
            if same { return }
        }
        rawAttributes.append(RawAttribute(name: nameRange, value: valueRange, hasReferences: hasReferences))
    }

    // MARK: - Comments, doctypes, CDATA

    /// `<!…`: a comment, a doctype, a CDATA section or a bogus comment.
    private mutating func markupDeclaration(at start: Int, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> RawToken {
        let count = buffer.count
        let afterBang = start + 2
        if afterBang + 1 < count, buffer[afterBang] == UInt8(ascii: "-"), buffer[afterBang + 1] == UInt8(ascii: "-") {
            return comment(from: start, contentStart: afterBang + 2, buffer, source)
        }
        if matchesCaseInsensitively(buffer, at: afterBang, "doctype") {
            return doctype(from: start, nameSearchStart: afterBang + 7, buffer, source)
        }
        if matches(buffer, at: afterBang, "[CDATA[") {
            let contentStart = afterBang + 7
            var index = contentStart
            while index + 2 < count {
                if buffer[index] == UInt8(ascii: "]"), buffer[index + 1] == UInt8(ascii: "]"), buffer[index + 2] == UInt8(ascii: ">") {
                    position = index + 3
                    return RawToken(kind: .cdata, source: start..<position, content: contentStart..<index)
                }
                index += 1
            }
            position = count
            return RawToken(kind: .cdata, source: start..<count, content: contentStart..<count)
        }
        return bogusComment(from: start, contentStart: afterBang, buffer, source)
    }

    /// `<!--` seen: the comment ends at `-->` or `--!>`; `<!-->` and `<!--->` are empty
    /// comments; without an end the rest of the input is the comment.
    private mutating func comment(from start: Int, contentStart: Int, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> RawToken {
        let count = buffer.count
        if contentStart < count, buffer[contentStart] == UInt8(ascii: ">") {
            position = contentStart + 1
            return RawToken(kind: .comment, source: start..<position, content: contentStart..<contentStart)
        }
        if contentStart + 1 < count, buffer[contentStart] == UInt8(ascii: "-"), buffer[contentStart + 1] == UInt8(ascii: ">") {
            position = contentStart + 2
            return RawToken(kind: .comment, source: start..<position, content: contentStart..<contentStart)
        }
        var index = contentStart
        while index + 2 < count {
            index = Self.firstIndex(of: UInt8(ascii: "-"), in: buffer, from: index)
            guard index + 2 < count else { break }
            if buffer[index + 1] == UInt8(ascii: "-") {
                if buffer[index + 2] == UInt8(ascii: ">") {
                    position = index + 3
                    return RawToken(kind: .comment, source: start..<position, content: contentStart..<index)
                }
                if buffer[index + 2] == UInt8(ascii: "!"), index + 3 < count, buffer[index + 3] == UInt8(ascii: ">") {
                    position = index + 4
                    return RawToken(kind: .comment, source: start..<position, content: contentStart..<index)
                }
            }
            index += 1
        }
        position = count
        let contentEnd = Swift.max(contentStart, Swift.min(count, trimmingTrailingDashes(buffer, contentStart, count)))
        return RawToken(kind: .comment, source: start..<count, content: Swift.min(contentStart, count)..<contentEnd)
    }

    /// An unterminated comment's content drops the dashes of a half-written `--`.
    private func trimmingTrailingDashes(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var end = end
        var dashes = 0
        while end > start, dashes < 2, buffer[end - 1] == UInt8(ascii: "-") {
            end -= 1
            dashes += 1
        }
        return end
    }

    /// Everything up to the next `>` (or the end) is a comment.
    private mutating func bogusComment(from start: Int, contentStart: Int, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> RawToken {
        let count = buffer.count
        var index = Swift.min(contentStart, count)
        while index < count, buffer[index] != UInt8(ascii: ">") { index += 1 }
        let contentEnd = index
        position = Swift.min(index + 1, count)
        return RawToken(kind: .comment, source: start..<position, content: Swift.min(contentStart, contentEnd)..<contentEnd)
    }

    private mutating func doctype(from start: Int, nameSearchStart: Int, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> RawToken {
        let count = buffer.count
        var index = nameSearchStart
        while index < count, isSpace(buffer[index]) { index += 1 }
        let nameStart = index
        while index < count, !isSpace(buffer[index]), buffer[index] != UInt8(ascii: ">") { index += 1 }
        let nameEnd = index
        while index < count, buffer[index] != UInt8(ascii: ">") { index += 1 }
        let contentEnd = index
        position = Swift.min(index + 1, count)
        return RawToken(kind: .doctype, name: nameStart..<nameEnd, source: start..<position,
                         content: Swift.min(nameSearchStart, contentEnd)..<contentEnd)
    }

    // MARK: - Raw text

    /// The content of a raw-text element up to `</tag` followed by a space, `/` or `>`;
    /// nil when the element is empty.
    private mutating func rawTextToken(for tag: HTMLTag, _ buffer: UnsafeBufferPointer<UInt8>, _ source: [UInt8]) -> RawToken? {
        let count = buffer.count
        let start = position
        var end = count
        if tag != .plaintext {
            let name = tag.name.utf8
            var index = start
            search: while index + 1 < count {
                index = Self.firstIndex(of: UInt8(ascii: "<"), in: buffer, from: index)
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
                    if matched, cursor < count {
                        let after = buffer[cursor]
                        if isSpace(after) || after == UInt8(ascii: "/") || after == UInt8(ascii: ">") {
                            end = index
                            break search
                        }
                    }
                }
                index += 1
            }
        }
        position = end
        guard end > start else { return nil }
        let decodes = tag.isEscapableRawText && Self.firstIndex(of: UInt8(ascii: "&"), in: buffer, from: start, to: end) < end
        return RawToken(kind: .text, source: start..<end, content: start..<end, decodesReferences: decodes)
    }

    // MARK: - Bytes

    private func lowercasedString(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var hasUppercase = false
        for index in range where buffer[index] &- UInt8(ascii: "A") < 26 {
            hasUppercase = true
            break
        }
        let slice = UnsafeBufferPointer(rebasing: buffer[range])
        guard hasUppercase else { return String(decoding: slice, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: slice.count) { output in
            for (offset, byte) in slice.enumerated() { output[offset] = asciiLowercased(byte) }
            return slice.count
        }
    }

    /// Attribute names are few and repeat endlessly: the common ones come from a table.
    private func attributeName(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        if let known = HTMLAttributeNames.lookup(buffer, range) { return known }
        return lowercasedString(buffer, range)
    }

    private func matches(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= buffer.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where buffer[start + offset] != pointer[offset] { return false }
        return true
    }

    private func matchesCaseInsensitively(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= buffer.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where asciiLowercased(buffer[start + offset]) != pointer[offset] { return false }
        return true
    }
}

@inline(__always)
func isSpace(_ byte: UInt8) -> Bool {
    // Tab, line feed, form feed, carriage return, space.
    byte == 0x20 || (byte &- 0x09 < 5 && byte != 0x0B)
}

@inline(__always)
func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26
}

/// The attribute names pages use most, as ready-made strings, so tokenizing does not
/// allocate a string for each of them.
enum HTMLAttributeNames {
    static let common: [String] = [
        "href", "src", "class", "id", "style", "alt", "title", "rel", "type", "name", "content", "width",
        "height", "property", "target", "lang", "dir", "role", "srcset", "sizes", "loading", "itemprop",
        "itemscope", "itemtype", "datetime", "charset", "http-equiv", "media", "value", "action", "method",
        "data-src", "data-srcset", "data-lazy-src", "data-original", "aria-label", "aria-hidden", "hidden",
        "tabindex", "border", "align", "valign", "colspan", "rowspan", "cite", "async", "defer", "crossorigin",
        "integrity", "for", "placeholder", "decoding", "fetchpriority", "onclick", "onload", "onerror",
    ]

    private static let table: [Int: [(bytes: [UInt8], name: String)]] = {
        var table: [Int: [(bytes: [UInt8], name: String)]] = [:]
        for name in common {
            let bytes = Array(name.utf8)
            table[key(bytes.count, bytes.first ?? 0, bytes.last ?? 0), default: []].append((bytes, name))
        }
        return table
    }()

    @inline(__always)
    private static func key(_ length: Int, _ first: UInt8, _ last: UInt8) -> Int {
        length << 16 | Int(first) << 8 | Int(last)
    }

    static func lookup(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard let first = range.first, let last = range.last, range.count <= 16 else { return nil }
        guard let candidates = table[key(range.count, asciiLowercased(buffer[first]), asciiLowercased(buffer[last]))] else {
            return nil
        }
        candidateLoop: for candidate in candidates {
            var offset = 0
            for index in range {
                if asciiLowercased(buffer[index]) != candidate.bytes[offset] { continue candidateLoop }
                offset += 1
            }
            return candidate.name
        }
        return nil
    }
}
