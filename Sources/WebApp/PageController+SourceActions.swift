import Foundation
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage
import SyncSupport

/// What a person does to one source besides reading it: refresh it now, edit it; and
/// refreshing everything from the grid. `CSRFMiddleware` has checked each post's form token.
extension PageController {
    // MARK: Refresh now

    func refreshSource(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id),
              try await dependencies.store.subscription(to: id, for: reader.id) != nil else {
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

    func refreshEverything(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let refreshes = dependencies.onDemandRefresh else {
            throw PageError(status: .serviceUnavailable, message: "This server cannot fetch feeds; refresh from the command line with broadsheet refresh.")
        }
        let sources = try await dependencies.store.subscriptionSummaries(for: reader.id).map(\.source).filter { !$0.isDemo }
        if await refreshes.refreshEverything(sources) {
            dependencies.logger.info("Refreshing every source on request", metadata: ["sources": .stringConvertible(sources.count)])
        }
        return .seeOther("/")
    }

    // MARK: Editing

    func editSourcePage(context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let (source, subscription) = try await followedSource(context, reader: reader) else {
            return .html(unknownSourcePage(context.parameters.get("id") ?? ""), status: .notFound)
        }
        return .html(SourceEditPage.render(try await editModel(source, subscription, reader: reader)))
    }

    private func followedSource(_ context: ReaderRequestContext, reader: Reader) async throws -> (Source, Subscription)? {
        guard let id = context.parameters.get("id").flatMap(SourceID.init(rawValue:)),
              let source = try await dependencies.store.source(id),
              let subscription = try await dependencies.store.subscription(to: id, for: reader.id) else { return nil }
        return (source, subscription)
    }

    private func editModel(_ source: Source, _ subscription: Subscription, reader: Reader) async throws -> SourceEditPage.Model {
        var model = SourceEditPage.Model(source: source, articleCount: try await articleCount(of: source.id))
        model.name = subscription.displayName(for: source)
        model.editsSharedFields = reader.isAdmin
        model.folders = try await dependencies.store.folders(of: reader.id)
        model.folder = subscription.folderID.map(\.description) ?? ""
        return model
    }

    /// A person renames the source for themselves and files it in a folder; an admin also
    /// changes what everyone shares: the name, the feed's address, category, language, country.
    func saveSource(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let (stored, storedSubscription) = try await followedSource(context, reader: reader) else {
            return .html(unknownSourcePage(context.parameters.get("id") ?? ""), status: .notFound)
        }
        var source = stored
        var subscription = storedSubscription
        let id = source.id
        let fields = try await formFields(request)
        var model = try await editModel(source, subscription, reader: reader)
        let refused = { (message: String) -> Response in
            model.name = fields["name"] ?? ""
            if model.hasEditableAddress, model.editsSharedFields { model.address = fields["address"] ?? "" }
            model.category = fields["category"] ?? model.category
            model.language = fields["language"] ?? model.language
            model.country = fields["country"] ?? model.country
            model.folder = fields["folder"] ?? ""
            model.newFolder = fields["new_folder"] ?? ""
            model.error = message
            return .html(SourceEditPage.render(model), status: .unprocessableContent)
        }
        var form: SourceEditForm
        do {
            var shared = fields
            if !model.editsSharedFields {
                // A reader's form has no shared fields: keep the stored ones.
                shared = QueryParameters(query: "name=" + SearchPage.encodedQueryValue(fields["name"] ?? "")
                    + "&category=" + (source.category?.rawValue ?? "") + "&language=" + (source.language?.rawValue ?? "")
                    + "&country=" + (source.country?.rawValue ?? ""))
            }
            form = try SourceEditForm(form: shared, currentFeedURL: source.feedURL, addressIsEditable: model.hasEditableAddress && model.editsSharedFields)
        } catch {
            return refused(error.description)
        }
        // The folder: one of theirs, a new one, or none.
        var folderID: FolderID?
        let newFolder = fields["new_folder"]?.trimmingSpaces() ?? ""
        if !newFolder.isEmpty {
            guard let name = Folder.validName(newFolder) else { return refused("A folder name is 1 to \(Folder.maximumNameLength) characters.") }
            folderID = try await dependencies.store.folder(named: name, for: reader.id).id
        } else if let raw = fields["folder"], !raw.isEmpty {
            guard let number = Int64(raw), model.folders.contains(where: { $0.id.rawValue == number }) else { return refused("Pick the folder from the list.") }
            folderID = FolderID(rawValue: number)
        }
        let movedFeed = form.feedURL != source.feedURL
        if movedFeed, let twin = try await dependencies.store.sources(matching: SourceQuery()).first(where: { $0.feedURL == form.feedURL && $0.id != id }) {
            return refused("That feed is already in the library as \(twin.name). Follow it from Add a source, and stop following this one.")
        }
        if model.editsSharedFields {
            source.name = form.name
            source.feedURL = form.feedURL
            source.category = form.category
            source.language = form.language
            source.country = form.country
            if source != stored { try await dependencies.store.updateSource(source) }
            subscription.name = nil
        } else {
            subscription.name = form.name == source.name ? nil : form.name
        }
        subscription.folderID = folderID
        if subscription != storedSubscription { try await dependencies.store.updateSubscription(subscription) }
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
