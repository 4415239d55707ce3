import ArgumentParser
import Fetching
import Foundation
import Logging
import NewsModel
import Refresh
import Storage
import WebApp

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch new articles now, for every source or the ones named.",
        discussion: "Prints one line per source: new and changed articles, or what went wrong."
    )

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: ArgumentHelp("Only these sources (default: all but the demo).", valueName: "source-id"))
    var sourceIDs: [String] = []

    /// Feeds on many hosts are fetched many at a time; the per-host limit keeps each site's
    /// share polite whatever this says.
    @Option(help: "How many feeds to fetch at once (1 to 32; at most two on one host whatever this says).")
    var concurrency = 16

    func validate() throws {
        guard (1...32).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 32.") }
    }

    func run() async throws {
        let store = try await database.openStore()
        var sources = try await store.sources(matching: SourceQuery()).filter { !$0.isDemo }
        if !sourceIDs.isEmpty {
            let wanted = Set(sourceIDs)
            let unknown = wanted.subtracting(sources.map(\.id.rawValue))
            if let first = unknown.sorted().first {
                throw CommandFailure("There is no source with id \"\(first)\". Run `broadsheet sources` to list the ids.")
            }
            sources = sources.filter { wanted.contains($0.id.rawValue) }
        }
        guard !sources.isEmpty else {
            Terminal.printError("Nothing to refresh: add a source with `broadsheet add URL` first.")
            return
        }
        let fetcher = await network.openFetcher()
        let refresher = FeedRefresher(store: store, loader: FeedLoader(fetcher: fetcher), logger: .init(label: "broadsheet.refresh", factory: { _ in SwiftLogNoOpLogHandler() }))
        let progress = ProgressLine(total: sources.count)
        let reports = await refresher.refresh(sources, concurrency: concurrency) { report in
            await progress.finished(report)
        }
        let failures = reports.filter(\.isFailure).count
        let inserted = reports.reduce(0) { total, report in
            if case .updated(let inserted, _) = report.outcome { return total + inserted }
            return total
        }
        await progress.done(summary: "Refreshed \(counted(reports.count, "source")): \(counted(inserted, "new article"))\(failures > 0 ? ", \(failures) failed" : "").")
        if failures == reports.count { throw ExitCode(1) }
    }
}

/// Per-source result lines on stdout, and on a terminal a live "[3/12]" counter on stderr.
actor ProgressLine {
    let total: Int
    private var finishedCount = 0

    init(total: Int) {
        self.total = total
    }

    func finished(_ report: RefreshReport) {
        finishedCount += 1
        let result: String
        switch report.outcome {
        case .updated(let inserted, let updated): result = "\(inserted) new, \(updated) changed"
        case .notModified: result = "unchanged"
        case .failed(let message): result = "failed: " + message
        }
        if Terminal.stderrIsInteractive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        print("\(report.sourceID)\t\(result)")
        // A line per source as it happens, also when stdout is a pipe or a log file
        // (nil flushes every stream: `stdout` itself is a global Swift 6 will not touch).
        fflush(nil)
        if Terminal.stderrIsInteractive {
            FileHandle.standardError.write(Data("[\(finishedCount)/\(total)] refreshing…".utf8))
        }
    }

    func done(summary: String) {
        if Terminal.stderrIsInteractive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        Terminal.printError(summary)
    }
}
