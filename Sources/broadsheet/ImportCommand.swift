import ArgumentParser
import FeedParsing
import Fetching
import Foundation
import Logging
import Markup
import NewsModel
import Refresh
import Storage
import WebApp

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Follow every feed in an OPML file exported from another reader.",
        discussion: """
            Folders in the file become your folders. Feeds you already follow, repeated ones, \
            addresses that are not on the web and (without --allow-private-addresses) addresses on \
            this machine or a private network are skipped, each with its reason. The new sources \
            are fetched at once unless --no-refresh is given.
            """
    )

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: ArgumentHelp("The OPML file.", valueName: "file"))
    var file: String

    @Flag(name: .customLong("no-refresh"), help: "Only add the sources; let `serve` or `refresh` fetch them later.")
    var noRefresh = false

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("The file \(file) could not be read; check the path.")
        }
        let document: OPMLDocument
        do {
            document = try OPMLDocument(parsing: [UInt8](data))
        } catch {
            throw CommandFailure("\(error)")
        }
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        let summary = try await OPMLSubscriptions(store: store, allowsPrivateAddresses: network.allowPrivateAddresses)
            .importOutlines(of: document, as: user.id)
        let added = summary.added
        print("Followed \(counted(added.count, "new source")) from \(file).")
        if !summary.skipped.isEmpty {
            Terminal.printError("Skipped \(counted(summary.skipped.count, "feed")):")
            for skipped in summary.skipped {
                Terminal.printError("  \(skipped.title.map { "\($0) " } ?? "")<\(skipped.feedURL)>: \(skipped.reason)")
            }
        }
        guard !noRefresh, !added.isEmpty else { return }
        let fetcher = await network.openFetcher()
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher), logger: Logger(label: "import", factory: { _ in SwiftLogNoOpLogHandler() }))
        let progress = ProgressLine(total: added.count)
        let reports = await refresher.refresh(added, concurrency: 6) { await progress.finished($0) }
        await progress.done(summary: "Fetched \(counted(reports.count, "new source")), \(reports.filter(\.isFailure).count) failed (they are kept and retried by `serve`).")
    }
}

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the sources you follow as OPML, for another reader or a backup.",
        discussion: "Example: broadsheet export > subscriptions.opml"
    )

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        let export = try await OPMLSubscriptions(store: store).export(for: user.id)
        print(export.document.serialized(comment: export.leftOutNote), terminator: "")
        if let note = export.leftOutNote { Terminal.printError(note) }
    }
}

