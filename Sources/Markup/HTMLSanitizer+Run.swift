extension HTMLSanitizer {
    /// One sanitizing pass: tokens read as positions (`SanitizerScanner`), output written
    /// into one buffer. Element and attribute names are looked up by their bytes as written (any
    /// case) in tables built once (`SanitizerNames`), which also give the lower-case bytes to
    /// write; a string is made only for a value that needs one (a URL to resolve, non-ASCII text
    /// to lower-case).
    struct Run {
        let baseURL: String?
        let names = SanitizerNames.shared
        // The tables every tag asks, held here: read through `names` each look-up would retain them.
        private let elements: NameTable
        private let elementFlags: [SanitizerNames.ElementFlags]
        private let attributeNames: NameTable
        private let attributeKinds: [SanitizerNames.AttributeKind]
        /// Hygiene's tracker tables and the names it reads, held for the run like the name
        /// tables (read through `names`, every look-up would retain and release it).
        let trackers = TrackerMatcher.shared
        let hygieneNames: SanitizerNames.HygieneAttributes
        let headingElements: [Int]
        /// Freed by the caller (`HTMLSanitizer.sanitize`) once it has copied the result.
        var output: ByteWriter
        /// Whether comments are written out (see `HTMLSanitizer.sanitize`).
        var keepsComments = false
        /// Content hygiene (see `HTMLSanitizer.sanitize` and `HTMLSanitizer+Hygiene.swift`).
        var hygiene = false
        /// Hygiene: inside a link dropped with its content (a share button, an ad), and how
        /// many elements opened inside it are still open.
        var droppingLink = false
        var droppedLinkDepth = 0
        /// Hygiene: the link being written, until its content gives it a name.
        var openLink: OpenLink?
        /// Hygiene: the paragraph and the heading being written, until something in them shows.
        var openParagraph: OpenBlock?
        var openHeading: OpenBlock?
        /// Hygiene: the level of the last heading written (the page's title is the `h1`), and
        /// the one before it.
        var lastHeadingLevel = 1
        var headingLevelBefore = 1
        /// Hygiene: end tags of links taken out where a browser would have ended them.
        var unwrappedLinkEnds = 0
        /// Hygiene: inside a list, between its items (where a `<br>` is out of place).
        var listAwaitsItem = false
        /// Inside an element dropped with its content (script, style, applet): how many are open.
        /// Read as feedparser reads it, a stray end tag takes it below zero (`DroppedContentReading`).
        var droppedDepth = 0
        let droppedContent: DroppedContentReading
        var mathDepth = 0
        var svgDepth = 0
        /// Scratch: decoded text; the current tag's kept attributes, and the values among them
        /// that differ from the input (decoded, cleaned) back to back.
        private var decoded: [UInt8] = []
        var kept: [KeptAttribute] = []
        var values: [UInt8] = []
        /// Per attribute-table position, the start tag that last had that name (`tagSerial`):
        /// a name seen already in this tag is a duplicate, and the first one wins.
        private var attributeSeenInTag: [UInt32]
        /// The same for `names.foreignAttributes`, made on the first SVG or MathML tag.
        var foreignAttributeSeenInTag: [UInt32] = []
        private(set) var tagSerial: UInt32 = 0

        init(baseURL: String?, expectedSize: Int, droppedContent: DroppedContentReading = .browser) {
            self.baseURL = baseURL.flatMap { $0.isEmpty ? nil : $0 }
            self.droppedContent = droppedContent
            output = ByteWriter(capacity: expectedSize)
            elements = names.elements
            elementFlags = names.elementFlags
            hygieneNames = names.hygieneAttributes
            headingElements = names.headingElements
            attributeNames = names.attributes
            attributeSeenInTag = [UInt32](repeating: 0, count: names.attributes.count)
            attributeKinds = names.attributeKinds
        }

        mutating func process(_ buffer: UnsafeBufferPointer<UInt8>) {
            var scanner = SanitizerScanner(buffer, names: names, readsRawText: droppedContent == .browser)
            while let token = scanner.next() {
                if droppingLink, skipsInDroppedLink(token) { continue }
                switch token.kind {
                case .startTag:
                    let element = token.element
                    if hygiene, token.tag == .svg || token.tag == .math { noteForeignContent() }
                    startTag(token, element: element, scanner, buffer)
                    if token.isSelfClosing, !token.tag.isVoid, !has(.void, element) {
                        // `<a href="…share…"/>`: the dropped link ends with its own tag.
                        if droppingLink { droppingLink = false } else { endTag(token, element: element, buffer) }
                    }
                case .endTag:
                    endTag(token, element: token.element, buffer)
                case .text:
                    let content = UnsafeBufferPointer(rebasing: buffer[token.content])
                    guard droppedDepth == 0 else {
                        if droppedContent == .feedparser, token.decodesReferences { appendReferencesOnly(content) }
                        continue
                    }
                    let textStart = output.count
                    if token.decodesReferences {
                        appendEscapedTextDecodingReferences(content)
                    } else {
                        appendEscapedText(content)
                    }
                    if hygiene { noteText(from: textStart) }
                case .ignored:
                    continue
                case .comment:
                    // Only comments the declarations pass wrote back (checked inert) get here
                    // when they are kept; old browsers ran code in conditional comments, but
                    // none still served does.
                    guard keepsComments, droppedDepth == 0 || droppedContent == .feedparser else { continue }
                    output.append("<!--")
                    output.append(UnsafeBufferPointer(rebasing: buffer[token.content]))
                    output.append("-->")
                case .cdata:
                    guard droppedDepth == 0 else { continue }
                    let textStart = output.count
                    appendEscapedText(UnsafeBufferPointer(rebasing: buffer[token.content]))
                    if hygiene { noteText(from: textStart) }
                }
            }
        }

        // MARK: - Elements

        @inline(__always)
        func has(_ flag: SanitizerNames.ElementFlags, _ element: Int) -> Bool {
            element >= 0 && elementFlags[element].contains(flag)
        }

        // MARK: - Start tags

        mutating func startTag(_ token: SanitizerScanner.Token, element: Int, _ scanner: SanitizerScanner,
                               _ buffer: UnsafeBufferPointer<UInt8>) {
            // Past the tokenizer's cap the scanner applies its rules; below it, the first of a
            // repeated name is kept by `attributeSeenInTag` (other names are dropped anyway).
            let attributes = scanner.exceedsAttributeCap ? scanner.attributesAsTokenized() : scanner.attributes
            advanceTagSerial()
            if !has(.acceptable, element) || svgDepth > 0 {
                if has(.droppedWithContent, element) { droppedDepth += 1 }
                guard token.tag == .svg || token.tag == .math || mathDepth > 0 || svgDepth > 0 else { return }
                // Not an SVG element inside SVG: an HTML element the allowlist accepts stays.
                guard !foreignStartTag(token, attributes, buffer), has(.acceptable, element) else { return }
            }
            // The common case: an allowed HTML element; keep its allowed attributes, sorted.
            // Values that need no change are copied as written.
            // Skipped when already empty (most tags): the call costs even on an empty array.
            if !kept.isEmpty { kept.removeAll(keepingCapacity: true) }
            if !values.isEmpty { values.removeAll(keepingCapacity: true) }
            for attribute in attributes {
                let nameBytes = UnsafeBufferPointer(rebasing: buffer[attribute.name])
                guard let name = attributeNames.position(of: nameBytes, hash: attribute.nameHash),
                      attributeSeenInTag[name] != tagSerial else { continue }
                attributeSeenInTag[name] = tagSerial
                if hygiene, name == hygieneNames.color || name == hygieneNames.bgcolor { continue }
                let kind = attributeKinds[name]
                let rawValue = UnsafeBufferPointer(rebasing: buffer[attribute.value])
                if !Self.containsAmpersand(rawValue) {
                    if kind == .plain || (kind == .url && URLResolver.isPlainAbsoluteWebURL(rawValue) && !mayCarryTracking(name, rawValue)) {
                        kept.append(KeptAttribute(name: name, value: attribute.value, isInInput: true))
                        continue
                    }
                }
                let valueStart = values.count
                appendDecodedValue(attribute, buffer)
                switch kind {
                case .plain:
                    break
                case .relOrType:
                    lowercaseValue(from: valueStart)
                case .style:
                    sanitizeStyleValue(from: valueStart, allowSVGProperties: false)
                    if hygiene { removeColours(fromStyleAt: valueStart) }
                    if values.count == valueStart { continue }
                case .url:
                    cleanURLValue(from: valueStart, element: token.tag, attribute: attributeNames.names[name])
                    if hygiene, name == hygieneNames.href { removeTrackingParameters(from: valueStart) }
                }
                kept.append(KeptAttribute(name: name, value: valueStart..<values.count, isInInput: false))
            }
            sortKept()
            var opensLink = false
            if hygiene {
                switch token.tag {
                case .img:
                    guard keepsImage(buffer) else { return }
                case .a:
                    guard let link = linkVerdict(buffer) else { return }
                    opensLink = link
                case .br:
                    // Blogs that turn line breaks into `<br>` put one after `<ul>`: a list
                    // may only hold items.
                    guard !listAwaitsItem else { return }
                default:
                    break
                }
            }
            let tagStart = output.count
            output.append(UInt8(ascii: "<"))
            elements.appendName(at: hygiene ? elementWritten(for: token.tag, element) : element, to: &output)
            for attribute in kept {
                output.append(UInt8(ascii: " "))
                attributeNames.appendName(at: attribute.name, to: &output)
                appendAttributeValue(attribute, buffer)
            }
            if token.tag.isVoid || (token.tag == .other && has(.void, element)) {
                appendSelfClosingEnd()
            } else {
                output.append(UInt8(ascii: ">"))
            }
            if hygiene { noteStartTag(token.tag, written: tagStart..<output.count, opensLink: opensLink, buffer) }
        }

        /// A new stamp for `attributeSeenInTag` and `foreignAttributeSeenInTag`.
        private mutating func advanceTagSerial() {
            tagSerial &+= 1
            guard tagSerial == 0 else { return }
            // Wrapped around: forget every stamp so none matches by accident.
            for index in attributeSeenInTag.indices { attributeSeenInTag[index] = 0 }
            for index in foreignAttributeSeenInTag.indices { foreignAttributeSeenInTag[index] = 0 }
            tagSerial = 1
        }

        mutating func appendSelfClosingEnd() {
            output.append(" />")
        }

        /// `="value"`, escaped, from the input or from `values`.
        mutating func appendAttributeValue(_ attribute: KeptAttribute, _ buffer: UnsafeBufferPointer<UInt8>) {
            output.append("=\"")
            if attribute.isInInput {
                appendEscapedAttribute(UnsafeBufferPointer(rebasing: buffer[attribute.value]))
            } else {
                let scratch = values
                scratch.withUnsafeBufferPointer { appendEscapedAttribute(UnsafeBufferPointer(rebasing: $0[attribute.value])) }
            }
            output.append(UInt8(ascii: "\""))
        }

        /// Attributes in name order: table positions follow byte order. An insertion sort (tags
        /// have few attributes), stable, so equal names keep their order as `sort` would.
        mutating func sortKept() {
            guard kept.count > 1 else { return }
            for index in 1..<kept.count {
                let moving = kept[index]
                var target = index
                while target > 0, kept[target - 1].name > moving.name {
                    kept[target] = kept[target - 1]
                    target -= 1
                }
                kept[target] = moving
            }
        }

        /// An attribute kept on an element: its name's position in the element's attribute table,
        /// its value as a range of the input (as written) or of `values` (changed).
        struct KeptAttribute {
            var name: Int
            var value: Range<Int>
            var isInInput: Bool
        }

        // MARK: - Values

        /// Appends the attribute's value to `values`, references decoded, and ill-formed UTF-8
        /// replaced as making a string of it would (what the sanitizer has always written).
        mutating func appendDecodedValue(_ attribute: SanitizerScanner.Attribute, _ buffer: UnsafeBufferPointer<UInt8>) {
            let raw = UnsafeBufferPointer(rebasing: buffer[attribute.value])
            let start = values.count
            if Self.containsAmpersand(raw) {
                HTMLEntities.decode(raw, inAttribute: true, into: &values)
            } else {
                values.append(contentsOf: raw)
            }
            let isWellFormed = values.withUnsafeBufferPointer { UTF8Validation.isValid(UnsafeBufferPointer(rebasing: $0[start...])) }
            if !isWellFormed { replaceValue(from: start, with: valueString(from: start)) }
        }

        @inline(__always)
        static func containsAmpersand(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            HTMLTokenizer.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: 0) < bytes.count
        }

        /// The value from `start` to the end of `values`, as a string.
        func valueString(from start: Int) -> String {
            values.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start...]), as: UTF8.self) }
        }

        mutating func replaceValue(from start: Int, with text: String) {
            values.removeSubrange(start...)
            values.append(contentsOf: text.utf8)
        }

        /// `rel` and `type` values are compared lower-case by readers; beyond ASCII, Unicode's rules.
        mutating func lowercaseValue(from start: Int) {
            let isASCII = values.withUnsafeBufferPointer { UTF8Validation.isASCII(UnsafeBufferPointer(rebasing: $0[start...])) }
            guard isASCII else {
                replaceValue(from: start, with: valueString(from: start).lowercased())
                return
            }
            for index in start..<values.count { values[index] = asciiLowercased(values[index]) }
        }

        /// `CSSSanitizer.sanitize` on the value's bytes; ASCII styles (nearly all) skip its strings.
        mutating func sanitizeStyleValue(from start: Int, allowSVGProperties: Bool) {
            let style = Array(values[start...])
            values.removeSubrange(start...)
            style.withUnsafeBufferPointer { style in
                if UTF8Validation.isASCII(style) {
                    CSSSanitizer.appendSanitizedASCII(style, allowSVGProperties: allowSVGProperties, to: &values)
                } else {
                    let clean = CSSSanitizer.sanitize(String(decoding: style, as: UTF8.self), allowSVGProperties: allowSVGProperties)
                    values.append(contentsOf: clean.utf8)
                }
            }
        }

        mutating func cleanURLValue(from start: Int, element: HTMLTag, attribute: String) {
            replaceValue(from: start, with: cleanURL(valueString(from: start), element: element, attribute: attribute))
        }

        /// A URL attribute resolved against the base; emptied when its scheme could run code.
        func cleanURL(_ value: String, element: HTMLTag, attribute: String) -> String {
            if URLResolver.isPlainAbsoluteWebURL(value) { return value }
            // A scheme that could run code stays one after resolving (resolving keeps a scheme),
            // so such a URL is emptied without being parsed (data: URLs can be long).
            guard HTMLSanitizer.isSafeURL(value) else { return "" }
            var url = value
            if let baseURL, HTMLSanitizer.resolvesURL(element: element, attribute: attribute) {
                let trimmed = url.trimmingASCIISpaces()
                if !trimmed.isEmpty || attribute == "href" {
                    let resolved = URLResolver.resolve(trimmed, against: baseURL)
                    if HTMLSanitizer.isSafeURL(resolved) { url = resolved }
                }
            }
            return HTMLSanitizer.isSafeURL(url) ? url : ""
        }

        // MARK: - End tags

        mutating func endTag(_ token: SanitizerScanner.Token, element: Int, _ buffer: UnsafeBufferPointer<UInt8>) {
            if has(.acceptable, element) {
                guard !has(.void, element) else { return }
                var written = element
                if hygiene {
                    guard let kept = endTagWritten(for: token.tag, element) else { return }
                    written = kept
                }
                output.append("</")
                elements.appendName(at: written, to: &output)
                output.append(UInt8(ascii: ">"))
                return
            }
            if has(.droppedWithContent, element) {
                droppedDepth = droppedContent == .feedparser ? droppedDepth - 1 : max(0, droppedDepth - 1)
            }
            guard mathDepth > 0 || svgDepth > 0 else { return }
            foreignEndTag(token, buffer)
        }

        // MARK: - Escaping

        /// Appends text with `&`, `<` and `>` escaped, copying the runs between them in bulk.
        mutating func appendEscapedText(_ buffer: UnsafeBufferPointer<UInt8>) {
            appendEscaped(buffer, quotes: false)
        }

        /// `appendEscapedText` of the text with its character references decoded. Decoding
        /// changes nothing before the first `&`, which escaping finds anyway: the text is
        /// escaped as it is up to there, and only the rest is decoded first.
        mutating func appendEscapedTextDecodingReferences(_ buffer: UnsafeBufferPointer<UInt8>) {
            let ampersand = appendEscaped(buffer, quotes: false, stoppingAtAmpersand: true)
            guard ampersand < buffer.count else { return }
            decoded.removeAll(keepingCapacity: true)
            HTMLEntities.decode(UnsafeBufferPointer(rebasing: buffer[ampersand...]), inAttribute: false, into: &decoded)
            let text = decoded
            text.withUnsafeBufferPointer { appendEscapedText($0) }
        }

        /// The character references in `buffer`, decoded and escaped, without the text around
        /// them: what feedparser writes of text inside a dropped element.
        mutating func appendReferencesOnly(_ buffer: UnsafeBufferPointer<UInt8>) {
            var index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "&"), in: buffer, from: 0)
            while index < buffer.count {
                guard let reference = HTMLEntities.reference(in: buffer, at: index, inAttribute: false) else {
                    index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "&"), in: buffer, from: index + 1)
                    continue
                }
                decoded.removeAll(keepingCapacity: true)
                HTMLEntities.decode(UnsafeBufferPointer(rebasing: buffer[index..<(index + reference.length)]), inAttribute: false, into: &decoded)
                let text = decoded
                text.withUnsafeBufferPointer { appendEscapedText($0) }
                index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "&"), in: buffer, from: index + reference.length)
            }
        }

        /// Appends an attribute value with `&`, `<`, `>` and `"` escaped.
        mutating func appendEscapedAttribute(_ buffer: UnsafeBufferPointer<UInt8>) {
            appendEscaped(buffer, quotes: true)
        }

        /// Escapes `buffer` into the output; with `stoppingAtAmpersand`, only up to the first `&`,
        /// whose index it returns (else `buffer.count`).
        @inline(__always) @discardableResult
        private mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>, quotes: Bool, stoppingAtAmpersand: Bool = false) -> Int {
            var runStart = 0
            var index = ByteScan.firstEscapedByte(in: buffer, from: 0)
            while index < buffer.count {
                let replacement: StaticString
                switch buffer[index] {
                case UInt8(ascii: "&"):
                    if stoppingAtAmpersand {
                        if runStart < index { output.append(UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                        return index
                    }
                    replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                default:
                    // A quote, which text keeps as it is.
                    guard quotes else {
                        index = ByteScan.firstEscapedByte(in: buffer, from: index + 1)
                        continue
                    }
                    replacement = "&quot;"
                }
                if runStart < index { output.append(UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                output.append(replacement)
                runStart = index + 1
                index = ByteScan.firstEscapedByte(in: buffer, from: runStart)
            }
            if runStart < buffer.count { output.append(UnsafeBufferPointer(rebasing: buffer[runStart...])) }
            return buffer.count
        }
    }

    /// The void list by name: the tables in `SanitizerNames` ask it about each element.
    static let voidElementNames = NameSet(voidElements)
}
