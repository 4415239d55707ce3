import Foundation
import Markup
import NewsModel
import Storage

/// A list of one person's articles, a page at a time: a source's (`/sources/:id`), a
/// folder's, everything unread (`/unread`) or what they starred (`/starred`).
enum ArticleListPage {
    enum RefreshOutcome: Equatable {
        case newArticles(Int)
        case failed

        /// Reads the `refreshed` query value the refresh redirect sets; nil for anything else.
        init?(queryValue: String?) {
            guard let queryValue else { return nil }
            if queryValue == "failed" {
                self = .failed
            } else if let count = Int(queryValue), (0...100_000).contains(count) {
                self = .newArticles(count)
            } else {
                return nil
            }
        }
    }

    /// Which list: one source, one folder, everything unread, or what is starred.
    enum Kind {
        case source(Source, FeedState?)
        case folder(Folder)
        case unread
        case starred

        var path: String {
            switch self {
            case .source(let source, _): "/sources/\(source.id.rawValue)"
            case .folder(let folder): "/folders/\(folder.id.description)"
            case .unread: "/unread"
            case .starred: "/starred"
            }
        }

        /// The `from` an article link carries, so the article page's next and previous
        /// follow this list.
        var listKey: String {
            switch self {
            case .source: "source"
            case .folder(let folder): "folder-\(folder.id.description)"
            case .unread: "unread"
            case .starred: "starred"
            }
        }

        /// What "mark all as read" covers here; nil where it makes no sense (starred).
        var markReadScope: String? {
            switch self {
            case .source(let source, _): "source:\(source.id.rawValue)"
            case .folder(let folder): "folder:\(folder.id.description)"
            case .unread: "all"
            case .starred: nil
            }
        }
    }

    struct Model {
        var kind: Kind
        /// The heading: the person's name for the source, the folder's name, …
        var title: String
        var articles: [ReaderArticle]
        /// Sources of the listed articles, for names and languages in lists that mix them.
        var sources: [SourceID: Source] = [:]
        /// The person's own names for their sources.
        var sourceNames: [SourceID: String] = [:]
        var totalResults: Int
        var page: Int
        var pageSize: Int
        var now: Date
        var filter: Timeline.ReadFilter
        var order: Timeline.Order
        /// The newest article stored when the page was read: the bound of "mark all as read".
        var newestArticleID: ArticleID?
        /// True when the server can fetch, so the page offers "Refresh".
        var canRefresh = false
        /// What a refresh the person asked for just did (from the redirect after it).
        var refreshOutcome: RefreshOutcome?
        /// How many articles "mark all as read" just marked (from the redirect after it).
        var markedRead: Int?
        /// A source's posting activity and fetch health (its first page only).
        var sourceInsights: SourceInsightsSection.Model?
        /// Under a row, the other articles of its story on this page (the unread list shows a
        /// story once); `articles` then holds only the rows shown.
        var storyFolds: [ArticleID: [ReaderArticle]] = [:]

        var pageCount: Int { max(1, (totalResults + pageSize - 1) / pageSize) }
        var source: Source? { if case .source(let source, _) = kind { source } else { nil } }
        var state: FeedState? { if case .source(_, let state) = kind { state } else { nil } }

        /// What the list shows without options (the person's settings, or the list's own).
        var defaultFilter: Timeline.ReadFilter = .any
        var defaultOrder: Timeline.Order = .newestFirst

        /// This list's address with its options, on `page`: only what differs from the defaults.
        func path(page: Int, filter: Timeline.ReadFilter? = nil, order: Timeline.Order? = nil) -> String {
            var parts: [String] = []
            let filter = filter ?? self.filter
            if filter != defaultFilter { parts.append(filter == .unread ? "show=unread" : "show=all") }
            let order = order ?? self.order
            if order != defaultOrder { parts.append(order == .oldestFirst ? "order=oldest" : "order=newest") }
            if page > 1 { parts.append("page=\(page)") }
            return kind.path + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
        }
    }

