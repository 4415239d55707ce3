import Foundation
import Hummingbird
import Logging
import NewsModel
import Refresh
import Storage
import SyncSupport

/// The Google Reader API, as FreshRSS and Miniflux serve it and reader apps (NetNewsWire,
/// Reeder, FeedMe, Read You, newsboat…) speak it. The contract is `docs/sync-apis.md`.
///
/// Served at the root (`/accounts/ClientLogin`, `/reader/api/0/…`, `/reader/atom/…`) and under
/// `/api/greader.php`, which apps made for FreshRSS add to the address a person types. Apps
/// sign in with a person's name and one of their app passwords, never the login password.
public struct GoogleReaderAPI: Sendable {
    /// Where the API is served: the root, and FreshRSS's path.
    public static let prefixes = ["", "/api/greader.php"]

    let store: any ReaderStore
    let signIn: AppPasswordSignIn
    /// Follows new feeds (`subscription/quickadd`, `subscribe`); nil where the server cannot fetch.
    let subscriber: SourceSubscriber?
    let bodyReader: RequestBodyReader
    let logger: Logger
    let now: @Sendable () -> Date

    public init(
        store: any ReaderStore, signIn: AppPasswordSignIn, subscriber: SourceSubscriber?,
        bodyReader: RequestBodyReader = RequestBodyReader(), logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.signIn = signIn
        self.subscriber = subscriber
        self.bodyReader = bodyReader
        self.logger = logger
        self.now = now
    }

    /// True for every path this API answers (after repeated slashes are made one), so the web
    /// app's session, page-password and form-token walls stand aside for it.
    public static func isAPIPath(_ path: String) -> Bool {
        let path = SyncPath.normalized(path)
        return prefixes.contains { prefix in
            let trimmed = prefix.isEmpty ? path : (path.hasPrefix(prefix + "/") ? String(path.dropFirst(prefix.utf8.count)) : "")
            return trimmed.hasPrefix("/accounts/ClientLogin") || trimmed.hasPrefix("/reader/api/") || trimmed.hasPrefix("/reader/atom")
        }
    }

    public func register<Context: RemoteAddressRequestContext>(on router: Router<Context>) {
        for prefix in Self.prefixes {
            let api = prefix + "/reader/api/0"
            on(router, prefix + "/accounts/ClientLogin") { request, context in await clientLogin(request, context: context) }
            on(router, api + "/token", authenticated { call in .text(Self.editToken(forKey: call.key)) })
            on(router, api + "/user-info", authenticated { try await userInfo($0) })
            on(router, api + "/subscription/list", authenticated { try await subscriptionList($0) })
            on(router, api + "/subscription/edit", authenticated { try await editSubscription($0) })
            on(router, api + "/subscription/quickadd", authenticated { try await quickAdd($0) })
            on(router, api + "/tag/list", authenticated { try await tagList($0) })
            on(router, api + "/rename-tag", authenticated { try await renameTag($0) })
            on(router, api + "/disable-tag", authenticated { try await disableTag($0) })
            on(router, api + "/unread-count", authenticated { try await unreadCount($0) })
            on(router, api + "/stream/contents", authenticated { try await streamContents($0) })
            on(router, api + "/stream/contents/**", authenticated { try await streamContents($0) })
            on(router, api + "/stream/items/ids", authenticated { try await itemIDs($0) })
            on(router, api + "/stream/items/contents", authenticated { try await itemContents($0) })
            on(router, api + "/edit-tag", authenticated { try await editTag($0) })
            on(router, api + "/mark-all-as-read", authenticated { try await markAllAsRead($0) })
            on(router, prefix + "/reader/atom", authenticated { try await atomFeed($0) })
            on(router, prefix + "/reader/atom/**", authenticated { try await atomFeed($0) })
            // Anything else under the API is the protocol's "bad request", not a web page.
            on(router, api + "/**") { _, _ in GoogleReaderFailure.badRequest("There is no such Google Reader API endpoint.").response }
        }
    }

    /// Apps differ in which method they use for reading calls; every endpoint takes GET and POST.
    private func on<Context: RequestContext>(
        _ router: Router<Context>, _ path: String,
        _ handler: @escaping @Sendable (Request, Context) async -> Response
    ) {
        router.get(RouterPath(path)) { request, context in await handler(request, context) }
        router.post(RouterPath(path)) { request, context in await handler(request, context) }
    }

    // MARK: One request

    /// What an authenticated call has: the person, the key it signed in with, its fields.
    struct Call: Sendable {
        var user: User
        var key: String
        var fields: FormFields
        var request: Request
    }

    /// Authenticates the request (`Authorization: GoogleLogin auth=TOKEN`), reads its fields
    /// and runs `body`, turning every failure into the protocol's own answer.
    private func authenticated<Context: RemoteAddressRequestContext>(
        _ body: @escaping @Sendable (Call) async throws -> Response
    ) -> @Sendable (Request, Context) async -> Response {
        { request, context in
            await answering(request) {
                let (user, key) = try await authenticate(request, address: context.clientAddress)
                return try await body(Call(user: user, key: key, fields: try await fields(of: request), request: request))
            }
        }
    }

    func answering(_ request: Request, _ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let failure as GoogleReaderFailure {
            return failure.response
        } catch let failure as RequestBodyReader.Failure {
            return GoogleReaderFailure.badRequest(failure.description).response
        } catch let error as StoreError {
            return GoogleReaderFailure.badRequest(error.description).response
        } catch {
            logger.error("Google Reader API request failed", metadata: ["path": .string(String(request.uri.path.prefix(200))), "error": .string(String(describing: error))])
            return GoogleReaderFailure.serverError.response
        }
    }

    func fields(of request: Request) async throws -> FormFields {
        let body = try await bodyReader.text(of: request)
        let fields = FormFields(query: request.uri.query, body: body)
        if fields.isTruncated { throw GoogleReaderFailure.badRequest("Too many fields in one request (at most \(FormFields.maximumFieldCount)).") }
        return fields
    }

    /// The person the request's token belongs to, and the token's key.
    private func authenticate(_ request: Request, address: String?) async throws -> (User, String) {
        guard let key = Self.presentedKey(request) else { throw GoogleReaderFailure.unauthorized }
        switch try await signIn.check(key: key, address: address) {
        case .accepted(let found): return (found.user, key)
        case .refused: throw GoogleReaderFailure.unauthorized
        case .throttled(let seconds): throw GoogleReaderFailure.throttled(retryAfterSeconds: seconds)
        }
    }

    /// The key from `Authorization: GoogleLogin auth=NAME/KEY` (the name part is optional).
    static func presentedKey(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.utf8.count <= 512 else { return nil }
        let trimmed = value.trimmingSpaces()
        let scheme = "googlelogin auth="
        guard trimmed.lowercased().hasPrefix(scheme) else { return nil }
        let token = trimmed.dropFirst(scheme.utf8.count)
        let key = token.split(separator: "/").last.map(String.init) ?? ""
        return key.isEmpty ? nil : key
    }

    /// The token `/token` hands out for edits. Calls are authenticated by their header, never a
    /// cookie, so another site cannot make a browser send them: the token is accepted but not
    /// needed, and it is derived from the key so it stays the same for one sign-in.
    static func editToken(forKey key: String) -> String {
        String(SecretDigest.sha256Hex("greader-edit-token:" + key).prefix(57))
    }
}
