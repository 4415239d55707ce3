/// A lenient, single-pass XML tokenizer over UTF-8 bytes for feeds.
///
/// It reads what expat would read and also what expat rejects, so a feed with a stray `&`,
/// an HTML entity, an unquoted attribute or a missing end tag still yields its content.
/// Whatever breaks well-formedness is remembered (the first problem, with its position),
/// which is what a feed parser reports as "bozo".
///
/// Safety: it never loads anything (no external DTD or entity is ever fetched or read);
/// entities declared in an internal DTD subset are accepted only when their value is a plain
/// string or one character reference, so entity-expansion bombs have nothing to expand, and
/// all their expansions together share one `EntityExpansionBudget` proportional to the input.
/// Nesting depth is capped; every step consumes input, so any bytes finish in linear time.
///
/// The tokenizer does not own its input: it works on a buffer the caller keeps alive for as
/// long as the tokenizer is used (inside `withUnsafeBufferPointer`).
public struct XMLTokenizer {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next token starts.
    public private(set) var position: Int
    /// The attributes of the last start tag returned.
    public private(set) var attributes: [XMLAttribute] = []
    /// The first well-formedness problem, if any.
    public private(set) var firstError: XMLSyntaxError?
    /// Entities declared in the document's internal DTD subset (name → replacement text).
    public private(set) var declaredEntities: [String: String] = [:]
    /// What the declared entities' expansions may add up to; check `isExhausted` after reading.
    public let entityExpansion: EntityExpansionBudget
    /// The open elements as the document wrote them (name ranges), for well-formedness checks.
    private var openElements: [Range<Int>] = []
    private var sawRootElement = false
    private var rootClosed = false

    /// Deeper documents are cut off there (an error); real feeds nest a dozen levels.
    public static let maximumDepth = 512
    /// Start tags keep at most this many attributes, which bounds the duplicate check.
    public static let maximumAttributeCount = 128

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        entityExpansion = EntityExpansionBudget(limit: EntityExpansionBudget.limit(forInputSize: bytes.count))
        position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The current nesting depth (open elements).
    public var depth: Int { openElements.count }

    // MARK: - Tokens

    public mutating func next() -> XMLToken {
        let count = bytes.count
        while position < count {
            let start = position
            if bytes[start] == UInt8(ascii: "<") {
                if let token = markup(at: start) { return token }
                if position > start { continue }
                // A '<' that starts nothing: text.
                fail(.unexpectedLessThan, at: start)
                return textToken(from: start, scanFrom: start + 1)
            }
            return textToken(from: start, scanFrom: start)
        }
        if !openElements.isEmpty {
            fail(.unclosedElement, at: count)
            openElements.removeAll()
        } else if !sawRootElement {
            fail(.noRootElement, at: count)
        }
        return XMLToken(kind: .endOfInput, start: count, end: count)
    }

