import ArgumentParser
import Fetching
import Foundation
import Markup
import NewsModel
import Refresh
import Logging
import Storage

struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print an article as readable text.",
        discussion: """
            When the feed carries only a summary, the full article is fetched from its page once \
            (and kept); --feed shows the feed's own version, --offline never fetches.
            """
    )

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: ArgumentHelp("The article's id (see `broadsheet articles`).", valueName: "article-id"))
    var articleID: Int64

    @Flag(help: "Show the feed's own version, not the full article from the page.")
    var feed = false

    @Flag(help: "Do not fetch the original page.")
    var offline = false

    @Flag(help: "Leave the article unread (reading it marks it read).")
    var keepUnread = false

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        guard var article = try await store.readerArticle(ArticleID(rawValue: articleID), for: user.id)?.article else {
            throw CommandFailure("There is no article with id \(articleID). Run `broadsheet articles` to list the ids.")
        }
        let source = try await store.source(article.sourceID)
        var note: String?
        if !feed, !offline, article.readerView == nil, ReaderViewPolicy.wantsFullArticle(article) {
            let fetcher = await network.openFetcher()
            article.readerView = await ReaderViewService(store: store, fetcher: fetcher, logger: .init(label: "read", factory: { _ in SwiftLogNoOpLogHandler() })).readerView(for: article)
        }
        let body: String
        if !feed, let view = article.readerView, view.outcome == .extracted {
            body = view.text
        } else {
            if !feed, let view = article.readerView, view.outcome == .failed, let reason = view.failureReason {
                note = "The full article could not be loaded, so this is the feed's version: \(reason)"
            }
            body = article.contentHTML.map(HTMLText.plainText(fromHTML:)) ?? article.summary ?? ""
        }
        let width = Terminal.isInteractive ? min(Terminal.width, 88) : Int.max
        var lines = [article.title, ""]
        let byline = [source?.name, article.author, RelativeTime.describe(article.publishedAt)].compactMap { $0 }.joined(separator: " · ")
        lines.append(byline)
        if let url = article.url { lines.append(url) }
        lines.append("")
        for paragraph in body.split(separator: "\n", omittingEmptySubsequences: true) {
            lines.append(contentsOf: TextWrapping.wrap(String(paragraph), width: width))
            lines.append("")
        }
        print(lines.joined(separator: "\n"))
        if let note { Terminal.printError(note) }
        if !keepUnread { _ = try await store.setRead(true, articles: [article.id], for: user.id, at: Date()) }
    }
}

/// Greedy word wrapping for a terminal.
enum TextWrapping {
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width < Int.max, text.count > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
