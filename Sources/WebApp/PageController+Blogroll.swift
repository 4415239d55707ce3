import Foundation
import HTTPTypes
import Hummingbird
import NewsModel
import Storage

/// Choosing what one's public blogroll shows (`BlogrollController` serves it).
extension PageController {
    func blogrollSettingsPage(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        try await blogrollSettingsResponse(request, reader: try context.requireReader())
    }

    func saveBlogrollSettings(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        // One field per checked source or folder: room for a few thousand.
        let body = try await request.body.collect(upTo: 512 * 1024)
        let form = QueryParameters(query: String(buffer: body), maximumBytes: 512 * 1024, maximumCount: 10_000)
        var choice = BlogrollChoice(isPublished: form["published"] == "true", introduction: BlogrollChoice.validIntroduction(form["introduction"]))
        for name in form.names {
            if name.hasPrefix("source."), let id = SourceID(rawValue: String(name.dropFirst(7))) {
                choice.sources.insert(id)
            } else if name.hasPrefix("folder."), let number = Int64(name.dropFirst(7)) {
                choice.folders.insert(FolderID(rawValue: number))
            }
        }
        // The store keeps only sources the person follows and folders that are theirs.
        try await dependencies.store.saveBlogrollChoice(choice, for: reader.id)
        let saved = try await dependencies.store.blogroll(of: reader.id).count
        let message = choice.isPublished
            ? "Saved. Your blogroll is public and shows \(counted(saved, "source"))."
            : "Saved. Your blogroll is not published."
        return try await blogrollSettingsResponse(request, reader: reader, notice: .saved(message))
    }

    private func blogrollSettingsResponse(_ request: Request, reader: Reader, notice: SettingsPage.Model.Notice? = nil) async throws -> Response {
        let store = dependencies.store
        let base = dependencies.baseURL(for: request)
        let owner = try await store.owner()
        let path = owner.id == reader.id
            ? "/blogroll"
            : "/people/\(reader.user.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? reader.user.name)/blogroll"
        let model = BlogrollSettingsPage.Model(
            choice: try await store.blogrollChoice(for: reader.id),
            summaries: try await store.subscriptionSummaries(for: reader.id),
            folders: try await store.folders(of: reader.id),
            publicURL: base + path, opmlURL: base + path + ".opml", notice: notice
        )
        return .html(BlogrollSettingsPage.render(model))
    }
}
