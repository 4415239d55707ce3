import ArgumentParser
import Foundation
import NewsModel
import SQLiteStorage
import Storage

struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sources you follow, or correct what is known about one.",
        subcommands: [SourcesListCommand.self, SourcesEditCommand.self],
        defaultSubcommand: SourcesListCommand.self
    )
}

struct SourcesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the sources you follow, with their article counts, refresh status, language, country and category.",
        discussion: """
            Language, country and category in [brackets] were worked out from the feed; the others \
            were set by a person (`broadsheet sources edit`). A dash: nothing is known yet, and the \
            API shows the server's default (`serve --default-language`, `--default-country`).
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Show each source's health instead: its last article and how often it publishes, whether it is dormant, the last successful fetch, the next attempt, what conditional requests saved, and the error going on with how long it has lasted.")
    var health = false

    func run() async throws {
        let store = try await database.openStore()
        let user = try await database.actingUser(in: store)
        let summaries = try await store.subscriptionSummaries(for: user.id)
        guard !summaries.isEmpty else {
            FileHandle.standardError.write(Data("No sources yet. Add one with `broadsheet add URL` (a site, a feed address or a feed file).\n".utf8))
            return
        }
        if health {
            try await printHealth(of: summaries, store: store, user: user.id)
            return
        }
        var table = TextTable(columns: ["ID", "NAME", "FOLDER", "UNREAD", "ARTICLES", "LATEST", "LANG", "COUNTRY", "CATEGORY", "STATUS"])
        for summary in summaries {
            let source = summary.source
            let status: String
            if let error = summary.state?.lastError {
                status = "error: " + error
            } else if source.isDemo {
                status = "demo"
            } else if let success = summary.state?.lastSuccessAt {
                status = "ok " + RelativeTime.describe(success)
            } else {
                status = "not fetched yet"
            }
            table.append([
                source.id.rawValue, summary.displayName, summary.folder?.name ?? "-", String(summary.unreadCount), String(summary.articleCount),
                summary.newestArticleAt.map { RelativeTime.describe($0) } ?? "-",
                Self.trait(set: source.language?.rawValue, inferred: source.inferred.language?.rawValue),
                Self.trait(set: source.country?.rawValue, inferred: source.inferred.country?.rawValue),
                Self.trait(set: source.category?.rawValue, inferred: source.inferred.category?.rawValue),
                status,
            ])
        }
        print(table.rendered(), terminator: "")
    }

    /// The source page's activity and health numbers, one row per source, days counted in
    /// this machine's time zone. The error comes last, where a narrow terminal cuts it.
    func printHealth(of summaries: [SubscriptionSummary], store: any ReaderStore, user: UserID) async throws {
        let now = Date()
        let dormantAfterDays = try await store.readerSettings(for: user).dormantAfterDays
        let lastPosted = try await store.lastPostingDates(for: user)
        let year = LocalDayRange(endingOn: now, dayCount: 365, timeZone: .current)
        var table = TextTable(columns: ["ID", "NAME", "LAST ARTICLE", "DORMANT", "EVERY", "30 DAYS", "YEAR", "LAST FETCH", "NEXT", "SAVED", "ERROR"])
        for summary in summaries {
            let source = summary.source
            let activity = try await store.postingActivity(of: source.id, over: year)
            let health = SourceHealth(
                state: summary.state, activity: activity, lastPostedAt: lastPosted[source.id], addedAt: source.addedAt,
                dormantAfterDays: dormantAfterDays, now: now
            )
            let lastThirty = activity.articlesByDay.filter { $0.key > year.firstDay + year.dayCount - 31 }.values.reduce(0, +)
            var error = "-"
            if let message = health.lastError {
                let lasted = health.failingSince.map { "failing for \(SourceHealth.duration(now.timeIntervalSince($0))), " } ?? ""
                error = message + " (\(lasted)\(health.failedAttempts) attempt\(health.failedAttempts == 1 ? "" : "s"))"
            }
            table.append([
                source.id.rawValue, summary.displayName,
                health.lastPostedAt.map { RelativeTime.describe($0, now: now) } ?? "-",
                source.isDemo ? "-" : (health.isDormant ? "dormant" : "no"),
                health.averageInterval.map { SourceHealth.duration($0) } ?? "-",
                String(lastThirty), String(activity.total),
                source.isDemo ? "demo" : health.lastSuccessAt.map { RelativeTime.describe($0, now: now) } ?? "never",
                source.isDemo ? "-" : health.nextAttemptAt.map { $0 <= now ? "due" : "in " + SourceHealth.duration($0.timeIntervalSince(now)) } ?? "-",
                health.notModifiedCount == 0 ? "-" : "\(SourceHealth.bytes(health.bytesSaved)) (\(health.notModifiedCount)× 304)",
                error,
            ])
        }
        print(table.rendered(), terminator: "")
        guard Terminal.isInteractive else { return }
        print("Dormant: no article for more than \(dormantAfterDays) days (a setting of the web reader). EVERY: average time between articles over the last year.")
    }

    /// A person's value as it is, an inferred one in brackets, a dash for none.
    static func trait(set: String?, inferred: String?) -> String {
        set ?? inferred.map { "[\($0)]" } ?? "-"
    }
}

struct SourcesEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct a source's name, language, country or category.",
        discussion: """
            What you set here wins over what Broadsheet works out from the feed, and refreshes never \
            change it. Give `auto` to go back to the value worked out from the feed. \
            Languages: \(Language.allCases.map(\.rawValue).joined(separator: " ")). \
            Countries: \(Country.knownCodes.joined(separator: " ")). \
            Categories: \(NewsModel.Category.allCases.map(\.rawValue).joined(separator: " ")).
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The source's id (see `broadsheet sources`).", valueName: "source-id"))
    var sourceID: String

    @Option(help: "A new name for the source.")
    var name: String?

    @Option(help: ArgumentHelp("The language its articles are written in (a NewsAPI code such as en, de, ud), or auto.", valueName: "code"))
    var language: String?

    @Option(help: ArgumentHelp("Its country (a 2-letter code NewsAPI knows, such as us, gb, de), or auto.", valueName: "code"))
    var country: String?

    @Option(help: ArgumentHelp("Its category (business, entertainment, general, health, science, sports, technology), or auto.", valueName: "name"))
    var category: String?

    func validate() throws {
        if name == nil, language == nil, country == nil, category == nil {
            throw ValidationError("Say what to change: --name, --language, --country or --category.")
        }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--name cannot be empty.")
        }
        _ = try parsedLanguage()
        _ = try parsedCountry()
        _ = try parsedCategory()
    }

    /// nil: leave as is; .some(nil): back to the inferred value; .some(value): set it.
    func parsedLanguage() throws -> Language?? {
        try parsed(language, option: "language", allowed: Language.allCases.map(\.rawValue)) { Language(languageTag: $0) }
    }

    func parsedCountry() throws -> Country?? {
        try parsed(country, option: "country", allowed: Country.knownCodes) { Country(rawValue: $0) }
    }

    func parsedCategory() throws -> NewsModel.Category?? {
        try parsed(category, option: "category", allowed: NewsModel.Category.allCases.map(\.rawValue)) { NewsModel.Category(rawValue: $0.lowercased()) }
    }

    private func parsed<Value>(_ text: String?, option: String, allowed: [String], _ make: (String) -> Value?) throws -> Value?? {
        guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased() == "auto" { return .some(nil) }
        guard let value = make(text) else {
            throw ValidationError("--\(option) must be one of \(allowed.joined(separator: ", ")), or auto; \"\(text)\" is not.")
        }
        return .some(value)
    }

    func run() async throws {
        let store = try await database.openStore()
        guard let id = SourceID(rawValue: sourceID), var source = try await store.source(id) else {
            throw CommandFailure("There is no source \"\(sourceID)\". Run `broadsheet sources` to list the ids.")
        }
        if let name { source.name = name.trimmingCharacters(in: .whitespaces) }
        if let language = try parsedLanguage() { source.language = language }
        if let country = try parsedCountry() { source.country = country }
        if let category = try parsedCategory() { source.category = category }
        do {
            try await store.updateSource(source)
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
        print("\(source.id): \(source.name)")
        print("  language: \(Self.describe(source.language?.rawValue, inferred: source.inferred.language?.rawValue))")
        print("  country:  \(Self.describe(source.country?.rawValue, inferred: source.inferred.country?.rawValue))")
        print("  category: \(Self.describe(source.category?.rawValue, inferred: source.inferred.category?.rawValue))")
    }

    static func describe(_ set: String?, inferred: String?) -> String {
        if let set { return "\(set) (set by you)" }
        if let inferred { return "\(inferred) (from the feed)" }
        return "not known yet (the API shows the server's default)"
    }
}
