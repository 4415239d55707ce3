import ArgumentParser
import DemoEdition
import Fetching
import Foundation
import Hummingbird
import Logging
import NewsModel
import Refresh
import ServiceLifecycle
import Storage
import StoryTracking
import WebApp
import WebSub

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web reader and the NewsAPI-compatible API, refreshing sources in the background.",
        discussion: """
            Open http://127.0.0.1:8080 in a browser. On an empty library a demo edition is shown \
            (remove it from the page, or start with --no-demo). Apps call the API with a key from \
            `broadsheet keys create`.
            """
    )

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var images: ImageProxyOptions

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Flag(name: .customLong("no-demo"), help: "Do not show the demo edition (and remove it if it is there).")
    var noDemo = false

    @Option(help: ArgumentHelp("Minutes between two refreshes of a feed (at least 1).", valueName: "minutes"))
    var refreshInterval = 30

    @Option(help: ArgumentHelp(
        "Seconds a process may hold a feed it is fetching before another process sharing the database takes it over (at least 30).",
        valueName: "seconds"
    ))
    var refreshLease = 300

    @Option(help: ArgumentHelp("The address people and apps use to reach this server, for absolute links (e.g. https://news.example.org).", valueName: "url"))
    var publicURL: String?

    @Flag(name: .customLong("no-websub"), help: "Do not subscribe to WebSub hubs, even with --public-url (feeds are then only polled).")
    var noWebSub = false

    @Option(name: .customLong("allowed-host"), help: ArgumentHelp(
        "A host name people use to reach this server, besides localhost, IP addresses and --public-url's host (repeat for several). Requests naming any other host are refused, so no web page can borrow your browser to reach Broadsheet.",
        valueName: "name"
    ))
    var allowedHosts: [String] = []

    @Option(help: ArgumentHelp("API requests one key may make per minute before it gets 429 rateLimited (0 for no limit).", valueName: "count"))
    var apiRequestsPerMinute = 600

    @Option(help: ArgumentHelp(
        "Megabytes of rendered pages kept for repeated requests while nothing changed, and half as much of API answers (0 makes every answer anew; PostgreSQL libraries never keep any).",
        valueName: "megabytes"
    ))
    var pageCacheMegabytes = 16

    @Option(help: ArgumentHelp(
        "The country the API gives a source when neither you nor its feed says (a 2-letter code NewsAPI knows).",
        valueName: "code"
    ))
    var defaultCountry = "us"

    @Option(help: ArgumentHelp(
        "The language the API gives a source when neither you, its feed nor its text says (a NewsAPI language code).",
        valueName: "code"
    ))
    var defaultLanguage = "en"

    @Option(help: ArgumentHelp(
        "A file holding the password people must give before any page (or set BROADSHEET_WEB_PASSWORD). Use one when listening beyond this machine.",
        valueName: "path"
    ))
    var webPasswordFile: String?

    /// The reader's password, from the file or the environment; nil when none is set.
    func webPassword() throws -> String? {
        if let path = webPasswordFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("The password file \(path) could not be read; check the path and its permissions.")
            }
            return try Self.password(fromFile: String(decoding: data, as: UTF8.self), path: path)
        }
        if let password = ProcessInfo.processInfo.environment["BROADSHEET_WEB_PASSWORD"], !password.isEmpty { return password }
        return nil
    }

    /// The password a password file holds: its one line, without the line break. A file with
    /// several lines is refused rather than read as one password with line breaks in it.
    static func password(fromFile contents: String, path: String) throws -> String {
        let password = contents.trimmingCharacters(in: .newlines)
        guard !password.isEmpty else { throw CommandFailure("The password file \(path) is empty; write the password on its first line.") }
        guard !password.contains(where: \.isNewline) else {
            throw CommandFailure("The password file \(path) has more than one line; write the password alone, on one line.")
        }
        return password
    }

    /// Addresses only this machine can reach.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    func validate() throws {
        guard apiRequestsPerMinute >= 0 else { throw ValidationError("--api-requests-per-minute must be 0 (no limit) or more.") }
        guard (1...65_535).contains(port) else { throw ValidationError("--port must be between 1 and 65535.") }
        guard refreshInterval >= 1 else { throw ValidationError("--refresh-interval must be at least 1 minute.") }
        guard refreshLease >= 30 else { throw ValidationError("--refresh-lease must be at least 30 seconds.") }
        for name in allowedHosts where AllowedHosts.configuredHost(name) == nil {
            throw ValidationError("--allowed-host \(name) is not a host name; give a name such as news.example.org (letters, digits, dots and hyphens).")
        }
        if let publicURL {
            guard let components = URLComponents(string: publicURL), let scheme = components.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", components.host?.isEmpty == false else {
                throw ValidationError("--public-url \(publicURL) is not a web address; give one such as https://news.example.org.")
            }
        }
        guard Country(rawValue: defaultCountry) != nil else {
            throw ValidationError("--default-country must be one of \(Country.knownCodes.joined(separator: ", ")); \"\(defaultCountry)\" is not.")
        }
        guard Language(languageTag: defaultLanguage) != nil else {
            throw ValidationError("--default-language must be one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")); \"\(defaultLanguage)\" is not.")
        }
    }

    /// What the API shows for a source whose language or country nobody and nothing says.
    var sourceDefaults: SourceDefaults {
        SourceDefaults(
            language: Language(languageTag: defaultLanguage) ?? .en,
            country: Country(rawValue: defaultCountry) ?? .unitedStates
        )
    }

    func run() async throws {
        MallocTuning.limitArenas(to: 2)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "broadsheet")
        let password = try webPassword()
        if password == nil, !Self.isLoopback(host) {
            logger.warning("The pages are open to anyone who can reach \(host):\(port): they can read, add and remove sources. Set a password with --web-password-file.")
        }
        let store = try await database.openStore(logger: Logger(label: "broadsheet.database"))
        try await prepareDemo(store: store, logger: logger)
        let formTokens = try await CSRFProtection.loadingSecret(from: store)

        let fetcher = HTTPFetcher(configuration: network.fetchConfiguration, logger: Logger(label: "broadsheet.fetching"))
        // Hubs can only push to an address they can reach: WebSub needs --public-url.
        let push = noWebSub ? nil : publicURL.map { PushConfiguration(publicBaseURL: $0) }
        let refresher = FeedRefresher(
            store: store, loader: FeedLoader(fetcher: fetcher),
            policy: RefreshPolicy(interval: TimeInterval(refreshInterval * 60)),
            pushSubscriptions: push == nil ? nil : store
        )
        let scheduler = RefreshScheduler(
            store: store, refresher: refresher, retention: ArticleRetention(store: store), lease: TimeInterval(refreshLease),
            perHostLimit: network.fetchConfiguration.connectionsPerHost,
            claimant: "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8))"
        )
        let stories = StoryTrackingService(tracker: StoryTracker(store: store))
        let readerViews = ReaderViewService(store: store, fetcher: fetcher)
        let subscriber = SourceSubscriber(store: store, loader: FeedLoader(fetcher: fetcher), policy: refresher.policy)
        var backgroundServices: [any Service] = [scheduler, stories, MallocTuning.FreeMemoryReturning()]
        var pushCallbacks: PushCallbackController?
        if let push {
            backgroundServices.append(PushSubscriber(store: store, hub: HubClient(fetcher: fetcher, configuration: push), configuration: push))
            pushCallbacks = PushCallbackController(store: store, refresher: refresher, configuration: push)
        }
        var configuration = WebAppConfiguration(
            host: host, port: port, publicBaseURL: publicURL,
            apiRequestsPerMinute: apiRequestsPerMinute == 0 ? nil : apiRequestsPerMinute,
            webPassword: password, timeZone: .current, allowedHostNames: allowedHosts, formTokens: formTokens,
            sourceDefaults: sourceDefaults, allowsPrivateAddresses: network.allowPrivateAddresses
        )
        configuration.pageCacheBytes = max(0, min(pageCacheMegabytes, 4_096)) * 1_048_576
        configuration.imageProxy = try await images.makeProxy(store: store, fetcher: fetcher, logger: logger)
        let application = buildApplication(
            store: store, readerViews: readerViews,
            configuration: configuration,
            logger: logger, subscriber: subscriber, refresher: refresher, pushCallbacks: pushCallbacks, services: backgroundServices,
            onServerRunning: { [host, port, path = database.displayName] in
                Terminal.printError("Broadsheet is serving http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port) from \(path) (Ctrl-C to stop).")
            }
        )
        // The fetch stopper is listed last so a shutdown signal reaches it first.
        let services = ServiceGroup(configuration: .init(
            services: [application, FetchStoppingService(fetcher: fetcher)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        do {
            try await services.run()
        } catch {
            try? await fetcher.shutdown()
            let reason = "\(error)"
            if reason.contains("Address already in use") || reason.contains("EADDRINUSE") {
                throw CommandFailure("Port \(port) is already in use; stop the other program or choose another port with --port.")
            }
            throw CommandFailure("The server stopped: \(reason)")
        }
        try? await fetcher.shutdown()
    }

    /// Installs the demo edition on an empty library (unless dismissed), or removes it with --no-demo.
    private func prepareDemo(store: any ArticleStore, logger: Logger) async throws {
        if noDemo {
            let removed = try await store.removeDemoSources()
            if removed > 0 { logger.info("removed the demo edition", metadata: ["sources": "\(removed)"]) }
            return
        }
        let isEmpty = try await store.sources(matching: SourceQuery()).isEmpty
        let dismissed = try await store.setting(WebAppSettingKey.demoDismissed) == "true"
        guard isEmpty, !dismissed else { return }
        let articles = try await DemoEdition.install(into: store, now: Date())
        logger.info("installed the demo edition", metadata: ["articles": "\(articles)"])
    }
}
