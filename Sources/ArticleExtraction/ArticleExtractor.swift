import Foundation
import Markup

/// Turns an article page into what a reader view shows: its metadata and its main content
/// as clean, sanitized HTML and plain text, with boilerplate (navigation, share buttons,
/// related links, comments, banners, hidden nodes) left out and every URL made absolute.
///
/// ```swift
/// let article = try ArticleExtractor().extract(html: bytes, url: "https://example.org/a", contentType: "text/html")
/// ```
public struct ArticleExtractor: Sendable {
    /// Pages larger than this are refused before parsing.
    public var maximumPageBytes: Int
    /// Elements nested deeper than this are flattened into the deepest allowed one.
    public var maximumDepth: Int
    /// Whether `html` is produced (serialized and sanitized again). Callers that use only the
    /// text, such as the CLI's `extract --summary`, turn it off and get an empty `html`: the
    /// text comes from the cleaned tree, not from the HTML, so it is the same either way.
    public var producesHTML = true

    public init(maximumPageBytes: Int = 16 * 1_048_576, maximumDepth: Int = HTMLDocument.defaultMaximumDepth) {
        self.maximumPageBytes = maximumPageBytes
        self.maximumDepth = maximumDepth
    }

    /// Extracts the article from a page's bytes. `url` is where the page was found (the
    /// base for relative links); `contentType` the HTTP header, for its charset.
    /// Throws only when the page is too large or has no readable text at all.
    public func extract(html: [UInt8], url: String?, contentType: String?) throws -> ExtractedArticle {
        guard html.count <= maximumPageBytes else {
            throw ArticleExtractionError.pageTooLarge(bytes: html.count, limit: maximumPageBytes)
        }
        var problems: [String] = []
        let decoded = PageDecoder.utf8Bytes(of: html, contentType: contentType, problems: &problems)
        var document = HTMLDocument(parsing: decoded, maximumDepth: maximumDepth)
        let metadata = ArticleMetadata(document: document, pageURL: url)
        let baseURL = metadata.baseURL ?? url

        var finder = ArticleContentFinder(document: document, metadata: metadata, baseURL: baseURL)
        var content = finder.findContent()
        document = finder.document

        var text = document.plainText(of: content)
        // Pages rendered by script carry their article in metadata only: when the markup
        // has next to nothing, the JSON-LD article body (or the description) is the article.
        // (Sizes in UTF-8 bytes: counting characters would walk the whole text again.)
        // A JSON-LD article body three times longer than what the markup gave means the
        // markup holds a teaser or the page's furniture and the article is in the script.
        let textBytes = text.utf8.count
        if textBytes < 300 || (metadata.articleBody?.utf8.count ?? 0) > 3 * textBytes {
            let fallback = [metadata.articleBody, textBytes < 150 ? metadata.excerpt : nil]
                .compactMap { $0 }.first { $0.utf8.count > 2 * textBytes + 50 }
            if let fallback {
                content = document.createElement(.div)
                for paragraph in fallback.split(whereSeparator: \.isNewline) {
                    let trimmed = paragraph.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.isEmpty else { continue }
                    let element = document.createElement(.p)
                    document.append(document.createText(trimmed), to: element)
                    document.append(element, to: content)
                }
                text = document.plainText(of: content)
                problems.append("the page's markup has almost no text; the article comes from its metadata")
            }
        }
        guard !text.isEmpty || document.firstChild(content) != HTMLDocument.none else {
            throw ArticleExtractionError.nothingReadable
        }
        if text.utf8.count < 250 { problems.append("little text found (\(text.utf8.count) bytes)") }
        // The tree cleaning already keeps only safe elements and URLs; the feeds' sanitizer
        // then applies the same allowlist and hygiene as feed content, so both look and behave alike.
        let html = producesHTML ? HTMLSanitizer.sanitize(document.html(of: content, includingNode: true), baseURL: baseURL, hygiene: true) : ""
        let byline = (metadata.byline ?? finder.bylineFromContent).flatMap(BylineCleaner.clean)
        var leadImage = metadata.leadImageURL.map { URLResolver.resolve($0, against: baseURL) }
        if leadImage == nil { leadImage = finder.firstImageURL }
        var article = ExtractedArticle(
            title: metadata.title ?? finder.titleFromHeading,
            byline: byline,
            published: metadata.published.flatMap(PublishedDateParser.date(from:)),
            siteName: metadata.siteName,
            language: metadata.language,
            excerpt: metadata.excerpt ?? Self.excerpt(from: text),
            leadImageURL: leadImage,
            html: html,
            text: text,
            problems: problems
        )
        article.publishedAsWritten = metadata.published
        return article
    }

    /// The first paragraph of the text, when the page gave no description.
    static func excerpt(from text: String) -> String? {
        // Lines are found on bytes; only the chosen line is handled as characters.
        guard let firstLine = text.utf8.split(separator: UInt8(ascii: "\n")).first(where: { $0.count >= 40 }) else { return nil }
        let line = String(decoding: firstLine, as: UTF8.self)
        return line.count > 300 ? String(line.prefix(300)) + "…" : String(line)
    }
}

/// Why a page could not be read as an article.
public enum ArticleExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
    case pageTooLarge(bytes: Int, limit: Int)
    case nothingReadable

    public var description: String {
        switch self {
        case .pageTooLarge(let bytes, let limit):
            "The page is \(bytes / 1_048_576) MB, more than the \(limit / 1_048_576) MB an article page may be; open it in a browser instead."
        case .nothingReadable:
            "The page has no readable text (it may need JavaScript or be an image or a download); open it in a browser instead."
        }
    }
}
