import ArgumentParser
import NewsModel
import Storage

struct ArticlesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "articles",
        abstract: "List the newest articles, of every source or of one.",
        discussion: "Read one with `broadsheet read ID`."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("Only this source's articles (see `broadsheet sources`).", valueName: "source-id"))
    var source: String?

    @Option(help: "How many articles to list (1 to 1000).")
    var limit = 20

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000.") }
    }

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        var query = ArticleQuery(followedBy: user.id, sortBy: .publishedAt, page: 1, pageSize: limit)
        if let source {
            guard let id = SourceID(rawValue: source), try await store.subscription(to: id, for: user.id) != nil else {
                throw CommandFailure("There is no source with id \"\(source)\". Run `broadsheet sources` to list the ids.")
            }
            query.sources = [id]
        }
        let results = try await store.articles(matching: query)
        ArticleListing.print(results.articles)
    }
}

/// The table `articles` and `search` print.
enum ArticleListing {
    static func print(_ articles: [Article]) {
        var table = TextTable(columns: ["ID", "PUBLISHED", "SOURCE", "TITLE"])
        for article in articles {
            table.append([String(article.id.rawValue), RelativeTime.describe(article.publishedAt), article.sourceID.rawValue, article.title])
        }
        Swift.print(table.rendered(), terminator: "")
    }
}
