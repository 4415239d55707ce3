import FeedParsing
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage
import SyncSupport

/// Changing what is followed: adding a source, importing and exporting OPML, stopping
/// following a source, removing the demo. `CSRFMiddleware` has checked each request's form
/// token before any of these runs.
extension PageController {
    // MARK: Adding a source

    /// The longest a person waits for discovery before being told to try again.
    static let addSourceTimeout: Duration = .seconds(45)

    func addSource(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let subscriber = dependencies.subscriber else {
            return .html(AddSourcePage.render(.init(isAvailable: false)), status: .serviceUnavailable)
        }
        let body = try await request.body.collect(upTo: 16 * 1024)
        let form = QueryParameters(query: String(buffer: body))
        var model = AddSourcePage.Model(
            address: form["address"]?.trimmingSpaces() ?? "",
            name: form["name"]?.trimmingSpaces() ?? "",
            category: form["category"] ?? ""
        )
        guard !model.address.isEmpty else {
            model.error = "Type the address of a site or of its feed."
            return .html(AddSourcePage.render(model), status: .unprocessableContent)
        }
        // Files on the server are the command line's business: a path typed here is refused
        // before anything looks at the disk, with the same words for every path.
        guard let address = FeedDiscovery.webAddress(model.address) else {
            model.error = FeedDiscovery.DiscoveryError.notAWebAddress(model.address).description
            return .html(AddSourcePage.render(model), status: .unprocessableContent)
        }
        let name = model.name.isEmpty ? nil : model.name
        let category = Category(rawValue: model.category)
        do {
            let subscription = try await withThrowingTaskGroup(of: SourceSubscriber.Subscription?.self) { group in
                group.addTask { try await subscriber.subscribe(to: address, name: name, category: category, as: reader.id, allowsLocalFiles: false) }
                group.addTask {
                    try await Task.sleep(for: Self.addSourceTimeout)
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            guard let subscription else {
                model.error = "Finding the feed took too long; the site may be slow. Try again, or give the feed's own address."
                return .html(AddSourcePage.render(model), status: .unprocessableContent)
            }
            dependencies.logger.info("Followed a new source", metadata: ["feed.id": .string(subscription.source.id.rawValue), "feed.url": .string(subscription.source.feedURL)])
            return .seeOther("/sources/\(subscription.source.id.rawValue)")
        } catch {
            model.error = String(describing: error)
            return .html(AddSourcePage.render(model), status: .unprocessableContent)
        }
    }

    // MARK: Demo removal

    func removeDemo(_ request: Request) async throws -> Response {
        let removed = try await dependencies.store.removeDemoSources()
        try await dependencies.store.setSetting(WebAppSettingKey.demoDismissed, to: "true")
        dependencies.logger.info("Removed the demo edition", metadata: ["sources.removed": .stringConvertible(removed)])
        return .seeOther( "/")
    }

    // MARK: OPML

    func importSubscriptions(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        var model = AddSourcePage.Model(isAvailable: dependencies.subscriber != nil)
        let failed = { (message: String, status: HTTPResponse.Status) -> Response in
            model.importOutcome = .failed(message)
            return .html(AddSourcePage.render(model), status: status)
        }
        let body: ByteBuffer
        do {
            // The file plus the form's own few hundred bytes.
            body = try await request.body.collect(upTo: OPMLDocument.maximumSize + 64 * 1024)
        } catch {
            return failed("The file is larger than \(OPMLDocument.maximumSize / 1_048_576) MB; no reader's subscription list is that big. Check that it is an OPML file.", .contentTooLarge)
        }
        let form: MultipartFormData
        do {
            form = try MultipartFormData(body: Array(buffer: body), contentType: request.headers[.contentType] ?? "")
        } catch {
            return failed("The upload could not be read. Choose the OPML file again and press Import.", .badRequest)
        }
        guard let file = form.part(named: "opml"), !file.body.isEmpty else {
            return failed("Choose an OPML file first, then press Import.", .unprocessableContent)
        }
        let document: OPMLDocument
        do {
            document = try OPMLDocument(parsing: Array(file.body))
        } catch {
            return failed("\(file.fileName.map { "“\($0)”" } ?? "The file") is not a subscription list Broadsheet can read: \(error)", .unprocessableContent)
        }
        let summary = try await opml.importOutlines(of: document, as: reader.id)
        dependencies.logger.info("Imported subscriptions", metadata: ["sources.added": .stringConvertible(summary.added.count)])
        model.importOutcome = .imported(
            added: summary.added.count,
            skipped: summary.skipped.map { "\($0.title ?? $0.feedURL) (\($0.feedURL)): \($0.reason)" }
        )
        model.exportNote = try await opml.export(for: reader.id).leftOutNote
        return .html(AddSourcePage.render(model))
    }

    /// OPML in and out for the pages, with the server's rule on private addresses.
    var opml: OPMLSubscriptions {
        OPMLSubscriptions(store: dependencies.store, allowsPrivateAddresses: dependencies.configuration.allowsPrivateAddresses)
    }

    /// The "Add a source" page, saying what an export would leave out.
    func addSourceForm(context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        return .html(AddSourcePage.render(.init(isAvailable: dependencies.subscriber != nil, exportNote: try await opml.export(for: reader.id).leftOutNote)))
    }

    func exportSubscriptions(context: ReaderRequestContext) async throws -> Response {
        let export = try await opml.export(for: try context.requireReader().id)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/x-opml; charset=utf-8",
                .contentDisposition: "attachment; filename=\"broadsheet-subscriptions.opml\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: export.document.serialized(comment: export.leftOutNote)))
        )
    }

    /// "Stop following" on a source's page: the source, its articles and their reader views go.
    func removeSource(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let rawID = context.parameters.get("id") ?? ""
        guard let id = SourceID(rawValue: rawID), let source = try await dependencies.store.source(id),
              try await dependencies.store.subscription(to: id, for: reader.id) != nil else {
            return .html(unknownSourcePage(rawID), status: .notFound)
        }
        guard !source.isDemo else {
            throw PageError(status: .forbidden, message: "Demo sources leave together: press Remove demo on the list of sources.")
        }
        // The source leaves this person's library; it stays in others' (and while anything
        // in it is starred).
        try await dependencies.store.unfollow(id, as: reader.id)
        dependencies.logger.info("Stopped following a source", metadata: ["source": .string(id.rawValue), "user": .string(reader.user.name)])
        return .seeOther("/")
    }
}
