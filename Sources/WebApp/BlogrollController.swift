import Foundation
import HTTPTypes
import Hummingbird
import NewsModel
import Storage

/// The public blogrolls: `/blogroll` and `/blogroll.opml` are the library owner's,
/// `/people/NAME/blogroll` and `/people/NAME/blogroll.opml` anyone's who published theirs.
/// Open without login or page password, GET and HEAD only; a blogroll that is not published
/// (the default) is "not found", the same answer as for a name that does not exist.
struct BlogrollController: Sendable {
    let dependencies: WebAppDependencies

    /// Paths anyone may read, no session or password needed.
    static func isPublicPath(_ path: String) -> Bool {
        if path == "/blogroll" || path == "/blogroll.opml" { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "", "people", NAME, "blogroll" or "blogroll.opml"
        return parts.count == 4 && parts[0].isEmpty && parts[1] == "people" && !parts[2].isEmpty
            && (parts[3] == "blogroll" || parts[3] == "blogroll.opml")
    }

    /// A request that passes the login and page-password walls: reading a blogroll path.
    static func isPublicRequest(_ request: Request) -> Bool {
        (request.method == .get || request.method == .head) && isPublicPath(request.uri.path)
    }

    func register(on router: Router<ReaderRequestContext>) {
        router.get("/blogroll") { _, _ in try await page(for: try await dependencies.store.owner(), opmlPath: "/blogroll.opml") }
        router.get("/blogroll.opml") { _, _ in try await opml(for: try await dependencies.store.owner()) }
        router.get("/people/:name/blogroll") { _, context in
            let user = try await person(context)
            let name = user.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user.name
            return try await page(for: user, opmlPath: "/people/\(name)/blogroll.opml")
        }
        router.get("/people/:name/blogroll.opml") { _, context in try await opml(for: try await person(context)) }
        // The person's own choice, behind their login like every setting.
        let pages = PageController(dependencies: dependencies)
        router.get("/settings/blogroll") { request, context in try await pages.blogrollSettingsPage(request, context: context) }
        router.post("/settings/blogroll") { request, context in try await pages.saveBlogrollSettings(request, context: context) }
    }

    private func person(_ context: ReaderRequestContext) async throws -> User {
        guard let name = context.parameters.get("name"), name.utf8.count <= User.maximumNameLength * 4,
              let user = try await dependencies.store.user(named: name) else {
            throw Self.notPublished
        }
        return user
    }

    private func model(for user: User, opmlPath: String) async throws -> BlogrollPage.Model {
        let store = dependencies.store
        let choice = try await store.blogrollChoice(for: user.id)
        guard choice.isPublished else { throw Self.notPublished }
        return BlogrollPage.Model(
            ownerName: user.hasPassword ? user.name : nil, introduction: choice.introduction,
            entries: try await store.blogroll(of: user.id), opmlPath: opmlPath
        )
    }

    private func page(for user: User, opmlPath: String) async throws -> Response {
        .html(BlogrollPage.render(try await model(for: user, opmlPath: opmlPath)))
    }

    private func opml(for user: User) async throws -> Response {
        let text = BlogrollPage.opml(try await model(for: user, opmlPath: ""))
        let bytes = Array(text.utf8)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/x-opml; charset=utf-8", .cacheControl: "no-cache",
                .contentDisposition: "inline; filename=\"blogroll.opml\"",
                .eTag: "W/\"\(StaticAsset.fingerprint(bytes))\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    /// Unknown person and unpublished blogroll alike: nothing says which it was.
    struct NotPublished: Error, HTTPResponseError {
        var status: HTTPResponse.Status { .notFound }

        func response(from request: Request, context: some RequestContext) throws -> Response {
            .html(
                ErrorPage.render(
                    status: .notFound, title: "No blogroll here",
                    message: "Nobody has published a blogroll at this address. If it is yours, choose what to share and publish it in Settings."
                ),
                status: .notFound
            )
        }
    }

    static let notPublished = NotPublished()
}
