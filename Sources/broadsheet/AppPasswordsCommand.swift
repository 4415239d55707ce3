import ArgumentParser
import Foundation
import NewsModel
import Storage

struct AppPasswordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-passwords",
        abstract: "Manage the passwords reader apps sync with (Google Reader and Fever APIs).",
        discussion: """
            Apps such as NetNewsWire, Reeder, FeedMe and newsboat sign in with a person's name and \
            one of their app passwords, never the login password. Each app gets its own, listed \
            with its last use, revocable on its own. The person needs an account (broadsheet users create).
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an app password for a person and print it (it is shown only once).",
            discussion: """
                Example: broadsheet app-passwords create alice --name newsboat
                The password alone goes to standard output, so a script can keep it: \
                PASSWORD=$(broadsheet app-passwords create alice).
                """
        )

        @OptionGroup var database: DatabaseOptions

        @Argument(help: ArgumentHelp("Whose password it is (default: the person --user names, else the owner).", valueName: "user"))
        var userName: String?

        @Option(help: "A name to tell it apart, e.g. the app using it.")
        var name = "app"

        func run() async throws {
            let store = try await database.openStore()
            let user = try await AppPasswordsCommand.person(userName, database: database, store: store)
            let label = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...100).contains(label.count) else { throw CommandFailure("--name must be 1 to 100 characters.") }
            let created: NewAppPassword
            do {
                created = try await store.createAppPassword(name: label, for: user.id)
            } catch StoreError.accountRequired {
                throw CommandFailure("\(user.name) has no account yet; create one first with broadsheet users create NAME.")
            }
            print(created.secret)
            Terminal.printError("App password \"\(label)\" for \(user.name): type it into the app with the name \(user.name). It is not shown again.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a person's app passwords (their first characters only) with their last use.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: ArgumentHelp("Whose passwords (default: the person --user names, else the owner).", valueName: "user"))
        var userName: String?

        func run() async throws {
            let store = try await database.openStore()
            let user = try await AppPasswordsCommand.person(userName, database: database, store: store)
            var table = TextTable(columns: ["ID", "NAME", "PASSWORD", "CREATED", "LAST USED"])
            for password in try await store.appPasswords(of: user.id) {
                table.append([
                    String(password.id), password.name, password.prefix + "…", RelativeTime.describe(password.createdAt),
                    password.lastUsedAt.map { RelativeTime.describe($0) } ?? "never",
                ])
            }
            print(table.rendered(), terminator: "")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke an app password: the app using it is signed out at its next request.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: "The password's id (see `broadsheet app-passwords list`).")
        var id: Int64

        @Argument(help: ArgumentHelp("Whose password it is (default: the person --user names, else the owner).", valueName: "user"))
        var userName: String?

        func run() async throws {
            let store = try await database.openStore()
            let user = try await AppPasswordsCommand.person(userName, database: database, store: store)
            do {
                try await store.revokeAppPassword(id, of: user.id)
            } catch let error as StoreError {
                throw CommandFailure(error.description + " (See broadsheet app-passwords list \(user.name).)")
            }
            print("Revoked app password \(id) of \(user.name).")
        }
    }

    /// The person named on the command line, else the acting person.
    static func person(_ name: String?, database: DatabaseOptions, store: some AccountStore) async throws -> User {
        guard let name else { return try await database.actingUser(in: store) }
        guard let user = try await store.user(named: name) else { throw CommandFailure(StoreError.userNameNotFound(name).description) }
        return user
    }
}