    static func render(_ model: Model) -> HTML {
        let rows: HTML = model.articles.isEmpty
            ? "<p class=\"subtle empty-list\">\(emptyText(model))</p>"
            : """
            <ol class="article-list">
            \(model.articles.map { row($0, model: model) })</ol>
            """
        let header: HTML
        switch model.kind {
        case .source(let source, _):
            let siteLink: HTML = source.siteURL.map { url in
                " · <a href=\"\(url)\" rel=\"noopener noreferrer\">\(displayHost(url))</a>"
            } ?? .empty
            let description: HTML = source.description.map { "<p>\($0)</p>" } ?? .empty
            let refreshButton: HTML = model.canRefresh
                ? "<form method=\"post\" action=\"\(model.kind.path)/refresh\" data-shortcut=\"r\">\(FormToken.hiddenField)<button class=\"button secondary\" type=\"submit\">Refresh</button></form>"
                : .empty
            header = """
            <nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">← All sources</a></nav>
            <header class="source-header">\(SourcesPage.tileArt(source))<div class="source-heading"><h1>\(model.title)</h1>\(description)<p>\(counted(model.totalResults, model.filter == .unread ? "unread article" : "article"))\(siteLink)</p></div><div class="source-actions">\(refreshButton)<a class="button secondary" href="\(model.kind.path)/edit">Edit</a></div></header>
            \(refreshStatus(model))\(model.sourceInsights.map(SourceInsightsSection.render) ?? .empty)
            """
        case .folder, .unread, .starred:
            let back: HTML = if case .folder = model.kind { "<nav class=\"breadcrumb\" aria-label=\"Breadcrumb\"><a href=\"/\">← All sources</a></nav>\n" } else { .empty }
            header = """
            \(back)<div class="page-heading"><h1>\(model.title)</h1><p class="subtle">\(counted(model.totalResults, model.filter == .unread ? "unread article" : "article"))</p></div>

            """
        }
        return PageLayout.document(
            title: model.title, bodyClass: "page-list",
            content: """
            \(header)\(listControls(model))\(rows)\(pagination(model))
            """
        )
    }

    private static func emptyText(_ model: Model) -> String {
        switch (model.kind, model.filter) {
        case (.starred, _): "Nothing starred yet. Star an article (s, or the star button) to keep it here; starred articles are never removed."
        case (_, .unread): "Nothing unread here. New articles appear after the next refresh."
        default: "No articles yet. They appear after the next refresh."
        }
    }

    /// "Hide read / Show all", the order, and "Mark all as read" up to what this page saw.
    private static func listControls(_ model: Model) -> HTML {
        let showAll = model.filter == .unread
        let toggle: HTML = """
            <a class="button small secondary" href="\(model.path(page: 1, filter: showAll ? .any : .unread))">\(showAll ? "Show read too" : "Hide read")</a>
            """
        let other: Timeline.Order = model.order == .newestFirst ? .oldestFirst : .newestFirst
        let order: HTML = """
            <a class="button small secondary" href="\(model.path(page: 1, order: other))">\(other == .oldestFirst ? "Oldest first" : "Newest first")</a>
            """
        var markAll: HTML = .empty
        if let scope = model.kind.markReadScope, let through = model.newestArticleID, !model.articles.isEmpty {
            markAll = """
            <form method="post" action="/mark-all-read" data-shortcut="A">\(FormToken.hiddenField)<input type="hidden" name="scope" value="\(scope)"><input type="hidden" name="through" value="\(through.description)"><input type="hidden" name="return" value="\(model.path(page: 1))"><button class="button small" type="submit">Mark all as read</button></form>
            """
        }
        let marked: HTML = model.markedRead.map { "<div class=\"notice success\" role=\"status\"><p>Marked \(counted($0, "article")) as read. Anything that arrived meanwhile is still unread.</p></div>\n" } ?? .empty
        return """
        \(marked)<div class="list-controls">\(toggle)\(order)\(markAll)</div>

        """
    }

    /// When the source was last fetched and will be next, what a refresh just did, and the
    /// last error with what to do about it.
    static func refreshStatus(_ model: Model) -> HTML {
        let state = model.state
        var result: HTML = .empty
        switch model.refreshOutcome {
        case .some(.newArticles(let count)):
            result = "<div class=\"notice success\" role=\"status\"><p>\(count == 0 ? "Refreshed: nothing new." : "Refreshed: \(counted(count, "new article")).")</p></div>\n"
        case .some(.failed), nil:
            break
        }
        if let message = state?.lastError {
            let lastSuccess: HTML = state?.lastSuccessAt.map { "<p>Last successful refresh: \(DateText.timeElement($0, now: model.now)).</p>" }
                ?? "<p>It has never been fetched successfully.</p>"
            let retry: HTML = state?.nextRefreshAt.map { " Broadsheet tries again \(DateText.relativeFuture($0, now: model.now))." } ?? .empty
            result += """
            <div class="notice error" role="status"><p><strong>The last refresh failed.</strong> \(message)\(retry)</p>\(lastSuccess)</div>

            """
        }
        // The demo edition is never fetched (its schedule is far in the future); the source's
        // health panel says so, and a "next check" a century away would only puzzle.
        if model.source?.isDemo == true { return result }
        var parts: [HTML] = []
        if let success = state?.lastSuccessAt {
            parts.append("Updated \(DateText.timeElement(success, now: model.now))")
        } else if state?.lastAttemptAt == nil {
            parts.append("Not fetched yet")
        }
        if state?.lastError == nil, let next = state?.nextRefreshAt {
            let when = next <= model.now ? "next check any moment" : "next check \(DateText.relativeFuture(next, now: model.now))"
            parts.append(HTML(escaping: when))
        }
        guard !parts.isEmpty || result != .empty else { return .empty }
        let line: HTML = parts.isEmpty ? .empty : "<p class=\"refresh-status subtle\">\(HTML(trusted: parts.map(\.rendered).joined(separator: " · ")))</p>\n"
        return line + result
    }

