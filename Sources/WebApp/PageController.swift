import FeedParsing
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage
import SyncSupport

/// The pages people see: the sources grid, lists of articles, an article, search, the
/// forms that change what is followed and read, accounts and settings.
struct PageController: Sendable {
    let dependencies: WebAppDependencies

    /// A session cookie that says the launch screen was already shown.
    static let launchCookieName = "broadsheet_launched"

    func register(on router: Router<ReaderRequestContext>) {
        router.get("/") { request, context in try await sourcesGrid(request, context: context) }
        router.get("/sources/new") { _, context in try await addSourceForm(context: context) }
        router.post("/sources") { request, context in try await addSource(request, context: context) }
        router.get("/sources/:id") { request, context in try await sourceList(request, context: context) }
        router.get("/sources/:id/icon.svg") { _, context in try await sourceIcon(context: context) }
        router.get("/folders/:id") { request, context in try await folderList(request, context: context) }
        router.get("/unread") { request, context in try await timelineList(.unread, request: request, context: context) }
        router.get("/starred") { request, context in try await timelineList(.starred, request: request, context: context) }
        router.get("/articles/:id") { request, context in try await articlePage(request, context: context) }
        router.post("/articles/:id/read") { request, context in try await setArticleFlag(.read, request: request, context: context) }
        router.post("/articles/:id/star") { request, context in try await setArticleFlag(.star, request: request, context: context) }
        router.post("/mark-all-read") { request, context in try await markAllRead(request, context: context) }
        router.get("/search") { request, context in try await search(request, context: context) }
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
        router.post("/refresh") { request, context in try await refreshEverything(request, context: context) }
        router.post("/sources/import") { request, context in try await importSubscriptions(request, context: context) }
        router.get("/subscriptions.opml") { _, context in try await exportSubscriptions(context: context) }

        router.get("/login") { request, context in try await loginPage(request, context: context) }
        router.post("/login") { request, context in try await logIn(request, context: context) }
        router.post("/logout") { _, context in try await logOut(context: context) }
        router.get("/setup") { request, context in try await setupPage(request, context: context) }
        router.post("/setup") { request, context in try await setUp(request, context: context) }
        router.get("/settings") { _, context in try await settingsPage(context: context) }
        router.post("/settings") { request, context in try await saveReadingSettings(request, context: context) }
        router.post("/settings/library") { request, context in try await saveLibrarySettings(request, context: context) }
        router.post("/settings/password") { request, context in try await changePassword(request, context: context) }
        router.post("/settings/sessions/revoke-others") { _, context in try await revokeOtherSessions(context: context) }
        router.post("/settings/sessions/:id/revoke") { request, context in try await revokeSession(request, context: context) }
        router.post("/settings/keys") { request, context in try await createAPIKey(request, context: context) }
        router.post("/settings/keys/:id/disable") { _, context in try await setAPIKeyEnabled(false, context: context) }
        router.post("/settings/keys/:id/enable") { _, context in try await setAPIKeyEnabled(true, context: context) }
        router.post("/settings/app-passwords") { request, context in try await createAppPassword(request, context: context) }
        router.post("/settings/app-passwords/:id/revoke") { _, context in try await revokeAppPassword(context: context) }
        router.get("/admin/users") { _, context in try await usersPage(context: context) }
        router.post("/admin/users") { request, context in try await addUser(request, context: context) }
        router.post("/admin/users/:id/role") { request, context in try await changeRole(request, context: context) }
        router.post("/admin/users/:id/remove") { _, context in try await removeUser(context: context) }
    }

    // MARK: Sources grid

    func sourcesGrid(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let query = QueryParameters(query: request.uri.query)
        let alreadyLaunched = request.headers[.cookie]?.contains("\(Self.launchCookieName)=1") ?? false
        let showsLaunchScreen = query["launch"] != nil || !alreadyLaunched
        // While "Refresh everything" runs the grid shows its progress, which the store does not know.
        let refreshProgress = await dependencies.onDemandRefresh?.progress
        var response = try await cachedPage(request, reader: reader, variant: showsLaunchScreen ? "launch" : "", cacheable: refreshProgress == nil) {
            .page(try await sourcesGridPage(query: query, reader: reader, showsLaunchScreen: showsLaunchScreen, refreshProgress: refreshProgress))
        }
        if !alreadyLaunched {
            response.headers[.setCookie] = "\(Self.launchCookieName)=1; Path=/; SameSite=Lax; HttpOnly"
        }
        return response
    }

    private func sourcesGridPage(
        query: QueryParameters, reader: Reader, showsLaunchScreen: Bool, refreshProgress: OnDemandRefresh.Progress?
    ) async throws -> HTML {
        let store = dependencies.store
        let summaries = try await store.subscriptionSummaries(for: reader.id)
        var model = SourcesPage.Model(summaries: summaries, showsLaunchScreen: showsLaunchScreen, now: dependencies.now())
        model.folders = try await store.folders(of: reader.id)
        model.canRefresh = dependencies.onDemandRefresh != nil
        model.refreshProgress = refreshProgress
        model.offersAccounts = !reader.isSignedIn
        model.lastPosted = try await store.lastPostingDates(for: reader.id)
        model.dormantAfterDays = reader.settings.dormantAfterDays
        model.sortsByActivity = query["sort"] == "activity"
        if let stories = dependencies.stories {
            let now = dependencies.now()
            let candidates = try await stories.topStories(
                since: now.addingTimeInterval(-TopStoriesSection.window), minimumSources: 2, limit: TopStoriesSection.candidates, for: reader.id
            )
            model.topStories = TopStoriesSection.ranked(candidates, now: now)
        }
        return SourcesPage.render(model)
    }

