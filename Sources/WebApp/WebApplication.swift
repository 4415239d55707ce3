import DemoEdition
import Foundation
import Hummingbird
import Logging
import NewsModel
import Refresh
import ServiceLifecycle
import Storage

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
    services: [any Service] = [],
    now: @escaping @Sendable () -> Date = { Date() },
    onServerRunning: @escaping @Sendable () async -> Void = {}
) -> some ApplicationProtocol {
    var dependencies = WebAppDependencies(
        store: store, readerViews: readerViews, subscriber: subscriber, configuration: configuration, logger: logger, now: now
    )
    dependencies.onDemandRefresh = refresher.map { OnDemandRefresh(refresher: $0) }
    let router = buildRouter(dependencies)
    return Application(
        router: router,
        // The malformed-request handler comes first, below the compressor (see its comment).
        server: .http1(configuration: .init(additionalChannelHandlers: [MalformedRequestHandler()] + ResponseCompression.channelHandlers())),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Broadsheet"),
        services: services,
        onServerRunning: { _ in await onServerRunning() },
        logger: logger
    )
}

/// The router on its own, for tests and for embedding the app in another server.
func buildRouter(_ dependencies: WebAppDependencies) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
    // Added first so it wraps every route and the not-found responder.
    router.add(middleware: ResponseHeadersMiddleware<BasicRequestContext>(dependencies: dependencies))
    let configuration = dependencies.configuration
    router.add(middleware: HostGuardMiddleware<BasicRequestContext>(allowedHosts: configuration.allowedHosts))
    router.add(middleware: ConditionalRequestMiddleware<BasicRequestContext>())
    if let password = configuration.webPassword {
        router.add(middleware: WebPasswordMiddleware<BasicRequestContext>(password: password))
    }
    router.add(middleware: CSRFMiddleware<BasicRequestContext>(
        protection: configuration.formTokens, allowedHosts: configuration.allowedHosts,
        usesSecureCookies: configuration.publicBaseURL?.lowercased().hasPrefix("https://") ?? false
    ))
    StaticAssetController(demoImages: dependencies.demoImages).register(on: router)
    PageController(dependencies: dependencies).register(on: router)
    NewsAPIController(dependencies: dependencies).register(on: router)
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
    }
    /// Holds each API key to `configuration.apiRequestsPerMinute`; nil when unlimited.
    let rateLimiter: APIRateLimiter?
    /// The images served under `/demo/images/<name>.svg`.
    var demoImages: @Sendable (String) -> String? = { DemoEdition.image(named: $0) }
}