    /// Text up to the next `<`; checks references and characters on the way. References are
    /// classified in the same pass (escaped markup has one every few bytes, and a second scan
    /// for them cost as much as the first); a bad one is reported after the scan, where a
    /// separate check used to report it, so the first error stays the same.
    private mutating func textToken(from start: Int, scanFrom scanStart: Int) -> XMLToken {
        let count = bytes.count
        var index = scanStart
        var hasReferences = false
        var isWhitespaceOnly = true
        var referenceProblem: (kind: XMLSyntaxError.Kind, offset: Int)?
        // Once an error is known no later one matters, so references are then only stepped over.
        var checksReferences = firstError == nil
        // Byte by byte up to here, then a word at a time again: a word with something to look
        // at is read bytewise in full, so dense markup costs one word test per eight bytes.
        var bytewiseEnd = index
        while index < count {
            if index >= bytewiseEnd, index + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if !ByteScan.containsByte(word, below: 0x20), !ByteScan.contains(word, Self.lessThanWord),
                   !ByteScan.contains(word, Self.greaterThanWord) {
                    // Only spaces, references and ordinary characters: no control, tab or line break.
                    let ampersands = Self.matchMask(word, Self.ampersandWord)
                    if ampersands == 0 {
                        if word != Self.spacesWord { isWhitespaceOnly = false }
                        index += 8
                        continue
                    }
                    hasReferences = true
                    isWhitespaceOnly = false
                    // The lowest marked lane is exactly the first `&`; step over its reference
                    // (names and digits, nothing this scan looks for) and read on from there.
                    let ampersand = index + ampersands.trailingZeroBitCount >> 3
                    index = ampersand + stepOverReference(at: ampersand, checking: &checksReferences, problem: &referenceProblem)
                    continue
                }
                bytewiseEnd = index + 8
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                hasReferences = true
                isWhitespaceOnly = false
                index += stepOverReference(at: index, checking: &checksReferences, problem: &referenceProblem)
                continue
            } else if byte > 0x20 {
                isWhitespaceOnly = false
                if byte == UInt8(ascii: ">"), index >= 2, bytes[index - 1] == UInt8(ascii: "]"), bytes[index - 2] == UInt8(ascii: "]") {
                    fail(.cdataEndInText, at: index)
                    checksReferences = false
                }
            } else if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                fail(.invalidCharacter, at: index)
                checksReferences = false
            }
            index += 1
        }
        position = index
        if !isWhitespaceOnly, openElements.isEmpty { fail(.textOutsideRoot, at: start) }
        if let referenceProblem { fail(referenceProblem.kind, at: referenceProblem.offset) }
        return XMLToken(kind: .text, start: start, end: index, hasReferences: hasReferences, isWhitespace: isWhitespaceOnly)
    }

    /// The lanes of `word` equal to the byte broadcast in `pattern` have their high bit set;
    /// the lowest set lane is exact (lanes after it may be marked wrongly).
    @inline(__always)
    static func matchMask(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let difference = word ^ pattern
        return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
    }

    /// The length of the reference at `start` (an `&`), remembering the first one XML does not
    /// define while `checking`; 1 when no longer checking. Either step is safe for the text
    /// scan: a reference's bytes are names, digits, `#` and `;`, none of which it looks for.
    /// The input's end is the limit: every reference stops at the `<` that ends the text.
    @inline(__always)
    private func stepOverReference(at start: Int, checking: inout Bool, problem: inout (kind: XMLSyntaxError.Kind, offset: Int)?) -> Int {
        guard checking else { return 1 }
        if let predefined = predefinedReference(at: start, limit: bytes.count) { return predefined.length }
        let kind = referenceKind(at: start, limit: bytes.count)
        let problemKind: XMLSyntaxError.Kind
        switch kind.kind {
        case .predefined, .numeric, .declared: return max(1, kind.length)
        case .invalidNumeric: problemKind = .invalidCharacterReference
        case .html, .unknown: problemKind = .undefinedEntity
        case .bare: problemKind = .bareAmpersand
        }
        problem = (problemKind, start)
        checking = false
        return max(1, kind.length)
    }

    private static let lessThanWord = ByteScan.broadcast(UInt8(ascii: "<"))
    static let ampersandWord = ByteScan.broadcast(UInt8(ascii: "&"))
    private static let greaterThanWord = ByteScan.broadcast(UInt8(ascii: ">"))
    private static let spacesWord = ByteScan.broadcast(UInt8(ascii: " "))

    /// Recognises markup at `start` (a `<`). Returns nil with `position` moved past something
    /// to skip (a comment), or nil with `position` unchanged when the `<` is just text.
    private mutating func markup(at start: Int) -> XMLToken? {
        let count = bytes.count
        let next = start + 1
        guard next < count else { return nil }
        let byte = bytes[next]
        if byte == UInt8(ascii: "/") { return endTag(at: start) }
        if byte == UInt8(ascii: "!") {
            if matches("<!--", at: start) {
                let close = find("-->", from: start + 4)
                if close == nil { fail(.unterminatedComment, at: start) }
                let end = close ?? count
                position = min(count, end + 3)
                return XMLToken(kind: .comment, start: start + 4, end: end)
            }
            if matches("<![CDATA[", at: start) {
                if openElements.isEmpty { fail(.textOutsideRoot, at: start) }
                let close = find("]]>", from: start + 9)
                if close == nil { fail(.unterminatedCDATA, at: start) }
                let end = close ?? count
                position = min(count, end + 3)
                return XMLToken(kind: .cdata, start: start + 9, end: end)
            }
            if matchesIgnoringCase("<!DOCTYPE", at: start) {
                return doctype(at: start)
            }
            // `<!` followed by anything else: skip to '>' as a bogus declaration.
            fail(.malformedDeclaration, at: start)
            let close = findByte(UInt8(ascii: ">"), from: start + 2) ?? (count - 1)
            position = close + 1
            return nil
        }
        if byte == UInt8(ascii: "?") {
            let close = find("?>", from: start + 2)
            if close == nil { fail(.unterminatedProcessingInstruction, at: start) }
            let end = close ?? count
            position = min(count, end + 2)
            if start > 0, matches("<?xml", at: start), end > start + 5, isXMLSpace(bytes[start + 5]) {
                fail(.misplacedXMLDeclaration, at: start)
            }
            return XMLToken(kind: .processingInstruction, start: start + 2, end: end)
        }
        guard isNameStart(byte) else { return nil }
        return startTag(at: start)
    }

    private mutating func startTag(at start: Int) -> XMLToken? {
        let count = bytes.count
        let nameStart = start + 1
        var index = nameStart
        while index < count, isNameByte(bytes[index]) { index += 1 }
        let nameEnd = index
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        var isSelfClosing = false
        var closed = false
        while index < count {
            let byte = bytes[index]
            if isXMLSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                index += 1
                closed = true
                break
            }
            if byte == UInt8(ascii: "/") {
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") {
                    isSelfClosing = true
                    index += 2
                    closed = true
                    break
                }
                fail(.malformedTag, at: index)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "<") {
                // A tag cut short by the next one: end it here.
                fail(.malformedTag, at: index)
                closed = true
                break
            }
            index = attribute(at: index, tagStart: start)
        }
        if !closed { fail(.unterminatedTag, at: start) }
        if index > count { index = count }
        position = index
        if !closed, index >= count {
            // A tag cut off by the end of input is dropped.
            return XMLToken(kind: .text, start: index, end: index, isWhitespace: true)
        }
        if rootClosed { fail(.multipleRootElements, at: start) }
        sawRootElement = true
        if !isSelfClosing {
            if openElements.count >= Self.maximumDepth {
                fail(.tooDeep, at: start)
                // Deeper elements are read as empty: their content still comes as text.
                isSelfClosing = true
            } else {
                openElements.append(nameStart..<nameEnd)
            }
        } else if openElements.isEmpty {
            rootClosed = true
        }
        return XMLToken(kind: .startTag, start: nameStart, end: nameEnd, isSelfClosing: isSelfClosing)
    }

    /// Reads one attribute starting at `index`; returns where reading stopped.
    private mutating func attribute(at start: Int, tagStart: Int) -> Int {
        let count = bytes.count
        var index = start
        if !isNameStart(bytes[index]) { fail(.malformedAttribute, at: index) }
        while index < count {
            let byte = bytes[index]
            if isXMLSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") { break }
            index += 1
        }
        let nameRange = start..<index
        if nameRange.isEmpty {
            // A stray character such as '"' or '=': skip it.
            fail(.malformedAttribute, at: index)
            return index + 1
        }
        while index < count, isXMLSpace(bytes[index]) { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: "=") else {
            // HTML-style attribute without a value.
            fail(.attributeWithoutValue, at: start)
            appendAttribute(name: nameRange, value: nameRange.upperBound..<nameRange.upperBound, hasReferences: false, needsNormalizing: false)
            return index
        }
        index += 1
        while index < count, isXMLSpace(bytes[index]) { index += 1 }
        guard index < count else { return index }
        let quote = bytes[index]
        var hasReferences = false
        var needsNormalizing = false
        let valueRange: Range<Int>
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let valueStart = index + 1
            var end = valueStart
            // Values are mostly URLs and words: skip eight bytes at a time to the first that
            // ends the value or needs a look (a reference, a `<`, a tab or line break).
            if let base = bytes.baseAddress {
                let quoteWord = ByteScan.broadcast(quote)
                while end + 8 <= count {
                    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: end, as: UInt64.self)
                    if ByteScan.contains(word, quoteWord) || ByteScan.contains(word, Self.ampersandWord)
                        || ByteScan.contains(word, Self.lessThanWord) || ByteScan.containsByte(word, below: 0x20) {
                        break
                    }
                    end += 8
                }
            }
            while end < count, bytes[end] != quote {
                let byte = bytes[end]
                if byte == UInt8(ascii: "&") {
                    hasReferences = true
                } else if byte == UInt8(ascii: "<") {
                    fail(.lessThanInAttribute, at: end)
                } else if byte < 0x20 {
                    needsNormalizing = true
                }
                end += 1
            }
            if end >= count {
                fail(.unterminatedAttribute, at: index)
                // Take the value up to the end of the tag instead.
                end = findByte(UInt8(ascii: ">"), from: valueStart) ?? count
                valueRange = valueStart..<end
                index = end
            } else {
                valueRange = valueStart..<end
                index = end + 1
                if index < count, !isXMLSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
                    fail(.malformedAttribute, at: index)
                }
            }
        } else {
            fail(.unquotedAttribute, at: index)
            var end = index
            while end < count, !isXMLSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") {
                if bytes[end] == UInt8(ascii: "&") { hasReferences = true }
                end += 1
            }
            valueRange = index..<end
            index = end
        }
        if hasReferences { checkReferences(valueRange) }
        appendAttribute(name: nameRange, value: valueRange, hasReferences: hasReferences, needsNormalizing: needsNormalizing)
        return index
    }

    private mutating func appendAttribute(name: Range<Int>, value: Range<Int>, hasReferences: Bool, needsNormalizing: Bool) {
        for existing in attributes where equalBytes(existing.name, name) {
            fail(.duplicateAttribute, at: name.lowerBound)
            return
        }
        guard attributes.count < Self.maximumAttributeCount else { return }
        attributes.append(XMLAttribute(name: name, value: value, hasReferences: hasReferences, needsNormalizing: needsNormalizing))
    }

    private mutating func endTag(at start: Int) -> XMLToken? {
        let count = bytes.count
        let nameStart = start + 2
        var index = nameStart
        while index < count, isNameByte(bytes[index]) { index += 1 }
        let nameEnd = index
        if nameEnd == nameStart {
            // `</>` or `</ x>`: nothing an XML reader can use.
            fail(.malformedTag, at: start)
            let close = findByte(UInt8(ascii: ">"), from: nameStart)
            position = (close ?? (count - 1)) + 1
            return XMLToken(kind: .comment, start: nameStart, end: min(count, close ?? count))
        }
        while index < count, isXMLSpace(bytes[index]) { index += 1 }
        if index < count, bytes[index] == UInt8(ascii: ">") {
            index += 1
        } else {
            fail(.unterminatedTag, at: start)
            // Skip to the '>' unless another tag starts first (never past the next '<', so
            // many broken end tags cost one pass, not one pass each).
            var cursor = index
            while cursor < count, bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "<") { cursor += 1 }
            if cursor < count, bytes[cursor] == UInt8(ascii: ">") { index = cursor + 1 }
        }
        position = index
        let name = nameStart..<nameEnd
        if let last = openElements.last, equalBytes(last, name) {
            openElements.removeLast()
        } else if let match = openElements.lastIndex(where: { equalBytes($0, name) }) {
            fail(.mismatchedEndTag, at: start)
            openElements.removeSubrange(match...)
        } else {
            fail(.mismatchedEndTag, at: start)
        }
        if openElements.isEmpty, sawRootElement { rootClosed = true }
        return XMLToken(kind: .endTag, start: nameStart, end: nameEnd)
    }

    // MARK: - Document type declarations

    /// `<!DOCTYPE name ... [ internal subset ]>`: records simple internal entities, loads nothing.
    private mutating func doctype(at start: Int) -> XMLToken {
        let count = bytes.count
        if sawRootElement { fail(.misplacedDoctype, at: start) }
        var index = start + 9
        var subset: Range<Int>?
        var quote: UInt8 = 0
        while index < count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                let subsetStart = index + 1
                let subsetEnd = endOfInternalSubset(from: subsetStart)
                subset = subsetStart..<subsetEnd
                index = subsetEnd
                continue
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        if index >= count { fail(.unterminatedDoctype, at: start) }
        position = min(count, index + 1)
        if let subset { readEntityDeclarations(in: subset) }
        return XMLToken(kind: .doctype, start: start + 9, end: min(index, count))
    }

    private func endOfInternalSubset(from start: Int) -> Int {
        var index = start
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "]") {
                return index
            }
            index += 1
        }
        return index
    }

    /// Accepts `<!ENTITY name "value">` when the value is plain text or a single character
    /// reference; parameter entities, external entities and anything that would expand
    /// further are ignored (and never loaded).
    private mutating func readEntityDeclarations(in subset: Range<Int>) {
        var index = subset.lowerBound
        while index < subset.upperBound {
            guard let declaration = find("<!ENTITY", from: index), declaration < subset.upperBound else { return }
            var cursor = declaration + 8
            while cursor < subset.upperBound, isXMLSpace(bytes[cursor]) { cursor += 1 }
            index = cursor
            guard cursor < subset.upperBound, bytes[cursor] != UInt8(ascii: "%") else { continue }
            let nameStart = cursor
            while cursor < subset.upperBound, isNameByte(bytes[cursor]) { cursor += 1 }
            let name = nameStart..<cursor
            while cursor < subset.upperBound, isXMLSpace(bytes[cursor]) { cursor += 1 }
            guard !name.isEmpty, cursor < subset.upperBound, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { continue }
            let quote = bytes[cursor]
            let valueStart = cursor + 1
            guard let valueEnd = findByte(quote, from: valueStart), valueEnd < subset.upperBound else { return }
            index = valueEnd + 1
            guard declaredEntities.count < 1_024 else { continue }
            let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            let nameText = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
            if !value.contains(UInt8(ascii: "&")) && !value.contains(UInt8(ascii: "%")) {
                declaredEntities[nameText] = String(decoding: value, as: UTF8.self)
            } else if value.first == UInt8(ascii: "&"), value.count > 3, value[1] == UInt8(ascii: "#"),
                      value.last == UInt8(ascii: ";"), value.dropFirst().allSatisfy({ $0 != UInt8(ascii: "&") }),
                      let reference = HTMLEntities.reference(in: value, at: 0, inAttribute: false), reference.length == value.count {
                var text = String.UnicodeScalarView()
                text.append(reference.first)
                if let second = reference.second { text.append(second) }
                declaredEntities[nameText] = String(text)
            }
        }
    }

    // MARK: - References

    /// Records an error for each reference XML does not define (HTML names, bare `&`).
    private mutating func checkReferences(_ range: Range<Int>) {
        guard firstError == nil else { return }
        var index = range.lowerBound
        let scanned = UnsafeBufferPointer(rebasing: bytes[0..<range.upperBound])
        let ampersand = UInt8(ascii: "&")
        while index < range.upperBound {
            index = ByteScan.firstIndex(in: scanned, from: index, of: ampersand, ampersand, ampersand, ampersand)
            guard index < range.upperBound else { return }
            if bytes[index] == ampersand {
                if let predefined = predefinedReference(at: index, limit: range.upperBound) {
                    index += predefined.length
                    continue
                }
                let kind = referenceKind(at: index, limit: range.upperBound)
                switch kind.kind {
                case .predefined, .numeric, .declared:
                    break
                case .invalidNumeric:
                    fail(.invalidCharacterReference, at: index)
                case .html:
                    fail(.undefinedEntity, at: index)
                case .unknown:
                    fail(.undefinedEntity, at: index)
                case .bare:
                    fail(.bareAmpersand, at: index)
                }
                index += max(1, kind.length)
            } else {
                index += 1
            }
        }
    }

    enum ReferenceKind { case predefined, numeric, invalidNumeric, declared, html, unknown, bare }

    /// Code points XML allows in a document (as text or through a reference).
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    @inline(__always) func hexValue(_ byte: UInt8) -> UInt8 {
        byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : (byte | 0x20) &- UInt8(ascii: "a") &+ 10
    }

    /// Classifies the reference at `start` (an `&`) and gives its length (to the `;`).
    func referenceKind(at start: Int, limit: Int) -> (kind: ReferenceKind, length: Int) {
        var index = start + 1
        guard index < limit else { return (.bare, 1) }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var isHex = false
            var isWellFormed = true
            if index < limit, bytes[index] | 0x20 == UInt8(ascii: "x") {
                isHex = true
                isWellFormed = bytes[index] == UInt8(ascii: "x")
                index += 1
            }
            let digits = index
            var value: UInt32 = 0
            while index < limit, isHex ? isHexDigit(bytes[index]) : isDigit(bytes[index]) {
                if index - digits < 8 { value = value &* (isHex ? 16 : 10) &+ UInt32(hexValue(bytes[index])) }
                index += 1
            }
            guard index > digits, index < limit, bytes[index] == UInt8(ascii: ";") else { return (.bare, 1) }
            if index - digits > 8 || !Self.isXMLCharacter(value) { isWellFormed = false }
            return (isWellFormed ? .numeric : .invalidNumeric, index + 1 - start)
        }
        let nameStart = index
        while index < limit, index - nameStart <= 64, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index < limit, bytes[index] == UInt8(ascii: ";") else { return (.bare, 1) }
        let length = index + 1 - start
        switch index - nameStart {
        case 2:
            if (bytes[nameStart] == UInt8(ascii: "l") || bytes[nameStart] == UInt8(ascii: "g")) && bytes[nameStart + 1] == UInt8(ascii: "t") {
                return (.predefined, length)
            }
        case 3:
            if matches("amp", at: nameStart) { return (.predefined, length) }
        case 4:
            if matches("quot", at: nameStart) || matches("apos", at: nameStart) { return (.predefined, length) }
        default:
            break
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        if declaredEntities[name] != nil { return (.declared, length) }
        if HTMLEntities.value(forName: name) != nil { return (.html, length) }
        return (.unknown, length)
    }

    // MARK: - Errors

    private mutating func fail(_ kind: XMLSyntaxError.Kind, at offset: Int) {
        guard firstError == nil else { return }
        let (line, column) = lineAndColumn(of: offset)
        firstError = XMLSyntaxError(kind: kind, offset: offset, line: line, column: column)
    }

    /// 1-based line and column (in bytes) of `offset`; computed only for the first error.
    private func lineAndColumn(of offset: Int) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, end - lineStart + 1)
    }

    // MARK: - Byte helpers

    @inline(__always) func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always) func isNameStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    @inline(__always) func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @inline(__always) func isHexDigit(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return isDigit(byte) || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f"))
    }

    func equalBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        var offset = 0
        while offset < first.count {
            if bytes[first.lowerBound + offset] != bytes[second.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }

    func matches(_ literal: StaticString, at start: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    private func matchesIgnoringCase(_ literal: StaticString, at start: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where bytes[start + offset] | 0x20 != pointer[offset] | 0x20 { return false }
        return true
    }

    func findByte(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        let index = ByteScan.firstIndex(in: bytes, from: start, of: byte, byte, byte, byte)
        return index < bytes.count ? index : nil
    }

    /// The offset of the next `literal` at or after `start`.
    func find(_ literal: StaticString, from start: Int) -> Int? {
        let first = literal.utf8Start[0]
        var index = start
        while let candidate = findByte(first, from: index) {
            if matches(literal, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