    /// One article in a list: title, summary, source, author and date, its image on the
    /// right, and buttons to mark it read or unread and to star it.
    static func row(_ item: ReaderArticle, model: Model) -> HTML {
        let fold = model.storyFolds[item.article.id].map { storyFold($0, under: item.article, model: model) } ?? .empty
        return row(
            item.article, now: model.now, sourceName: sourceName(of: item.article, model: model),
            language: model.sources[item.article.sourceID]?.knownLanguage, state: item.state,
            link: link(to: item.article, model: model), returnPath: model.path(page: model.page), fold: fold
        )
    }

    private static func sourceName(of article: Article, model: Model) -> String? {
        let mixesSources: Bool = if case .source = model.kind { false } else { true }
        guard mixesSources else { return nil }
        return model.sourceNames[article.sourceID] ?? model.sources[article.sourceID]?.name ?? article.sourceID.rawValue
    }

    private static func link(to article: Article, model: Model) -> String {
        "/articles/\(article.id.description)?from=\(model.kind.listKey)\(model.filter == .unread ? "&show=unread" : "&show=all")\(model.order == .oldestFirst ? "&order=oldest" : "")"
    }

    /// The story's other articles on this page, under its row, closed until asked for: a
    /// native disclosure, so it opens by keyboard and without the script.
    private static func storyFold(_ others: [ReaderArticle], under lead: Article, model: Model) -> HTML {
        func name(_ id: SourceID) -> String { model.sourceNames[id] ?? model.sources[id]?.name ?? id.rawValue }
        var names: [String] = []
        for item in others where item.article.sourceID != lead.sourceID {
            let otherName = name(item.article.sourceID)
            if !names.contains(otherName) { names.append(otherName) }
        }
        // Other sources are the point; a source's own follow-ups are only "more".
        let label = names.isEmpty
            ? "More on this story from \(name(lead.sourceID))"
            : "Also covered by " + names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        let rows: [HTML] = others.map { item in
            row(
                item.article, now: model.now, sourceName: sourceName(of: item.article, model: model),
                language: model.sources[item.article.sourceID]?.knownLanguage, state: item.state,
                link: link(to: item.article, model: model), returnPath: model.path(page: model.page)
            )
        }
        return """
        <details class="story-fold"><summary>\(label) <span class="subtle">(\(counted(others.count, "article")))</span></summary>
        <ol class="article-list">
        \(rows)</ol></details>
        """
    }

