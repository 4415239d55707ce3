/// Decides how to read an XML document's bytes and converts them to UTF-8, with the precedence
/// of RFC 3023 as feedparser applies it: byte-order mark, the XML declaration's `encoding`,
/// and the HTTP `Content-Type` charset (which wins for XML media types). When the chosen
/// encoding does not fit the bytes, the next candidate is tried (declaration, BOM, UTF-8,
/// windows-1252, ISO-8859-2) and the override is reported.
public enum XMLEncodingDetector {
    public struct Result: Sendable {
        /// The document as UTF-8 (byte-order mark removed).
        public var utf8: [UInt8]
        /// The encoding the bytes were read as (lower-case, as declared: `utf-8`, `iso-8859-1`).
        public var encoding: String
        /// What was wrong, when something was.
        public var problem: Problem?
        /// The input itself is the UTF-8 document (set by the `[UInt8]` entry point).
        var sharesInput = false
    }

    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The declared encoding did not fit the bytes; they were read as `used`.
        case encodingOverride(declared: String, used: String)
        /// No candidate fit; the bytes were read as UTF-8 with replacement characters.
        case encodingUnknown(tried: [String])
        /// The HTTP media type is not an XML one (or there was none).
        case nonXMLContentType(String)

        public var description: String {
            switch self {
            case .encodingOverride(let declared, let used): "document declared as \(declared), but parsed as \(used)"
            case .encodingUnknown(let tried): "document encoding unknown, I tried \(tried.joined(separator: ", ")) but nothing worked"
            case .nonXMLContentType(let message): message
            }
        }

