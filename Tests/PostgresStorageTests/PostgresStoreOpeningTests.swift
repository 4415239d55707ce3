import Foundation
import NewsModel
import PostgresStorage
import SQLiteStorage
import Storage
import Testing

@Suite struct PostgresLocationTests {
    @Test func readsEveryPartOfAURL() throws {
        let location = try PostgresLocation(url: "postgres://news%40team:p%40ss%3Aword@db.example.org:6543/broad%20sheet?sslmode=require&schema=news_2")
        #expect(location.username == "news@team")
        #expect(location.password == "p@ss:word")
        #expect(location.host == "db.example.org")
        #expect(location.port == 6543)
        #expect(location.database == "broad sheet")
        #expect(location.tlsMode == .require)
        #expect(location.schema == "news_2")
        #expect(!location.description.contains("p@ss"), "the password never shows")
        let defaults = try PostgresLocation(url: "postgresql://me@localhost/db")
        #expect(defaults.port == 5432 && defaults.tlsMode == .prefer && defaults.password == nil && defaults.schema == nil)
    }

    @Test(arguments: [
        "postgres://localhost/db", "postgres://me@/db", "postgres://me@localhost", "postgres://me@localhost/",
        "postgres://me@localhost/db?sslmode=sometimes", "postgres://me@localhost/db?schema=Bad-Name",
        "postgres://me@localhost/db?schema=x;DROP", "postgres://me@localhost/db?options=-c", "mysql://me@localhost/db",
        "postgres://me@localhost:99999/db",
    ])
    func refusesURLsItCannotUse(_ url: String) {
        #expect(throws: PostgresStoreError.self) { try PostgresLocation(url: url) }
    }

    @Test func migrationsHaveSQLitesNamesInSQLitesOrder() {
        #expect(PostgresStore.migrationNames == SQLiteStore.migrationNames)
    }

    @Test func tellsURLsFromPaths() {
        #expect(PostgresLocation.isURL("postgres://x@y/z"))
        #expect(PostgresLocation.isURL("POSTGRESQL://x@y/z"))
        #expect(!PostgresLocation.isURL("/var/lib/broadsheet.sqlite"))
        #expect(!PostgresLocation.isURL("postgres.sqlite"))
    }
}

@Suite(.serialized, .enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresStoreOpeningTests {
    @Test func aWrongPasswordIsRefusedAtOnceInWords() async throws {
        var location = try #require(PostgresTestServer.location)
        location.password = "certainly-not-the-password"
        let started = ContinuousClock.now
        await #expect {
            _ = try await PostgresStore.open(location)
        } throws: { error in
            guard case .authenticationFailed = error as? PostgresStoreError else { return false }
            return "\(error)".contains("password")
        }
        #expect(ContinuousClock.now - started < .seconds(10), "no minute-long retrying")
    }

    @Test func aMissingDatabaseAndAnUnreachableServerAreNamed() async throws {
        var missing = try #require(PostgresTestServer.location)
        missing.database = "no_such_database_here"
        await #expect(throws: PostgresStoreError.noSuchDatabase(location: missing.description)) {
            _ = try await PostgresStore.open(missing)
        }
        var unreachable = try #require(PostgresTestServer.location)
        unreachable.host = "127.0.0.1"
        unreachable.port = 9  // discard: nothing listens
        await #expect {
            _ = try await PostgresStore.open(unreachable)
        } throws: { error in
            guard case .cannotConnect = error as? PostgresStoreError else { return false }
            return true
        }
    }

    @Test func processesStartingTogetherMigrateOnceAndAgree() async throws {
        var location = try #require(PostgresTestServer.location)
        location.schema = "broadsheet_race_" + String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(12))
        let raceLocation = location
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresStore.open(raceLocation, maximumConnections: 2) } }
            var opened: [PostgresStore] = []
            for try await store in group { opened.append(store) }
            return opened
        }
        let source = try await stores[0].addSource(Source(
            id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed", addedAt: Date(timeIntervalSince1970: 1_700_000_000)
        ))
        for store in stores { #expect(try await store.source(source.id) == source) }
        for store in stores { await store.close() }
        try await PostgresTestServer.dropSchema(location)
    }
}