    /// The page `render` makes, or the same page made a moment ago for the same person and
    /// address while the library has not changed (`PageCache`).
    func cachedPage(
        _ request: Request, reader: Reader, variant: String = "", cacheable: Bool = true, render: () async throws -> PageCache.Outcome
    ) async throws -> Response {
        guard cacheable, let cache = dependencies.pageCache, request.method == .get || request.method == .head else {
            return try await render().response
        }
        let key = PageCache.Key(address: LocalPath.pathAndQuery(of: request), user: reader.id, isSignedIn: reader.isSignedIn, variant: variant)
        return try await cache.response(for: key, render: render)
    }

    func unknownSourcePage(_ rawID: String) -> HTML {
        ErrorPage.render(
            status: .notFound, title: "No such source",
            message: "There is no source called “\(String(rawID.prefix(80)))”. It may have been removed; pick one from the list of sources, or add it with broadsheet add URL."
        )
    }

    /// A source's monogram as an SVG file (the v1 API's `urlsToLogos` for sources without an icon).
    func sourceIcon(context: ReaderRequestContext) async throws -> Response {
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

    func articlePage(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let id = context.parameters.get("id").flatMap(Int64.init).map(ArticleID.init(rawValue:)) else {
            return Self.noSuchArticlePage()
        }
        // A page kept from a moment ago is good while neither the library nor this person's
        // marks changed since: the article is still read, as the page that read it shows.
        let response = try await cachedPage(request, reader: reader) {
            try await renderArticlePage(id, request: request, reader: reader)
        }
        if response.status == .ok, request.method == .get {
            // Every opening counts, kept page or not.
            await dependencies.readCounts.count(id)
        }
        return response
    }

    static func noSuchArticlePage() -> Response {
        .html(
            ErrorPage.render(
                status: .notFound, title: "No such article",
                message: "There is no article with this number among the sources you follow. It may have left with its source, or been removed after the days the library keeps articles; go back to your sources and pick another."
            ),
            status: .notFound
        )
    }

    private func renderArticlePage(_ id: ArticleID, request: Request, reader: Reader) async throws -> PageCache.Outcome {
        let store = dependencies.store
        let query = QueryParameters(query: request.uri.query)
        let wantsFeedVersion = query["view"] == "feed"
        // The list the article was opened from depends on the article's source, so the store
        // makes it once it has the article (the whole opening at once: `openArticle`).
        let folder = try await ListContext.requestedFolder(query, reader: reader, store: store)
        let settings = reader.settings
        // Opening an article reads it.
        guard let opening = try await store.openArticle(
            id, for: reader.id, coverageLimit: ArticlePage.alsoCoveredRows,
            timeline: { article in ListContext(query: query, article: article, settings: settings, folder: folder).timeline },
            readsWholeStory: settings.readsWholeStory, at: dependencies.now()
        ) else { return .response(Self.noSuchArticlePage()) }
        let article = opening.item.article
        let list = ListContext(query: query, article: article, settings: settings, folder: folder)
        let choice = await chooseBody(for: article, wantsFeedVersion: wantsFeedVersion)
        var model = ArticlePage.Model(
            article: article, source: opening.source, body: choice.body, failureNote: choice.failureNote,
            showsFeedVersion: wantsFeedVersion, hasFullArticle: choice.hasFullArticle, now: dependencies.now()
        )
        model.state = opening.item.state
        model.sourceName = opening.sourceName
        model.listPath = list.path
        model.listLabel = list.label ?? model.sourceName
        model.previousPath = opening.neighbours.previous.map { "/articles/\($0.description)\(list.articleQuery)" }
        model.nextPath = opening.neighbours.next.map { "/articles/\($0.description)\(list.articleQuery)" }
        model.selfPath = "/articles/\(article.id.description)\(list.articleQuery)"
        if let coverage = opening.coverage {
            model.alsoCovered = coverage.articles.map { other in
                ArticlePage.Coverage(
                    article: other, sourceName: opening.coverageSourceName(other.sourceID) ?? other.sourceID.rawValue,
                    sourceLanguage: opening.coverageSources[other.sourceID]?.knownLanguage
                )
            }
            model.alsoCoveredArticleCount = coverage.articleCount
            model.alsoCoveredSourceCount = coverage.sourceCount
        }
        return .page(ArticlePage.render(model))
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
        if let html = article.contentHTML, hasVisibleText(html) { return .feedHTML(html) }
        if let text = article.contentText ?? article.summary, hasVisibleText(text) { return .feedText(text) }
        return .nothing
    }

    /// Fewer characters of text than this and the feed is taken to carry only a summary.
    static let summaryOnlyThreshold = 600

    /// True when the feed gave no HTML content, or so little text that it is surely a teaser.
    static func isSummaryOnly(_ article: Article) -> Bool {
        guard let html = article.contentHTML, hasVisibleText(html) else { return true }
        let text = article.contentText ?? ""
        // Every article page asks, so the answer comes from the bytes where it can: fewer
        // bytes than the threshold are fewer characters, and as many bytes of ASCII without
        // a carriage return (which joins the line feed after it into one character) are as
        // many characters. Otherwise the grapheme clusters are counted, no further than the
        // threshold.
        let bytes = text.utf8
        if bytes.count < summaryOnlyThreshold { return true }
        if !bytes.prefix(summaryOnlyThreshold).contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) { return false }
        return text.index(text.startIndex, offsetBy: summaryOnlyThreshold, limitedBy: text.endIndex) == nil
    }

    /// Whether `text` holds anything but spaces and control characters, without copying it.
    static func hasVisibleText(_ text: String) -> Bool {
        text.utf8.contains { $0 > 0x20 }
    }
}
