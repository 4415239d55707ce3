import Foundation
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

struct PostgresTestServerMissing: Error {}
