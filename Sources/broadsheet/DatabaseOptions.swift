import ArgumentParser
import Foundation
import NewsModel
import SQLiteStorage
import Storage

/// `--database PATH` and `--user NAME`, shared by every command that reads or writes the library.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite database file.",
            discussion: "Default: $XDG_DATA_HOME/broadsheet/broadsheet.sqlite (~/.local/share/broadsheet/broadsheet.sqlite).",
            valueName: "path"
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

    var path: String { database ?? Self.defaultPath() }

    func openStore() throws -> SQLiteStore {
        do {
            return try SQLiteStore(path: path)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The person the command acts as: `--user NAME`, else the library's owner.
    func actingUser(in store: some AccountStore) async throws -> User {
        guard let userName else { return try await store.owner() }
        guard let user = try await store.user(named: userName) else {
            throw CommandFailure(StoreError.userNameNotFound(userName).description)
        }
        return user
    }
}
