/// The members of a JSON Feed that `JSONFeedReader` maps, read straight from the bytes in one
/// pass: every other member is checked and skipped, not built. Each member keeps its first
/// occurrence, and a member of the wrong kind (a number where a string belongs) counts as absent.
struct JSONFeedFields {
    var version: String?
    var title: String?
    var homePageURL: String?
    var feedURL: String?
    var description: String?
    var icon: String?
    var favicon: String?
    var language: String?
    var authors: JSONValue?
    var author: JSONValue?
    var items: [Item] = []

    struct Item {
        /// A string or a number.
        var id: JSONValue?
        var url: String?
        var title: String?
        var externalURL: String?
        /// Where the text lies in the scanner's arena, not a `String`: the sanitizer reads
        /// bytes and only its output is kept.
        var contentHTML: Range<Int>?
        var contentText: String?
        var summary: String?
        var image: String?
        var bannerImage: String?
        var datePublished: String?
        var dateModified: String?
        var tags: JSONValue?
        var authors: JSONValue?
        var author: JSONValue?
        var attachments: JSONValue?
    }

    private enum Member: String, CaseIterable, Sendable {
        case version, title, homePageURL = "home_page_url", feedURL = "feed_url", description, icon, favicon, language
        case authors, author, items
        static let table = JSONMemberTable<Member>()
    }

    private enum ItemMember: String, CaseIterable, Sendable {
        case id, url, title, externalURL = "external_url", contentHTML = "content_html", contentText = "content_text"
        case summary, image, bannerImage = "banner_image", datePublished = "date_published", dateModified = "date_modified"
        case tags, authors, author, attachments
        static let table = JSONMemberTable<ItemMember>()
    }

    /// Reads the whole document (one value, then only whitespace). A top-level value that is
    /// not an object gives no fields (and so no version).
    static func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONFeedFields {
        var fields = JSONFeedFields()
        scanner.skipWhitespace()
        // Depths count as in a tree: the document is 0, its members 1, items 2, their members 3.
        _ = try scanner.readObject(depth: 0, Member.table) { (scanner, member) throws(JSONSyntaxError) in
            switch member {
            case .version: fields.version = try scanner.readString(depth: 1)
            case .title: fields.title = try scanner.readString(depth: 1)
            case .homePageURL: fields.homePageURL = try scanner.readString(depth: 1)
            case .feedURL: fields.feedURL = try scanner.readString(depth: 1)
            case .description: fields.description = try scanner.readString(depth: 1)
            case .icon: fields.icon = try scanner.readString(depth: 1)
            case .favicon: fields.favicon = try scanner.readString(depth: 1)
            case .language: fields.language = try scanner.readString(depth: 1)
            case .authors: fields.authors = try scanner.readValue(depth: 1)
            case .author: fields.author = try scanner.readValue(depth: 1)
            case .items:
                _ = try scanner.readArray(depth: 1) { (scanner) throws(JSONSyntaxError) in
                    fields.items.append(try readItem(&scanner))
                }
            }
        }
        try scanner.expectEnd()
        return fields
    }

    /// One element of `items`; an element that is not an object is an item without fields.
    private static func readItem(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Item {
        var item = Item()
        _ = try scanner.readObject(depth: 2, ItemMember.table) { (scanner, member) throws(JSONSyntaxError) in
            switch member {
            case .id:
                let id = try scanner.readValue(depth: 3)
                switch id {
                case .string, .number: item.id = id
                default: break
                }
            case .url: item.url = try scanner.readString(depth: 3)
            case .title: item.title = try scanner.readString(depth: 3)
            case .externalURL: item.externalURL = try scanner.readString(depth: 3)
            case .contentHTML: item.contentHTML = try scanner.readStringText(depth: 3)
            case .contentText: item.contentText = try scanner.readString(depth: 3)
            case .summary: item.summary = try scanner.readString(depth: 3)
            case .image: item.image = try scanner.readString(depth: 3)
            case .bannerImage: item.bannerImage = try scanner.readString(depth: 3)
            case .datePublished: item.datePublished = try scanner.readString(depth: 3)
            case .dateModified: item.dateModified = try scanner.readString(depth: 3)
            case .tags: item.tags = try scanner.readValue(depth: 3)
            case .authors: item.authors = try scanner.readValue(depth: 3)
            case .author: item.author = try scanner.readValue(depth: 3)
            case .attachments: item.attachments = try scanner.readValue(depth: 3)
            }
        }
        return item
    }
}
