import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

/// A library made by the schema before people existed (version 3) opens with everything
/// belonging to the implicit owner, and the first account inherits all of it.
@Suite struct PeopleMigrationTests {
    private static let keySecret = "0123456789abcdef0123456789abcdef"

    /// Writes a version 3 database with two sources, three articles (one opened twice), a
    /// reader view, a feed state, an API key and a setting, the way that version stored them.
    private func makeVersion3Library(at path: String) throws {
        let pool = try DatabasePool(path: path)
        try SQLiteSchema.migrator.migrate(pool, upTo: "v3-article-ids-never-reused")
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO sources (id, name, feed_url, is_demo, added_at) VALUES
                    ('alpha', 'Alpha', 'https://alpha.example/feed', 0, 1000000),
                    ('beta', 'Beta', 'https://beta.example/feed', 0, 2000000);
                INSERT INTO articles (id, source_id, guid, url, published_at, fetched_at, read_count) VALUES
                    (5, 'alpha', 'a1', 'https://alpha.example/1', 1700000000000000, 1700000000000000, 2),
                    (6, 'alpha', 'a2', 'https://alpha.example/2', 1700003600000000, 1700003600000000, 0),
                    (9, 'beta', 'b1', 'https://beta.example/1', 1700007200000000, 1700007200000000, 0);
                INSERT INTO article_texts (article_id, title, summary) VALUES
                    (5, 'Zebra crossing', 'Stripes.'), (6, 'Lion pride', NULL), (9, 'Heron wading', NULL);
                INSERT INTO reader_views (article_id, outcome, html, text, extracted_at) VALUES (5, 'extracted', '<p>Full</p>', 'Full', 0);
                INSERT INTO feed_state (source_id, etag, consecutive_failures, next_refresh_at) VALUES ('alpha', '"v1"', 0, 0);
                INSERT INTO api_keys (id, name, secret_sha256, prefix, is_enabled, created_at) VALUES (3, 'Script', ?, '012345', 1, 0);
                INSERT INTO settings (key, value) VALUES ('demo.dismissed', 'true');
                """, arguments: [APIKey.secretHash(Self.keySecret)])
        }
        try pool.close()
    }

    @Test func theImplicitOwnerInheritsAVersion3LibraryAndTheFirstAccountKeepsIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("broadsheet.sqlite").path
        try makeVersion3Library(at: path)

        let store = try SQLiteStore(path: path)
        let owner = try await store.owner()
        #expect(owner.name == User.implicitOwnerName && !owner.hasPassword && owner.isAdmin)
        #expect(try await store.hasAccounts() == false)

        // Every source is the owner's subscription, every article in their library.
        #expect(try await store.subscriptions(of: owner.id).map(\.sourceID.rawValue) == ["alpha", "beta"])
        let all = try await store.timeline(Timeline(order: .idAscending, includesTotal: true), for: owner.id)
        #expect(all.articles.map(\.id.rawValue) == [5, 6, 9])
        #expect(all.totalCount == 3)
        // Opened before (read_count > 0) counts as read; the rest is unread.
        #expect(all.articles.map(\.state.isRead) == [true, false, false])
        #expect(try await store.unreadCounts(for: owner.id).total.count == 2)
        #expect(try await store.readerArticle(ArticleID(rawValue: 5), for: owner.id)?.article.readerView?.html == "<p>Full</p>")
        #expect(try await store.readerArticle(ArticleID(rawValue: 5), for: owner.id)?.article.readCount == 2)
        #expect(try await store.feedState(for: SourceID(slugging: "alpha"))?.etag == "\"v1\"")
        #expect(try await store.setting("demo.dismissed") == "true")
        #expect(try await store.articles(matching: ArticleQuery(search: .term("zebra"), followedBy: owner.id)).articles.map(\.id.rawValue) == [5])

        // The key is the owner's and still opens the API.
        let key = try #require(try await store.apiKey(forSecret: Self.keySecret))
        #expect(key.id == 3 && key.userID == owner.id && key.name == "Script" && key.isEnabled)

        // The sources keep being refreshed, and new articles enter the owner's library unread.
        let due = try await store.sourcesDueForRefresh(at: Date(), limit: 10)
        #expect(Set(due.map(\.id.rawValue)) == ["alpha", "beta"])
        _ = try await store.applyRefresh(
            RefreshResult(articles: [ArticleDraft(guid: "a3", title: "Owl hooting", publishedAt: Date(timeIntervalSince1970: 1_700_010_000))], state: FeedState()),
            to: SourceID(slugging: "alpha")
        )
        let fresh = try #require(try await store.timeline(Timeline(limit: 1), for: owner.id).articles.first)
        #expect(fresh.article.guid == "a3" && fresh.state == .unread && fresh.id.rawValue > 9)

        // The first account is the owner, with all of it.
        let alice = try await store.createUser(name: "alice", passwordHash: "$2b$04$x", role: .reader)
        #expect(alice.id == owner.id && alice.isOwner && alice.isAdmin)
        #expect(try await store.subscriptions(of: alice.id).count == 2)
        #expect(try await store.timeline(Timeline(filter: .unread, includesTotal: true), for: alice.id).totalCount == 3)
        #expect(try await store.apiKeys(of: alice.id).map(\.id) == [3])

        let (foreignKeyProblems, integrity) = try store.pool.read { db in
            (try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"), try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(foreignKeyProblems.isEmpty)
        #expect(integrity == "ok")
        // A new key never takes the old one's id.
        #expect(try await store.createAPIKey(name: "Another").key.id > 3)
    }
}
