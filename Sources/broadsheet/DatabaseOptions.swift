import ArgumentParser
import Foundation
import Logging
import NewsModel
import PostgresStorage
import SQLiteStorage
import Storage

/// `--database PATH-OR-URL` and `--user NAME`, shared by every command that reads or writes
/// the library: a SQLite file, or a PostgreSQL database (`postgres://USER:PASSWORD@HOST/DB`)
/// that many Broadsheet processes can share.
struct DatabaseOptions: ParsableArguments {
    static let environmentVariable = "BROADSHEET_DATABASE_URL"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The library: a SQLite file, or postgres://USER:PASSWORD@HOST[:PORT]/DATABASE.",
            discussion: """
                Default: $BROADSHEET_DATABASE_URL when set (a path or a URL), else \
                $XDG_DATA_HOME/broadsheet/broadsheet.sqlite (~/.local/share/broadsheet/broadsheet.sqlite). \
                A PostgreSQL URL may end in ?sslmode=disable|prefer|require and &schema=NAME.
                """,
            valueName: "path-or-url"
        )
    )
    var database: String?

    @Option(
        name: .customLong("user"),
        help: ArgumentHelp("Act as this person (default: the library's owner).", valueName: "name")
    )
    var userName: String?

    /// Where the library lives when `--database` is not given: the per-user data directory.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return dataHome + "/broadsheet/broadsheet.sqlite"
    }

    /// The option, else the environment variable, else the default file.
    func target(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let database { return database }
        if let fromEnvironment = environment[Self.environmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        return Self.defaultPath(environment: environment)
    }

    /// The library as a person may see it: the path, or the URL without its password.
    var displayName: String {
        let target = target()
        guard PostgresLocation.isURL(target) else { return target }
        return (try? PostgresLocation(url: target))?.description ?? "the PostgreSQL database"
    }

    /// Opens the library (checking a PostgreSQL server's address and credentials at once).
    /// The store is closed when the command ends (`ClosedWhenCommandEnds`).
    func openStore(logger: Logger = Logger(label: "broadsheet.database", factory: { _ in SwiftLogNoOpLogHandler() })) async throws -> any LibraryStore {
        try await Self.open(target(), logger: logger)
    }

    /// Opens a library named by a path or a URL.
    static func open(_ target: String, logger: Logger) async throws -> any LibraryStore {
        if PostgresLocation.isURL(target) {
            do {
                let store = try await PostgresStore.open(try PostgresLocation(url: target), logger: logger)
                await ClosedWhenCommandEnds.shared.add(store)
                return store
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        do {
            let store = try SQLiteStore(path: target)
            await ClosedWhenCommandEnds.shared.add(store)
            return store
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

extension DatabaseOptions {
    /// The person the command acts as: `--user NAME`, else the library's owner.
    func actingUser(in store: some AccountStore) async throws -> User {
        guard let userName else { return try await store.owner() }
        guard let user = try await store.user(named: userName) else {
            throw CommandFailure(StoreError.userNameNotFound(userName).description)
        }
        return user
    }
}

/// What every backend is: a store for people's libraries, stories and WebSub subscriptions
/// that `broadsheet copy` can copy.
typealias LibraryStore = StoryStore & LibraryCopying & PushSubscriptionStore

extension PostgresStore: ClosedAtExit {}
extension SQLiteStore: ClosedAtExit {}
