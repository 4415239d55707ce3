import Hummingbird
import NIOCore
import NewsModel
import Storage

/// Every request's context: Hummingbird's own, the client's address (for the login
/// throttle), and the person the request acts for once `ReaderSessionMiddleware` knows.
struct ReaderRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// Who is reading: the signed-in person, or the library's owner while nobody has an
    /// account; nil on public paths (assets, the API) and before logging in.
    var reader: Reader?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        reader = nil
    }

    /// The client's IP address as text, for counting failed logins.
    var clientAddress: String? { remoteAddress?.ipAddress }

    /// The reader, or the refusal a page without one gets (the middleware makes this rare:
    /// only a route registered as public could reach it).
    func requireReader() throws -> Reader {
        guard let reader else { throw PageError(status: .unauthorized, message: "Log in first, then open this page again.") }
        return reader
    }
}

/// The person a request acts for.
struct Reader: Sendable {
    var user: User
    /// The login session; nil while the library has no accounts (the owner reads unasked).
    var session: Session?
    var settings: ReaderSettings

    var id: UserID { user.id }
    var isSignedIn: Bool { session != nil }
    /// Admins manage people; without accounts the owner is the only person and manages all.
    var isAdmin: Bool { user.isAdmin || !isSignedIn }
}

/// What the page frame shows about the reader (their theme, the account links), set for the
/// length of each request so templates need no extra parameter.
enum PageChrome {
    struct Values: Sendable {
        var theme: ReaderSettings.Theme
        var isSignedIn: Bool
        var userName: String?
    }

    @TaskLocal static var current: Values?
}
