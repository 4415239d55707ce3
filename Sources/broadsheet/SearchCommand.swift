import ArgumentParser
import Foundation
import NewsModel
import Storage

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search every stored article's title, description and content.",
        discussion: """
            QUERY uses the NewsAPI syntax: words, "an exact phrase", +must, -mustnot, \
            and AND / OR / NOT with parentheses. Best matches come first.
            """
    )

    @OptionGroup var database: DatabaseOptions

    // Every word the options do not claim is part of the query, even one that starts with a
    // dash: `-opinion` excludes a word, it is not an option.
    @Argument(parsing: .allUnrecognized, help: "What to look for (-word leaves out articles with that word).")
    var query: [String]

    @Option(help: "How many results to list (1 to 1000).")
    var limit = 20

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000.") }
        guard !query.joined().trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("Give something to search for.") }
    }

    func run() async throws {
        let text = query.joined(separator: " ")
        let search: SearchQuery
        do {
            search = try SearchQuery(parsing: text)
        } catch {
            throw CommandFailure("\(error)")
        }
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        let results = try await store.articles(matching: ArticleQuery(search: search, followedBy: user.id, sortBy: .relevancy, page: 1, pageSize: limit))
        if results.articles.isEmpty {
            FileHandle.standardError.write(Data("No articles match \(text).\n".utf8))
            return
        }
        ArticleListing.print(results.articles)
    }
}
