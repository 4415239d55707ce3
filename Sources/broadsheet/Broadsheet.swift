import ArgumentParser

/// Every command names itself (`commandName`): a name ArgumentParser derives from the type
/// (`String(describing:)`) costs runtime conformance look-ups at every start, for every
/// command in the tree, whichever one runs.
@main
struct Broadsheet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "broadsheet",
        abstract: "A self-hosted news reader: follow feeds, read them on the web, in apps and here.",
        discussion: """
            Start with `broadsheet serve` and open http://127.0.0.1:8080 (a demo edition is shown \
            until you add your own sources). Add a source with `broadsheet add https://example.org` \
            (a site, a feed address, or a feed file on disk).
            """,
        subcommands: [
            ServeCommand.self, AddCommand.self, RemoveCommand.self, RefreshCommand.self,
            SourcesCommand.self, ArticlesCommand.self, ReadCommand.self, SearchCommand.self,
            ImportCommand.self, ExportCommand.self, KeysCommand.self, UsersCommand.self, AppPasswordsCommand.self, CopyCommand.self, RetentionCommand.self,
            OpenAPICommand.self, ParseCommand.self, ExtractCommand.self, DetectLanguageCommand.self,
            StoriesCommand.self, ClusterCommand.self,
        ]
    )

    /// Runs the command, then closes the stores and fetchers it opened, also when it failed.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            await ClosedWhenCommandEnds.shared.closeAll()
        } catch {
            await ClosedWhenCommandEnds.shared.closeAll()
            exit(withError: error)
        }
    }
}
