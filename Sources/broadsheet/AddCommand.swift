import ArgumentParser
import Fetching
import Foundation
import NewsModel
import Refresh
import Storage

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Follow a source: a site's address, a feed URL, or a feed file on disk.",
        discussion: """
            Examples:
              broadsheet add https://www.example.org          (finds the site's feed)
              broadsheet add https://www.example.org/feed.xml
              broadsheet add ./saved-feed.xml                  (works offline; re-read on refresh)
            The source's articles are fetched at once; `broadsheet serve` keeps them fresh.
            """
    )

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: ArgumentHelp("A site or feed address, or the path of a feed file.", valueName: "url-or-file"))
    var address: String

    @Option(help: "The name to show (default: the feed's title).")
    var name: String?

    @Option(help: ArgumentHelp("The source's category: \(Category.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "category"))
    var category: String?

    @Option(help: ArgumentHelp("The source's country, a 2-letter code such as us or gb.", valueName: "code"))
    var country: String?

    func validate() throws {
        if let category, Category(rawValue: category.lowercased()) == nil {
            throw ValidationError("Unknown category \"\(category)\"; use one of \(Category.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let country, Country(rawValue: country) == nil {
            throw ValidationError("Unknown country \"\(country)\"; use a 2-letter code NewsAPI knows, such as \(Country.knownCodes.prefix(8).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let store = try database.openStore()
        let fetcher = HTTPFetcher(configuration: network.fetchConfiguration)
        defer { Task { try? await fetcher.shutdown() } }
        let loader = FeedLoader(fetcher: fetcher)
        let discovered: FeedDiscovery.Discovered
        do {
            discovered = try await FeedDiscovery(loader: loader).discover(address)
        } catch {
            throw CommandFailure("\(error)")
        }
        let existing = try await store.sources(matching: SourceQuery())
        if let twin = existing.first(where: { $0.feedURL == discovered.feedURL }) {
            throw CommandFailure("You already follow this feed as \"\(twin.id)\" (\(twin.name)).")
        }
        let mapper = ArticleMapper()
        let metadata = mapper.metadata(from: discovered.feed)
        let displayName = name ?? metadata.name ?? URLResolverHost.name(of: discovered.feedURL)
        let now = Date()
        let source = try await store.addSource(Source(
            id: SourceID(slugging: displayName),
            name: displayName,
            description: metadata.description,
            siteURL: metadata.siteURL,
            feedURL: discovered.feedURL,
            category: category.flatMap { Category(rawValue: $0.lowercased()) },
            language: metadata.language,
            country: country.flatMap(Country.init(rawValue:)),
            iconURL: discovered.siteIconURL ?? metadata.iconURL,
            addedAt: now
        ))
        let state = FeedState(
            etag: discovered.response.etag, lastModified: discovered.response.lastModified,
            lastAttemptAt: now, lastSuccessAt: now,
            nextRefreshAt: RefreshPolicy().nextRefresh(afterSuccessAt: now, headers: discovered.response.headers)
        )
        let summary = try await store.applyRefresh(RefreshResult(articles: mapper.articles(from: discovered.feed, now: now), state: state), to: source.id)
        print("Added \(source.id) (\(source.name)) with \(summary.inserted) articles.")
        if !discovered.feed.problems.isEmpty {
            Terminal.printError("Note: the feed has problems Broadsheet worked around: \(discovered.feed.problems.prefix(3).map(\.description).joined(separator: "; ")).")
        }
    }
}

/// A readable fallback name for a feed without a title: its host or file name.
enum URLResolverHost {
    static func name(of url: String) -> String {
        if let host = URL(string: url)?.host, !host.isEmpty {
            return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        }
        return URL(string: url)?.deletingPathExtension().lastPathComponent ?? "Feed"
    }
}
