import Foundation
import NewsModel
import Storage

/// `/sources/:id`: one source's articles, newest first, a page at a time.
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

    struct Model {
        var source: Source
        var state: FeedState?
        var articles: [Article]
        var totalResults: Int
        var page: Int
        var pageSize: Int
        var now: Date
        /// True when the server can fetch, so the page offers "Refresh".
        var canRefresh = false
        /// What a refresh the person asked for just did (from the redirect after it).
        var refreshOutcome: RefreshOutcome?

        var pageCount: Int { max(1, (totalResults + pageSize - 1) / pageSize) }
    }

    static func render(_ model: Model) -> HTML {
        let source = model.source
        let path = "/sources/\(source.id.rawValue)"
        let siteLink: HTML = source.siteURL.map { url in
            " · <a href=\"\(url)\" rel=\"noopener noreferrer\">\(displayHost(url))</a>"
        } ?? .empty
        let countText = counted(model.totalResults, "article")
        let description: HTML = source.description.map { "<p>\($0)</p>" } ?? .empty
        let rows: HTML = model.articles.isEmpty
            ? """
            <p class="subtle">No articles yet. They appear after the next refresh of this source.</p>
            """
            : """
            <ol class="article-list">
            \(model.articles.map { row($0, now: model.now, language: model.source.knownLanguage) })</ol>\(placeholderTemplate)
            """
        let refreshButton: HTML = model.canRefresh
            ? "<form method=\"post\" action=\"\(path)/refresh\" data-shortcut=\"r\">\(FormToken.hiddenField)<button class=\"button secondary\" type=\"submit\">Refresh</button></form>"
            : .empty
        return PageLayout.document(
            title: source.name, bodyClass: "page-source",
            content: """
            <nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">← All sources</a></nav>
            <header class="source-header">\(SourcesPage.tileArt(source))<div class="source-heading"><h1>\(source.name)</h1>\(description)<p>\(countText)\(siteLink)</p></div><div class="source-actions">\(refreshButton)<a class="button secondary" href="\(path)/edit">Edit</a></div></header>
            \(refreshStatus(model))\(rows)\(pagination(model))
            """
        )
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

    /// One article in a list: title, summary, author and date, its image on the right;
    /// lists that mix sources (search results) name the source too.
    /// `language` is the source's, for articles whose feed did not say.
    static func row(_ article: Article, now: Date, sourceName: String? = nil, language: Language? = nil, highlighter: SearchHighlighter? = nil) -> HTML {
        let image: HTML = article.imageURL.map { url in
            """
            <img class="row-image" src="\(url)" alt="" width="112" height="112" loading="lazy" decoding="async" referrerpolicy="no-referrer">
            """
        } ?? placeholderImage
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
        return """
        <li class="article-row"\(LanguageAttributes.attributes(for: rowLanguage))><a href="/articles/\(article.id.description)"><div><h2 class="row-title">\(title)</h2>\(summary)<p class="row-meta"\(LanguageAttributes.pageLanguageAttribute(inside: rowLanguage))>\(source)\(author)\(DateText.timeElement(article.publishedAt, now: now))</p></div>\(image)</a></li>

        """
    }

    /// Stands where an article has no image.
    static let placeholderImage: HTML = """
        <span class="row-image placeholder" aria-hidden="true"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6"><rect x="3.5" y="4.5" width="17" height="15" rx="2"/><path d="M7 9h10M7 12.5h10M7 16h6"/></svg></span>
        """

    /// The placeholder for the script to put where an image fails to load.
    static let placeholderTemplate: HTML = "<template id=\"row-image-placeholder\">\(placeholderImage)</template>"

    private static func pagination(_ model: Model) -> HTML {
        PaginationBar.render(page: model.page, pageCount: model.pageCount, previousLabel: "Newer", nextLabel: "Older") {
            "/sources/\(model.source.id.rawValue)?page=\($0)"
        }
    }

    static func displayHost(_ url: String) -> String {
        guard let host = URLComponents(string: url)?.host else { return url }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
