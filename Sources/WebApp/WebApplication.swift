import DemoEdition
import FeverAPI
import Foundation
import GoogleReaderAPI
import Hummingbird
import Logging
import NewsModel
import Refresh
import ServiceLifecycle
import Storage
import SyncSupport
import WebSub

/// Builds the Broadsheet web application: the reader's pages, the NewsAPI-compatible
/// JSON API and the static assets, served by Hummingbird. `services` run in the same
/// service group (the refresh scheduler), so they start and stop with the server.
public func buildApplication(
    store: any ReaderStore,
    readerViews: (any ReaderViewLoading)?,
    configuration: WebAppConfiguration,
    logger: Logger,
    subscriber: SourceSubscriber? = nil,
    refresher: FeedRefresher? = nil,
    pushCallbacks: PushCallbackController? = nil,
    services: [any Service] = [],
    now: @escaping @Sendable () -> Date = { Date() },
    onServerRunning: @escaping @Sendable () async -> Void = {}
) -> some ApplicationProtocol {
    var dependencies = WebAppDependencies(
        store: store, readerViews: readerViews, subscriber: subscriber, configuration: configuration, logger: logger, now: now
    )
    dependencies.onDemandRefresh = refresher.map { OnDemandRefresh(refresher: $0) }
    dependencies.pushCallbacks = pushCallbacks
    let router = buildRouter(dependencies)
    return Application(
        router: router,
        // The malformed-request handler comes first, below the compressor (see its comment).
        server: .http1(configuration: .init(additionalChannelHandlers: [MalformedRequestHandler()] + ResponseCompression.channelHandlers())),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Broadsheet"),
        services: services + [
            dependencies.readCounts,
            KeptAnswersSweeper(
                pageCache: dependencies.pageCache, apiAnswers: dependencies.apiAnswers, pageReaders: dependencies.pageReaders,
                store: store, requests: dependencies.requests
            ),
        ],
        onServerRunning: { _ in await onServerRunning() },
        logger: logger
    )
}

/// The router on its own, for tests and for embedding the app in another server.
func buildRouter(_ dependencies: WebAppDependencies) -> Router<ReaderRequestContext> {
    let router = Router(context: ReaderRequestContext.self, options: .autoGenerateHeadEndpoints)
    // Added first so it wraps every route and the not-found responder.
    router.add(middleware: ResponseHeadersMiddleware<ReaderRequestContext>(dependencies: dependencies))
    let configuration = dependencies.configuration
    if let images = configuration.imageProxy { router.add(middleware: ImageProxyMiddleware<ReaderRequestContext>(signer: images.signer)) }
    router.add(middleware: HostGuardMiddleware<ReaderRequestContext>(allowedHosts: configuration.allowedHosts))
    router.add(middleware: ConditionalRequestMiddleware<ReaderRequestContext>())
    if let password = configuration.webPassword {
        router.add(middleware: WebPasswordMiddleware<ReaderRequestContext>(password: password, store: dependencies.store))
    }
    // Who is reading, before the form-token check: a signed-in person's tokens are bound
    // to their session, so a form made for one session does not work in another.
    router.add(middleware: ReaderSessionMiddleware(dependencies: dependencies))
    var formTokens = CSRFMiddleware<ReaderRequestContext>(
        protection: configuration.formTokens, allowedHosts: configuration.allowedHosts,
        usesSecureCookies: configuration.publicBaseURL?.lowercased().hasPrefix("https://") ?? false
    )
    formTokens.sessionBinding = { _, context in context.reader?.session.map { "session:\($0.id)" } }
    router.add(middleware: formTokens)
    StaticAssetController(demoImages: dependencies.demoImages).register(on: router)
    if let images = configuration.imageProxy { ImageProxyController(images: images).register(on: router) }
    PageController(dependencies: dependencies).register(on: router)
    BlogrollController(dependencies: dependencies).register(on: router)
    NewsAPIController(dependencies: dependencies).register(on: router)
    // The sync APIs: apps sign in with app passwords, through the login form's throttle.
    let signIn = AppPasswordSignIn(store: dependencies.store, throttle: dependencies.loginThrottle, now: dependencies.now)
    GoogleReaderAPI(store: dependencies.store, signIn: signIn, subscriber: dependencies.subscriber, logger: dependencies.logger, now: dependencies.now)
        .register(on: router)
    FeverAPI(store: dependencies.store, signIn: signIn, logger: dependencies.logger, now: dependencies.now).register(on: router)
    dependencies.pushCallbacks?.register(on: router)
    return router
}

/// What every controller needs; one value passed down instead of globals.
struct WebAppDependencies: Sendable {
    let store: any ReaderStore
    let readerViews: (any ReaderViewLoading)?
    /// Follows new sources from the "Add a source" form; nil where the server cannot fetch.
    var subscriber: SourceSubscriber?
    /// "Refresh now" on the pages; nil where the server cannot fetch.
    var onDemandRefresh: OnDemandRefresh?
    /// The WebSub callbacks (`/websub/…`); nil without a public address.
    var pushCallbacks: PushCallbackController?
    let configuration: WebAppConfiguration
    let logger: Logger
    let now: @Sendable () -> Date

    init(
        store: any ReaderStore, readerViews: (any ReaderViewLoading)?, subscriber: SourceSubscriber? = nil,
        configuration: WebAppConfiguration, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.readerViews = readerViews
        self.subscriber = subscriber
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.rateLimiter = configuration.apiRequestsPerMinute.map(APIRateLimiter.init(requestsPerMinute:))
        self.sessionCookie = SessionCookie(isSecure: configuration.publicBaseURL?.lowercased().hasPrefix("https://") ?? false)
        self.passwordChecks = PasswordChecks(store: store, hasher: PasswordHasher(cost: configuration.passwordHashCost))
        self.pageCache = PageCache(store: store, capacityBytes: configuration.pageCacheBytes)
        self.pageReaders = configuration.pageCacheBytes > 0 ? PageReaderCache(store: store) : nil
        self.apiAnswers = APIAnswerCache(store: store, capacityBytes: configuration.pageCacheBytes / 2)
        self.readCounts = ReadCountRecorder(store: store, interval: configuration.readCountInterval, logger: logger)
    }
    /// Article openings, written together every few seconds.
    let readCounts: ReadCountRecorder
    /// Requests begun, to tell when the server is at rest.
    let requests = RequestCounter()
    /// JSON API answers given a moment ago (nil when the page cache is off, or on PostgreSQL).
    let apiAnswers: APIAnswerCache?
    /// Pages rendered a moment ago (nil when off, or when the store cannot count its changes).
    let pageCache: PageCache?
    /// Who a session is, read a moment ago (nil when the page cache is off).
    let pageReaders: PageReaderCache?
    let sessionCookie: SessionCookie
    let passwordChecks: PasswordChecks
    /// Failed logins and wrong app passwords, counted to slow down guessing: one throttle for
    /// the login form and the sync APIs, so switching doors gains a guesser nothing.
    let loginThrottle = LoginThrottle()
    /// Holds each API key to `configuration.apiRequestsPerMinute`; nil when unlimited.
    let rateLimiter: APIRateLimiter?
    /// Keys checked a moment ago.
    let apiKeys = APIKeyCache()
    /// The images served under `/demo/images/<name>.svg`.
    var demoImages: @Sendable (String) -> String? = { DemoEdition.image(named: $0) }
}
