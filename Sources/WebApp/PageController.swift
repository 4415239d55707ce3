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
        router.get("/sources/new") { _, _ in try await addSourceForm() }
        router.post("/sources") { request, _ in try await addSource(request) }
        router.get("/sources/:id") { request, context in try await articleList(request, context: context) }
        router.get("/sources/:id/icon.svg") { _, context in try await sourceIcon(context: context) }
        router.get("/articles/:id") { request, context in try await articlePage(request, context: context) }
        router.get("/search") { request, _ in try await search(request) }
        router.get("/offline") { _, _ in Response.html(OfflinePage.render()) }
        router.get("/api") { request, _ in Response.html(APIPage.render(
            baseURL: dependencies.baseURL(for: request),
            requestsPerMinute: dependencies.configuration.apiRequestsPerMinute
        )) }
        router.post("/demo/remove") { request, _ in try await removeDemo(request) }
        router.post("/sources/:id/remove") { request, context in try await removeSource(request, context: context) }
        router.post("/sources/:id/refresh") { request, context in try await refreshSource(request, context: context) }
        router.get("/sources/:id/edit") { _, context in try await editSourcePage(context: context) }
        router.post("/sources/:id/edit") { request, context in try await saveSource(request, context: context) }
        router.post("/refresh") { request, _ in try await refreshEverything(request) }
        router.post("/sources/import") { request, _ in try await importSubscriptions(request) }
        router.get("/subscriptions.opml") { _, _ in try await exportSubscriptions() }
    }

    // MARK: Sources grid

    func sourcesGrid(_ request: Request) async throws -> Response {
        let summaries = try await dependencies.store.sourceSummaries()
        let query = QueryParameters(query: request.uri.query)
        let alreadyLaunched = request.headers[.cookie]?.contains("\(Self.launchCookieName)=1") ?? false
        let showsLaunchScreen = query["launch"] != nil || !alreadyLaunched
        var model = SourcesPage.Model(summaries: summaries, showsLaunchScreen: showsLaunchScreen, now: dependencies.now())
        model.canRefresh = dependencies.onDemandRefresh != nil
        model.refreshProgress = await dependencies.onDemandRefresh?.progress
        var response = Response.html(SourcesPage.render(model))
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
        var model = ArticleListPage.Model(
            source: source, state: try await dependencies.store.feedState(for: id), articles: results.articles,
            totalResults: results.totalResults, page: page, pageSize: pageSize, now: dependencies.now()
        )
        model.canRefresh = dependencies.onDemandRefresh != nil
        model.refreshOutcome = ArticleListPage.RefreshOutcome(queryValue: query["refreshed"])
        if page > model.pageCount {
            return .seeOther( "/sources/\(id.rawValue)?page=\(model.pageCount)")
        }
        return .html(ArticleListPage.render(model))
    }

    func unknownSourcePage(_ rawID: String) -> HTML {
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
}
