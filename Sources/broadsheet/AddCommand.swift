import ArgumentParser
import Fetching
import Foundation
import NewsModel
import Refresh
import Storage
import WebApp

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

    @Option(help: ArgumentHelp("Put it in this folder of yours (created if missing).", valueName: "folder"))
    var folder: String?

    func validate() throws {
        if let category, Category(rawValue: category.lowercased()) == nil {
            throw ValidationError("Unknown category \"\(category)\"; use one of \(Category.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let country, Country(rawValue: country) == nil {
            throw ValidationError("Unknown country \"\(country)\"; use a 2-letter code NewsAPI knows, such as \(Country.knownCodes.prefix(8).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        var folderID: FolderID?
        if let folder {
            do {
                folderID = try await store.folder(named: folder, for: user.id).id
            } catch let error as StoreError {
                throw CommandFailure(error.description)
            }
        }
        let fetcher = await network.openFetcher()
        let subscriber = SourceSubscriber(store: store, loader: FeedLoader(fetcher: fetcher))
        let subscription: SourceSubscriber.Subscription
        do {
            subscription = try await subscriber.subscribe(
                to: address, name: name,
                category: category.flatMap { Category(rawValue: $0.lowercased()) },
                country: country.flatMap(Country.init(rawValue:)),
                as: user.id, folder: folderID, allowsLocalFiles: true
            )
        } catch {
            throw CommandFailure("\(error)")
        }
        let source = subscription.source
        print("Added \(source.id) (\(source.name)) with \(counted(subscription.articlesStored, "article")).")
        if !subscription.problems.isEmpty {
            Terminal.printError("Note: the feed has problems Broadsheet worked around: \(subscription.problems.prefix(3).map(\.description).joined(separator: "; ")).")
        }
    }
}
