import Foundation
import Logging
import PostgresNIO
import PostgresStorage
import Testing

/// The PostgreSQL server the tests use, named by `BROADSHEET_TEST_POSTGRES_URL`
/// (for example postgres://broadsheet:secret@127.0.0.1:5432/broadsheet; the user needs
/// the right to create schemas). Without it the PostgreSQL tests are skipped:
/// `scripts/ci/postgres-tests.sh` starts a server and sets it.
enum PostgresTestServer {
    static let environmentVariable = "BROADSHEET_TEST_POSTGRES_URL"

    static let location: PostgresLocation? = {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else { return nil }
        return try? PostgresLocation(url: url)
    }()

    static var isConfigured: Bool { location != nil }

    static let skipReason: Comment = "no PostgreSQL server: set BROADSHEET_TEST_POSTGRES_URL (scripts/ci/postgres-tests.sh does) to run the PostgreSQL tests"

    /// A fresh, empty store in its own schema; `close()` removes it.
    static func temporaryStore() async throws -> PostgresStore {
        guard let location else { throw PostgresTestServerMissing() }
        return try await PostgresStore.temporary(on: location)
    }
}

extension PostgresTestServer {
    /// Runs `body` on a fresh temporary store, closed (and its schema removed) afterwards,
    /// also when `body` throws.
    static func withTemporaryStore<Result: Sendable>(_ body: (PostgresStore) async throws -> Result) async throws -> Result {
        let store = try await temporaryStore()
        do {
            let result = try await body(store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }

    /// Removes the schema a test made with `PostgresStore.open` on a location of its own.
    static func dropSchema(_ location: PostgresLocation) async throws {
        guard let schema = location.schema, schema.hasPrefix("broadsheet_"), schema.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return }
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable
        )
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Logger(label: "test"))
        _ = try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"), logger: Logger(label: "test")).collect()
        try await connection.close()
    }
}

struct PostgresTestServerMissing: Error {}