        /// feedparser's exception class name for this problem.
        public var exceptionName: String {
            switch self {
            case .encodingOverride: "CharacterEncodingOverride"
            case .encodingUnknown: "CharacterEncodingUnknown"
            case .nonXMLContentType: "NonXMLContentType"
            }
        }
    }

    /// - Parameters:
    ///   - bytes: the document as received.
    ///   - httpHeaders: the response headers (names in any case); empty when the bytes did not
    ///     come over HTTP, in which case the document's own declaration decides.
    public static func decode(_ bytes: [UInt8], httpHeaders: [String: String] = [:]) -> Result {
        var result = bytes.withUnsafeBufferPointer { decode($0, httpHeaders: httpHeaders, sharesInput: true) }
        // UTF-8 input without a byte-order mark is used as it is: no copy of a large body.
        if result.sharesInput { result.utf8 = bytes }
        return result
    }

    public static func decode(_ input: UnsafeBufferPointer<UInt8>, httpHeaders: [String: String]) -> Result {
        decode(input, httpHeaders: httpHeaders, sharesInput: false)
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, httpHeaders: [String: String], sharesInput: Bool) -> Result {
        var data = input
        let (bomEncoding, bomLength) = byteOrderMark(data)
        data = UnsafeBufferPointer(rebasing: data[bomLength...])

        var xmlEncoding = ""
        if !bomEncoding.isEmpty, bomEncoding != "utf-8" {
            // Read the declaration through the BOM's encoding; a document that is not valid in
            // that encoding has no declaration anyone can read (feedparser's rule).
            if let converted = TextConverter.utf8Bytes(of: data, encoding: bomEncoding) {
                xmlEncoding = converted.withUnsafeBufferPointer { declaredEncoding(UnsafeBufferPointer(rebasing: $0[..<min($0.count, 4_096)])) } ?? ""
            }
        } else if bomEncoding.isEmpty || UTF8Validation.isValid(data) {
            xmlEncoding = declaredEncoding(data) ?? ""
        }
        if !bomEncoding.isEmpty, unicodeFamilyNames.contains(xmlEncoding) {
            xmlEncoding = bomEncoding
        }

        let contentTypeHeader = header("content-type", in: httpHeaders)
        let (mediaType, httpCharset) = parseContentType(contentTypeHeader ?? "")
        var isXMLMediaType = false
        var rfc3023Encoding: String
        var onlyTheDefaultNamesIt = false
        let applicationTypes: Set<String> = ["application/xml", "application/xml-dtd", "application/xml-external-parsed-entity"]
        let textTypes: Set<String> = ["text/xml", "text/xml-external-parsed-entity"]
        if applicationTypes.contains(mediaType) || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+xml")) {
            isXMLMediaType = true
            rfc3023Encoding = nonEmpty(httpCharset) ?? nonEmpty(xmlEncoding) ?? nonEmpty(bomEncoding) ?? "utf-8"
        } else if textTypes.contains(mediaType) || (mediaType.hasPrefix("text/") && mediaType.hasSuffix("+xml")) {
            isXMLMediaType = true
            rfc3023Encoding = nonEmpty(httpCharset) ?? "us-ascii"
        } else if mediaType.hasPrefix("text/") {
            rfc3023Encoding = nonEmpty(httpCharset) ?? "us-ascii"
        } else if !httpHeaders.isEmpty, contentTypeHeader == nil {
            rfc3023Encoding = nonEmpty(xmlEncoding) ?? "iso-8859-1"
        } else {
            rfc3023Encoding = nonEmpty(xmlEncoding) ?? "utf-8"
            onlyTheDefaultNamesIt = xmlEncoding.isEmpty
        }
        if rfc3023Encoding.lowercased() == "gb2312" { rfc3023Encoding = "gb18030" }
        if xmlEncoding.lowercased() == "gb2312" { xmlEncoding = "gb18030" }

        var problem: Problem?
        if !httpHeaders.isEmpty, !isXMLMediaType {
            if let contentTypeHeader {
                problem = .nonXMLContentType("\(contentTypeHeader) is not an XML media type")
            } else {
                problem = .nonXMLContentType("no Content-type specified")
            }
        }

        var tried: [String] = []
        var candidates = [rfc3023Encoding, xmlEncoding, bomEncoding, "utf-8", "windows-1252", "iso-8859-2"]
        if onlyTheDefaultNamesIt, !bomEncoding.isEmpty {
            // Nothing names the encoding but a UTF-16 or UTF-32 byte-order mark (or shape):
            // that decides (UTF-16 text of ASCII characters is also valid UTF-8, with NULs),
            // reported as feedparser reports it, "declared as utf-8, parsed as" the mark's.
            candidates.insert(bomEncoding, at: 0)
        }
        for candidate in candidates {
            guard !candidate.isEmpty, !tried.contains(candidate) else { continue }
            tried.append(candidate)
            let outcome = candidate == rfc3023Encoding ? problem : .encodingOverride(declared: rfc3023Encoding, used: candidate)
            let canonical = TextConverter.canonicalName(candidate)
            if sharesInput, bomLength == 0, canonical == "utf-8" || canonical == "us-ascii" {
                let fits = canonical == "utf-8" ? UTF8Validation.isValid(data) : UTF8Validation.isASCII(data)
                guard fits else { continue }
                return Result(utf8: [], encoding: candidate, problem: outcome, sharesInput: true)
            }
            guard let utf8 = TextConverter.utf8Bytes(of: data, encoding: candidate) else { continue }
            return Result(utf8: utf8, encoding: candidate, problem: outcome)
        }
        // Nothing fits: read as UTF-8, replacing what is broken, and say so.
        let repaired = Array(String(decoding: data, as: UTF8.self).utf8)
        return Result(utf8: repaired, encoding: "", problem: .encodingUnknown(tried: [rfc3023Encoding, xmlEncoding, "utf-8", "windows-1252", "iso-8859-2"].filter { !$0.isEmpty }))
    }

    /// Names in an XML declaration that only say "some Unicode form" (the BOM says which).
    private static let unicodeFamilyNames: Set<String> = [
        "u16", "utf-16", "utf16", "utf_16", "u32", "utf-32", "utf32", "utf_32",
        "iso-10646-ucs-2", "iso-10646-ucs-4", "csucs4", "csunicode", "ucs-2", "ucs-4",
    ]

    /// The encoding a byte-order mark (or the UTF-16/32 shape of `<?`) announces, and the
    /// number of bytes the mark itself takes.
    static func byteOrderMark(_ data: UnsafeBufferPointer<UInt8>) -> (String, Int) {
        func starts(_ prefix: [UInt8]) -> Bool {
            guard data.count >= prefix.count else { return false }
            for (offset, byte) in prefix.enumerated() where data[offset] != byte { return false }
            return true
        }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return ("utf-32be", 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return ("utf-32le", 4) }
        if starts([0xFE, 0xFF]) { return ("utf-16be", 2) }
        if starts([0xFF, 0xFE]) { return ("utf-16le", 2) }
        if starts([0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if starts([0x4C, 0x6F, 0xA7, 0x94]) { return ("cp037", 0) }
        if starts([0x00, 0x3C, 0x00, 0x3F]) { return ("utf-16be", 0) }
        if starts([0x3C, 0x00, 0x3F, 0x00]) { return ("utf-16le", 0) }
        if starts([0x00, 0x00, 0x00, 0x3C]) { return ("utf-32be", 0) }
        if starts([0x3C, 0x00, 0x00, 0x00]) { return ("utf-32le", 0) }
        return ("", 0)
    }

    /// The `encoding="…"` of an XML declaration on the first line (`<?xml … ?>`), lower-cased.
    static func declaredEncoding(_ data: UnsafeBufferPointer<UInt8>) -> String? {
        guard data.count > 5, data[0] == UInt8(ascii: "<"), data[1] == UInt8(ascii: "?") else { return nil }
        // The declaration must sit on one line and end with "?>".
        var lineEnd = 2
        while lineEnd < data.count, lineEnd < 4_096, data[lineEnd] != 0x0A, data[lineEnd] != 0x0D { lineEnd += 1 }
        let line = UnsafeBufferPointer(rebasing: data[..<lineEnd])
        guard let close = lastIndex(of: "?>", in: line) else { return nil }
        guard let keyword = firstIndex(of: "encoding=", in: line), keyword < close else { return nil }
        let quoteIndex = keyword + 9
        guard quoteIndex < close, line[quoteIndex] == UInt8(ascii: "\"") || line[quoteIndex] == UInt8(ascii: "'") else { return nil }
        var end = quoteIndex + 1
        while end < close, line[end] != UInt8(ascii: "\""), line[end] != UInt8(ascii: "'") { end += 1 }
        guard end < close else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: line[(quoteIndex + 1)..<end]), as: UTF8.self).lowercased()
    }

    /// `text/xml; charset="utf-8"` → (`text/xml`, `utf-8`).
    public static func parseContentType(_ header: String) -> (mediaType: String, charset: String) {
        let chunks = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = chunks.first else { return ("", "") }
        let mediaType = first.trimmingSpaces()
        var charset = ""
        for chunk in chunks.dropFirst() {
            let parts = chunk.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0].trimmingSpaces().lowercased() == "charset" else { continue }
            var value = parts.count > 1 ? parts[1].trimmingSpaces() : ""
            while let first = value.first, first == "\"" || first == "'" { value.removeFirst() }
            while let last = value.last, last == "\"" || last == "'" { value.removeLast() }
            charset = value
        }
        return (mediaType, charset)
    }

    static func header(_ name: String, in headers: [String: String]) -> String? {
        if let value = headers[name] { return value }
        for (key, value) in headers where key.lowercased() == name { return value }
        return nil
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    private static func firstIndex(of literal: String, in data: UnsafeBufferPointer<UInt8>) -> Int? {
        let needle = Array(literal.utf8)
        guard data.count >= needle.count else { return nil }
        for start in 0...(data.count - needle.count) {
            var matched = true
            for (offset, byte) in needle.enumerated() where data[start + offset] != byte {
                matched = false
                break
            }
            if matched { return start }
        }
        return nil
    }

    private static func lastIndex(of literal: String, in data: UnsafeBufferPointer<UInt8>) -> Int? {
        let needle = Array(literal.utf8)
        guard data.count >= needle.count else { return nil }
        for start in stride(from: data.count - needle.count, through: 0, by: -1) {
            var matched = true
            for (offset, byte) in needle.enumerated() where data[start + offset] != byte {
                matched = false
                break
            }
            if matched { return start }
        }
        return nil
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
