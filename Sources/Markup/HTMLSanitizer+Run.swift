extension HTMLSanitizer {
    /// One sanitizing pass: tokens read as positions (`HTMLTokenizer.nextRaw()`), output written
    /// into one buffer. Names are compared as bytes against tables built once; a string is made
    /// only for a value that changes (decoded, lower-cased, cleaned) and on the rare SVG/MathML path.
    struct Run {
        let baseURL: String?
        var output: [UInt8] = []
        /// Inside an element dropped with its content (script, style, applet).
        var droppedDepth = 0
        var mathDepth = 0
        var svgDepth = 0
        /// Scratch: decoded text, the lower-cased name of an unknown element, the current tag's
        /// lower-cased attribute names back to back, the attributes kept.
        private var decoded: [UInt8] = []
        private var elementName: [UInt8] = []
        private var attributeNames: [UInt8] = []
        private var kept: [KeptAttribute] = []

        init(baseURL: String?) {
            self.baseURL = baseURL.flatMap { $0.isEmpty ? nil : $0 }
        }

        mutating func process(_ bytes: [UInt8]) {
            output.reserveCapacity(bytes.count)
            var tokenizer = HTMLTokenizer(bytes)
            bytes.withUnsafeBufferPointer { buffer in
                while let token = tokenizer.nextRaw() {
                    switch token.kind {
                    case .startTag:
                        startTag(token, tokenizer.rawAttributes, buffer)
                        if token.isSelfClosing, !token.tag.isVoid, !isVoid(token, buffer) { endTag(token, buffer) }
                    case .endTag:
                        endTag(token, buffer)
                    case .text:
                        guard droppedDepth == 0 else { continue }
                        let content = UnsafeBufferPointer(rebasing: buffer[token.content])
                        if token.decodesReferences {
                            decoded.removeAll(keepingCapacity: true)
                            HTMLEntities.decode(content, inAttribute: false, into: &decoded)
                            let text = decoded
                            text.withUnsafeBufferPointer { appendEscapedText($0) }
                        } else {
                            appendEscapedText(content)
                        }
                    case .comment, .doctype:
                        // Comments are dropped: old browsers ran code in conditional comments.
                        continue
                    case .cdata:
                        guard droppedDepth == 0 else { continue }
                        appendEscapedText(UnsafeBufferPointer(rebasing: buffer[token.source]))
                    }
                }
            }
        }

        // MARK: - Names

        /// The lower-cased element name's bytes: the table's for a known tag, else the scratch copy.
        private mutating func loweredName(_ token: RawToken, _ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            if token.tag != .other { return HTMLSanitizer.tagNameBytes[Int(token.tag.rawValue)] }
            if !elementName.isEmpty { elementName.removeAll(keepingCapacity: true) }
            for index in token.name { elementName.append(asciiLowercased(buffer[index])) }
            return elementName
        }

        private mutating func isVoid(_ token: RawToken, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            if token.tag != .other { return HTMLSanitizer.voidTags.contains(token.tag) }
            return loweredName(token, buffer).withUnsafeBufferPointer { HTMLSanitizer.voidElementNames.contains(bytes: $0) }
        }

        private mutating func isAcceptable(_ token: RawToken, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            if token.tag != .other { return HTMLSanitizer.acceptableTagSet.contains(token.tag) }
            return loweredName(token, buffer).withUnsafeBufferPointer { HTMLSanitizer.acceptableElementNames.contains(bytes: $0) }
        }

        // MARK: - Start tags

        mutating func startTag(_ token: RawToken, _ attributes: [RawAttribute], _ buffer: UnsafeBufferPointer<UInt8>) {
            if !isAcceptable(token, buffer) || svgDepth > 0 {
                if HTMLSanitizer.droppedWithContentTags.contains(token.tag) { droppedDepth += 1 }
                guard token.tag == .svg || token.tag == .math || mathDepth > 0 || svgDepth > 0 else { return }
                let name = String(decoding: loweredName(token, buffer), as: UTF8.self)
                var pairs: [(name: String, value: String)] = []
                for attribute in attributes {
                    let attributeName = String(decoding: buffer[attribute.name].map(asciiLowercased), as: UTF8.self)
                    pairs.append((attributeName, HTMLSanitizer.decodedValue(attribute, buffer)))
                }
                foreignStartTag(tag: token.tag, name: name, attributes: pairs)
                return
            }
            // The common case: an allowed HTML element; keep its allowed attributes, sorted.
            // Values that need no change are copied as written.
            // Skipped when already empty (most tags): the call costs even on an empty array.
            if !kept.isEmpty { kept.removeAll(keepingCapacity: true) }
            if !attributeNames.isEmpty { attributeNames.removeAll(keepingCapacity: true) }
            for attribute in attributes {
                let nameStart = attributeNames.count
                for index in attribute.name { attributeNames.append(asciiLowercased(buffer[index])) }
                let nameRange = nameStart..<attributeNames.count
                let kind = attributeNames.withUnsafeBufferPointer { AttributeKind(UnsafeBufferPointer(rebasing: $0[nameRange])) }
                guard kind != .dropped else {
                    attributeNames.removeSubrange(nameRange)
                    continue
                }
                let rawValue = UnsafeBufferPointer(rebasing: buffer[attribute.value])
                if !attribute.hasReferences {
                    if kind == .plain || (kind == .url && URLResolver.isPlainAbsoluteWebURL(rawValue)) {
                        kept.append(KeptAttribute(name: nameRange, raw: attribute.value))
                        continue
                    }
                }
                var value = HTMLSanitizer.decodedValue(attribute, buffer)
                switch kind {
                case .relOrType:
                    value = value.lowercased()
                case .style:
                    value = CSSSanitizer.sanitize(value, allowSVGProperties: false)
                    if value.isEmpty {
                        attributeNames.removeSubrange(nameRange)
                        continue
                    }
                case .url:
                    let attributeName = String(decoding: attributeNames[nameRange], as: UTF8.self)
                    value = cleanURL(value, element: token.tag, attribute: attributeName)
                case .plain, .dropped:
                    break
                }
                kept.append(KeptAttribute(name: nameRange, value: value))
            }
            if kept.count > 1 { sortKeptAttributes() }
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: loweredName(token, buffer))
            for attribute in kept {
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: attributeNames[attribute.name])
                output.append(UInt8(ascii: "="))
                output.append(UInt8(ascii: "\""))
                if let raw = attribute.raw {
                    appendEscapedAttribute(UnsafeBufferPointer(rebasing: buffer[raw]))
                } else {
                    var value = attribute.value
                    value.withUTF8 { appendEscapedAttribute($0) }
                }
                output.append(UInt8(ascii: "\""))
            }
            if token.tag.isVoid || (token.tag == .other && isVoid(token, buffer)) {
                output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: ">")])
            } else {
                output.append(UInt8(ascii: ">"))
            }
        }

        /// Attributes in name order (names are distinct: the tokenizer keeps the first of a name).
        private mutating func sortKeptAttributes() {
            let names = attributeNames
            names.withUnsafeBufferPointer { names in
                kept.sort { left, right in
                    UnsafeBufferPointer(rebasing: names[left.name]).lexicographicallyPrecedes(UnsafeBufferPointer(rebasing: names[right.name]))
                }
            }
        }

        /// What the allowlist says about an attribute (by its lower-cased name).
        enum AttributeKind {
            case dropped, plain, url, style, relOrType

            init(_ name: UnsafeBufferPointer<UInt8>) {
                if Self.is(name, "style") {
                    self = .style
                } else if !HTMLSanitizer.acceptableAttributeNames.contains(bytes: name) {
                    self = .dropped
                } else if HTMLSanitizer.urlAttributeNameSet.contains(bytes: name) {
                    self = .url
                } else if Self.is(name, "rel") || Self.is(name, "type") {
                    self = .relOrType
                } else {
                    self = .plain
                }
            }

            /// Byte equality with a literal (the generic `elementsEqual` with a string's UTF-8
            /// view is not specialized into a simple loop).
            @inline(__always)
            private static func `is`(_ name: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
                guard name.count == literal.utf8CodeUnitCount else { return false }
                for index in 0..<name.count where name[index] != literal.utf8Start[index] { return false }
                return true
            }
        }

        /// An attribute kept on an element: its name in `attributeNames`, its value as written
        /// (a range of the input) or cleaned.
        struct KeptAttribute {
            var name: Range<Int>
            var raw: Range<Int>?
            var value: String

            init(name: Range<Int>, raw: Range<Int>) {
                self.name = name
                self.raw = raw
                value = ""
            }

            init(name: Range<Int>, value: String) {
                self.name = name
                raw = nil
                self.value = value
            }
        }

        /// SVG and MathML elements: their own attribute lists, SVG's mixed-case names.
        mutating func foreignStartTag(tag: HTMLTag, name tokenName: String, attributes tokenAttributes: [(name: String, value: String)]) {
            var declaredNamespace: String?
            for attribute in tokenAttributes where attribute.name == "xmlns" {
                declaredNamespace = attribute.value
                break
            }
            if declaredNamespace == nil || declaredNamespace == "" {
                if tokenName == "svg" { declaredNamespace = "http://www.w3.org/2000/svg" }
                if tokenName == "math" { declaredNamespace = "http://www.w3.org/1998/Math/MathML" }
            }
            if tokenName == "math", declaredNamespace == "http://www.w3.org/1998/Math/MathML" { mathDepth += 1 }
            if tokenName == "svg", declaredNamespace == "http://www.w3.org/2000/svg" { svgDepth += 1 }
            var name = tokenName
            var attributeCase: [String: String] = [:]
            if mathDepth > 0, HTMLSanitizer.mathMLElementNames.contains(name) {
            } else if svgDepth > 0, let svgName = HTMLSanitizer.svgElementCase[name] {
                attributeCase = HTMLSanitizer.svgAttributeCase
                name = svgName
            } else {
                return
            }
            let allowedAttributes = mathDepth > 0 && HTMLSanitizer.mathMLElementNames.contains(tokenName)
                ? HTMLSanitizer.mathMLAttributeNames : HTMLSanitizer.svgAttributeNames
            var attributes: [(name: String, value: String)] = []
            for attribute in tokenAttributes where !attributes.contains(where: { $0.name == attribute.name }) {
                attributes.append(attribute)
            }
            if !attributes.contains(where: { $0.name == "xmlns" }), let declaredNamespace, tokenName == "svg" || tokenName == "math" {
                attributes.append(("xmlns", declaredNamespace))
            }
            if attributes.contains(where: { $0.name.hasPrefix("xlink:") }),
               !attributes.contains(where: { $0.name == "xmlns:xlink" && $0.value == "http://www.w3.org/1999/xlink" }) {
                attributes.append(("xmlns:xlink", "http://www.w3.org/1999/xlink"))
            }
            var kept: [(name: String, value: String)] = []
            for (attributeName, rawValue) in attributes {
                var value = rawValue
                if attributeName == "rel" || attributeName == "type" { value = value.lowercased() }
                if attributeName == "style" {
                    guard allowedAttributes.contains("style") else { continue }
                    value = CSSSanitizer.sanitize(value, allowSVGProperties: svgDepth > 0)
                    if value.isEmpty { continue }
                } else if !allowedAttributes.contains(attributeName) {
                    continue
                }
                if HTMLSanitizer.isURLAttribute(attributeName) {
                    value = cleanURL(value, element: tag, attribute: attributeName)
                }
                kept.append((attributeName, value))
            }
            kept.sort { $0.name < $1.name }
            writeStartTag(name, kept, attributeCase: attributeCase)
        }

        mutating func writeStartTag(_ name: String, _ attributes: [(name: String, value: String)], attributeCase: [String: String]) {
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: name.utf8)
            for (attributeName, value) in attributes {
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: (attributeCase[attributeName] ?? attributeName).utf8)
                output.append(UInt8(ascii: "="))
                output.append(UInt8(ascii: "\""))
                var copy = value
                copy.withUTF8 { appendEscapedAttribute($0) }
                output.append(UInt8(ascii: "\""))
            }
            if HTMLSanitizer.voidElementNames.contains(name) {
                output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: ">")])
            } else {
                output.append(UInt8(ascii: ">"))
            }
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

        mutating func endTag(_ token: RawToken, _ buffer: UnsafeBufferPointer<UInt8>) {
            if isAcceptable(token, buffer) {
                guard !isVoid(token, buffer) else { return }
                appendEndTag(loweredName(token, buffer))
                return
            }
            if HTMLSanitizer.droppedWithContentTags.contains(token.tag) { droppedDepth = max(0, droppedDepth - 1) }
            guard mathDepth > 0 || svgDepth > 0 else { return }
            let name = String(decoding: loweredName(token, buffer), as: UTF8.self)
            if mathDepth > 0, HTMLSanitizer.mathMLElementNames.contains(name) {
                if name == "math" { mathDepth -= 1 }
                guard !HTMLSanitizer.voidElementNames.contains(name) else { return }
                appendEndTag(Array(name.utf8))
            } else if svgDepth > 0, let svgName = HTMLSanitizer.svgElementCase[name] {
                if name == "svg" { svgDepth -= 1 }
                guard !HTMLSanitizer.voidElementNames.contains(svgName) else { return }
                appendEndTag(Array(svgName.utf8))
            }
        }

        private mutating func appendEndTag(_ name: [UInt8]) {
            output.append(UInt8(ascii: "<"))
            output.append(UInt8(ascii: "/"))
            output.append(contentsOf: name)
            output.append(UInt8(ascii: ">"))
        }

        // MARK: - Escaping

        /// Appends text with `&`, `<` and `>` escaped, copying the runs between them in bulk.
        mutating func appendEscapedText(_ buffer: UnsafeBufferPointer<UInt8>) {
            appendEscaped(buffer, quotes: false)
        }

        /// Appends an attribute value with `&`, `<`, `>` and `"` escaped.
        mutating func appendEscapedAttribute(_ buffer: UnsafeBufferPointer<UInt8>) {
            appendEscaped(buffer, quotes: true)
        }

        @inline(__always)
        private mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>, quotes: Bool) {
            let amp = UInt8(ascii: "&"), less = UInt8(ascii: "<"), greater = UInt8(ascii: ">")
            // Without quotes, look for `&` twice rather than for `"`.
            let quote = quotes ? UInt8(ascii: "\"") : amp
            var runStart = 0
            var index = ByteScan.firstIndex(in: buffer, from: 0, of: amp, less, greater, quote)
            while index < buffer.count {
                let replacement: StaticString
                switch buffer[index] {
                case amp: replacement = "&amp;"
                case less: replacement = "&lt;"
                case greater: replacement = "&gt;"
                default: replacement = "&quot;"
                }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
                index = ByteScan.firstIndex(in: buffer, from: runStart, of: amp, less, greater, quote)
            }
            if runStart < buffer.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...])) }
        }
    }

    /// An attribute's value with references decoded (attribute rules), as a string.
    static func decodedValue(_ attribute: RawAttribute, _ buffer: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: buffer[attribute.value])
        guard attribute.hasReferences else { return String(decoding: raw, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        HTMLEntities.decode(raw, inAttribute: true, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Tables by tag and by name bytes

    static let tagNameBytes: [[UInt8]] = HTMLTag.allCases.map { Array($0.name.utf8) }
    static let acceptableTagSet = HTMLTagSet(acceptableElements.map(HTMLTag.init(name:)).filter { $0 != .other })
    static let voidTags = HTMLTagSet(voidElements.map(HTMLTag.init(name:)).filter { $0 != .other })
    static let droppedWithContentTags = HTMLTagSet(elementsDroppedWithContent.map(HTMLTag.init(name:)).filter { $0 != .other })
    static let voidElementNames = NameSet(voidElements)
    // The SVG and MathML lists as NameSets: foreign content looks names up per tag and per
    // attribute, where `Set<String>` would hash each with SipHash.
    static let mathMLElementNames = NameSet(mathMLElements)
    static let mathMLAttributeNames = NameSet(mathMLAttributes)
    static let svgAttributeNames = NameSet(svgAttributesLowercased)
    static let urlAttributeNameSet = NameSet(urlAttributeNames)
}
