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

    /// Reads every outline that names a feed (`xmlUrl`), with the folder it sits in as its
    /// category. Lenient: unknown elements are skipped and a broken end still yields what came before.
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
                            outlines.append(OPMLOutline(
                                title: text, feedURL: feedURL, siteURL: attributes["htmlurl"].flatMap(Self.nonEmpty),
                                category: attributes["category"].flatMap(Self.nonEmpty) ?? folders.compactMap { $0 }.last
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

    /// The list as an OPML 2.0 file.
    public func serialized() -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "<head><title>\(Self.escaped(title ?? "Broadsheet subscriptions"))</title></head>",
            "<body>",
        ]
        for outline in outlines {
            var attributes = #"type="rss""#
            if let title = outline.title { attributes += #" text="\#(Self.escaped(title))" title="\#(Self.escaped(title))""# }
            attributes += #" xmlUrl="\#(Self.escaped(outline.feedURL))""#
            if let site = outline.siteURL { attributes += #" htmlUrl="\#(Self.escaped(site))""# }
            if let category = outline.category { attributes += #" category="\#(Self.escaped(category))""# }
            lines.append("<outline \(attributes)/>")
        }
        lines.append(contentsOf: ["</body>", "</opml>", ""])
        return lines.joined(separator: "\n")
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

    public init(title: String? = nil, feedURL: String, siteURL: String? = nil, category: String? = nil) {
        self.title = title
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.category = category
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
