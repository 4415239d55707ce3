import Foundation
import NewsModel
import SyncSupport

/// `/articles/:id`: one article to read, with the full text when Broadsheet has it.
enum ArticlePage {
    enum Body {
        /// The full article extracted from the original page (sanitized HTML).
        case readerView(ReaderView)
        /// The feed's own content, sanitized HTML.
        case feedHTML(String)
        /// The feed only had plain text.
        case feedText(String)
        case nothing
    }

    struct Model {
        var article: Article
        var source: Source?
        var body: Body
        /// Set when the full article was wanted but could not be loaded.
        var failureNote: String?
        /// True when the page shows the feed's version although a full article exists.
        var showsFeedVersion: Bool
        var hasFullArticle: Bool
        var now: Date
        /// The person's state for it (read once the page opened); nil for no person.
        var state: ReadingState?
        /// The name the person gave the source, if any.
        var sourceName: String?
        /// The list the person came from: back goes there, next and previous follow it.
        var listPath: String?
        var listLabel: String?
        var previousPath: String?
        var nextPath: String?
        /// This page's own address with its `from`, to come back to after starring.
        var selfPath: String?
        /// The story's articles from the person's other sources ("Also covered by"): the
        /// first `alsoCoveredRows`, and how many articles and sources there are in all.
        var alsoCovered: [Coverage] = []
        var alsoCoveredArticleCount = 0
        var alsoCoveredSourceCount = 0
    }

    /// Another source's article of the same story.
    struct Coverage {
        var article: Article
        var sourceName: String
        var sourceLanguage: Language?
    }

    static func render(_ model: Model) -> HTML {
        let article = model.article
        let sourceName = model.sourceName ?? model.source?.name ?? article.sourceID.rawValue
        let author = article.author ?? readerViewByline(model)
        let byline: HTML = author.map { "By <strong>\($0)</strong> · " } ?? .empty
        let readingTime = readingMinutes(model).map { " · \($0) min read" } ?? ""
        let leadImage = leadImageHTML(model)
        let note: HTML = model.failureNote.map { reason in
            """
            <div class="notice" role="status"><p><strong>The full article could not be loaded.</strong> \(reason)</p><p>Below is what the feed provides.</p></div>
            """
        } ?? .empty
        // Demo articles link to addresses under .example, which lead nowhere.
        let isDemo = model.source?.isDemo ?? false
        // Parsed once: the byline and the link to the original both name the host.
        let displayHost = article.url.map(ArticleListPage.displayHost)
        let original: HTML = (isDemo ? nil : article.url).map { url in
            """
            <a class="button" href="\(url)" rel="noopener noreferrer" data-shortcut="v" data-new-tab>Read the original<span class="visually-hidden"> on \(displayHost ?? url)</span></a>
            """
        } ?? .empty
        let switchLink: HTML
        if !model.showsFeedVersion {
            // Only worth offering when the page shows something other than the feed's text.
            switchLink = !model.hasFullArticle ? .empty : "<a class=\"view-switch\" href=\"/articles/\(article.id.description)?view=feed\">Show the feed’s version</a>"
        } else if model.hasFullArticle || (article.url != nil && !isDemo) {
            switchLink = "<a class=\"view-switch\" href=\"/articles/\(article.id.description)\">Show the full article</a>"
        } else {
            switchLink = .empty
        }
        let host: HTML = displayHost.map { " · \($0)" } ?? .empty
        // The article is in its feed's language; Broadsheet's own words around it are English.
        let language = article.language ?? model.source?.knownLanguage
        let ownWords = LanguageAttributes.pageLanguageAttribute(inside: language)
        return PageLayout.document(
            title: article.title, bodyClass: "page-article",
            content: """
            <article class="article"\(LanguageAttributes.attributes(for: language))>
            <nav class="breadcrumb" aria-label="Breadcrumb"\(ownWords)><a href="\(model.listPath ?? "/sources/\(article.sourceID.rawValue)")">← \(model.listLabel ?? sourceName)</a></nav>
            <header class="article-header">
            <p class="kicker"><a href="/sources/\(article.sourceID.rawValue)">\(sourceName)</a></p>
            <h1>\(article.title)</h1>
            <p class="byline"\(ownWords)>\(byline)\(DateText.timeElement(article.publishedAt, now: model.now))\(readingTime)\(host)</p>
            </header>
            \(toolbar(model, ownWords: ownWords))\(leadImage)\(note)<div class="article-body">
            \(bodyHTML(model))
            </div>
            <footer class="article-footer"\(ownWords)>\(original)\(switchLink)</footer>
            </article>
            \(alsoCoveredHTML(model))
            """
        )
    }

