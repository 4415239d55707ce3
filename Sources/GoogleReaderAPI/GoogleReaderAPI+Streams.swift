import Foundation
import Hummingbird
import NewsModel
import Storage
import SyncSupport

/// Reading: streams of items, their ids, items by id, and the Atom output.
extension GoogleReaderAPI {
    /// Items per page when `n` is not given, and the most one page may hold.
    static let defaultPageSize = 20
    static let maximumContentsPageSize = Timeline.maximumArticlesPerPage
    static let maximumIDsPageSize = 10_000
    /// The most ids `stream/items/contents` and `edit-tag` take at once.
    static let maximumItemsPerRequest = 10_000

    /// `stream/contents/STREAM` (or `?s=STREAM`): a page of items with their contents.
    func streamContents(_ call: Call) async throws -> Response {
        let stream = try Self.stream(of: call, after: "/stream/contents")
        let query = try GoogleReaderStreamQuery(stream: stream, fields: call.fields, defaultCount: Self.defaultPageSize, maximumCount: Self.maximumContentsPageSize)
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        let (articles, continuation) = try await page(query, library: library, user: call.user.id)
        let mapper = try await GoogleReaderItemMapper.make(for: articles, library: library, store: store)
        return .json(GoogleReaderStreamContents(
            direction: "ltr", id: stream.id, title: title(of: stream, library: library),
            updated: GoogleReaderTime.seconds(now()), items: articles.map(mapper.item), continuation: continuation?.description
        ))
    }

    /// `stream/items/ids?s=STREAM`: item references only, up to 10 000 a page.
    func itemIDs(_ call: Call) async throws -> Response {
        guard let text = call.fields.nonEmpty("s") else { throw GoogleReaderFailure.badRequest("Name the stream with s=STREAM.") }
        guard let stream = GoogleReaderStream(text) else { throw GoogleReaderFailure.badRequest("\(Self.shown(text)) is not a stream id.") }
        let query = try GoogleReaderStreamQuery(stream: stream, fields: call.fields, defaultCount: Self.defaultPageSize, maximumCount: Self.maximumIDsPageSize)
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        guard let (timeline, filter) = query.timeline(in: library) else {
            return .json(GoogleReaderItemReferences(itemRefs: [], continuation: nil))
        }
        let listing = try await store.timelineReferences(timeline, for: call.user.id)
        let references = listing.references.compactMap { reference -> GoogleReaderItemReferences.Reference? in
            if let filter, !filter(reference.state) { return nil }
            return .init(id: GoogleReaderItemID.short(reference.id), directStreamIds: [], timestampUsec: String(GoogleReaderTime.microseconds(reference.publishedAt)))
        }
        return .json(GoogleReaderItemReferences(itemRefs: references, continuation: listing.continuation?.description))
    }

    /// `stream/items/contents` with `i=` ids (long or short, repeated): those items, in the order
    /// asked; ids of articles the person cannot see are left out.
    func itemContents(_ call: Call) async throws -> Response {
        let ids = try Self.itemIDs(call.fields)
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        let articles = try await store.readerArticles(ids, for: call.user.id)
        let mapper = try await GoogleReaderItemMapper.make(for: articles, library: library, store: store)
        return .json(GoogleReaderStreamContents(
            direction: "ltr", id: GoogleReaderStream.readingListID, title: "Reading list",
            updated: GoogleReaderTime.seconds(now()), items: articles.map(mapper.item), continuation: nil
        ))
    }

    /// `/reader/atom/STREAM`: the same page as an Atom feed, as the original Google Reader
    /// served it and newsboat reads it.
    func atomFeed(_ call: Call) async throws -> Response {
        let stream = try Self.stream(of: call, after: "/reader/atom")
        let query = try GoogleReaderStreamQuery(stream: stream, fields: call.fields, defaultCount: Self.defaultPageSize, maximumCount: Self.maximumContentsPageSize)
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        let (articles, continuation) = try await page(query, library: library, user: call.user.id)
        let mapper = try await GoogleReaderItemMapper.make(for: articles, library: library, store: store)
        return .atom(GoogleReaderAtomFeed(
            streamID: stream.id, title: title(of: stream, library: library), updated: now(),
            continuation: continuation?.description, articles: articles, mapper: mapper
        ).document)
    }

    /// One page of a stream's articles, and where the next starts.
    private func page(_ query: GoogleReaderStreamQuery, library: GoogleReaderLibrary, user: UserID) async throws -> ([ReaderArticle], TimelineCursor?) {
        guard let (timeline, filter) = query.timeline(in: library) else { return ([], nil) }
        let page = try await store.timeline(timeline, for: user)
        let articles = filter.map { keep in page.articles.filter { keep($0.state) } } ?? page.articles
        return (articles, page.continuation)
    }

    private func title(of stream: GoogleReaderStream, library: GoogleReaderLibrary) -> String {
        switch stream {
        case .readingList: "Reading list"
        case .starred: "Starred"
        case .read: "Read"
        case .keptUnread: "Unread"
        case .otherState(let state): state
        case .feed(let text): library.source(forFeed: text).flatMap { library.summary(for: $0)?.displayName } ?? text
        case .label(let name): library.folder(named: name)?.name ?? name
        }
    }

    /// The stream a path names after `marker` (percent-decoded), else `s=`, else the reading list.
    static func stream(of call: Call, after marker: String) throws -> GoogleReaderStream {
        let path = call.request.uri.path
        var text: String?
        if let range = path.range(of: marker + "/") {
            let raw = path[range.upperBound...]
            if !raw.isEmpty { text = FormFields.decode(ArraySlice(raw.utf8), plusIsSpace: false) }
        }
        if text == nil { text = call.fields.nonEmpty("s") }
        guard let text else { return .readingList }
        guard let stream = GoogleReaderStream(text) else { throw GoogleReaderFailure.badRequest("\(shown(text)) is not a stream id.") }
        return stream
    }

    /// The `i=` ids of a request: at least one, at most `maximumItemsPerRequest`.
    static func itemIDs(_ fields: FormFields) throws -> [ArticleID] {
        let values = fields.all("i")
        guard !values.isEmpty else { throw GoogleReaderFailure.badRequest("Name the items with i=ID (repeat it for more).") }
        guard values.count <= maximumItemsPerRequest else {
            throw GoogleReaderFailure.badRequest("At most \(maximumItemsPerRequest) items at once; send the rest in another request.")
        }
        return try values.map { text in
            guard let id = GoogleReaderItemID.parse(text) else { throw GoogleReaderFailure.badRequest("\(shown(text)) is not an item id.") }
            return id
        }
    }
}
