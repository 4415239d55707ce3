import ArgumentParser
import Foundation
import Logging
import Storage
import WebApp

struct CopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a whole library between SQLite and PostgreSQL (either way), then verify it.",
        discussion: """
            Copies sources, their refresh state, articles (with their ids, read counts and reader views), \
            API keys and settings into an empty database, and prints the counts it verified on both sides. \
            Stop Broadsheet on the origin first. An interrupted copy resumes where it stopped when run again. \
            Example: broadsheet copy --from ~/.local/share/broadsheet/broadsheet.sqlite \
            --to postgres://broadsheet:secret@db.example.org/broadsheet
            """
    )

    @Option(help: ArgumentHelp("The library to copy: a SQLite file or a postgres:// URL.", valueName: "path-or-url"))
    var from: String

    @Option(help: ArgumentHelp("Where to copy it: a new SQLite file or an empty PostgreSQL database.", valueName: "path-or-url"))
    var to: String

    @Option(help: "Articles per transaction (1 to 5000).")
    var batchSize = 500

    func validate() throws {
        guard (1...5_000).contains(batchSize) else { throw ValidationError("--batch-size must be between 1 and 5000.") }
        guard from != to else { throw ValidationError("--from and --to name the same library.") }
    }

    func run() async throws {
        let quiet = Logger(label: "broadsheet.database", factory: { _ in SwiftLogNoOpLogHandler() })
        let origin = DatabaseOptions(database: from)
        let target = DatabaseOptions(database: to)
        let originStore = try await DatabaseOptions.open(from, logger: quiet)
        let targetStore = try await DatabaseOptions.open(to, logger: quiet)
        let copy = LibraryCopy(from: originStore, named: origin.displayName, to: targetStore, named: target.displayName, batchSize: batchSize)
        let interactive = Terminal.stderrIsInteractive
        let started = Date()
        do {
            let counts = try await copy.run { progress in
                guard interactive else { return }
                FileHandle.standardError.write(Data("\r\u{1B}[K[\(progress.copiedArticles)/\(progress.totalArticles) articles] copying…".utf8))
            }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            print("Copied \(origin.displayName) to \(target.displayName) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s.")
            print("Verified on both sides: " + [
                counted(counts.sources, "source"), counted(counts.feedStates, "refresh state"), counted(counts.articles, "article"),
                counted(counts.readerViews, "reader view"), counted(counts.apiKeys, "API key"), counted(counts.settings, "setting"),
            ].joined(separator: ", ") + "; largest article id \(counts.largestArticleID), \(counted(Int(counts.totalReads), "read")) in all.")
        } catch {
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            if error is LibraryCopy.Failure { throw CommandFailure("\(error)") }
            throw CommandFailure("The copy stopped: \(error). Run the same command again to resume.")
        }
    }
}

extension DatabaseOptions {
    init(database: String) {
        self.init()
        self.database = database
    }
}
