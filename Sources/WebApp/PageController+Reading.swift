import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Storage

/// One person's lists (a source, a folder, all unread, starred) and what they do to
/// articles: read, unread, star, and "mark all as read" up to what they saw.
extension PageController {
    // MARK: Lists

    func sourceList(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let rawID = context.parameters.get("id") ?? ""
        return try await cachedPage(request, reader: reader) {
            guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id),
                  let subscription = try await dependencies.store.subscription(to: id, for: reader.id) else {
                return .response(.html(unknownSourcePage(rawID), status: .notFound))
            }
            let state = try await dependencies.store.feedState(for: id)
            let page = QueryParameters(query: request.uri.query).nonEmpty("page").flatMap(Int.init) ?? 1
            let insights = page <= 1 ? try await sourceInsights(source, state: state, reader: reader) : nil
            return try await listPage(
                .source(source, state), title: subscription.displayName(for: source), scope: .source(id), request: request, reader: reader,
                sourceInsights: insights
            )
        }
    }

    /// A year of the source's posting in the reader's days, and how its fetches are going.
    func sourceInsights(_ source: Source, state: FeedState?, reader: Reader) async throws -> SourceInsightsSection.Model {
        let now = dependencies.now()
        let range = PostingCalendar.range(endingOn: now, timeZone: DateText.timeZone)
        let activity = try await dependencies.store.postingActivity(of: source.id, over: range)
        // The record keeps quarter hours; the newest stored article says the exact time. Only a
        // source silent all year needs the library's older record.
        let newest = try await dependencies.store.timeline(Timeline(scope: .source(source.id), limit: 1), for: reader.id).articles.first?.article.publishedAt
        let remembered = activity.lastPostedAt == nil ? try await dependencies.store.lastPostingDates(for: reader.id)[source.id] : activity.lastPostedAt
        let lastPosted = [newest, remembered].compactMap { $0 }.max()
        let days = reader.settings.dormantAfterDays
        return SourceInsightsSection.Model(
            calendar: PostingCalendar(activity: activity, range: range),
            health: SourceHealth(state: state, activity: activity, lastPostedAt: lastPosted, addedAt: source.addedAt, dormantAfterDays: days, now: now),
            dormantAfterDays: days, isDemo: source.isDemo, now: now
        )
    }

    func folderList(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let rawID = context.parameters.get("id") ?? ""
        return try await cachedPage(request, reader: reader) {
            guard let number = Int64(rawID),
                  let folder = try await dependencies.store.folders(of: reader.id).first(where: { $0.id.rawValue == number }) else {
                return .response(.html(
                    ErrorPage.render(status: .notFound, title: "No such folder", message: "You have no folder with this number. Pick one on the list of sources."),
                    status: .notFound
                ))
            }
            return try await listPage(.folder(folder), title: folder.name, scope: .folder(folder.id), request: request, reader: reader)
        }
    }

    enum TimelineName { case unread, starred }

    func timelineList(_ name: TimelineName, request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        return try await cachedPage(request, reader: reader) {
            switch name {
            case .unread:
                try await listPage(.unread, title: "All unread", scope: .all, request: request, reader: reader, defaultFilter: .unread)
            case .starred:
                try await listPage(.starred, title: "Starred", scope: .starred, request: request, reader: reader)
            }
        }
    }

    private func listPage(
        _ kind: ArticleListPage.Kind, title: String, scope: Timeline.Scope, request: Request, reader: Reader,
        defaultFilter: Timeline.ReadFilter? = nil, sourceInsights: SourceInsightsSection.Model? = nil
    ) async throws -> PageCache.Outcome {
        let store = dependencies.store
        let query = QueryParameters(query: request.uri.query)
        let filter = ListContext.filter(query, settings: reader.settings, default: defaultFilter)
        let order = ListContext.order(query, settings: reader.settings)
        let pageSize = reader.settings.articlesPerPage
        let page = max(1, min(query.nonEmpty("page").flatMap(Int.init) ?? 1, 10_000))
        let timeline = Timeline(scope: scope, filter: filter, order: order, limit: pageSize, offset: (page - 1) * pageSize, includesTotal: true)
        let result = try await store.timeline(timeline, for: reader.id)
        var model = ArticleListPage.Model(
            kind: kind, title: filter == .any && kind.listKey == "unread" ? "All articles" : title, articles: result.articles,
            totalResults: result.totalCount ?? result.articles.count, page: page, pageSize: pageSize,
            now: dependencies.now(), filter: filter, order: order, newestArticleID: result.newestArticleID
        )
        model.defaultFilter = ListContext.filter(QueryParameters(query: nil), settings: reader.settings, default: defaultFilter)
        model.defaultOrder = reader.settings.order
        if page > model.pageCount {
            return .response(.seeOther(model.path(page: model.pageCount)))
        }
        if case .source = kind {
            // One source's list names no source on its rows.
        } else {
            let subscriptions = try await store.subscriptions(of: reader.id)
            model.sourceNames = Dictionary(subscriptions.compactMap { subscription in subscription.name.map { (subscription.sourceID, $0) } }, uniquingKeysWith: { first, _ in first })
        }
        model.sources = try await store.sources(Set(result.articles.map(\.article.sourceID)))
        model.canRefresh = dependencies.onDemandRefresh != nil
        model.refreshOutcome = ArticleListPage.RefreshOutcome(queryValue: query["refreshed"])
        model.sourceInsights = sourceInsights
        model.markedRead = query["marked"].flatMap(Int.init).flatMap { (0...1_000_000).contains($0) ? $0 : nil }
        // The unread list shows a story once, its other sources folded under it.
        if case .unread = kind, let stories = dependencies.stories {
            let folding = StoryFolding(result.articles, memberships: try await stories.storyMemberships(of: result.articles.map(\.article.id)))
            model.articles = folding.shown
            model.storyFolds = folding.folded
        }
        return .page(ArticleListPage.render(model))
    }

    // MARK: Read, unread, star

    enum ArticleFlag { case read, star }

    func setArticleFlag(_ flag: ArticleFlag, request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let id = context.parameters.get("id").flatMap(Int64.init).map(ArticleID.init(rawValue:)),
              try await dependencies.store.readerArticle(id, for: reader.id) != nil else {
            throw PageError(status: .notFound, message: "There is no such article among the sources you follow.")
        }
        let form = try await formFields(request)
        let now = dependencies.now()
        switch flag {
        case .read:
            if form["read"] != "false" {
                try await dependencies.markRead(id, for: reader, at: now)
            } else {
                // Unread again stays one article: the person wants this one back, not the story.
                _ = try await dependencies.store.setRead(false, articles: [id], for: reader.id, at: now)
            }
        case .star:
            _ = try await dependencies.store.setStarred(form["starred"] != "false", articles: [id], for: reader.id, at: now)
        }
        // The script sends the form itself and needs no page back.
        if request.headers.value(.broadsheetScript) == "1" {
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        return .seeOther(LocalPath.validated(form["return"], default: "/articles/\(id.description)"))
    }

    /// Marks read what the list showed and everything older in it, never what arrived after
    /// the page was made: the form carries the newest article id the store had then.
    func markAllRead(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let form = try await formFields(request)
        guard let through = form["through"].flatMap(Int64.init).map(ArticleID.init(rawValue:)),
              let scope = try await markReadScope(form["scope"] ?? "", reader: reader) else {
            throw PageError(status: .badRequest, message: "This form did not say which articles to mark read. Reload the list and press Mark all as read again.")
        }
        let count = try await dependencies.store.markAllRead(in: scope, upTo: .throughArticle(through), for: reader.id, at: dependencies.now())
        let back = LocalPath.validated(form["return"], default: "/unread")
        return .seeOther(back + (back.contains("?") ? "&" : "?") + "marked=\(count)")
    }

    private func markReadScope(_ text: String, reader: Reader) async throws -> Timeline.Scope? {
        if text == "all" { return .all }
        if text.hasPrefix("source:"), let id = SourceID(rawValue: String(text.dropFirst(7))) { return .source(id) }
        if text.hasPrefix("folder:"), let number = Int64(text.dropFirst(7)) { return .folder(FolderID(rawValue: number)) }
        return nil
    }
}

