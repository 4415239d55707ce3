import Foundation
import NewsModel
import Storage

/// `/sources/:id`: one source's articles, newest first, a page at a time.
enum ArticleListPage {
    struct Model {
        var source: Source
        var state: FeedState?
        var articles: [Article]
        var totalResults: Int
        var page: Int
        var pageSize: Int
        var now: Date

        var pageCount: Int { max(1, (totalResults + pageSize - 1) / pageSize) }
    }

    static func render(_ model: Model) -> HTML {
        let source = model.source
        let siteLink: HTML = source.siteURL.map { url in
            " · <a href=\"\(url)\" rel=\"noopener noreferrer\">\(displayHost(url))</a>"
        } ?? .empty
        let countText = counted(model.totalResults, "article")
        let description: HTML = source.description.map { "<p>\($0)</p>" } ?? .empty
        let failure: HTML = model.state?.lastError.map { message in
            """
            <div class="notice error" role="status"><p><strong>The last refresh failed.</strong> \(message)</p>\(lastSuccess(model))</div>
            """
        } ?? .empty
        let rows: HTML = model.articles.isEmpty
            ? """
            <p class="subtle">No articles yet. They appear after the next refresh of this source.</p>
            """
            : """
            <ol class="article-list">
            \(model.articles.map { row($0, now: model.now) })</ol>\(placeholderTemplate)
            """
        let removal: HTML = source.isDemo ? .empty : """
            <form class="source-actions" method="post" action="/sources/\(source.id.rawValue)/remove" data-confirm="Stop following \(source.name) and delete its \(countText)?">\(FormToken.hiddenField)<button class="button secondary" type="submit">Stop following</button></form>
            """
        return PageLayout.document(
            title: source.name, bodyClass: "page-source",
            content: """
            <nav class="breadcrumb" aria-label="Breadcrumb"><a href="/">← All sources</a></nav>
            <header class="source-header">\(SourcesPage.tileArt(source))<div><h1>\(source.name)</h1>\(description)<p>\(countText)\(siteLink)</p></div>\(removal)</header>
            \(failure)\(rows)\(pagination(model))
            """
        )
    }

    private static func lastSuccess(_ model: Model) -> HTML {
        guard let date = model.state?.lastSuccessAt else { return .empty }
        return "<p>Last successful refresh: \(DateText.timeElement(date, now: model.now)).</p>"
    }

    /// One article in a list: title, summary, author and date, its image on the right;
    /// lists that mix sources (search results) name the source too.
    static func row(_ article: Article, now: Date, sourceName: String? = nil, highlighter: SearchHighlighter? = nil) -> HTML {
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
        return """
        <li class="article-row"><a href="/articles/\(article.id.description)"><div><h2 class="row-title">\(title)</h2>\(summary)<p class="row-meta">\(source)\(author)\(DateText.timeElement(article.publishedAt, now: now))</p></div>\(image)</a></li>

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
