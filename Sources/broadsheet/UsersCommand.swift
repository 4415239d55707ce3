import ArgumentParser
import Foundation
import NewsModel
import SQLiteStorage
import Storage
import WebApp

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage the people who read with this Broadsheet.",
        discussion: """
            With no account, Broadsheet asks nobody to log in and everything belongs to the owner. \
            The first account created becomes that owner and keeps the whole library; from then on \
            the pages ask for a login. Creating, removing and changing roles needs an admin \
            (commands act as the owner unless given --user NAME).
            """,
        subcommands: [Create.self, List.self, Remove.self, Passwd.self, Role.self]
    )

    /// Refuses unless the acting person is an admin.
    static func requireAdmin(_ user: User) throws {
        guard user.isAdmin else {
            throw CommandFailure("\(user.name) is not an admin; only admins manage people. Run this as an admin with --user NAME.")
        }
    }

    static func user(named name: String, in store: some AccountStore) async throws -> User {
        guard let user = try await store.user(named: name) else { throw CommandFailure(StoreError.userNameNotFound(name).description) }
        return user
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an account (the first one becomes the owner of the library).",
            discussion: "Example: broadsheet users create alice --password-file ~/alice-password (or type it when asked)."
        )

        @OptionGroup var database: DatabaseOptions

        @Argument(help: ArgumentHelp("The name to log in with: letters, digits and . _ - @ + (an e-mail address works).", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("A file whose first line is the password; without it you are asked to type it.", valueName: "path"))
        var passwordFile: String?

        @Flag(help: "Make the account an admin (the first account always is).")
        var admin = false

        func run() async throws {
            let store = try await database.openStore()
            try UsersCommand.requireAdmin(try await database.actingUser(in: store))
            guard let validName = User.validName(name) else { throw CommandFailure(StoreError.invalidUserName(name).description) }
            if let existing = try await store.user(named: validName), existing.hasPassword {
                throw CommandFailure(StoreError.userNameTaken(existing.name).description)
            }
            let password = try PasswordInput.newPassword(fromFile: passwordFile, for: validName)
            let hash = await PasswordHasher().hash(password)
            let user: User
            do {
                user = try await store.createUser(name: validName, passwordHash: hash, role: admin ? .admin : .reader)
            } catch let error as StoreError {
                throw CommandFailure(error.description)
            }
            if user.isOwner {
                print("Created \(user.name), the owner of this library (an admin, with every source and key it had). The pages now ask for a login.")
            } else {
                print("Created \(user.name) (\(user.role.rawValue)).")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let store = try await database.openStore()
            let users = try await store.users()
            if users.count == 1, let owner = users.first, !owner.hasPassword {
                Terminal.printError("No accounts yet: nobody logs in, and everything belongs to the owner. Create one with `broadsheet users create NAME`.")
                return
            }
            var table = TextTable(columns: ["NAME", "ROLE", "SOURCES", "CREATED"])
            for user in users {
                let sources = try await store.subscriptions(of: user.id).count
                table.append([user.name + (user.isOwner ? " (owner)" : ""), user.role.rawValue, String(sources), RelativeTime.describe(user.createdAt)])
            }
            print(table.rendered(), terminator: "")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an account with its subscriptions, reading state, keys and app passwords.",
            discussion: "Sources nobody else follows leave the library too. The owner cannot be removed."
        )

        @OptionGroup var database: DatabaseOptions

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        func run() async throws {
            let store = try await database.openStore()
            try UsersCommand.requireAdmin(try await database.actingUser(in: store))
            let user = try await UsersCommand.user(named: name, in: store)
            do {
                try await store.removeUser(user.id)
            } catch let error as StoreError {
                throw CommandFailure(error.description)
            }
            print("Removed \(user.name).")
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd",
            abstract: "Change an account's password and end its sessions.",
            discussion: "Admins may change anyone's; others only their own (--user NAME)."
        )

        @OptionGroup var database: DatabaseOptions

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("A file whose first line is the new password; without it you are asked to type it.", valueName: "path"))
        var passwordFile: String?

        func run() async throws {
            let store = try await database.openStore()
            let acting = try await database.actingUser(in: store)
            let user = try await UsersCommand.user(named: name, in: store)
            guard user.hasPassword else {
                throw CommandFailure("There is no account yet; create the first one with `broadsheet users create NAME`.")
            }
            if acting.id != user.id { try UsersCommand.requireAdmin(acting) }
            let password = try PasswordInput.newPassword(fromFile: passwordFile, for: user.name)
            try await store.setPasswordHash(await PasswordHasher().hash(password), for: user.id)
            let ended = try await store.revokeSessions(of: user.id, except: nil)
            print("Changed the password of \(user.name)\(ended > 0 ? " and ended \(counted(ended, "session"))" : "").")
        }
    }

    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "role", abstract: "Make an account an admin or a reader.")

        @OptionGroup var database: DatabaseOptions

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @Argument(help: ArgumentHelp("admin or reader.", valueName: "role"))
        var role: String

        func run() async throws {
            guard let newRole = UserRole(rawValue: role.lowercased()) else {
                throw CommandFailure("\"\(role)\" is not a role; use admin or reader.")
            }
            let store = try await database.openStore()
            try UsersCommand.requireAdmin(try await database.actingUser(in: store))
            let user = try await UsersCommand.user(named: name, in: store)
            guard user.hasPassword else {
                throw CommandFailure("There is no account yet; create the first one with `broadsheet users create NAME`.")
            }
            do {
                try await store.setRole(newRole, for: user.id)
            } catch let error as StoreError {
                throw CommandFailure(error.description)
            }
            print("\(user.name) is now \(newRole == .admin ? "an admin" : "a reader").")
        }
    }
}
