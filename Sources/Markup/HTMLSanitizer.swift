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
    ///
    /// `keepingComments`: well-formed comments stay, as feedparser keeps them (feed content
    /// is compared with it), when a browser reads each as the same single comment; see
    /// `neutralizingDeclarations`. Article pages drop them.
    ///
    /// `hygiene`: content hygiene for people reading in Broadsheet, in the same pass (see
    /// `HTMLSanitizer+Hygiene.swift`): tracking pixels, ads and share widgets out
    /// (`TrackerList`), tracking parameters off links (`TrackingParameters`), images without a
    /// source dropped and without text given an empty `alt`, links left without a name
    /// unwrapped. Off for feedparser's result, which keeps what the feed said.
    ///
    /// `droppedContent`: how the content of `script`, `style` and `applet` is found (see
    /// `DroppedContentReading`); readers get the browser's reading.
    public static func sanitize(_ html: String, baseURL: String?, keepingComments: Bool = false, hygiene: Bool = false,
                                droppedContent: DroppedContentReading = .browser) -> String {
        var copy = html
        return copy.withUTF8 { input in
            let output = sanitize(input, baseURL: baseURL, keepingComments: keepingComments, hygiene: hygiene,
                                  droppedContent: droppedContent)
            // Unchanged (common for plain text): keep the string, compared with memcmp.
            let isUnchanged = output.count == input.count && output.withUnsafeBufferPointer { output in
                guard let outputBase = output.baseAddress, let inputBase = input.baseAddress else { return true }
                return memcmp(outputBase, inputBase, output.count) == 0
            }
            return isUnchanged ? html : String(decoding: output, as: UTF8.self)
        }
    }

    /// `sanitize` on UTF-8 bytes, to UTF-8 bytes: for callers that hold bytes and make one
    /// string at the end.
    public static func sanitize(_ html: UnsafeBufferPointer<UInt8>, baseURL: String?, keepingComments: Bool = false, hygiene: Bool = false,
                                droppedContent: DroppedContentReading = .browser) -> [UInt8] {
        if isPlainText(html) { return strippedForOutput(html) }
        var sanitizer = Run(baseURL: baseURL, expectedSize: html.count, droppedContent: droppedContent)
        sanitizer.keepsComments = keepingComments
        sanitizer.hygiene = hygiene
        defer { sanitizer.output.deallocate() }
        // Most content has no `<!`: then the input is scanned where it is, not copied.
        if let neutralized = neutralizingDeclarations(html, keepingComments: keepingComments) {
            neutralized.withUnsafeBufferPointer { sanitizer.process($0) }
        } else {
            sanitizer.process(html)
        }
        if hygiene { sanitizer.finishHygiene() }
        return strippedForOutput(sanitizer.output.bytes)
    }

    /// Text without markup or references passes through (the common case for titles).
    private static func isPlainText(_ html: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.firstIndex(in: html, from: 0, of: UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: ">"), 0x0D) == html.count
    }

    private static func trimmedBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    /// Outer whitespace removed, CRLF made LF.
    private static func strippedForOutput(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var (start, end) = trimmedBounds(bytes)
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // memchr: a carriage return is rare, and this looks through every byte of the output.
        var carriageReturn = HTMLTokenizer.firstIndex(of: 0x0D, in: trimmed, from: 0)
        guard carriageReturn < trimmed.count else { return Array(trimmed) }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(trimmed.count)
        var runStart = 0
        while carriageReturn < trimmed.count {
            if carriageReturn + 1 < trimmed.count, trimmed[carriageReturn + 1] == 0x0A {
                normalized.append(contentsOf: UnsafeBufferPointer(rebasing: trimmed[runStart..<carriageReturn]))
                runStart = carriageReturn + 1
            }
            carriageReturn = HTMLTokenizer.firstIndex(of: 0x0D, in: trimmed, from: carriageReturn + 1)
        }
        normalized.append(contentsOf: UnsafeBufferPointer(rebasing: trimmed[runStart...]))
        // A lone CR is whitespace too, and may now be outermost.
        start = 0
        end = normalized.count
        while start < end, isSpace(normalized[start]) { start += 1 }
        while end > start, isSpace(normalized[end - 1]) { end -= 1 }
        return start == 0 && end == normalized.count ? normalized : Array(normalized[start..<end])
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Schemes a URL attribute may use; anything else (javascript:, vbscript:, data:) is emptied.
    /// Feed links and bases follow the same list (feedparser's).
    public static let acceptableSchemes: Set<String> = [
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

    /// Prepares markup the way feed readers always have before tokenizing it: comments are
    /// removed (ending at `--` and `>` with only white space between, or at the first `>`
    /// after `--` when that never comes, or at the end), doctypes and marked sections are
    /// read by the declaration grammar (`HTMLSanitizer+Declarations.swift`), `<![CDATA[` and
    /// any other `<!` become text. Nil when there is no `<!` (nothing to change).
    ///
    /// With `keepingComments`, a comment that ends the first way (the only kind feedparser
    /// keeps) is written back as `<!--text-->` when a browser would read that as one comment
    /// with the same text: not when the text starts with `>` or `->` (a browser ends the
    /// comment there) or holds `--!>` (another end a browser accepts). Anything else a
    /// browser could read as markup stays inside the comment, so kept comments are inert.
    static func neutralizingDeclarations(_ bytes: UnsafeBufferPointer<UInt8>, keepingComments: Bool = false) -> [UInt8]? {
        // Whether `<!` occurs at all: memchr looks for '!', which is rarer than '<' in markup.
        guard ByteScan.containsPair(UInt8(ascii: "<"), UInt8(ascii: "!"), in: bytes) else { return nil }
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
            // The bytes up to the next `<` in one copy (memchr finds it).
            let next = HTMLTokenizer.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index)
            if next > index { output.append(contentsOf: bytes[index..<next]) }
            index = next
            guard index < count else { break }
            let byte = bytes[index]
            guard index + 1 < count, bytes[index + 1] == UInt8(ascii: "!") else {
                output.append(byte)
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                let comment = commentEnd(bytes, from: index + 4, noCloseFrom: &noCloseFrom)
                if keepingComments, let textEnd = comment.textEnd {
                    let text = UnsafeBufferPointer(rebasing: bytes[(index + 4)..<textEnd])
                    if isInertCommentText(text) {
                        output.append(contentsOf: "<!--".utf8)
                        output.append(contentsOf: text)
                        output.append(contentsOf: "-->".utf8)
                    }
                }
                index = comment.end
                continue
            }
            let reading: DeclarationReading
            if starts("<!DOCTYPE", at: index, ignoringCase: true) {
                reading = readDoctype(bytes, at: index)
            } else if starts("<![", at: index), !starts("<![CDATA[", at: index) {
                reading = readMarkedSection(bytes, at: index)
            } else {
                // `<![CDATA[` and any other `<!`: text.
                reading = .text
            }
            switch reading {
            case .declaration(let end):
                index = end
            case .text:
                output.append(contentsOf: "&lt;".utf8)
                index += 1
            case .restIsText:
                appendAsText(UnsafeBufferPointer(rebasing: bytes[index...]), to: &output)
                index = count
            }
        }
        return output
    }

    /// Markup that must read as text: every `<` written as `&lt;` (references stay, the
    /// sanitizer decodes and escapes them as in any text).
    private static func appendAsText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: 0)
        while index < bytes.count {
            output.append(contentsOf: bytes[runStart..<index])
            output.append(contentsOf: "&lt;".utf8)
            runStart = index + 1
            index = HTMLTokenizer.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: runStart)
        }
        output.append(contentsOf: bytes[runStart...])
    }

    /// Where a comment whose body starts at `start` ends (just past it), and where its text
    /// ends when the comment is well-formed (closed by `--`, white space, `>`).
    private static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, noCloseFrom: inout Int) -> (end: Int, textEnd: Int?) {
        let count = bytes.count
        var index = start
        // `--`, optional whitespace, `>`.
        while index + 1 < count, index < noCloseFrom {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                var cursor = index + 2
                while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < count, bytes[cursor] == UInt8(ascii: ">") { return (cursor + 1, index) }
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
                if cursor < count { return (cursor + 1, nil) }
                break
            }
            index += 1
        }
        return (count, nil)
    }

    /// Whether `<!--` + `text` + `-->` is one comment holding `text` for a browser (HTML's
    /// comment states): the text does not start with `>` or `->` and holds no `--!>`.
    /// (It cannot hold `-->`: the comment would have ended there.)
    static func isInertCommentText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = text.first, first == UInt8(ascii: ">") { return false }
        if text.count >= 2, text[0] == UInt8(ascii: "-"), text[1] == UInt8(ascii: ">") { return false }
        var index = 0
        while index + 3 < text.count {
            if text[index] == UInt8(ascii: "-"), text[index + 1] == UInt8(ascii: "-"),
               text[index + 2] == UInt8(ascii: "!"), text[index + 3] == UInt8(ascii: ">") {
                return false
            }
            index += 1
        }
        // A text ending in `--!` would make `--!-->`, which browsers also read to the final `>`;
        // one ending in `-` makes `--->`, the same. Nothing else can close it early.
        return true
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