    /// `language` is the source's, for articles whose feed did not say. Without `state` (a
    /// list that is not one person's, like a search in tests) there are no buttons.
    static func row(
        _ article: Article, now: Date, sourceName: String? = nil, language: Language? = nil, highlighter: SearchHighlighter? = nil,
        state: ReadingState? = nil, link: String? = nil, returnPath: String? = nil, fold: HTML = .empty
    ) -> HTML {
        let href = link ?? "/articles/\(article.id.description)"
        // A row without a picture has no box for one (the script takes the box away too when
        // the picture fails to load).
        let imageSource = article.imageURL.flatMap(ProxiedImages.source)
        let image: HTML = imageSource.map { url in
            """
            <a class="row-image-link" href="\(href)" tabindex="-1" aria-hidden="true"><img class="row-image" src="\(url)" alt="" width="112" height="112" loading="lazy" decoding="async" referrerpolicy="no-referrer"></a>
            """
        } ?? .empty
        var summaryText = article.summary ?? article.contentText.map { String($0.prefix(300)) }
        // A search result whose title and summary do not show the searched words shows
        // the passage of the text that has them.
        if let highlighter, !highlighter.marks(article.title), !(summaryText.map(highlighter.marks) ?? false),
           let excerpt = article.contentText.flatMap({ highlighter.excerpt(of: $0) }) {
            summaryText = excerpt
        }
        let summary: HTML = summaryText.map { "<p class=\"row-summary\">\(highlighter?.html($0) ?? HTML(escaping: $0))</p>" } ?? .empty
        let title = highlighter?.html(article.title) ?? HTML(escaping: article.title)
        let author: HTML = article.author.map { "<span>\($0)</span> · " } ?? .empty
        let source: HTML = sourceName.map { "<span class=\"row-source\">\($0)</span> · " } ?? .empty
        let rowLanguage = article.language ?? language
        var classes = imageSource == nil ? "article-row no-image" : "article-row"
        if state?.isRead == true { classes += " is-read" }
        if state?.isStarred == true { classes += " is-starred" }
        let actions: HTML = state.map { state in
            "<div class=\"row-actions\">\(readToggle(article.id, state: state, returnPath: returnPath ?? href, compact: true))\(starToggle(article.id, state: state, returnPath: returnPath ?? href, compact: true))</div>"
        } ?? .empty
        let starMark: HTML = state?.isStarred == true ? "<span class=\"star-mark\" title=\"Starred\">★<span class=\"visually-hidden\"> Starred</span></span> · " : .empty
        return """
        <li class="\(classes)"\(LanguageAttributes.attributes(for: rowLanguage))><div class="row-text"><a class="row-link" href="\(href)"><h2 class="row-title">\(title)</h2>\(summary)</a><div class="row-footer"\(LanguageAttributes.pageLanguageAttribute(inside: rowLanguage))><p class="row-meta">\(starMark)\(source)\(author)\(DateText.timeElement(article.publishedAt, now: now))\(state?.isRead == false ? " <span class=\"unread-mark\" title=\"Unread\">●<span class=\"visually-hidden\"> unread</span></span>" as HTML : .empty)</p>\(actions)</div></div>\(image)\(fold)</li>

        """
    }

    /// A form that marks an article read or unread (the `m` shortcut).
    static func readToggle(_ id: ArticleID, state: ReadingState, returnPath: String, compact: Bool) -> HTML {
        let label = state.isRead ? "Mark unread" : "Mark read"
        let icon: HTML = state.isRead ? Icons.unread : Icons.read
        return """
        <form method="post" action="/articles/\(id.description)/read" data-shortcut="m" data-toggle="read">\(FormToken.hiddenField)<input type="hidden" name="read" value="\(state.isRead ? "false" : "true")"><input type="hidden" name="return" value="\(returnPath)"><button class="\(compact ? "icon-button" : "button secondary")" type="submit" title="\(label)" aria-label="\(label)">\(icon)\(compact ? .empty : HTML("<span>\(label)</span>"))</button></form>
        """
    }

    /// A form that stars or unstars an article (the `s` shortcut).
    static func starToggle(_ id: ArticleID, state: ReadingState, returnPath: String, compact: Bool) -> HTML {
        let label = state.isStarred ? "Unstar" : "Star"
        return """
        <form method="post" action="/articles/\(id.description)/star" data-shortcut="s" data-toggle="star">\(FormToken.hiddenField)<input type="hidden" name="starred" value="\(state.isStarred ? "false" : "true")"><input type="hidden" name="return" value="\(returnPath)"><button class="\(compact ? "icon-button" : "button secondary")\(state.isStarred ? " is-on" : "")" type="submit" title="\(label)" aria-label="\(label)">\(state.isStarred ? Icons.starFilled : Icons.star)\(compact ? .empty : HTML("<span>\(label)</span>"))</button></form>
        """
    }

    private static func pagination(_ model: Model) -> HTML {
        PaginationBar.render(
            page: model.page, pageCount: model.pageCount,
            previousLabel: model.order == .oldestFirst ? "Older" : "Newer", nextLabel: model.order == .oldestFirst ? "Newer" : "Older"
        ) { model.path(page: $0) }
    }

    /// Where a link goes, for showing beside it: the host of `url` as written, without a
    /// leading "www.", or `url` itself when it has no host. Read with the project's own URL
    /// parser (an article page asks twice, and `URLComponents` cost the page a percent of
    /// its CPU).
    static func displayHost(_ url: String) -> String {
        guard let host = URLResolver.writtenHost(of: url) else { return url }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
