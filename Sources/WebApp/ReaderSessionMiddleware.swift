import Foundation
import HTTPTypes
import Hummingbird
import NewsModel
import Storage

/// Works out who each request is for. While the library has no accounts, everyone who can
/// reach the pages is its owner, exactly as before accounts existed (`serve` on loopback, or
/// behind `--web-password-file`). Once someone has an account, every page but the login
/// page needs a session: a browser without one is sent to log in and comes back after.
struct ReaderSessionMiddleware: RouterMiddleware {
    typealias Context = ReaderRequestContext
    let dependencies: WebAppDependencies

    /// Paths that never need a reader: assets browsers fetch without credentials, the API,
    /// which has its own keys, and the sync APIs, which have app passwords.
    static func isPublic(_ path: String) -> Bool {
        WebPasswordMiddleware<ReaderRequestContext>.isPublic(path) || path == "/sw.js" || path.hasPrefix("/demo/images/")
    }

    /// Pages a browser without a session may open when accounts exist.
    static func isOpenWithoutLogin(_ path: String) -> Bool {
        path == "/login" || path == "/offline" || path == "/setup"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if Self.isPublic(path) || BlogrollController.isPublicRequest(request) { return try await next(request, context) }
        let store = dependencies.store
        var context = context
        let now = dependencies.now()
        let cookie = dependencies.sessionCookie
        let token = cookie.token(in: request)
        let pageReader = if let readers = dependencies.pageReaders {
            try await readers.pageReader(sessionToken: token, at: now, in: store)
        } else {
            try await store.pageReader(sessionToken: token, at: now)
        }
        switch pageReader {
        case .owner(let owner, let settings):
            let reader = Reader(user: owner, session: nil, settings: settings)
            context.reader = reader
            return try await withChrome(for: reader) { try await next(request, context) }
        case .signedIn(let authenticated, let settings):
            guard let token else { break }
            let reader = Reader(user: authenticated.user, session: authenticated.session, settings: settings)
            context.reader = reader
            var response = try await withChrome(for: reader) { try await next(request, context) }
            // Sliding sessions: a session in use keeps going. Written at most once a minute.
            if now.timeIntervalSince(authenticated.session.lastSeenAt) >= 60, response.headers[.setCookie] == nil {
                try await store.touchSession(authenticated.session.id, seenAt: now, expiresAt: now.addingTimeInterval(SessionCookie.lifetime))
                response.setCookie(cookie.cookie(token: token))
            }
            return response
        case .signedOut:
            break
        }
        if Self.isOpenWithoutLogin(path) {
            return try await withChrome(for: nil) { try await next(request, context) }
        }
        if request.method == .get || request.method == .head {
            return .seeOther("/login?next=" + SearchPage.encodedQueryValue(LocalPath.pathAndQuery(of: request)))
        }
        return .html(
            ErrorPage.render(
                status: .unauthorized, title: "Log in again",
                message: "Your session has ended, so nothing was changed. Log in, then do it again.",
                actionPath: "/login", actionLabel: "Log in"
            ),
            status: .unauthorized
        )
    }

    private func withChrome(for reader: Reader?, _ body: () async throws -> Response) async throws -> Response {
        let values = PageChrome.Values(
            theme: reader?.settings.theme ?? .system, isSignedIn: reader?.isSignedIn ?? false,
            userName: reader?.isSignedIn == true ? reader?.user.name : nil
        )
        return try await PageChrome.$current.withValue(values, operation: body)
    }
}

/// Addresses inside Broadsheet that a form may send a person back to. `next` and `return`
/// values are client input: only a path on this site is followed, never another site
/// (`//evil.example`, `https://…`, `/\evil.example`).
enum LocalPath {
    static func validated(_ value: String?, default fallback: String = "/") -> String {
        guard let value, value.utf8.count <= 2_000, value.hasPrefix("/"), !value.hasPrefix("//"),
              !value.contains("\\"), !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return fallback
        }
        return value
    }

    static func pathAndQuery(of request: Request) -> String {
        let query = request.uri.query.map { "?" + $0 } ?? ""
        return request.uri.path + query
    }
}
