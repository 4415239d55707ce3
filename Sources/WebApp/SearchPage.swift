import Foundation
import NewsModel

/// `/search?q=…`: every stored article that matches, newest first or best match first,
/// a page at a time. The same query language as the API's `q`.
enum SearchPage {
    enum Order: String, Sendable {
        case newest
        case relevance

        var sortOrder: NewsModel.SortOrder { self == .newest ? .publishedAt : .relevancy }
    }

    struct Model {
        /// What the person typed, as typed.
        var text: String
        var order: Order = .newest
        var articles: [Article] = []
        var sourceNames: [SourceID: String] = [:]
        /// The person's state for each result.
        var states: [ArticleID: ReadingState] = [:]
        var totalResults = 0
        var page = 1
        var pageSize = 30
        /// Marks the searched words in each result.
        var highlighter: SearchHighlighter?
        /// Why the search could not run, in words a person can act on.
        var problem: String?
        var now: Date

        var pageCount: Int { max(1, (totalResults + pageSize - 1) / pageSize) }
    }

    static func render(_ model: Model) -> HTML {
        let trimmed = model.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let results: HTML
        if let problem = model.problem {
            results = "<div class=\"notice error\" role=\"status\"><p>\(problem)</p></div>"
        } else if trimmed.isEmpty {
            results = """
            <p class="subtle">Search the title, description and text of every article you follow. \
            Use <code>"exact phrases"</code>, <code>-word</code> to leave a word out, and \
            <code>AND</code>, <code>OR</code>, <code>NOT</code> with parentheses.</p>
            """
        } else if model.articles.isEmpty {
            results = "<p class=\"subtle\" role=\"status\">Nothing matches “\(trimmed)”. Try fewer or other words, or check the spelling.</p>"
        } else {
            results = """
            <div class="search-summary"><p class="subtle" role="status">\(countText(model.totalResults))</p>\(orderSwitch(model))</div>
            <ol class="article-list">
            \(model.articles.map { ArticleListPage.row($0, now: model.now, sourceName: model.sourceNames[$0.sourceID], highlighter: model.highlighter, state: model.states[$0.id], returnPath: path(model, order: model.order, page: model.page)) })</ol>
            \(pagination(model))
            """
        }
        return PageLayout.document(
            title: trimmed.isEmpty ? "Search" : "Search: \(String(trimmed.prefix(80)))", bodyClass: "page-search",
            content: """
            <section class="search-page">
            <h1>Search</h1>
            <form class="search-form" action="/search" method="get" role="search">
            <label class="visually-hidden" for="search-text">Search articles</label>
            <input id="search-text" type="search" name="q" value="\(model.text)" maxlength="\(SearchQuery.maximumLength)" placeholder="Words or “a phrase”" enterkeyhint="search"\(raw: trimmed.isEmpty ? " autofocus" : "")>
            <button class="button" type="submit">Search</button>
            </form>
            \(results)
            </section>
            """
        )
    }

    static func countText(_ count: Int) -> String {
        // Matches are counted up to the limit (as far as anyone can page).
        if count >= ArticleQuery.standardCountLimit {
            return "\(grouped(count)) or more articles match: the newest \(grouped(count)) are listed. Add a word to find older ones."
        }
        return count == 1 ? "1 article matches" : "\(grouped(count)) articles match"
    }

    /// `count` with its thousands set apart by commas, as the page's English reads them.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return count < 0 ? "-" + text : text
    }

    private static func orderSwitch(_ model: Model) -> HTML {
        let newest: HTML = model.order == .newest
            ? "<strong aria-current=\"true\">Newest</strong>"
            : "<a href=\"\(path(model, order: .newest, page: 1))\">Newest</a>"
        let relevance: HTML = model.order == .relevance
            ? "<strong aria-current=\"true\">Best match</strong>"
            : "<a href=\"\(path(model, order: .relevance, page: 1))\">Best match</a>"
        return "<p class=\"view-switch\">Sort: \(newest) · \(relevance)</p>"
    }

    private static func pagination(_ model: Model) -> HTML {
        PaginationBar.render(page: model.page, pageCount: model.pageCount, previousLabel: "Previous", nextLabel: "Next") {
            path(model, order: model.order, page: $0)
        }
    }

    /// The address of another page or order of the same search.
    static func path(_ model: Model, order: Order, page: Int) -> String {
        var path = "/search?q=" + encodedQueryValue(model.text)
        if order != .newest { path += "&sort=" + order.rawValue }
        if page > 1 { path += "&page=\(page)" }
        return path
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes a query value: everything but unreserved characters, so `&`, `+`,
    /// `#` and `=` in the search text stay part of it.
    static func encodedQueryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
