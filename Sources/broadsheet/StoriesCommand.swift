import ArgumentParser
import Foundation
import NewsModel
import Storage
import StoryTracking

/// `broadsheet stories`: today's top stories, the news most sources carry.
struct StoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stories",
        abstract: "List today's top stories: the news carried by the most sources.",
        discussion: """
            A story is the articles about one event from any of your sources, grouped as they \
            arrive (`serve` does it in the background; this command first places whatever arrived \
            since). Lists stories with an article from the last --hours, carried by at least \
            --min-sources of the sources you follow, most sources first, then the most recent. LEAD is the story's \
            first article: read it with `broadsheet read LEAD`.
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Stories with an article published in this many past hours (1 to 720).")
    var hours = 24

    @Option(help: "Only stories carried by at least this many sources (1 to 1000).")
    var minSources = 2

    @Option(help: "How many stories to list (1 to 1000).")
    var limit = 20

    func validate() throws {
        guard (1...720).contains(hours) else { throw ValidationError("--hours must be between 1 and 720.") }
        guard (1...1000).contains(minSources) else { throw ValidationError("--min-sources must be between 1 and 1000.") }
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000.") }
    }

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        try await StoryTracker(store: store).catchUp()
        let now = Date()
        let stories = try await store.topStories(
            since: now.addingTimeInterval(-TimeInterval(hours) * 3600), minimumSources: minSources, limit: limit, for: user.id
        )
        if stories.isEmpty {
            Terminal.printError("No story in the last \(hours) hours is carried by \(minSources) sources or more. Add more sources, or try --min-sources 1.")
            return
        }
        var table = TextTable(columns: ["LEAD", "SOURCES", "LATEST", "STORY"])
        for story in stories {
            let shown = story.sourceIDs.prefix(3).map(\.rawValue).joined(separator: ", ")
            let more = story.sourceIDs.count > 3 ? " +\(story.sourceIDs.count - 3)" : ""
            table.append([
                String(story.lead.id.rawValue), String(story.sourceCount), RelativeTime.describe(story.latestPublishedAt, now: now),
                "\(story.lead.title) (\(shown)\(more))",
            ])
        }
        print(table.rendered(), terminator: "")
    }
}
