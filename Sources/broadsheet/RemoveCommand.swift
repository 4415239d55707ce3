import ArgumentParser
import NewsModel
import Storage
import WebApp

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop following a source and delete its articles."
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The source's id (see `broadsheet sources`), or `demo` for the whole demo edition.", valueName: "source-id"))
    var sourceID: String

    func run() async throws {
        let store = try await database.openStore()
        if sourceID == "demo" {
            let removed = try await store.removeDemoSources()
            try await store.setSetting(WebAppSettingKey.demoDismissed, to: "true")
            print("Removed the demo edition (\(removed) sources).")
            return
        }
        guard let id = SourceID(rawValue: sourceID) else {
            throw CommandFailure("\"\(sourceID)\" is not a source id. Run `broadsheet sources` to list the ids.")
        }
        do {
            try await store.removeSource(id)
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
        print("Removed \(id).")
    }
}
