import ArgumentParser
import Foundation
import NewsModel
import SQLiteStorage
import Storage

struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage the API keys apps use to call the NewsAPI-compatible API.",
        discussion: "A key answers from its owner's library: the sources they follow (--user NAME; the owner by default).",
        subcommands: [Create.self, List.self, Disable.self, Enable.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a key and print it (it is shown only once).",
            discussion: "Apps send it as `X-Api-Key: KEY`, `Authorization: Bearer KEY` or `?apiKey=KEY`."
        )

        @OptionGroup var database: DatabaseOptions

        @Option(help: "A name to tell the key apart, e.g. the app using it.")
        var name = "default"

        func run() async throws {
            let store = try await database.openStore()
            let user = try await database.actingUser(in: store)
            let created = try await store.createAPIKey(name: name, for: user.id)
            print(created.secret)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your keys (their first characters only); --all lists everyone's (admins).")

        @OptionGroup var database: DatabaseOptions

        @Flag(help: "Everyone's keys, with their owners (needs an admin).")
        var all = false

        func run() async throws {
            let store = try await database.openStore()
            let user = try await database.actingUser(in: store)
            if all, !user.isAdmin { throw CommandFailure("\(user.name) is not an admin; only admins list everyone's keys.") }
            let keys = all ? try await store.apiKeys() : try await store.apiKeys(of: user.id)
            var names: [UserID: String] = [:]
            for person in try await store.users() { names[person.id] = person.name }
            var table = TextTable(columns: ["ID", "NAME", "KEY", "STATUS", "CREATED", "OWNER"])
            for key in keys {
                table.append([
                    String(key.id), key.name, key.prefix + "…", key.isEnabled ? "enabled" : "disabled",
                    RelativeTime.describe(key.createdAt), names[key.userID] ?? "-",
                ])
            }
            print(table.rendered(), terminator: "")
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "disable", abstract: "Disable a key: apps using it get 401 apiKeyDisabled.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The key's id (see `broadsheet keys list`).")
        var id: Int64

        func run() async throws {
            try await KeysCommand.setKey(id, enabled: false, database: database)
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled key again.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The key's id (see `broadsheet keys list`).")
        var id: Int64

        func run() async throws {
            try await KeysCommand.setKey(id, enabled: true, database: database)
        }
    }

    /// Enables or disables a key of the acting person's (any key for an admin).
    static func setKey(_ id: APIKey.ID, enabled: Bool, database: DatabaseOptions) async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        guard let key = try await store.apiKeys().first(where: { $0.id == id }), key.userID == user.id || user.isAdmin else {
            throw CommandFailure(StoreError.apiKeyNotFound(id).description)
        }
        try await store.setAPIKey(key.id, enabled: enabled)
    }
}
