/// One item as `stream/contents` and `stream/items/contents` give it, in the shape FreshRSS
/// and Miniflux answer and the apps read: the long id, times as Google wrote them (crawl time
/// in milliseconds and microseconds as strings, publication in seconds), links, the HTML in
/// `summary.content`, the feed it came from, and its state as `categories`.
struct GoogleReaderItem: Codable, Sendable, Hashable {
    struct Link: Codable, Sendable, Hashable {
        var href: String
        var type: String?
    }

    struct Content: Codable, Sendable, Hashable {
        var direction: String
        var content: String
    }

    struct Origin: Codable, Sendable, Hashable {
        var streamId: String
        var title: String
        var htmlUrl: String
    }

    var id: String
    var crawlTimeMsec: String
    var timestampUsec: String
    var published: Int64
    var updated: Int64
    var title: String
    var canonical: [Link]
    var alternate: [Link]
    var summary: Content
    var author: String?
    var categories: [String]
    var origin: Origin
}

/// `stream/contents/…` and `stream/items/contents`: a page of items, and where the next starts.
struct GoogleReaderStreamContents: Codable, Sendable, Hashable {
    var direction: String
    var id: String
    var title: String
    var updated: Int64
    var items: [GoogleReaderItem]
    var continuation: String?
}

/// `stream/items/ids`: item references (short ids), and where the next page starts.
struct GoogleReaderItemReferences: Codable, Sendable, Hashable {
    struct Reference: Codable, Sendable, Hashable {
        var id: String
        var directStreamIds: [String]
        var timestampUsec: String
    }

    var itemRefs: [Reference]
    var continuation: String?
}
