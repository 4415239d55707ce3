import Foundation
import Hummingbird
import Logging
import NewsModel
import Storage
import SyncSupport

/// The Fever API (version 3), for the reader apps that speak it (Reeder, ReadKit, FeedMe,
/// Unread…). One address answers everything: the query says what is asked (`?api&items`),
/// the form body carries `api_key`, `md5("name:app password")`. The contract is
/// `docs/sync-apis.md`.
///
/// Served at `/fever/` and at `/api/fever.php`, the path FreshRSS clients build from the
/// address a person types.
public struct FeverAPI: Sendable {
    public static let paths = ["/fever", "/api/fever.php"]
    /// Items per `items` answer, as the protocol fixes it.
    static let itemsPerAnswer = 50

    let store: any ReaderStore
    let signIn: AppPasswordSignIn
    let bodyReader: RequestBodyReader
    let logger: Logger
    let now: @Sendable () -> Date
    let refreshTimes = FeverRefreshTimes()

    public init(
        store: any ReaderStore, signIn: AppPasswordSignIn, bodyReader: RequestBodyReader = RequestBodyReader(maximumBytes: 64 * 1024),
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.signIn = signIn
        self.bodyReader = bodyReader
        self.logger = logger
        self.now = now
    }

    /// True for the paths this API answers (after repeated slashes are made one).
    public static func isAPIPath(_ path: String) -> Bool {
        let path = SyncPath.normalized(path)
        return paths.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    public func register<Context: RemoteAddressRequestContext>(on router: Router<Context>) {
        // The router reads `/fever/` as `/fever`.
        for path in Self.paths {
            router.get(RouterPath(path)) { request, context in await respond(request, address: context.clientAddress) }
            router.post(RouterPath(path)) { request, context in await respond(request, address: context.clientAddress) }
        }
    }

    /// A request that could not be carried out: Fever has no error codes, so the answer is
    /// status 400 with `auth: 1` and a sentence in `error`.
    struct BadRequest: Error {
        var reason: String
    }

    func respond(_ request: Request, address: String?) async -> Response {
        do {
            let body = try await bodyReader.text(of: request)
            let fields = FormFields(query: request.uri.query, body: body)
            guard let key = fields.nonEmpty("api_key") else { return Self.unauthorized }
            switch try await signIn.check(key: key, address: address) {
            case .refused:
                logger.notice("A Fever API key was refused", metadata: ["address": .string(address ?? "?")])
                return Self.unauthorized
            case .throttled(let seconds):
                var response = try Self.json(FeverResponse(auth: 0), status: .tooManyRequests)
                response.headers[.retryAfter] = String(seconds)
                return response
            case .accepted(let found):
                return try Self.json(try await answer(fields, for: found.user))
            }
        } catch let bad as BadRequest {
            return (try? Self.json(FeverResponse(auth: 1, error: bad.reason), status: .badRequest)) ?? Response(status: .badRequest)
        } catch let failure as RequestBodyReader.Failure {
            return (try? Self.json(FeverResponse(auth: 0, error: failure.description), status: .badRequest)) ?? Response(status: .badRequest)
        } catch let error as StoreError {
            return (try? Self.json(FeverResponse(auth: 1, error: error.description), status: .badRequest)) ?? Response(status: .badRequest)
        } catch {
            logger.error("Fever API request failed", metadata: ["error": .string(String(describing: error))])
            return Response(status: .internalServerError)
        }
    }

    /// Carries out a mark first (so the lists that follow show it), then every part asked for.
    func answer(_ fields: FormFields, for user: User) async throws -> FeverResponse {
        var response = FeverResponse(auth: 1)
        var includesUnread = fields.contains("unread_item_ids")
        var includesSaved = fields.contains("saved_item_ids")
        if let mark = fields.nonEmpty("mark") {
            let listing = try await self.mark(mark, fields: fields, for: user.id)
            includesUnread = includesUnread || listing == .unread
            includesSaved = includesSaved || listing == .saved
        }
        let time = now()
        let store = store
        response.lastRefreshedOnTime = try await refreshTimes.value(for: user.id, now: time) {
            let summaries = try await store.subscriptionSummaries(for: user.id)
            return summaries.compactMap { $0.state?.lastSuccessAt }.max().map { Int64($0.timeIntervalSince1970) } ?? 0
        }
        if fields.contains("groups") || fields.contains("feeds") {
            try await addFeedsAndGroups(to: &response, groups: fields.contains("groups"), feeds: fields.contains("feeds"), user: user.id)
        }
        if fields.contains("favicons") {
            response.favicons = [FeverResponse.Favicon(id: Self.blankFaviconID, data: Self.blankFavicon)]
        }
        if fields.contains("items") {
            try await addItems(to: &response, fields: fields, user: user.id)
        }
        if fields.contains("links") { response.links = [] }
        if includesUnread {
            response.unreadItemIDs = try await allIDs(Timeline(scope: .all, filter: .unread, order: .idAscending), user: user.id)
        }
        if includesSaved {
            response.savedItemIDs = try await allIDs(Timeline(scope: .starred, order: .idAscending), user: user.id)
        }
        return response
    }

    // MARK: Feeds and groups

    /// Every feed shares one icon: Broadsheet keeps icon addresses, not their bytes.
    static let blankFaviconID: Int64 = 1
    /// A transparent 1×1 GIF.
    static let blankFavicon = "image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"

    private func addFeedsAndGroups(to response: inout FeverResponse, groups: Bool, feeds: Bool, user: UserID) async throws {
        async let loadedSummaries = store.subscriptionSummaries(for: user)
        async let loadedFolders = store.folders(of: user)
        let (summaries, folders) = (try await loadedSummaries, try await loadedFolders)
        if groups {
            response.groups = folders.map { FeverResponse.Group(id: $0.id.rawValue, title: $0.name) }
        }
        if feeds {
            response.feeds = summaries.map { summary in
                FeverResponse.Feed(
                    id: FeverFeedID.of(summary.source.id), faviconID: Self.blankFaviconID, title: summary.displayName,
                    url: summary.source.feedURL, siteURL: summary.source.siteURL ?? "", isSpark: 0,
                    lastUpdatedOnTime: Int64((summary.newestArticleAt ?? summary.state?.lastSuccessAt ?? summary.subscription.createdAt).timeIntervalSince1970)
                )
            }
        }
        var feedsByFolder: [FolderID: [Int64]] = [:]
        for summary in summaries {
            guard let folder = summary.subscription.folderID else { continue }
            feedsByFolder[folder, default: []].append(FeverFeedID.of(summary.source.id))
        }
        response.feedsGroups = folders.compactMap { folder in
            guard let ids = feedsByFolder[folder.id], !ids.isEmpty else { return nil }
            return FeverResponse.FeedsGroup(groupID: folder.id.rawValue, feedIDs: ids.map(String.init).joined(separator: ","))
        }
    }

    // MARK: Items

    /// `items`: by `with_ids` (at most 50), else after `since_id`, else before `max_id`, else
    /// from the first; 50 at most, with `total_items`.
    private func addItems(to response: inout FeverResponse, fields: FormFields, user: UserID) async throws {
        let articles: [ReaderArticle]
        if let list = fields.nonEmpty("with_ids") {
            let ids = try Self.ids(in: list)
            guard ids.count <= Self.itemsPerAnswer else { throw BadRequest(reason: "with_ids takes at most \(Self.itemsPerAnswer) ids.") }
            articles = try await store.readerArticles(ids, for: user)
        } else {
            var timeline = Timeline(scope: .all, order: .idAscending, limit: Self.itemsPerAnswer)
            if let since = fields.nonEmpty("since_id") {
                timeline.idAbove = try Self.id(since, name: "since_id")
            } else if let max = fields.nonEmpty("max_id") {
                timeline.order = .idDescending
                timeline.idBelow = try Self.id(max, name: "max_id")
            }
            articles = try await store.timeline(timeline, for: user).articles
        }
        response.items = articles.map(Self.item)
        response.totalItems = try await store.timeline(Timeline(scope: .all, limit: 0, includesTotal: true), for: user).totalCount ?? 0
    }

    static func item(_ readerArticle: ReaderArticle) -> FeverResponse.Item {
        let article = readerArticle.article
        return FeverResponse.Item(
            id: article.id.rawValue, feedID: FeverFeedID.of(article.sourceID), title: article.title,
            author: article.author ?? "", html: contentHTML(of: article), url: article.url ?? "",
            isSaved: readerArticle.state.isStarred ? 1 : 0, isRead: readerArticle.state.isRead ? 1 : 0,
            createdOnTime: Int64(article.publishedAt.timeIntervalSince1970)
        )
    }

    /// The feed's HTML (sanitized when stored), else its plain summary as a paragraph.
    static func contentHTML(of article: Article) -> String {
        if let html = article.contentHTML, !html.isEmpty { return html }
        guard let summary = article.summary, !summary.isEmpty else { return "" }
        var escaped = ""
        for character in summary {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return "<p>" + escaped + "</p>"
    }

    /// Every id of a list, comma-separated (the store pages through it 100 000 at a time).
    func allIDs(_ timeline: Timeline, user: UserID) async throws -> String {
        var timeline = timeline
        timeline.limit = Timeline.maximumReferencesPerPage
        var ids: [String] = []
        while true {
            let listing = try await store.timelineReferences(timeline, for: user)
            ids.append(contentsOf: listing.references.map { String($0.id.rawValue) })
            guard let next = listing.continuation else { break }
            timeline.continuation = next
        }
        return ids.joined(separator: ",")
    }

    // MARK: Reading client input

    static func id(_ text: String, name: String) throws -> ArticleID {
        guard text.utf8.count <= 20, let value = Int64(text), value >= 0 else {
            throw BadRequest(reason: "\(name) must be a whole number.")
        }
        return ArticleID(rawValue: value)
    }

    static func ids(in list: String) throws -> [ArticleID] {
        guard list.utf8.count <= 64 * 1024 else { throw BadRequest(reason: "with_ids is too long.") }
        return try list.split(separator: ",").map { try id(String($0).trimmingSpaces(), name: "with_ids") }
    }

    /// `auth: 0`, with status 200 as Fever answered it (apps read the body, not the status).
    static var unauthorized: Response {
        (try? json(FeverResponse(auth: 0))) ?? Response(status: .ok)
    }

    static func json(_ response: FeverResponse, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(response)))
        )
    }
}