/// The list an article was opened from (`from=` in its link), so the article page's back,
/// next and previous follow that list, with its filter and order.
struct ListContext {
    var timeline: Timeline
    var path: String
    var label: String?
    /// The query every article link in this list carries.
    var articleQuery: String

    /// The person's folder `from=folder-N` names, if it does and it is theirs (read from the
    /// store only then).
    static func requestedFolder(_ query: QueryParameters, reader: Reader, store: any ReaderStore) async throws -> Folder? {
        guard let from = query["from"], from.hasPrefix("folder-"), let number = Int64(from.dropFirst(7)) else { return nil }
        return try await store.folders(of: reader.id).first { $0.id.rawValue == number }
    }

    /// `folder`: what `requestedFolder` found (a folder that is not the person's is ignored,
    /// and the article's source is the list).
    init(query: QueryParameters, article: Article, settings: ReaderSettings, folder: Folder?) {
        let filter = Self.filter(query, settings: settings, default: nil)
        let order = Self.order(query, settings: settings)
        let from = query["from"] ?? "source"
        var scope = Timeline.Scope.source(article.sourceID)
        var key = "source"
        path = "/sources/\(article.sourceID.rawValue)"
        switch from {
        case "unread":
            scope = .all
            key = "unread"
            path = "/unread"
            label = "All unread"
        case "starred":
            scope = .starred
            key = "starred"
            path = "/starred"
            label = "Starred"
        case let folderKey where folderKey.hasPrefix("folder-"):
            if let folder {
                scope = .folder(folder.id)
                key = folderKey
                path = "/folders/\(folder.id.description)"
                label = folder.name
            }
        default:
            break
        }
        timeline = Timeline(scope: scope, filter: filter, order: order)
        var parts = ["from=\(key)"]
        if let show = query["show"], show == "unread" || show == "all" { parts.append("show=\(show)") }
        if query["order"] == "oldest" { parts.append("order=oldest") }
        articleQuery = "?" + parts.joined(separator: "&")
        var listParts: [String] = []
        if let show = query["show"], show == "unread" || show == "all" { listParts.append("show=\(show)") }
        if query["order"] == "oldest" { listParts.append("order=oldest") }
        if !listParts.isEmpty { path += "?" + listParts.joined(separator: "&") }
    }

    /// `show=unread` or `show=all`, else the person's "hide read" setting (or the list's own default).
    static func filter(_ query: QueryParameters, settings: ReaderSettings, default listDefault: Timeline.ReadFilter?) -> Timeline.ReadFilter {
        switch query["show"] {
        case "unread": .unread
        case "all": .any
        default: listDefault ?? (settings.hidesRead ? .unread : .any)
        }
    }

    static func order(_ query: QueryParameters, settings: ReaderSettings) -> Timeline.Order {
        switch query["order"] {
        case "oldest": .oldestFirst
        case "newest": .newestFirst
        default: settings.order
        }
    }
}
