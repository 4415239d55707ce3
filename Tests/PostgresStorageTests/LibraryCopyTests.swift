import Foundation
import NewsModel
import PostgresStorage
import SQLiteStorage
import Storage
import Testing

/// `LibraryCopy` between SQLite and PostgreSQL, both ways.
@Suite(.serialized, .enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct LibraryCopyTests {
    static let base = Date(timeIntervalSince1970: 1_700_000_000.123456)

    /// A library with every kind of row: two sources (one with state), 1 203 articles
    /// (more than two batches), some read and some with reader views, a removed newest
    /// article (its id must stay used), keys and settings.
    static func fill(_ store: some ReaderStore) async throws -> NewAPIKey {
        let alpha = try await store.addSource(Source(
            id: SourceID(slugging: "alpha"), name: "Alpha", description: "Ä description", siteURL: "https://alpha.example",
            feedURL: "https://alpha.example/feed", category: .science, language: .de, country: Country(rawValue: "de"), addedAt: base
        ))
        let drafts = (0..<1_203).map { number in
            ArticleDraft(
                guid: "a-\(number)", title: "Article \(number) 纪念币", author: number.isMultiple(of: 3) ? nil : "Author \(number)",
                summary: "Summary \(number)", contentHTML: "<p>Body \(number)</p>", contentText: "Body \(number) with words",
                url: "https://www.alpha.example/\(number)", imageURL: nil,
                publishedAt: base.addingTimeInterval(Double(number) * 61.000_001), language: number.isMultiple(of: 5) ? .fr : nil
            )
        }
        var state = FeedState(etag: "\"e\"", lastAttemptAt: base, lastSuccessAt: base, nextRefreshAt: base.addingTimeInterval(1800))
        state.consecutiveFailures = 0
        _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: state), to: alpha.id)
        let beta = try await store.addSource(Source(id: SourceID(slugging: "beta"), name: "Beta", feedURL: "https://beta.example/feed"))
        _ = try await store.applyRefresh(RefreshResult(articles: [ArticleDraft(guid: "gone", title: "Gone")], state: FeedState()), to: beta.id)
        let page = try await store.articles(matching: ArticleQuery(sources: [alpha.id], pageSize: 30))
        for article in page.articles.prefix(10) {
            try await store.recordRead(article.id)
            try await store.saveReaderView(ReaderView(outcome: .extracted, html: "<p>Full</p>", text: "Full", title: "T", extractedAt: base), for: article.id)
        }
        try await store.removeSource(beta.id)
        let key = try await store.createAPIKey(name: "App")
        let disabled = try await store.createAPIKey(name: "Old app")
        try await store.setAPIKey(disabled.key.id, enabled: false)
        try await store.setSetting("demo.dismissed", to: "true")

        // People: the owner claims the library, a second reader follows alpha in a folder,
        // reads and stars; sessions, app passwords and personal settings.
        let owner = try await store.createUser(name: "Alice", passwordHash: "$2b$12$ownerhashownerhashownerhashownerhashownerhashowne", role: .admin)
        let reader = try await store.createUser(name: "bob", passwordHash: "$2b$12$readerhashreaderhashreaderhashreaderhashreaderh", role: .reader)
        let folder = try await store.folder(named: "Science", for: reader.id)
        _ = try await store.follow(
            Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed"), as: reader.id, name: "Mine", folder: folder.id
        )
        let ids = page.articles.map(\.id)
        _ = try await store.setRead(true, articles: Array(ids.prefix(7)), for: reader.id, at: base.addingTimeInterval(60))
        _ = try await store.setRead(true, articles: Array(ids.suffix(3)), for: owner.id, at: base.addingTimeInterval(120))
        _ = try await store.setStarred(true, articles: Array(ids.prefix(2)), for: reader.id, at: base.addingTimeInterval(180))
        _ = try await store.createSession(for: reader.id, userAgent: "Test browser", expiresAt: base.addingTimeInterval(86_400 * 3_650), now: base)
        _ = try await store.createAppPassword(name: "Reeder", for: reader.id)
        var settings = try await store.readerSettings(for: reader.id)
        settings.hidesRead = true
        try await store.saveReaderSettings(settings, for: reader.id)
        _ = try await store.createAPIKey(name: "Bob's app", for: reader.id)
        return key
    }

    /// Everything of people on a store, for comparing two.
    static func people(_ store: some LibraryCopying) async throws -> (PeopleRecords, [ReadingMark]) {
        (try await store.exportPeople(), try await store.exportReadingMarks(articleIDs: 0...1_000_000))
    }

    static func allArticles(_ store: some LibraryCopying) async throws -> [Article] {
        try await store.exportArticles(after: 0, limit: 10_000)
    }

    @Test func copiesSQLiteToPostgresAndBackUnchanged() async throws {
        let sqlite = try SQLiteStore.temporary()
        let key = try await Self.fill(sqlite)
        try await PostgresTestServer.withTemporaryStore { postgres in try await Self.copyBothWays(sqlite, key: key, postgres: postgres) }
    }

    static func copyBothWays(_ sqlite: SQLiteStore, key: NewAPIKey, postgres: PostgresStore) async throws {
        let counts = try await LibraryCopy(from: sqlite, named: "sqlite", to: postgres, named: "postgres", batchSize: 500).run()
        #expect(counts.articles == 1_203 && counts.sources == 1 && counts.readerViews == 10 && counts.apiKeys == 3 && counts.totalReads == 10)
        #expect(try await allArticles(postgres) == Self.allArticles(sqlite))
        #expect(try await postgres.exportSources() == sqlite.exportSources())
        #expect(try await postgres.apiKey(forSecret: key.secret) == key.key, "keys work with their old secrets")
        #expect(try await postgres.apiKeys() == sqlite.apiKeys())
        #expect(try await postgres.setting("demo.dismissed") == "true")
        let (originPeople, originMarks) = try await people(sqlite)
        let (copiedPeople, copiedMarks) = try await people(postgres)
        #expect(copiedPeople == originPeople)
        #expect(copiedMarks == originMarks && originMarks.count == 10, "7 + 3 read, 2 of those starred too")
        #expect(counts.users == 2 && counts.subscriptions == 2 && counts.stars == 2 && counts.readEntries == 10 && counts.sessions == 1 && counts.appPasswords == 1)
        let bob = try #require(try await postgres.user(named: "BOB"))
        #expect(try await postgres.unreadCounts(for: bob.id) == sqlite.unreadCounts(for: bob.id))
        #expect(try await postgres.subscriptionSummaries(for: bob.id) == sqlite.subscriptionSummaries(for: bob.id))
        #expect(try await postgres.setting(LibraryCopy.inProgressSetting) == nil)
        #expect(try await search(postgres, "纪念币").totalResults == 1_203)
        #expect(try await search(postgres, "\"article 1202\"").articles.map(\.guid) == ["a-1202"])

        // The removed article's id stays used on the copy.
        let highWater = try await sqlite.articleIDHighWater()
        #expect(highWater > counts.largestArticleID)
        let next = try await postgres.addSource(Source(id: SourceID(slugging: "next"), name: "Next", feedURL: "https://next.example/feed"))
        _ = try await postgres.applyRefresh(RefreshResult(articles: [ArticleDraft(guid: "n", title: "New")], state: FeedState()), to: next.id)
        #expect(try #require(try await postgres.articles(matching: ArticleQuery(sources: [next.id])).articles.first).id.rawValue > highWater)

        // And back into a new SQLite library.
        try await postgres.removeSource(next.id)
        let back = try SQLiteStore.temporary()
        let backCounts = try await LibraryCopy(from: postgres, named: "postgres", to: back, named: "back").run()
        #expect(backCounts.articles == 1_203)
        #expect(try await allArticles(back) == Self.allArticles(sqlite))
        #expect(try await back.apiKey(forSecret: key.secret) == key.key)
        let (backPeople, backMarks) = try await people(back)
        #expect(backPeople == originPeople && backMarks == originMarks)
        #expect(try await back.articleIDHighWater() >= highWater + 1)
    }

    @Test func resumesAnInterruptedCopyAndRefusesAFullTarget() async throws {
        let sqlite = try SQLiteStore.temporary()
        _ = try await Self.fill(sqlite)
        try await PostgresTestServer.withTemporaryStore { postgres in try await Self.resume(sqlite, postgres: postgres) }
    }

    static func resume(_ sqlite: SQLiteStore, postgres: PostgresStore) async throws {
        // An interrupted copy: the marker, the sources, and the first 400 articles.
        try await postgres.setSetting(LibraryCopy.inProgressSetting, to: "sqlite")
        try await postgres.importSources(try await sqlite.exportSources())
        try await postgres.importArticles(try await sqlite.exportArticles(after: 0, limit: 400))

        let progress = ProgressRecorder()
        let counts = try await LibraryCopy(from: sqlite, named: "sqlite", to: postgres, named: "postgres", batchSize: 300).run { await progress.record($0) }
        #expect(counts.articles == 1_203)
        #expect(await progress.seen.first?.copiedArticles == 400, "it starts after what is there")
        #expect(try await allArticles(postgres) == Self.allArticles(sqlite))

        await #expect(throws: LibraryCopy.Failure.targetNotEmpty(target: "postgres")) {
            _ = try await LibraryCopy(from: sqlite, named: "sqlite", to: postgres, named: "postgres").run()
        }
        try await postgres.setSetting(LibraryCopy.inProgressSetting, to: "elsewhere")
        await #expect(throws: LibraryCopy.Failure.otherCopyInProgress(target: "postgres", origin: "elsewhere")) {
            _ = try await LibraryCopy(from: sqlite, named: "sqlite", to: postgres, named: "postgres").run()
        }
    }

    static func search(_ store: some ArticleStore, _ text: String) async throws -> ArticleResults {
        try await store.articles(matching: ArticleQuery(search: try SearchQuery(parsing: text)))
    }
}

actor ProgressRecorder {
    private(set) var seen: [LibraryCopy.Progress] = []
    func record(_ progress: LibraryCopy.Progress) { seen.append(progress) }
}