    /// Previous, read or unread, star, next: at the top on wide screens, under the thumb on
    /// phones (the stylesheet fixes it to the bottom there).
    private static func toolbar(_ model: Model, ownWords: HTML) -> HTML {
        guard let state = model.state else { return .empty }
        let returnPath = model.listPath ?? "/articles/\(model.article.id.description)"
        let previous: HTML = model.previousPath.map {
            "<a class=\"button secondary\" rel=\"prev\" href=\"\($0)\" data-shortcut=\"p\">\(Icons.previous)<span>Previous</span></a>"
        } ?? "<span class=\"button secondary is-disabled\" aria-disabled=\"true\">\(Icons.previous)<span>Previous</span></span>"
        let next: HTML = model.nextPath.map {
            "<a class=\"button secondary\" rel=\"next\" href=\"\($0)\" data-shortcut=\"n\"><span>Next</span>\(Icons.next)</a>"
        } ?? "<span class=\"button secondary is-disabled\" aria-disabled=\"true\"><span>Next</span>\(Icons.next)</span>"
        return """
        <nav class="article-toolbar" aria-label="Article"\(ownWords)>\(previous)\(ArticleListPage.readToggle(model.article.id, state: state, returnPath: returnPath, compact: false))\(ArticleListPage.starToggle(model.article.id, state: state, returnPath: model.selfPath ?? "/articles/\(model.article.id.description)", compact: false))\(next)</nav>

        """
    }

    /// "Also covered by": the other sources' articles of this story, each linking to its page.
    static func alsoCoveredHTML(_ model: Model) -> HTML {
        guard !model.alsoCovered.isEmpty else { return .empty }
        let items: [HTML] = model.alsoCovered.prefix(alsoCoveredRows).map { coverage in
            let language = coverage.article.language ?? coverage.sourceLanguage
            return """
            <li><a href="/articles/\(coverage.article.id.description)"><span class="also-source">\(coverage.sourceName)</span>: <span class="also-title"\(LanguageAttributes.attributes(for: language))>\(coverage.article.title)</span></a> · \(DateText.timeElement(coverage.article.publishedAt, now: model.now))</li>

            """
        }
        let sourceCount = max(model.alsoCoveredSourceCount, Set(model.alsoCovered.map(\.article.sourceID)).count)
        let more = max(model.alsoCoveredArticleCount, model.alsoCovered.count) - items.count
        let rest: HTML = more > 0 ? "<li class=\"subtle\">and \(counted(more, "more article")) of this story</li>\n" : .empty
        return """
        <aside class="also-covered" aria-labelledby="also-covered-title">
        <h2 id="also-covered-title">Also covered by \(counted(sourceCount, "other source"))</h2>
        <ul>
        \(items)\(rest)</ul>
        </aside>
        """
    }

    /// The most articles "Also covered by" lists: a story that ran for days in many sources
    /// can hold thousands, and the page should stay a page.
    static let alsoCoveredRows = 30

    private static func readerViewByline(_ model: Model) -> String? {
        if case .readerView(let view) = model.body { return view.byline }
        return nil
    }

    private static func bodyHTML(_ model: Model) -> HTML {
        switch model.body {
        case .readerView(let view):
            return HTML(trusted: ProxiedImages.rewritingImages(in: view.html))
        case .feedHTML(let html):
            return HTML(trusted: ProxiedImages.rewritingImages(in: html))
        case .feedText(let text):
            let paragraphs = text.split(whereSeparator: \.isNewline).map { line -> HTML in
                "<p>\(String(line).trimmingSpaces())</p>\n"
            }
            return HTML(trusted: paragraphs.map(\.rendered).joined())
        case .nothing:
            let link: HTML = model.article.url != nil ? " Use the link below to read it on the original site." : ""
            return "<p class=\"subtle\">The feed gave no text for this article.\(link)</p>"
        }
    }

    /// The lead image, unless the body already shows the same picture.
    private static func leadImageHTML(_ model: Model) -> HTML {
        var url = model.article.imageURL
        var bodyMarkup = ""
        switch model.body {
        case .readerView(let view):
            url = view.leadImageURL ?? url
            bodyMarkup = view.html
        case .feedHTML(let html):
            bodyMarkup = html
        case .feedText, .nothing:
            break
        }
        guard let url, !url.isEmpty, !bodyMarkup.contains(url), !bodyMarkup.contains(HTML.escape(url)),
              let source = ProxiedImages.source(url) else { return .empty }
        return """
        <figure class="lead-image"><img src="\(source)" alt="" decoding="async" referrerpolicy="no-referrer"></figure>

        """
    }

    private static func readingMinutes(_ model: Model) -> Int? {
        let text: String? = switch model.body {
        case .readerView(let view): view.text
        case .feedHTML, .feedText: model.article.contentText
        case .nothing: nil
        }
        guard let text else { return nil }
        let words = WordCount.of(text)
        guard words >= 120 else { return nil }
        return max(1, (words + 115) / 230)
    }
}
