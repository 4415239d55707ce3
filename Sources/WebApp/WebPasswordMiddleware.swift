import FeverAPI
import Foundation
import GoogleReaderAPI
import HTTPTypes
import Hummingbird
import Storage
import WebSub

/// Asks for the reader's password (HTTP Basic authentication, any user name) before any
/// page when `WebAppConfiguration.webPassword` is set and nobody has an account yet: a server that listens beyond this
/// machine should not let everyone on the network read, add and remove sources. The JSON
/// API keeps its own keys; the app's icons, manifest and assets stay public because
/// browsers fetch them without credentials.
struct WebPasswordMiddleware<Context: RequestContext>: RouterMiddleware {
    /// SHA-256 of the password: compared digest to digest, so the time taken says nothing
    /// about how much of a guess was right.
    let passwordDigest: [UInt8]

    /// Once someone has an account, logins guard the pages and this gate stands aside.
    let store: (any AccountStore)?

    init(password: String, store: (any AccountStore)? = nil) {
        passwordDigest = SecretDigest.sha256(password.utf8)
        self.store = store
    }

    static func isPublic(_ path: String) -> Bool {
        NewsAPIController.isAPIPath(path) || GoogleReaderAPI.isAPIPath(path) || FeverAPI.isAPIPath(path) || path.hasPrefix("/static/") || path.hasPrefix("/icons/")
            || path == "/manifest.webmanifest" || path == "/favicon.ico" || path.hasPrefix(PushConfiguration.callbackPathPrefix)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.isPublic(request.uri.path) || BlogrollController.isPublicRequest(request) || isAuthorized(request) {
            return try await next(request, context)
        }
        if let store, try await store.hasAccounts() {
            return try await next(request, context)
        }
        var response = Response.html(
            ErrorPage.render(
                status: .unauthorized, title: "Password needed",
                message: "This Broadsheet asks for the reader's password. Enter it when your browser asks (any user name will do); whoever runs the server set it with --web-password-file."
            ),
            status: .unauthorized
        )
        response.headers[.wwwAuthenticate] = #"Basic realm="Broadsheet", charset="UTF-8""#
        return response
    }

    func isAuthorized(_ request: Request) -> Bool {
        guard let value = request.headers[.authorization], value.utf8.count <= 4_096,
              value.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let colon = decoded.firstIndex(of: UInt8(ascii: ":")) else {
            return false
        }
        let presented = SecretDigest.sha256(decoded[decoded.index(after: colon)...])
        return SecretDigest.isEqual(presented, passwordDigest)
    }
}
