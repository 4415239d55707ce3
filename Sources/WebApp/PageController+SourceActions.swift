import Foundation
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage

/// What a person does to one source besides reading it: refresh it now, edit it; and
/// refreshing everything from the grid. `CSRFMiddleware` has checked each post's form token.
extension PageController {
    // MARK: Refresh now

    func refreshSource(_ request: Request, context: some RequestContext) async throws -> Response {
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id) else {
            return .html(unknownSourcePage(rawID), status: .notFound)
        }
        guard let refreshes = dependencies.onDemandRefresh else {
            throw PageError(status: .serviceUnavailable, message: "This server cannot fetch feeds; refresh from the command line with broadsheet refresh.")
        }
        let report = await refreshes.refresh(source)
        dependencies.logger.info("Refreshed a source on request", metadata: ["feed.id": .string(id.rawValue)])
        let outcome: String = switch report.outcome {
        case .updated(let inserted, _): String(inserted)
        case .notModified: "0"
        case .failed: "failed"
        }
        return .seeOther("/sources/\(id.rawValue)?refreshed=\(outcome)")
    }

    func refreshEverything(_ request: Request) async throws -> Response {
        guard let refreshes = dependencies.onDemandRefresh else {
            throw PageError(status: .serviceUnavailable, message: "This server cannot fetch feeds; refresh from the command line with broadsheet refresh.")
        }
        let sources = try await dependencies.store.sources(matching: SourceQuery()).filter { !$0.isDemo }
        if await refreshes.refreshEverything(sources) {
            dependencies.logger.info("Refreshing every source on request", metadata: ["sources": .stringConvertible(sources.count)])
        }
        return .seeOther("/")
    }

    // MARK: Editing

    func editSourcePage(context: some RequestContext) async throws -> Response {
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id) else {
            return .html(unknownSourcePage(rawID), status: .notFound)
        }
        return .html(SourceEditPage.render(.init(source: source, articleCount: try await articleCount(of: id))))
    }

    func saveSource(_ request: Request, context: some RequestContext) async throws -> Response {
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), var source = try await dependencies.store.source(id) else {
            return .html(unknownSourcePage(rawID), status: .notFound)
        }
        let body = try await request.body.collect(upTo: 16 * 1024)
        let fields = QueryParameters(query: String(buffer: body))
        var model = SourceEditPage.Model(source: source, articleCount: try await articleCount(of: id))
        let form: SourceEditForm
        do {
            form = try SourceEditForm(form: fields, currentFeedURL: source.feedURL, addressIsEditable: model.hasEditableAddress)
        } catch {
            model.name = fields["name"] ?? ""
            model.address = model.hasEditableAddress ? fields["address"] ?? "" : source.feedURL
            model.category = fields["category"] ?? ""
            model.language = fields["language"] ?? ""
            model.country = fields["country"] ?? ""
            model.error = error.description
            return .html(SourceEditPage.render(model), status: .unprocessableContent)
        }
        let movedFeed = form.feedURL != source.feedURL
        if movedFeed, let twin = try await dependencies.store.sources(matching: SourceQuery()).first(where: { $0.feedURL == form.feedURL && $0.id != id }) {
            model.name = form.name
            model.address = form.feedURL
            model.error = "You already follow that feed as \(twin.name). Stop following one of the two instead."
            return .html(SourceEditPage.render(model), status: .unprocessableContent)
        }
        source.name = form.name
        source.feedURL = form.feedURL
        source.category = form.category
        source.language = form.language
        source.country = form.country
        try await dependencies.store.updateSource(source)
        dependencies.logger.info("Edited a source", metadata: ["feed.id": .string(id.rawValue), "feed.url": .string(source.feedURL)])
        // A new address is fetched at once, so the source's page says whether it works.
        if movedFeed, let refreshes = dependencies.onDemandRefresh {
            _ = await refreshes.refresh(source)
        }
        return .seeOther("/sources/\(id.rawValue)")
    }

    private func articleCount(of id: SourceID) async throws -> Int {
        try await dependencies.store.articles(matching: ArticleQuery(sources: [id], page: 1, pageSize: 1)).totalResults
    }
}
