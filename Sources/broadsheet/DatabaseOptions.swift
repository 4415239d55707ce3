import ArgumentParser
import Foundation
import SQLiteStorage

/// `--database PATH`, shared by every command that reads or writes the library.
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
}
