import FeedParsing
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage

/// The pages people see: the sources grid, a source's articles, an article, and the
/// demo removal form.
struct PageController: Sendable {
    let dependencies: WebAppDependencies

    /// A session cookie that says the launch screen was already shown.
    static let launchCookieName = "broadsheet_launched"

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try await sourcesGrid(request) }
        router.get("/sources/new") { _, _ in Response.html(AddSourcePage.render(.init(isAvailable: dependencies.subscriber != nil))) }
        router.post("/sources") { request, _ in try await addSource(request) }
        router.get("/sources/:id") { request, context in try await articleList(request, context: context) }
        router.get("/sources/:id/icon.svg") { _, context in try await sourceIcon(context: context) }
        router.get("/articles/:id") { request, context in try await articlePage(request, context: context) }
        router.get("/search") { request, _ in try await search(request) }
        router.get("/offline") { _, _ in Response.html(OfflinePage.render()) }
        router.get("/api") { request, _ in Response.html(APIPage.render(
            baseURL: NewsAPIController(dependencies: dependencies).baseURL(for: request),
            requestsPerMinute: dependencies.configuration.apiRequestsPerMinute
        )) }
        router.post("/demo/remove") { request, _ in try await removeDemo(request) }
        router.post("/sources/:id/remove") { request, context in try await removeSource(request, context: context) }
        router.post("/sources/import") { request, _ in try await importSubscriptions(request) }
        router.get("/subscriptions.opml") { _, _ in try await exportSubscriptions() }
    }

    // MARK: Sources grid

    func sourcesGrid(_ request: Request) async throws -> Response {
        let summaries = try await dependencies.store.sourceSummaries()
        let query = QueryParameters(query: request.uri.query)
        let alreadyLaunched = request.headers[.cookie]?.contains("\(Self.launchCookieName)=1") ?? false
        let showsLaunchScreen = query["launch"] != nil || !alreadyLaunched
        var response = Response.html(SourcesPage.render(.init(summaries: summaries, showsLaunchScreen: showsLaunchScreen, now: dependencies.now())))
        if !alreadyLaunched {
            response.headers[.setCookie] = "\(Self.launchCookieName)=1; Path=/; SameSite=Lax; HttpOnly"
        }
        return response
    }

    // MARK: Article list

    func articleList(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id) else {
            return .html(unknownSourcePage(rawID), status: .notFound)
        }
        let query = QueryParameters(query: request.uri.query)
        let requestedPage = query.nonEmpty("page").flatMap(Int.init) ?? 1
        let page = max(1, min(requestedPage, 10_000))
        let pageSize = dependencies.configuration.articlesPerPage
        let results = try await dependencies.store.articles(matching: ArticleQuery(sources: [id], sortBy: .publishedAt, page: page, pageSize: pageSize))
        let model = ArticleListPage.Model(
            source: source, state: try await dependencies.store.feedState(for: id), articles: results.articles,
            totalResults: results.totalResults, page: page, pageSize: pageSize, now: dependencies.now()
        )
        if page > model.pageCount {
            return .seeOther( "/sources/\(id.rawValue)?page=\(model.pageCount)")
        }
        return .html(ArticleListPage.render(model))
    }

    // MARK: Search

    func search(_ request: Request) async throws -> Response {
        let query = QueryParameters(query: request.uri.query)
        let text = query.nonEmpty("q") ?? ""
        let pageSize = dependencies.configuration.articlesPerPage
        var model = SearchPage.Model(
            text: text, order: query.nonEmpty("sort").flatMap(SearchPage.Order.init(rawValue:)) ?? .newest,
            page: max(1, min(query.nonEmpty("page").flatMap(Int.init) ?? 1, 1_000)), pageSize: pageSize,
            now: dependencies.now()
        )
        let search: SearchQuery
        do {
            search = try SearchQuery(parsing: text)
        } catch {
            model.text = String(text.prefix(SearchQuery.maximumLength))
            model.problem = error.description
            return .html(SearchPage.render(model), status: .badRequest)
        }
        guard !search.isEmpty else {
            if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                model.problem = "“\(text)” has no word to search for: type at least one word or \"a phrase\"."
            }
            return .html(SearchPage.render(model))
        }
        let results = try await dependencies.store.articles(matching: ArticleQuery(
            search: search, sortBy: model.order.sortOrder, page: model.page, pageSize: pageSize
        ))
        model.articles = results.articles
        model.totalResults = results.totalResults
        model.highlighter = SearchHighlighter(query: search)
        if model.page > model.pageCount {
            return .seeOther(SearchPage.path(model, order: model.order, page: model.pageCount))
        }
        for id in Set(results.articles.map(\.sourceID)) {
            model.sourceNames[id] = try await dependencies.store.source(id)?.name
        }
        return .html(SearchPage.render(model))
    }

    private func unknownSourcePage(_ rawID: String) -> HTML {
        ErrorPage.render(
            status: .notFound, title: "No such source",
            message: "There is no source called “\(String(rawID.prefix(80)))”. It may have been removed; pick one from the list of sources, or add it with broadsheet add URL."
        )
    }

    /// A source's monogram as an SVG file (the v1 API's `urlsToLogos` for sources without an icon).
    func sourceIcon(context: BasicRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap(SourceID.init(rawValue:)),
              let source = try await dependencies.store.source(id) else {
            throw HTTPError(.notFound)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: MonogramTile.svg(for: source).rendered))
        )
    }

    // MARK: Article

    func articlePage(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let rawID = context.parameters.get("id") ?? ""
        guard let number = Int64(rawID), let article = try await dependencies.store.article(ArticleID(rawValue: number)) else {
            return .html(
                ErrorPage.render(
                    status: .notFound, title: "No such article",
                    message: "There is no article with this number. It may have left with its source; go back to the sources and pick another."
                ),
                status: .notFound
            )
        }
        let wantsFeedVersion = QueryParameters(query: request.uri.query)["view"] == "feed"
        let source = try await dependencies.store.source(article.sourceID)
        do {
            try await dependencies.store.recordRead(article.id)
        } catch {
            dependencies.logger.warning("Could not count an article read", metadata: ["article.id": .string(article.id.description), "error": .string(String(describing: error))])
        }
        let choice = await chooseBody(for: article, wantsFeedVersion: wantsFeedVersion)
        let model = ArticlePage.Model(
            article: article, source: source, body: choice.body, failureNote: choice.failureNote,
            showsFeedVersion: wantsFeedVersion, hasFullArticle: choice.hasFullArticle, now: dependencies.now()
        )
        return .html(ArticlePage.render(model))
    }

    struct BodyChoice {
        var body: ArticlePage.Body
        var failureNote: String?
        var hasFullArticle: Bool
    }

    /// Picks what the article page shows: a stored full article; else, when the feed only
    /// gave a summary, the full article fetched now; else the feed's content, with a note
    /// saying why the full article is missing.
    func chooseBody(for article: Article, wantsFeedVersion: Bool) async -> BodyChoice {
        let feedBody = Self.feedBody(of: article)
        var readerView = article.readerView
        if wantsFeedVersion {
            return BodyChoice(body: feedBody, failureNote: nil, hasFullArticle: readerView?.outcome == .extracted)
        }
        if readerView?.outcome != .extracted, Self.isSummaryOnly(article), article.url != nil, let loader = dependencies.readerViews {
            let retryInterval = dependencies.configuration.readerViewRetryInterval
            let isDueForRetry = readerView.map { dependencies.now().timeIntervalSince($0.extractedAt) >= retryInterval } ?? true
            if isDueForRetry {
                readerView = await loader.readerView(for: article)
            }
        }
        if let readerView, readerView.outcome == .extracted, !readerView.html.isEmpty {
            return BodyChoice(body: .readerView(readerView), failureNote: nil, hasFullArticle: true)
        }
        var note: String?
        if let readerView, readerView.outcome == .failed, Self.isSummaryOnly(article) {
            note = readerView.failureReason ?? "The original page could not be fetched or read."
        }
        return BodyChoice(body: feedBody, failureNote: note, hasFullArticle: false)
    }

    static func feedBody(of article: Article) -> ArticlePage.Body {
        if let html = article.contentHTML, !html.trimmingWhitespace().isEmpty { return .feedHTML(html) }
        if let text = article.contentText ?? article.summary, !text.trimmingWhitespace().isEmpty { return .feedText(text) }
        return .nothing
    }

    /// Fewer characters of text than this and the feed is taken to carry only a summary.
    static let summaryOnlyThreshold = 600

    /// True when the feed gave no HTML content, or so little text that it is surely a teaser.
    static func isSummaryOnly(_ article: Article) -> Bool {
        guard let html = article.contentHTML, !html.trimmingWhitespace().isEmpty else { return true }
        let text = article.contentText ?? ""
        return text.count < summaryOnlyThreshold
    }

    // MARK: Adding a source

    /// The longest a person waits for discovery before being told to try again.
    static let addSourceTimeout: Duration = .seconds(45)

    func addSource(_ request: Request) async throws -> Response {
        guard isSameOriginRequest(request) else {
            throw PageError(status: .forbidden, message: "Sources can only be added from Broadsheet's own form; open Add a source and use it there.")
        }
        guard let subscriber = dependencies.subscriber else {
            return .html(AddSourcePage.render(.init(isAvailable: false)), status: .serviceUnavailable)
        }
        let body = try await request.body.collect(upTo: 16 * 1024)
        let form = QueryParameters(query: String(buffer: body))
        var model = AddSourcePage.Model(
            address: form["address"]?.trimmingWhitespace() ?? "",
            name: form["name"]?.trimmingWhitespace() ?? "",
            category: form["category"] ?? ""
        )
        guard !model.address.isEmpty else {
            model.error = "Type the address of a site or of its feed."
            return .html(AddSourcePage.render(model), status: .unprocessableContent)
        }
        guard model.address.hasPrefix("http://") || model.address.hasPrefix("https://") || !model.address.contains(":") else {
            model.error = "Only web addresses (http or https) can be followed from here."
            return .html(AddSourcePage.render(model), status: .unprocessableContent)
        }
        let address = model.address
        let name = model.name.isEmpty ? nil : model.name
        let category = Category(rawValue: model.category)
        do {
            let subscription = try await withThrowingTaskGroup(of: SourceSubscriber.Subscription?.self) { group in
                group.addTask { try await subscriber.subscribe(to: address, name: name, category: category) }
                group.addTask {
                    try await Task.sleep(for: Self.addSourceTimeout)
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            guard let subscription else {
                model.error = "Finding the feed took too long; the site may be slow. Try again, or give the feed's own address."
                return .html(AddSourcePage.render(model), status: .unprocessableContent)
            }
            dependencies.logger.info("Followed a new source", metadata: ["feed.id": .string(subscription.source.id.rawValue), "feed.url": .string(subscription.source.feedURL)])
            return .seeOther("/sources/\(subscription.source.id.rawValue)")
        } catch {
            model.error = String(describing: error)
            return .html(AddSourcePage.render(model), status: .unprocessableContent)
        }
    }

    // MARK: Demo removal

    func removeDemo(_ request: Request) async throws -> Response {
        guard isSameOriginRequest(request) else {
            throw PageError(status: .forbidden, message: "The demo can only be removed from Broadsheet's own page; open the list of sources and press Remove demo there.")
        }
        let removed = try await dependencies.store.removeDemoSources()
        try await dependencies.store.setSetting(WebAppSettingKey.demoDismissed, to: "true")
        dependencies.logger.info("Removed the demo edition", metadata: ["sources.removed": .stringConvertible(removed)])
        return .seeOther( "/")
    }

    // MARK: OPML

    func importSubscriptions(_ request: Request) async throws -> Response {
        guard isSameOriginRequest(request) else {
            throw PageError(status: .forbidden, message: "Subscriptions can only be imported from Broadsheet's own form; open Add a source and use it there.")
        }
        var model = AddSourcePage.Model(isAvailable: dependencies.subscriber != nil)
        let failed = { (message: String, status: HTTPResponse.Status) -> Response in
            model.importOutcome = .failed(message)
            return .html(AddSourcePage.render(model), status: status)
        }
        let body: ByteBuffer
        do {
            // The file plus the form's own few hundred bytes.
            body = try await request.body.collect(upTo: OPMLDocument.maximumSize + 64 * 1024)
        } catch {
            return failed("The file is larger than \(OPMLDocument.maximumSize / 1_048_576) MB; no reader's subscription list is that big. Check that it is an OPML file.", .contentTooLarge)
        }
        let form: MultipartFormData
        do {
            form = try MultipartFormData(body: Array(buffer: body), contentType: request.headers[.contentType] ?? "")
        } catch {
            return failed("The upload could not be read. Choose the OPML file again and press Import.", .badRequest)
        }
        guard let file = form.part(named: "opml"), !file.body.isEmpty else {
            return failed("Choose an OPML file first, then press Import.", .unprocessableContent)
        }
        let document: OPMLDocument
        do {
            document = try OPMLDocument(parsing: Array(file.body))
        } catch {
            return failed("\(file.fileName.map { "“\($0)”" } ?? "The file") is not a subscription list Broadsheet can read: \(error)", .unprocessableContent)
        }
        let summary = try await OPMLSubscriptions(store: dependencies.store).importOutlines(of: document)
        dependencies.logger.info("Imported subscriptions", metadata: ["sources.added": .stringConvertible(summary.added.count)])
        model.importOutcome = .imported(added: summary.added.count, skipped: summary.skipped)
        return .html(AddSourcePage.render(model))
    }

    func exportSubscriptions() async throws -> Response {
        let document = try await OPMLSubscriptions(store: dependencies.store).export()
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/x-opml; charset=utf-8",
                .contentDisposition: "attachment; filename=\"broadsheet-subscriptions.opml\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document.serialized()))
        )
    }

    /// "Stop following" on a source's page: the source, its articles and their reader views go.
    func removeSource(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard isSameOriginRequest(request) else {
            throw PageError(status: .forbidden, message: "A source can only be removed from its own page in Broadsheet; open it and press Stop following there.")
        }
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id) else {
            return .html(unknownSourcePage(rawID), status: .notFound)
        }
        guard !source.isDemo else {
            throw PageError(status: .forbidden, message: "Demo sources leave together: press Remove demo on the list of sources.")
        }
        try await dependencies.store.removeSource(id)
        dependencies.logger.info("Removed a source", metadata: ["source": .string(id.rawValue)])
        return .seeOther("/")
    }

    /// Cross-site request protection: a browser sends `Sec-Fetch-Site` (modern ones) or
    /// `Origin` with every form POST; a request with neither is refused.
    func isSameOriginRequest(_ request: Request) -> Bool {
        if let site = request.headers.value(.secFetchSite) {
            return site == "same-origin"
        }
        guard let origin = request.headers[.origin], origin != "null" else { return false }
        if let publicBaseURL = dependencies.configuration.publicBaseURL, origin == publicBaseURL {
            return true
        }
        guard let host = request.head.authority else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
