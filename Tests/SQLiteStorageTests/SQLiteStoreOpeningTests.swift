import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

@Suite struct SQLiteStoreOpeningTests {
    /// A fresh directory under the system's temporary directory, removed by `body`'s caller.
    private func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    /// A library in `directory` written by the schema up to `migration` and holding `rows`
    /// (SQL written the way that version stored them), closed; its path.
    private func oldLibrary(in directory: URL, upTo migration: String, rows: String) async throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("broadsheet.sqlite").path
        var configuration = Configuration()
        // The search index's tokenizer (v8 on) must be known to the connection that writes.
        configuration.prepareDatabase { db in db.add(tokenizer: SpacelessScriptTokenizer.self) }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try SQLiteSchema.migrator.migrate(pool, upTo: migration)
        try await pool.write { db in try db.execute(sql: rows) }
        try pool.close()
        return path
    }

    /// A library in `directory` holding the source "alpha", written and closed; its path.
    private func libraryWithOneSource(in directory: URL) async throws -> String {
        let path = directory.appendingPathComponent("broadsheet.sqlite").path
        let store = try SQLiteStore(path: path)
        _ = try await store.addSource(Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed"))
        return path
    }

    @Test func createsTheFileAndMissingDirectories() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nested/deeper/broadsheet.sqlite").path
            let store = try SQLiteStore(path: path)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(store.path == path)
            let journalMode = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(journalMode == "wal")
            let foreignKeys = try await store.pool.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
            #expect(foreignKeys == true)
        }
    }

    @Test func openingTwiceKeepsDataAndRunsMigrationsOnce() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await libraryWithOneSource(in: directory)
            let reopened = try SQLiteStore(path: path)
            let again = try SQLiteStore(path: path)
            #expect(try await reopened.source(SourceID(slugging: "alpha"))?.name == "Alpha")
            #expect(try await again.sources(matching: SourceQuery()).count == 1)
            let applied = try await reopened.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            #expect(applied == SQLiteStore.migrationNames)
            #expect(applied.prefix(6) == ["v1", "v2-article-texts", "v3-article-ids-never-reused", "v4-people-and-reading-state", "v5-inferred-source-traits", "v6-stories"])
        }
    }

    /// The WAL file outlives the process (so the next one need not make one with a write),
    /// and opening an up-to-date library writes nothing: neither file changes.
    @Test func reopeningKeepsTheWALAndWritesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await libraryWithOneSource(in: directory)
            let walBefore = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
            let databaseBefore = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(!walBefore.isEmpty)
            do {
                let reopened = try SQLiteStore(path: path)
                #expect(try await reopened.source(SourceID(slugging: "alpha"))?.name == "Alpha")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == walBefore)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == databaseBefore)
        }
    }

    /// A kept WAL file past the size limit is emptied by the next process that opens the
    /// library, and the data is all there.
    @Test func aLargeKeptWALIsEmptiedOnOpening() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await libraryWithOneSource(in: directory)
            let walPath = path + "-wal"
            #expect(try FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int ?? 0 > 0)
            let reopened = try SQLiteStore(path: path, temporaryDirectory: nil, largestKeptWALBytes: 0)
            #expect(try FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int == 0)
            #expect(try await reopened.source(SourceID(slugging: "alpha"))?.name == "Alpha")
        }
    }

    /// A store closed after a large write leaves a WAL whose old frames are ended, so the
    /// next process reads a few frames to open the library, not all the megabytes written.
    @Test func closingAfterALargeWriteStartsTheWALAnew() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await libraryWithOneSource(in: directory)
            let store = try SQLiteStore(path: path)
            try await store.pool.write { db in
                try db.execute(sql: """
                    CREATE TABLE filler(bytes BLOB);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
                    INSERT INTO filler SELECT randomblob(3000) FROM n;
                    """)
            }
            await store.close()
            #expect(SQLiteStore.fileSize(atPath: path + "-wal") > 400 * 3000)
            // A connection that opens the library first rebuilds the WAL's index from every
            // frame still valid; its checkpoint says how many that was.
            let reader = try DatabaseQueue(path: path)
            let frames = try reader.writeWithoutTransaction { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
            let validFrames: Int = try #require(frames)[1]
            #expect(validFrames <= 4)
            let rows = try await reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM filler") }
            #expect(rows == 400)
            try reader.close()
        }
    }

    @Test func readerConnectionsKeepASmallerPageCacheThanTheWriter() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await libraryWithOneSource(in: directory)
            let store = try SQLiteStore(path: path)
            let reader = try await store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            let writer = try await store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
            // Negative: a size in KiB.
            #expect(reader == -SQLiteStore.readerCacheKibibytes)
            #expect(writer == -2_000, "the writer keeps SQLite's default")
            await store.close()
        }
    }

    @Test func fileSizesAreReadWithStatAndAMissingFileIsEmpty() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("bytes").path
            #expect(SQLiteStore.fileSize(atPath: path) == 0)
            try Data(repeating: 7, count: 1_234).write(to: URL(fileURLWithPath: path))
            #expect(SQLiteStore.fileSize(atPath: path) == 1_234)
        }
    }

    /// A database written by the first schema (texts inside `articles`, forward hosts)
    /// keeps every article, read count, reader view and search hit after the v2 migration.
    @Test func version1DatabasesAreMigratedWithTheirData() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await oldLibrary(in: directory, upTo: "v1", rows: """
                    INSERT INTO sources (id, name, feed_url, added_at) VALUES ('alpha', 'Alpha', 'https://alpha.example/feed', 0);
                    INSERT INTO articles (id, source_id, guid, title, author, summary, content_html, content_text, url, url_host,
                                          image_url, published_at, fetched_at, language, read_count)
                    VALUES (7, 'alpha', 'g7', 'Zebra crossing', 'Jane', 'Stripes everywhere.', '<p>Body</p>', 'Body text',
                            'https://news.example.com/7', 'news.example.com', 'https://news.example.com/7.jpg',
                            1700000000000000, 1700000001000000, 'en', 4);
                    INSERT INTO articles (id, source_id, guid, title, published_at, fetched_at)
                    VALUES (8, 'alpha', 'g8', 'Lion pride', 1700000002000000, 1700000002000000);
                    INSERT INTO reader_views (article_id, outcome, html, text, extracted_at) VALUES (7, 'extracted', '<p>Full</p>', 'Full', 0);
                """)

            let store = try SQLiteStore(path: path)
            let article = try #require(try await store.article(ArticleID(rawValue: 7)))
            #expect(article.title == "Zebra crossing")
            #expect(article.author == "Jane")
            #expect(article.summary == "Stripes everywhere.")
            #expect(article.contentHTML == "<p>Body</p>")
            #expect(article.contentText == "Body text")
            #expect(article.imageURL == "https://news.example.com/7.jpg")
            #expect(article.publishedAt == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(article.readCount == 4)
            // The feed's language, copied onto its articles, became the source's (v4).
            #expect(article.language == nil)
            #expect(try await store.source(SourceID(slugging: "alpha"))?.inferred.language == .en)
            #expect(article.readerView?.html == "<p>Full</p>")

            #expect(try await store.articles(matching: ArticleQuery(search: .term("stripes"))).articles.map(\.guid) == ["g7"])
            #expect(try await store.articles(matching: ArticleQuery(search: .term("lion"))).articles.map(\.guid) == ["g8"])
            #expect(try await store.articles(matching: ArticleQuery(domains: ["example.com"])).articles.map(\.guid) == ["g7"])
            #expect(try await store.articles(matching: ArticleQuery(excludedDomains: ["example.com"])).articles.map(\.guid) == ["g8"])

            let unchanged = ArticleDraft(
                guid: "g7", title: "Zebra crossing", author: "Jane", summary: "Stripes everywhere.", contentHTML: "<p>Body</p>",
                contentText: "Body text", url: "https://news.example.com/7", imageURL: "https://news.example.com/7.jpg",
                publishedAt: Date(timeIntervalSince1970: 1_700_000_000)
            )
            let summary = try await store.applyRefresh(RefreshResult(articles: [unchanged], state: FeedState()), to: SourceID(slugging: "alpha"))
            #expect(summary == SaveSummary(inserted: 0, updated: 0))
            #expect(try await store.searchIndexDifferences() == 0)
            let foreignKeyProblems = try await store.pool.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count }
            #expect(foreignKeyProblems == 0)
            try await store.removeSource(SourceID(slugging: "alpha"))
            #expect(try await store.article(ArticleID(rawValue: 7)) == nil)
            // Ids given before the migration are not given again after it.
            let beta = try await store.addSource(Source(id: SourceID(slugging: "beta"), name: "Beta", feedURL: "https://beta.example/feed"))
            _ = try await store.applyRefresh(RefreshResult(articles: [ArticleDraft(guid: "b1", title: "New")], state: FeedState()), to: beta.id)
            let newID = try #require(try await store.articles(matching: ArticleQuery(sources: [beta.id])).articles.first?.id)
            #expect(newID.rawValue > 8)
        }
    }

    /// Version 4 moves what the feed said about a source's language out of the column a
    /// person's correction goes in, and the copies of it out of the articles.
    @Test func version3LanguagesBecomeInferredAndArticlesLoseTheirCopies() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await oldLibrary(in: directory, upTo: "v3-article-ids-never-reused", rows: """
                    INSERT INTO sources (id, name, feed_url, language, added_at) VALUES ('tagged', 'Tagged', 'https://t.example/feed', 'de', 0);
                    INSERT INTO sources (id, name, feed_url, added_at) VALUES ('untagged', 'Untagged', 'https://u.example/feed', 0);
                    INSERT INTO sources (id, name, feed_url, language, category, country, is_demo, added_at)
                    VALUES ('demo', 'Demo', 'file:///demo.xml', 'fr', 'science', 'fr', 1, 0);
                    INSERT INTO articles (id, source_id, guid, published_at, fetched_at, language) VALUES
                        (1, 'tagged', 't1', 0, 0, 'de'), (2, 'untagged', 'u1', 0, 0, 'es'), (3, 'untagged', 'u2', 0, 0, 'es'),
                        (4, 'untagged', 'u3', 0, 0, 'it'), (5, 'demo', 'd1', 0, 0, 'fr');
                    INSERT INTO article_texts (article_id, title) VALUES (1, 'T1'), (2, 'U1'), (3, 'U2'), (4, 'U3'), (5, 'D1');
                """)
            let store = try SQLiteStore(path: path)
            let tagged = try #require(try await store.source(SourceID(slugging: "tagged")))
            #expect(tagged.language == nil)
            #expect(tagged.inferred.language == .de)
            #expect(try await store.source(SourceID(slugging: "untagged"))?.inferred.language == .es, "the articles' most common language")
            let demo = try #require(try await store.source(SourceID(slugging: "demo")))
            #expect(demo.language == .fr && demo.category == .science && demo.country == Country(rawValue: "fr"), "the demo's curated values stay")
            #expect(try await store.article(ArticleID(rawValue: 1))?.language == nil)
            #expect(try await store.article(ArticleID(rawValue: 5))?.language == .fr)
            // The filters read the same: each article still speaks its source's language.
            #expect(try await store.articles(matching: ArticleQuery(language: .es)).articles.map(\.guid).sorted() == ["u1", "u2", "u3"])
            #expect(try await store.articles(matching: ArticleQuery(language: .de)).articles.map(\.guid) == ["t1"])
        }
    }

    @Test func version12StoriesLearnTheirMembersSources() async throws {
        try await withTemporaryDirectory { directory in
            let path = try await oldLibrary(in: directory, upTo: "v12-websub-subscriptions", rows: """
                    INSERT INTO sources (id, name, feed_url, added_at) VALUES
                        ('alpha', 'Alpha', 'https://a.example/feed', 0), ('beta', 'Beta', 'https://b.example/feed', 0),
                        ('gamma', 'Gamma', 'https://g.example/feed', 0);
                    INSERT INTO articles (id, source_id, guid, published_at, fetched_at) VALUES
                        (1, 'alpha', 'a1', 0, 0), (2, 'beta', 'b1', 0, 0), (3, 'beta', 'b2', 0, 0), (4, 'gamma', 'g1', 0, 0);
                    INSERT INTO article_texts (article_id, title) VALUES (1, 'A1'), (2, 'B1'), (3, 'B2'), (4, 'G1');
                    INSERT INTO article_stories (article_id, story_id) VALUES (1, 1), (2, 1), (3, 1), (4, 1);
                    UPDATE articles SET story_sources = 3;
                """)
            let store = try SQLiteStore(path: path)
            let coverage = try #require(try await store.coverage(of: ArticleID(rawValue: 1), for: nil, limit: 10))
            #expect(coverage.articles.map(\.guid) == ["b1", "g1"], "each other source's first")
            #expect(coverage.articleCount == 3)
            #expect(coverage.sourceCount == 2, "beta and gamma, from the sources the migration copied beside the placements")
            // The recount after a member goes counts from those sources too.
            try await store.removeSource(SourceID(slugging: "gamma"))
            #expect(try await store.storyMemberships(of: [ArticleID(rawValue: 2)])[ArticleID(rawValue: 2)]?.sourceCount == 2)
            #expect(try await store.coverage(of: ArticleID(rawValue: 1), for: nil, limit: 10)?.sourceCount == 1)
        }
    }

    /// A library placed into stories before version 16 opens with its stories' counts per
    /// source filled in, and they keep following the placements afterwards.
    @Test func version15StoriesGetTheirCountsPerSource() async throws {
        try await withTemporaryDirectory { directory in
            // One story of five articles (two of alpha, two of beta, one of gamma) and an
            // article alone in its own story.
            let path = try await oldLibrary(in: directory, upTo: "v15-search-statistics", rows: """
                    INSERT INTO sources (id, name, feed_url, is_demo, added_at) VALUES
                        ('alpha', 'Alpha', 'https://alpha.example/feed', 0, 1000000),
                        ('beta', 'Beta', 'https://beta.example/feed', 0, 1000000),
                        ('gamma', 'Gamma', 'https://gamma.example/feed', 0, 1000000);
                    INSERT INTO articles (id, source_id, guid, published_at, fetched_at) VALUES
                        (1, 'alpha', 'a1', 1700000000000000, 1700000000000000),
                        (2, 'alpha', 'a2', 1700003600000000, 1700003600000000),
                        (3, 'beta', 'b1', 1700007200000000, 1700007200000000),
                        (4, 'beta', 'b2', 1700010800000000, 1700010800000000),
                        (5, 'gamma', 'g1', 1700014400000000, 1700014400000000),
                        (6, 'gamma', 'g2', 1700018000000000, 1700018000000000);
                    INSERT INTO article_texts (article_id, title) VALUES
                        (1, 'One'), (2, 'Two'), (3, 'Three'), (4, 'Four'), (5, 'Five'), (6, 'Six');
                    INSERT INTO article_stories (article_id, story_id, copy_of, source_id) VALUES
                        (1, 1, NULL, 'alpha'), (2, 1, NULL, 'alpha'), (3, 1, NULL, 'beta'), (4, 1, NULL, 'beta'),
                        (5, 1, NULL, 'gamma'), (6, 6, NULL, 'gamma');
                    UPDATE articles SET story_sources = 3 WHERE id <= 5;
                    INSERT INTO story_progress (id, considered_through) VALUES (1, 6);
                """)
            let store = try SQLiteStore(path: path)
            func counts(_ id: Int64) async throws -> [Int] {
                let coverage = try await store.coverage(of: ArticleID(rawValue: id), for: nil, limit: 1)
                return [coverage?.articleCount ?? -1, coverage?.sourceCount ?? -1, coverage?.articles.count ?? -1]
            }
            #expect(try await counts(1) == [3, 2, 1], "beta's two and gamma's one, the first of them listed")
            #expect(try await counts(5) == [4, 2, 1])
            #expect(try await counts(6) == [0, 0, 0])

            // The article alone joins the big story: gamma now has two articles in it.
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: ArticleID(rawValue: 6), story: StoryID(rawValue: 1))],
                consideredThrough: ArticleID(rawValue: 6), expectedProgress: ArticleID(rawValue: 6)
            ))
            #expect(try await counts(1) == [4, 2, 1])
            #expect(try await counts(6) == [4, 2, 1])
            #expect(try await store.storyMemberships(of: [ArticleID(rawValue: 6)])[ArticleID(rawValue: 6)]?.sourceCount == 3)
        }
    }

    @Test func aFileThatIsNotADatabaseGivesAClearError() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("notes.txt").path
            try Data(String(repeating: "This is not a database. ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try SQLiteStore(path: path)
                Issue.record("opening a text file as a database succeeded")
            } catch let error as SQLiteStoreError {
                guard case .cannotOpen(let errorPath, _) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(errorPath == path)
                #expect(error.description.contains(path))
                #expect(error.description.contains("choose another database path"))
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func aDirectoryThatCannotBeCreatedGivesAClearError() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let blocker = directory.appendingPathComponent("file")
            try Data("x".utf8).write(to: blocker)
            let path = blocker.appendingPathComponent("broadsheet.sqlite").path
            #expect {
                _ = try SQLiteStore(path: path)
            } throws: { error in
                guard let storeError = error as? SQLiteStoreError, case .cannotCreateDirectory(let errorPath, _) = storeError else { return false }
                return errorPath == blocker.path && storeError.description.contains(blocker.path)
            }
        }
    }

    @Test func aDatabaseFromANewerVersionIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("broadsheet.sqlite").path
            do {
                let store = try SQLiteStore(path: path)
                try await store.pool.write { db in
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
                }
            }
            #expect(throws: SQLiteStoreError.newerSchema(path: path, unknownMigrations: ["v99-from-the-future"])) {
                _ = try SQLiteStore(path: path)
            }
        }
    }

    @Test func temporaryStoresAreRemovedWithTheStore() async throws {
        var store: SQLiteStore? = try SQLiteStore.temporary()
        let path = try #require(store?.path)
        _ = try await store?.createAPIKey(name: "x")
        #expect(FileManager.default.fileExists(atPath: path))
        store = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func secretsAreStoredOnlyAsHashes() async throws {
        let store = try SQLiteStore.temporary()
        let created = try await store.createAPIKey(name: "App")
        let stored = try await store.pool.read { db in try String.fetchAll(db, sql: "SELECT secret_sha256 || prefix || name FROM api_keys") }
        #expect(stored.count == 1)
        #expect(stored.allSatisfy { !$0.contains(created.secret) })
        let hash = try await store.pool.read { db in try String.fetchOne(db, sql: "SELECT secret_sha256 FROM api_keys") }
        #expect(hash == APIKey.secretHash(created.secret))
    }

    @Test func theSearchIndexStaysInStepWithTheArticles() async throws {
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed"))
        let drafts = (0..<50).map { ArticleDraft(guid: "\($0)", title: "Title \($0)", summary: "Summary \($0)", contentText: "Text \($0)") }
        _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState()), to: source.id)
        var changed = drafts
        for index in stride(from: 0, to: 50, by: 3) { changed[index].summary = "Changed \(index)" }
        _ = try await store.applyRefresh(RefreshResult(articles: changed, state: FeedState()), to: source.id)
        let article = try #require(try await store.articles(matching: ArticleQuery(pageSize: 1)).articles.first)
        try await store.recordRead(article.id)
        #expect(try await store.searchIndexDifferences() == 0)
        try await store.removeSource(source.id)
        #expect(try await store.searchIndexDifferences() == 0)
        #expect(try await store.searchIndex.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM articles_search") } == 0)
    }

    @Test func urlHostsAreLowerCasedWithoutPortOrTrailingDot() {
        #expect(SQLiteStore.urlHost("https://WWW.Example.COM./a?b#c") == "www.example.com")
        #expect(SQLiteStore.urlHost("http://user:pw@news.example.org:8080/") == "news.example.org")
        #expect(SQLiteStore.urlHost("not a url") == nil)
        #expect(SQLiteStore.urlHost(nil) == nil)
        #expect(SQLiteStore.urlHost("mailto:a@b.c") == nil)
        #expect(SQLiteStore.reversed("www.example.com") == "moc.elpmaxe.www")
    }
}
