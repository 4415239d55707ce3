import Foundation
import Markup

/// Feed bytes to a feed: RSS 0.90–0.94, RSS 1.0 (RDF), RSS 2.0, Atom 0.3 and 1.0, JSON Feed
/// 1.0 and 1.1. Synchronous and pure. A feed that is broken but readable is read (its
/// problems listed, feedparser's "bozo"); only bytes that are no feed at all, or too many
/// bytes, throw.
///
/// ```swift
/// let feed = try FeedParser.parse(bytes, url: "https://example.com/feed.xml",
///                                 httpHeaders: ["Content-Type": "application/rss+xml"])
/// ```
public enum FeedParser {
    /// Bodies larger than this are refused before parsing (the largest real feeds are a few MB).
    public static let defaultMaximumSize = 32 * 1_024 * 1_024

    /// Reads a feed and projects it to Broadsheet's `ParsedFeed`, with content hygiene
    /// (trackers, ads and share widgets out of the HTML: `HTMLSanitizer.sanitize(…, hygiene:)`).
    /// - Parameters:
    ///   - url: where the bytes came from (the base for relative links).
    ///   - httpHeaders: the response headers, when the bytes came over HTTP (`Content-Type`
    ///     gives the charset, `Content-Location` and `Content-Language` the base and language).
    public static func parse(
        _ bytes: [UInt8], url: String? = nil, httpHeaders: [String: String] = [:], maximumSize: Int = defaultMaximumSize
    ) throws(FeedParsingError) -> ParsedFeed {
        let document = try parseDocument(bytes, url: url, httpHeaders: httpHeaders, maximumSize: maximumSize, hygiene: true)
        guard document.isFeed else {
            if let problem = document.problems.first, problem.kind == FeedProblem.cutShortKind { throw .cutShort(reason: problem.description) }
            throw .notAFeed(reason: document.problems.first?.description ?? "it has no RSS, Atom or JSON Feed elements")
        }
        return ParsedFeed(document)
    }

    /// Reads a feed in full detail (feedparser's result). Throws only for the size cap and
    /// for entities that expand past their budget: any other bytes give a document, empty
    /// and with problems when they are no feed. `hygiene` cleans the HTML as `parse` does;
    /// off, the content is what feedparser would give.
    public static func parseDocument(
        _ bytes: [UInt8], url: String? = nil, httpHeaders: [String: String] = [:], maximumSize: Int = defaultMaximumSize,
        hygiene: Bool = false
    ) throws(FeedParsingError) -> FeedDocument {
        guard bytes.count <= maximumSize else {
            throw .tooLarge(size: bytes.count, limit: maximumSize)
        }
        if JSONFeedReader.looksLikeJSON(bytes) {
            let document = JSONFeedReader.read(bytes, url: url, hygiene: hygiene)
            // Not a JSON Feed: perhaps RSS written as JSON, read as the RSS it stands for.
            if document.version.isEmpty, let rss = RSSInJSON.xml(from: bytes) {
                return try parseDocument(rss, url: url, httpHeaders: [:], maximumSize: Int.max, hygiene: hygiene)
            }
            return document
        }
        let decoded = XMLEncodingDetector.decode(bytes, httpHeaders: httpHeaders)
        let contentLocation = header("content-location", in: httpHeaders) ?? ""
        let href = url ?? ""
        var baseURI = FeedURL.safeAbsolute(href, contentLocation)
        if baseURI.isEmpty { baseURI = FeedURL.safeAbsolute(contentLocation) }
        if baseURI.isEmpty { baseURI = href }
        let language = header("content-language", in: httpHeaders)

        var builder = FeedDocumentBuilder(baseURI: baseURI, language: language, hygiene: hygiene)
        var syntaxError: XMLSyntaxError?
        var doctypeVersion = ""
        var expansionLimit: Int?
        decoded.utf8.withUnsafeBufferPointer { buffer in
            doctypeVersion = netscapeDoctypeVersion(buffer)
            var tokenizer = XMLTokenizer(buffer)
            builder.read(&tokenizer)
            syntaxError = tokenizer.firstError
            if tokenizer.entityExpansion.isExhausted { expansionLimit = tokenizer.entityExpansion.limit }
        }
        if let expansionLimit { throw .entityExpansionTooLarge(limit: expansionLimit) }

        var problems: [FeedProblem] = []
        if let syntaxError {
            problems.append(FeedProblem(kind: "SAXParseException", message: "not well-formed XML: \(syntaxError.kind.rawValue)",
                                        line: syntaxError.line, column: syntaxError.column))
        }
        if let namespaceProblem = builder.namespaceProblem {
            problems.append(FeedProblem(kind: "UndeclaredNamespace", message: namespaceProblem))
        }
        if let encodingProblem = decoded.problem {
            problems.append(FeedProblem(kind: encodingProblem.exceptionName, message: encodingProblem.description))
        }
        return FeedDocument(
            version: doctypeVersion.isEmpty ? builder.version : doctypeVersion,
            encoding: decoded.encoding,
            feed: builder.feed,
            entries: builder.entries,
            namespaces: builder.namespacesInUse,
            problems: problems
        )
    }

    /// `rss091n` when the DOCTYPE before the root element names Netscape's RSS 0.91 DTD.
    private static func netscapeDoctypeVersion(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let limit = min(bytes.count, 4_096)
        var index = 0
        while index + 9 < limit {
            if bytes[index] == UInt8(ascii: "<") {
                let next = bytes[index + 1]
                if next != UInt8(ascii: "!") && next != UInt8(ascii: "?") { return "" }
                if next == UInt8(ascii: "!"), bytes[index + 2] | 0x20 == UInt8(ascii: "d") {
                    var end = index
                    while end < limit, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    let declaration = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).lowercased()
                    return declaration.contains("netscape") ? "rss091n" : ""
                }
            }
            index += 1
        }
        return ""
    }

    static func header(_ name: String, in headers: [String: String]) -> String? {
        for (key, value) in headers where key.lowercased() == name { return value }
        return nil
    }
}
