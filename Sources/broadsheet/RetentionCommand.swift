import ArgumentParser
import Foundation
import Refresh
import Storage
import WebApp

struct RetentionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention",
        abstract: "Show or set how long articles are kept, or remove old ones now.",
        discussion: """
            Articles older than the retention (90 days unless set) are removed once a day by \
            `serve`, except starred ones; their ids are never given again. Examples:
              broadsheet retention              (show it)
              broadsheet retention --days 30
              broadsheet retention --days 0     (keep every article)
              broadsheet retention --run        (remove old articles now)
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("Keep articles this many days (0 keeps them all); needs an admin.", valueName: "days"))
    var days: Int?

    @Flag(name: .customLong("run"), help: "Remove the articles older than the retention now.")
    var removeNow = false

    func run() async throws {
        let store = try await database.openStore()
        let retention = ArticleRetention(store: store)
        if days != nil || removeNow {
            let acting = try await database.actingUser(in: store)
            guard acting.isAdmin else { throw CommandFailure("\(acting.name) is not an admin; only admins change what the library keeps.") }
        }
        if let days {
            do {
                try await retention.setDays(days)
            } catch let error as RetentionError {
                throw CommandFailure(error.description)
            }
        }
        let kept = try await retention.days()
        print(kept == 0 ? "Articles are kept forever." : "Articles are kept \(counted(kept, "day")) (starred ones for good).")
        if removeNow {
            if let summary = try await retention.run() {
                print("Removed \(counted(summary.articlesRemoved, "article"))\(summary.sourcesRemoved > 0 ? " and \(counted(summary.sourcesRemoved, "source")) nobody follows" : "").")
            }
        }
    }
}
