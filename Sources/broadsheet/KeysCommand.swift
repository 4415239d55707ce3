import ArgumentParser
import Foundation
import Storage

struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage the API keys apps use to call the NewsAPI-compatible API.",
        subcommands: [Create.self, List.self, Disable.self, Enable.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a key and print it (it is shown only once).",
            discussion: "Apps send it as `X-Api-Key: KEY`, `Authorization: Bearer KEY` or `?apiKey=KEY`."
        )

        @OptionGroup var database: DatabaseOptions

        @Option(help: "A name to tell the key apart, e.g. the app using it.")
        var name = "default"

        func run() async throws {
            let store = try await database.openStore()
            let created = try await store.createAPIKey(name: name)
            print(created.secret)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the keys (their first characters only).")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let store = try await database.openStore()
            var table = TextTable(columns: ["ID", "NAME", "KEY", "STATUS", "CREATED"])
            for key in try await store.apiKeys() {
                table.append([String(key.id), key.name, key.prefix + "…", key.isEnabled ? "enabled" : "disabled", RelativeTime.describe(key.createdAt)])
            }
            print(table.rendered(), terminator: "")
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a key: apps using it get 401 apiKeyDisabled.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The key's id (see `broadsheet keys list`).")
        var id: Int64

        func run() async throws {
            try await database.openStore().setAPIKey(id, enabled: false)
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Enable a disabled key again.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The key's id (see `broadsheet keys list`).")
        var id: Int64

        func run() async throws {
            try await database.openStore().setAPIKey(id, enabled: true)
        }
    }
}
