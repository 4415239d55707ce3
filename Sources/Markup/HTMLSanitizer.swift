#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes untrusted HTML (feed content, extracted articles) safe to show: an allowlist of
/// elements and attributes, everything else dropped. No script, no event handlers, no
/// `javascript:`/`vbscript:`/`data:` URLs, no forms' dangerous parts, no objects or frames,
/// and `style` reduced to harmless properties. Relative URLs are resolved against `baseURL`.
/// What is safe survives as written (text, structure, ordinary attributes).
///
/// The policy (the lists in `HTMLSanitizer+Allowlists.swift`) is feedparser's, so content
/// looks the same here as in the feed readers built on it.
public enum HTMLSanitizer {
    /// Sanitized HTML for `html`; relative URLs in links, images and media resolved against
    /// `baseURL` (when given). Output attributes are double-quoted and sorted by name.
    public static func sanitize(_ html: String, baseURL: String?) -> String {
        if isPlainText(html) { return strippedForOutput(html) }
        var sanitizer = Run(baseURL: baseURL)
        sanitizer.process(html)
        return strippedForOutput(sanitizer.output)
    }

    /// Text without markup or references passes through (the common case for titles).
    private static func isPlainText(_ html: String) -> Bool {
        !html.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ">") || $0 == 0x0D }
    }

    /// Outer whitespace removed, CRLF made LF.
    private static func strippedForOutput(_ output: [UInt8]) -> String {
        var start = 0
        var end = output.count
        while start < end, isSpace(output[start]) { start += 1 }
        while end > start, isSpace(output[end - 1]) { end -= 1 }
        guard output[start..<end].contains(0x0D) else {
            return String(decoding: output[start..<end], as: UTF8.self)
        }
        return strippedForOutput(String(decoding: output[start..<end], as: UTF8.self))
    }

    /// Outer whitespace removed, CRLF made LF.
    private static func strippedForOutput(_ text: String) -> String {
        var copy = text
        let isClean = copy.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last else { return true }
            return !isSpace(first) && !isSpace(last) && !bytes.contains(0x0D)
        }
        if isClean { return text }
        var bytes = Array(text.utf8)
        if bytes.contains(0x0D) {
            var normalized: [UInt8] = []
            normalized.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    index += 1
                    continue
                }
                normalized.append(bytes[index])
                index += 1
            }
            bytes = normalized
        }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if start == 0, end == bytes.count, bytes.count == text.utf8.count { return text }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Schemes a URL attribute may use; anything else (javascript:, vbscript:, data:) is emptied.
    static let acceptableSchemes: Set<String> = [
        "file", "ftp", "gopher", "h323", "hdl", "http", "https", "imap", "magnet", "mailto", "mms", "news",
        "nntp", "prospero", "rsync", "rtsp", "rtspu", "sftp", "shttp", "sip", "sips", "snews", "svn", "svn+ssh",
        "telnet", "wais", "aim", "callto", "cvs", "facetime", "feed", "git", "gtalk", "irc", "ircs", "irc6",
        "itms", "msnim", "skype", "ssh", "smb", "ymsg",
    ]

    /// Attributes whose value is a URL wherever they appear.
    static let urlAttributeNames: Set<String> = [
        "href", "src", "cite", "action", "background", "longdesc", "usemap", "poster", "codebase", "data",
        "classid", "profile", "dynsrc", "lowsrc", "xlink:href",
    ]

    /// Whether a URL is safe to keep: relative, or with an acceptable scheme. Tabs and line
    /// breaks inside and control characters before it are ignored, as browsers ignore them.
    public static func isSafeURL(_ url: String) -> Bool {
        var scheme: [UInt8] = []
        var started = false
        for byte in url.utf8 {
            if !started, byte <= 0x20 { continue }
            started = true
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: ":") {
                guard let first = scheme.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return true }
                return acceptableSchemes.contains(String(decoding: scheme, as: UTF8.self).lowercased())
            }
            let lower = byte | 0x20
            let isSchemeByte = (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !isSchemeByte { return true }
            scheme.append(byte)
            if scheme.count > 32 { return true }
        }
        return true
    }

    /// SVG's mixed-case names by their lower-cased spelling (`lineargradient` → `linearGradient`).
    static let svgElementCase: [String: String] = Dictionary(uniqueKeysWithValues: svgElements.map { ($0.lowercased(), $0) })
    static let svgAttributeCase: [String: String] = Dictionary(uniqueKeysWithValues: svgAttributes.map { ($0.lowercased(), $0) })

    /// One sanitizing pass.
    private struct Run {
        let baseURL: String?
        var output: [UInt8] = []
        /// Inside an element dropped with its content (script, style, applet).
        var droppedDepth = 0
        var mathDepth = 0
        var svgDepth = 0

        init(baseURL: String?) {
            self.baseURL = baseURL.flatMap { $0.isEmpty ? nil : $0 }
        }

        mutating func process(_ html: String) {
            output.reserveCapacity(html.utf8.count)
            let bytes = HTMLSanitizer.neutralizingDeclarations(Array(html.utf8))
            for token in HTMLTokenizer(bytes) {
                switch token.kind {
                case .startTag:
                    startTag(token)
                    if token.isSelfClosing, !token.tag.isVoid, !HTMLSanitizer.voidElements.contains(token.name) {
                        endTag(token.name)
                    }
                case .endTag:
                    endTag(token.name)
                case .text:
                    guard droppedDepth == 0 else { continue }
                    if token.decodesReferences {
                        var decoded: [UInt8] = []
                        token.decodeText(into: &decoded)
                        appendEscapedText(decoded[...])
                    } else {
                        appendEscapedText(token.content)
                    }
                case .comment:
                    // Comments are dropped: old browsers ran code in conditional comments.
                    continue
                case .cdata:
                    guard droppedDepth == 0 else { continue }
                    appendEscapedText(token.source)
                case .doctype:
                    continue
                }
            }
        }

        /// Appends text with `&`, `<` and `>` escaped, copying the runs between them in bulk.
        mutating func appendEscapedText(_ bytes: ArraySlice<UInt8>) {
            bytes.withUnsafeBufferPointer { buffer in
                var runStart = 0
                for index in 0..<buffer.count {
                    let replacement: StaticString
                    switch buffer[index] {
                    case UInt8(ascii: "&"): replacement = "&amp;"
                    case UInt8(ascii: "<"): replacement = "&lt;"
                    case UInt8(ascii: ">"): replacement = "&gt;"
                    default: continue
                    }
                    if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                    output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                    runStart = index + 1
                }
                if runStart < buffer.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...])) }
            }
        }

        mutating func startTag(_ token: HTMLToken) {
            var name = token.name
            var attributeCase: [String: String] = [:]
            let isAcceptable = token.tag == .other ? HTMLSanitizer.acceptableElementNames.contains(name) : HTMLSanitizer.acceptableTags[Int(token.tag.rawValue)]
            if !isAcceptable || svgDepth > 0 {
                if HTMLSanitizer.elementsDroppedWithContent.contains(name) { droppedDepth += 1 }
                guard name == "svg" || name == "math" || mathDepth > 0 || svgDepth > 0 else { return }
                var declaredNamespace: String?
                for attribute in token.attributes where attribute.name == "xmlns" {
                    declaredNamespace = attribute.value
                    break
                }
                if declaredNamespace == nil || declaredNamespace == "" {
                    if name == "svg" { declaredNamespace = "http://www.w3.org/2000/svg" }
                    if name == "math" { declaredNamespace = "http://www.w3.org/1998/Math/MathML" }
                }
                if name == "math", declaredNamespace == "http://www.w3.org/1998/Math/MathML" { mathDepth += 1 }
                if name == "svg", declaredNamespace == "http://www.w3.org/2000/svg" { svgDepth += 1 }
                if mathDepth > 0, HTMLSanitizer.mathMLElements.contains(name) {
                } else if svgDepth > 0, let svgName = HTMLSanitizer.svgElementCase[name] {
                    attributeCase = HTMLSanitizer.svgAttributeCase
                    name = svgName
                } else {
                    return
                }
                foreignStartTag(token, name: name, attributeCase: attributeCase, declaredNamespace: declaredNamespace)
                return
            }
            // The common case: an allowed HTML element; keep its allowed attributes, sorted.
            // Values that need no change are copied as written (no string made for them).
            var attributes: [KeptAttribute] = []
            for attribute in token.attributes {
                let attributeName = attribute.name
                let isStyle = attributeName == "style"
                guard isStyle || HTMLSanitizer.acceptableAttributeNames.contains(attributeName) else { continue }
                let isURL = HTMLSanitizer.isURLAttribute(attributeName)
                if !isStyle, !isURL, !attribute.hasReferences, attributeName != "rel", attributeName != "type" {
                    attributes.append(KeptAttribute(name: attributeName, raw: attribute.rawValue))
                    continue
                }
                var value = attribute.value
                if attributeName == "rel" || attributeName == "type" { value = value.lowercased() }
                if isStyle {
                    value = CSSSanitizer.sanitize(value, allowSVGProperties: false)
                    if value.isEmpty { continue }
                } else if isURL {
                    value = cleanURL(value, element: token.tag, attribute: attributeName)
                }
                attributes.append(KeptAttribute(name: attributeName, value: value))
            }
            if attributes.count > 1 { attributes.sort { $0.name < $1.name } }
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: name.utf8)
            for attribute in attributes {
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: attribute.name.utf8)
                output.append(contentsOf: "=\"".utf8)
                if let raw = attribute.raw {
                    appendEscapedAttribute(raw)
                } else {
                    appendEscapedAttribute(attribute.value.utf8)
                }
                output.append(UInt8(ascii: "\""))
            }
            if token.tag.isVoid || (token.tag == .other && HTMLSanitizer.voidElements.contains(name)) {
                output.append(contentsOf: " />".utf8)
            } else {
                output.append(UInt8(ascii: ">"))
            }
        }

        /// An attribute kept on an element: its value as written, or cleaned.
        struct KeptAttribute {
            var name: String
            var raw: ArraySlice<UInt8>?
            var value: String

            init(name: String, raw: ArraySlice<UInt8>) {
                self.name = name
                self.raw = raw
                value = ""
            }

            init(name: String, value: String) {
                self.name = name
                raw = nil
                self.value = value
            }
        }

        mutating func appendEscapedAttribute<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                default: output.append(byte)
                }
            }
        }

        /// SVG and MathML elements: their own attribute lists, SVG's mixed-case names.
        mutating func foreignStartTag(_ token: HTMLToken, name: String, attributeCase: [String: String], declaredNamespace: String?) {
            let allowedAttributes = mathDepth > 0 && HTMLSanitizer.mathMLElements.contains(token.name)
                ? HTMLSanitizer.mathMLAttributes : HTMLSanitizer.svgAttributesLowercased
            var attributes: [(name: String, value: String)] = []
            for attribute in token.attributes where !attributes.contains(where: { $0.name == attribute.name }) {
                attributes.append((attribute.name, attribute.value))
            }
            if !attributes.contains(where: { $0.name == "xmlns" }), let declaredNamespace, token.name == "svg" || token.name == "math" {
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
                    value = cleanURL(value, element: token.tag, attribute: attributeName)
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
                output.append(contentsOf: "=\"".utf8)
                for byte in value.utf8 {
                    switch byte {
                    case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                    case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                    case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                    case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                    default: output.append(byte)
                    }
                }
                output.append(UInt8(ascii: "\""))
            }
            if HTMLSanitizer.voidElements.contains(name) {
                output.append(contentsOf: " />".utf8)
            } else {
                output.append(UInt8(ascii: ">"))
            }
        }

        /// A URL attribute resolved against the base; emptied when its scheme could run code.
        func cleanURL(_ value: String, element: HTMLTag, attribute: String) -> String {
            if URLResolver.isPlainAbsoluteWebURL(value) { return value }
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

        mutating func endTag(_ tagName: String) {
            var name = tagName
            if !HTMLSanitizer.acceptableElementNames.contains(name) {
                if HTMLSanitizer.elementsDroppedWithContent.contains(name) { droppedDepth = max(0, droppedDepth - 1) }
                if mathDepth > 0, HTMLSanitizer.mathMLElements.contains(name) {
                    if name == "math" { mathDepth -= 1 }
                } else if svgDepth > 0, let svgName = HTMLSanitizer.svgElementCase[name] {
                    if name == "svg" { svgDepth -= 1 }
                    name = svgName
                } else {
                    return
                }
            }
            guard !HTMLSanitizer.voidElements.contains(name) else { return }
            output.append(contentsOf: "</".utf8)
            output.append(contentsOf: name.utf8)
            output.append(UInt8(ascii: ">"))
        }
    }

    /// Prepares markup the way feed readers always have before tokenizing it: comments are
    /// removed (ending at `-->`, or at the first `>` after `--` when that never comes, or at
    /// the end), `<![CDATA[` and any `<!` that starts no declaration become text.
    static func neutralizingDeclarations(_ bytes: [UInt8]) -> [UInt8] {
        let hasDeclaration = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return false }
            // memchr for each '<' (markup is sparse in text-heavy content).
            var offset = 0
            while offset < buffer.count - 1,
                  let found = memchr(base + offset, Int32(UInt8(ascii: "<")), buffer.count - 1 - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[index + 1] == UInt8(ascii: "!") { return true }
                offset = index + 1
            }
            return false
        }
        guard hasDeclaration else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let count = bytes.count
        var index = 0
        func starts(_ literal: String, at offset: Int, ignoringCase: Bool = false) -> Bool {
            let literalBytes = Array(literal.utf8)
            guard offset + literalBytes.count <= count else { return false }
            for (position, byte) in literalBytes.enumerated() {
                let actual = bytes[offset + position]
                if ignoringCase ? (actual | 0x20) != (byte | 0x20) : actual != byte { return false }
            }
            return true
        }
        // Past this offset there is no `--\s*>` (found once, so many unclosed comments stay linear).
        var noCloseFrom = Int.max
        while index < count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "!") else {
                output.append(byte)
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index = commentEnd(bytes, from: index + 4, noCloseFrom: &noCloseFrom)
                continue
            }
            if starts("<!DOCTYPE", at: index, ignoringCase: true) {
                output.append(byte)
                index += 1
                continue
            }
            // `<![CDATA[` and other stray `<!`: text.
            output.append(contentsOf: "&lt;".utf8)
            index += 1
        }
        return output
    }

    /// Where a comment whose body starts at `start` ends (just past it).
    private static func commentEnd(_ bytes: [UInt8], from start: Int, noCloseFrom: inout Int) -> Int {
        let count = bytes.count
        var index = start
        // `--`, optional whitespace, `>`.
        while index + 1 < count, index < noCloseFrom {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                var cursor = index + 2
                while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < count, bytes[cursor] == UInt8(ascii: ">") { return cursor + 1 }
            }
            index += 1
        }
        noCloseFrom = min(noCloseFrom, start)
        // Else `--` then the first `>`.
        index = start
        while index + 1 < count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                var cursor = index + 2
                while cursor < count, bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                if cursor < count { return cursor + 1 }
                break
            }
            index += 1
        }
        return count
    }

    static let acceptableElementNames = NameSet(acceptableElements)
    static let acceptableAttributeNames = NameSet(acceptableAttributes)

    /// Acceptable elements by `HTMLTag` raw value (the tokenizer's own element table).
    static let acceptableTags: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for name in acceptableElements {
            let tag = HTMLTag(name: name)
            if tag != .other { table[Int(tag.rawValue)] = true }
        }
        return table
    }()

    static func isURLAttribute(_ name: String) -> Bool {
        switch name {
        case "href", "src", "cite", "action", "background", "longdesc", "usemap", "poster", "codebase", "data",
             "classid", "profile", "dynsrc", "lowsrc", "xlink:href": true
        default: false
        }
    }

    /// Which (element, attribute) pairs hold URLs that are resolved against the base.
    static func resolvesURL(element: HTMLTag, attribute: String) -> Bool {
        switch (element, attribute) {
        case (.a, "href"), (.applet, "codebase"), (.area, "href"), (.audio, "src"), (.blockquote, "cite"),
             (.body, "background"), (.del, "cite"), (.form, "action"), (.frame, "longdesc"), (.frame, "src"),
             (.iframe, "longdesc"), (.iframe, "src"), (.head, "profile"), (.img, "longdesc"), (.img, "src"),
             (.img, "usemap"), (.input, "src"), (.input, "usemap"), (.ins, "cite"), (.link, "href"),
             (.object, "classid"), (.object, "codebase"), (.object, "data"), (.object, "usemap"), (.q, "cite"),
             (.script, "src"), (.source, "src"), (.video, "poster"), (.video, "src"):
            true
        default:
            false
        }
    }

    static let svgAttributesLowercased: Set<String> = Set(svgAttributes.map { $0.lowercased() })
}

extension String {
    func trimmingASCIISpaces() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, HTMLSanitizer.isSpace(bytes[start]) { start += 1 }
        while end > start, HTMLSanitizer.isSpace(bytes[end - 1]) { end -= 1 }
        if start == 0, end == bytes.count { return self }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
