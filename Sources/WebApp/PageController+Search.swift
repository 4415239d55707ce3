import FeedParsing
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage

/// `/search`: the search page.
extension PageController {
    func search(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        // Kept like the lists while neither the library nor this person's marks change: a
        // search page read again (back, reload, the next page and back) is not searched again.
        return try await cachedPage(request, reader: reader) { try await renderSearchPage(request, reader: reader) }
    }

    private func renderSearchPage(_ request: Request, reader: Reader) async throws -> PageCache.Outcome {
        let query = QueryParameters(query: request.uri.query)
        let text = query.nonEmpty("q") ?? ""
        let pageSize = reader.settings.articlesPerPage
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
            return .response(.html(SearchPage.render(model), status: .badRequest))
        }
        guard !search.isEmpty else {
            if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                model.problem = "“\(text)” has no word to search for: type at least one word or \"a phrase\"."
            }
            return .page(SearchPage.render(model))
        }
        let results = try await dependencies.store.articles(matching: ArticleQuery(
            search: search, followedBy: reader.id, sortBy: model.order.sortOrder, page: model.page, pageSize: pageSize,
            countLimit: ArticleQuery.standardCountLimit
        ))
        model.articles = results.articles
        model.totalResults = results.totalResults
        model.highlighter = SearchHighlighter(query: search)
        if model.page > model.pageCount {
            return .response(.seeOther(SearchPage.path(model, order: model.order, page: model.pageCount)))
        }
        model.sourceNames = results.sourceNames
        model.states = try await dependencies.store.readingStates(of: results.articles.map(\.id), for: reader.id)
        return .page(SearchPage.render(model))
    }
}
