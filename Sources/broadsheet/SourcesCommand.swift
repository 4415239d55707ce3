import ArgumentParser
import Foundation
import Storage

struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sources you follow, with their article counts and refresh status."
    )

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let store = try await database.openStore()
        let summaries = try await store.sourceSummaries()
        guard !summaries.isEmpty else {
            FileHandle.standardError.write(Data("No sources yet. Add one with `broadsheet add URL` (a site, a feed address or a feed file).\n".utf8))
            return
        }
        var table = TextTable(columns: ["ID", "NAME", "ARTICLES", "LATEST", "STATUS"])
        for summary in summaries {
            let status: String
            if let error = summary.state?.lastError {
                status = "error: " + error
            } else if summary.source.isDemo {
                status = "demo"
            } else if let success = summary.state?.lastSuccessAt {
                status = "ok " + RelativeTime.describe(success)
            } else {
                status = "not fetched yet"
            }
            table.append([
                summary.source.id.rawValue, summary.source.name, String(summary.articleCount),
                summary.newestArticleAt.map { RelativeTime.describe($0) } ?? "-", status,
            ])
        }
        print(table.rendered(), terminator: "")
    }
}
