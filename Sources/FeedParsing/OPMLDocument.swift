import Foundation
import Markup

/// A list of subscriptions in OPML, the format every feed reader imports and exports.
public struct OPMLDocument: Sendable, Hashable {
    public var title: String?
    public var outlines: [OPMLOutline]

    public init(title: String? = nil, outlines: [OPMLOutline]) {
        self.title = title
        self.outlines = outlines
    }

    /// The largest OPML file read; real subscription lists are a few hundred kilobytes.
    public static let maximumSize = 4 * 1_048_576
    /// The most feeds read from one file.
    public static let maximumOutlines = 10_000

    public enum ParsingError: Error, Sendable, Hashable, CustomStringConvertible {
        case tooLarge(size: Int, limit: Int)
        case notOPML(reason: String)

        public var description: String {
            switch self {
            case .tooLarge(let size, let limit):
                "The OPML file is \(size) bytes, more than the \(limit)-byte limit; is it really a list of subscriptions?"
            case .notOPML(let reason):
                "This is not an OPML subscription list (\(reason)); export one from your old reader and try again."
            }
        }
    }

    /// Reads every outline that names a feed (`xmlUrl`), with the folder it sits in (the
    /// innermost outline around it without a feed), which is also its category unless it has
    /// its own `category`. Lenient: unknown elements are skipped and a broken end still yields what came before.
    public init(parsing bytes: [UInt8]) throws(ParsingError) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(size: bytes.count, limit: Self.maximumSize) }
        let decoded = XMLEncodingDetector.decode(bytes)
        var title: String?
        var outlines: [OPMLOutline] = []
        var sawRoot = false
        var folders: [String?] = []
        var inHeadTitle = false
        var expansionLimit: Int?
        decoded.utf8.withUnsafeBufferPointer { buffer in
            var tokenizer = XMLTokenizer(buffer)
            while outlines.count < Self.maximumOutlines {
                if tokenizer.entityExpansion.isExhausted {
                    expansionLimit = tokenizer.entityExpansion.limit
                    return
                }
                let token = tokenizer.next()
                switch token.kind {
                case .endOfInput:
                    return
                case .startTag:
                    let name = Self.localName(tokenizer.string(token.range))
                    var attributes: [String: String] = [:]
                    for attribute in tokenizer.attributes {
                        attributes[Self.localName(tokenizer.string(attribute.name)).lowercased()] = tokenizer.value(of: attribute)
                    }
                    switch name {
                    case "opml":
                        sawRoot = true
                    case "title":
                        inHeadTitle = title == nil
                    case "outline":
                        let text = (attributes["title"] ?? attributes["text"]).flatMap(Self.nonEmpty)
                        if let feedURL = attributes["xmlurl"].flatMap(Self.nonEmpty) {
                            let folder = folders.compactMap { $0 }.last
                            outlines.append(OPMLOutline(
                                title: text, feedURL: feedURL, siteURL: attributes["htmlurl"].flatMap(Self.nonEmpty),
                                category: attributes["category"].flatMap(Self.nonEmpty) ?? folder, folder: folder
                            ))
                        }
                        if !token.isSelfClosing { folders.append(attributes["xmlurl"] == nil ? text : nil) }
                    default:
                        break
                    }
                case .endTag:
                    let name = Self.localName(tokenizer.string(token.range))
                    if name == "outline", !folders.isEmpty { folders.removeLast() }
                    if name == "title" { inHeadTitle = false }
                case .text, .cdata:
                    if inHeadTitle {
                        title = Self.nonEmpty(tokenizer.decodedString(token.range, hasReferences: token.hasReferences).trimmingCharacters())
                    }
                default:
                    break
                }
            }
        }
        if let expansionLimit {
            throw .notOPML(reason: "its DTD entities expand to more than \(expansionLimit) bytes, far more than any list of subscriptions needs")
        }
        guard sawRoot else { throw .notOPML(reason: "it has no <opml> element") }
        self.title = title
        self.outlines = outlines
    }

    /// The list as an OPML 2.0 file: outlines without a folder first, then one outline per
    /// folder (in the order folders first appear) around its feeds, as every reader reads them.
    /// `comment` (for example what was left out) goes into an XML comment at the top.
    public func serialized(comment: String? = nil) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        if let comment, !comment.isEmpty {
            // "--" may not appear inside a comment.
            lines.append("<!-- \(comment.replacingOccurrences(of: "--", with: "- -")) -->")
        }
        lines += [
            #"<opml version="2.0">"#,
            "<head><title>\(Self.escaped(title ?? "Broadsheet subscriptions"))</title></head>",
            "<body>",
        ]
        var folderOrder: [String] = []
        var outlinesByFolder: [String: [OPMLOutline]] = [:]
        for outline in outlines {
            guard let folder = outline.folder else {
                lines.append(Self.line(for: outline))
                continue
            }
            if outlinesByFolder[folder] == nil { folderOrder.append(folder) }
            outlinesByFolder[folder, default: []].append(outline)
        }
        for folder in folderOrder {
            lines.append(#"<outline text="\#(Self.escaped(folder))" title="\#(Self.escaped(folder))">"#)
            lines += (outlinesByFolder[folder] ?? []).map { "  " + Self.line(for: $0) }
            lines.append("</outline>")
        }
        lines.append(contentsOf: ["</body>", "</opml>", ""])
        return lines.joined(separator: "\n")
    }

    private static func line(for outline: OPMLOutline) -> String {
        var attributes = #"type="rss""#
        if let title = outline.title { attributes += #" text="\#(escaped(title))" title="\#(escaped(title))""# }
        attributes += #" xmlUrl="\#(escaped(outline.feedURL))""#
        if let site = outline.siteURL { attributes += #" htmlUrl="\#(escaped(site))""# }
        if let category = outline.category { attributes += #" category="\#(escaped(category))""# }
        return "<outline \(attributes)/>"
    }

    /// Attribute values keep their line breaks as references (XML reads raw ones as spaces).
    static func escaped(_ text: String) -> String {
        MarkupEscaping.escape(text).replacingOccurrences(of: "\n", with: "&#10;")
    }

    static func localName(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters()
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// One subscription in an OPML file.
public struct OPMLOutline: Sendable, Hashable {
    public var title: String?
    public var feedURL: String
    public var siteURL: String?
    /// The outline's `category`, or the folder it was in.
    public var category: String?
    /// The folder it sits in (the innermost one when folders nest).
    public var folder: String?

    public init(title: String? = nil, feedURL: String, siteURL: String? = nil, category: String? = nil, folder: String? = nil) {
        self.title = title
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.category = category
        self.folder = folder
    }
}

private extension String {
    func trimmingCharacters() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
