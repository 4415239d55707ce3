import ArgumentParser
import NewsModel
import Storage
import WebApp

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop following a source (its articles leave with it when nobody else follows it)."
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The source's id (see `broadsheet sources`), or `demo` for the whole demo edition.", valueName: "source-id"))
    var sourceID: String

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        if sourceID == "demo" {
            guard user.isAdmin else { throw CommandFailure("\(user.name) is not an admin; only admins remove the demo edition.") }
            let removed = try await store.removeDemoSources()
            try await store.setSetting(WebAppSettingKey.demoDismissed, to: "true")
            print("Removed the demo edition (\(removed) sources).")
            return
        }
        guard let id = SourceID(rawValue: sourceID) else {
            throw CommandFailure("\"\(sourceID)\" is not a source id. Run `broadsheet sources` to list the ids.")
        }
        do {
            try await store.unfollow(id, as: user.id)
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
        let stays = try await store.source(id) != nil
        print("Stopped following \(id)\(stays ? " (others follow it, or someone starred one of its articles, so it stays in the library)" : "; its articles are gone").")
    }
}
