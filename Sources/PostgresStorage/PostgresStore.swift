import Foundation
import Logging
import NIOSSL
import PostgresNIO
import Storage

/// The store on PostgreSQL, for many Broadsheet processes on one library: a pool of
/// connections (postgres-nio's `PostgresClient`), every value bound as a parameter of
/// the extended protocol's prepared statements, the schema brought up to date under an
/// advisory lock, full-text search on `tsvector` columns with a GIN index, and refresh
/// claims taken with `FOR UPDATE SKIP LOCKED`. Safe to share between tasks.
///
/// Open it with `open(_:)`, which checks the address and the credentials at once (the
/// pool alone would retry a wrong password for a minute), and `close()` it when done.
public final class PostgresStore: StoryStore {
    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>
    /// Searched words' stems, asked of the server once per word.
    let lexemeCache = LexemeCache()
    /// The matches the statistics expect of the most common lexemes, read every ten minutes.
    let commonLexemes = CommonLexemes()
    /// True for `temporary(on:)` stores.
    private let dropsSchemaOnClose: Bool

    private init(location: PostgresLocation, client: PostgresClient, logger: Logger, dropsSchemaOnClose: Bool) {
        self.location = location
        self.dropsSchemaOnClose = dropsSchemaOnClose
        self.client = client
        self.logger = logger
        // Started at once (up to its first suspension), so the pool is running before the
        // first query: a plain `Task` may start later, and postgres-nio then warns that
        // `run()` was not called.
        runner = Task.immediate { await client.run() }
    }

    /// The schema's migrations, in order: the same names as SQLite's.
    public static var migrationNames: [String] { PostgresSchema.migrations.map(\.name) }

    deinit {
        runner.cancel()
    }

    /// Connects to `location`, refusing at once (in a sentence a person can act on) an
    /// unreachable server, wrong credentials or a missing database, brings the schema up
    /// to date, and starts the pool of at most `maximumConnections`.
    public static func open(
        _ location: PostgresLocation, maximumConnections: Int = 16,
        logger: Logger = Logger(label: "broadsheet.postgres")
    ) async throws(PostgresStoreError) -> PostgresStore {
        try await open(location, maximumConnections: maximumConnections, logger: logger, dropsSchemaOnClose: false)
    }

    private static func open(
        _ location: PostgresLocation, maximumConnections: Int, logger: Logger, dropsSchemaOnClose: Bool
    ) async throws(PostgresStoreError) -> PostgresStore {
        let tls = try tlsSettings(location)
        let connection = try await connectOnce(location, tls: tls, logger: logger)
        do {
            try await PostgresMigrator(location: location, connection: connection, logger: logger).migrate()
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()

        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: tls.client
        )
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.additionalStartupParameters = startupParameters(location)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return PostgresStore(location: location, client: client, logger: logger, dropsSchemaOnClose: dropsSchemaOnClose)
    }

    /// A store in a new schema of its own on `server` (whose own schema is ignored),
    /// removed with everything in it by `close()`. Meant for tests and benchmarks.
    public static func temporary(on server: PostgresLocation, logger: Logger = Logger(label: "broadsheet.postgres")) async throws -> PostgresStore {
        var location = server
        location.schema = "broadsheet_temporary_" + String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(16))
        return try await open(location, maximumConnections: 4, logger: logger, dropsSchemaOnClose: true)
    }

    /// Stops the pool (first removing a temporary store's schema); the store cannot be
    /// used afterwards.
    public func close() async {
        if dropsSchemaOnClose, let schema = location.schema, PostgresLocation.isPlainIdentifier(schema) {
            _ = try? await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger).collect()
        }
        runner.cancel()
        await runner.value
    }

    // MARK: Connecting

    struct TLSSettings {
        var connection: PostgresConnection.Configuration.TLS
        var client: PostgresClient.Configuration.TLS
    }

    private static func tlsSettings(_ location: PostgresLocation) throws(PostgresStoreError) -> TLSSettings {
        switch location.tlsMode {
        case .disable:
            return TLSSettings(connection: .disable, client: .disable)
        case .prefer, .require:
            let configuration = TLSConfiguration.makeClientConfiguration()
            let context: NIOSSLContext
            do {
                context = try NIOSSLContext(configuration: configuration)
            } catch {
                throw .cannotConnect(location: location.description, reason: "TLS could not be set up: \(error)")
            }
            return location.tlsMode == .require
                ? TLSSettings(connection: .require(context), client: .require(configuration))
                : TLSSettings(connection: .prefer(context), client: .prefer(configuration))
        }
    }

    /// The schema, when the URL names one, is the search path of every connection. JIT
    /// compilation is off: the server compiles a statement whose estimated cost passes a
    /// threshold, and a search's statement counts the cost of a branch it rarely takes (the
    /// sort of every match of a common word), so it spent 12 ms compiling for a 2 ms run;
    /// none of Broadsheet's statements runs long enough to gain from it.
    static func startupParameters(_ location: PostgresLocation) -> [(String, String)] {
        [("jit", "off")] + (location.schema.map { [("search_path", $0)] } ?? [])
    }

    private static func connectOnce(_ location: PostgresLocation, tls: TLSSettings, logger: Logger) async throws(PostgresStoreError) -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: tls.connection
        )
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.additionalStartupParameters = startupParameters(location)
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            throw Self.explain(error, location: location)
        }
    }

    /// A connection error in words: the SQLSTATE says which of the usual mistakes it is.
    static func explain(_ error: any Error, location: PostgresLocation) -> PostgresStoreError {
        let place = location.description
        guard let error = error as? PSQLError else {
            return .cannotConnect(location: place, reason: "\(error)")
        }
        let message = error.serverInfo?[.message] ?? ""
        switch error.serverInfo?[.sqlState] {
        case "28P01", "28000": return .authenticationFailed(location: place, reason: message)
        case "3D000": return .noSuchDatabase(location: place)
        case .some: return .refused(location: place, reason: message)
        case nil: break
        }
        switch error.code {
        case .sslUnsupported:
            return .cannotConnect(location: place, reason: "the server does not offer TLS; add ?sslmode=disable to the URL to connect without it")
        case .authMechanismRequiresPassword:
            return .authenticationFailed(location: place, reason: "the server asks for a password and the URL has none")
        case .unsupportedAuthMechanism, .saslError:
            return .authenticationFailed(location: place, reason: "\(error.code)")
        default:
            return .cannotConnect(location: place, reason: error.underlying.map { Self.plainReason("\($0)") } ?? "\(error.code)")
        }
    }

    /// The usual network failures in a few words instead of the driver's nested dump.
    static func plainReason(_ text: String) -> String {
        let lowered = text.lowercased()
        if lowered.contains("connection refused") { return "connection refused: nothing listens on that port" }
        if lowered.contains("timed out") || lowered.contains("timeout") { return "no answer within 10 seconds" }
        if lowered.contains("resolve") || lowered.contains("nodename") || lowered.contains("name or service") { return "the host name is unknown" }
        if lowered.contains("unreachable") { return "the network or host is unreachable" }
        return text
    }

    // MARK: Queries

    /// Every row of one statement.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await client.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs `body` in one transaction on one connection: committed if it returns,
    /// rolled back if it throws (its own error is rethrown, not the driver's wrapper).
    func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error
        }
    }
}

extension PostgresConnection {
    /// Every row of one statement on this connection.
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await self.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs a statement whose rows (if any) are not needed.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        _ = try await self.query(query, logger: logger).collect()
    }
}
