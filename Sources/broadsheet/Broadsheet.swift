import ArgumentParser

@main
struct Broadsheet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "broadsheet",
        abstract: "A self-hosted news reader: follow feeds, read them on the web, in apps and here.",
        subcommands: [ParseCommand.self, ExtractCommand.self]
    )
}
