import Foundation
import GRDB
import NewsModel
@testable import SQLiteStorage
import Storage
import Testing

/// A library placed into stories before version 16 opens with its stories' counts per source
/// filled in, and they keep following the placements afterwards.
@Suite struct StorySourceCountsMigrationTests {
    /// A version 15 library: three sources, one story of five articles (two of alpha, two of
    /// beta, one of gamma) and an article alone in its own story.
    private func makeVersion15Library(at path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(tokenizer: SpacelessScriptTokenizer.self) }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try SQLiteSchema.migrator.migrate(pool, upTo: "v15-search-statistics")
        try pool.write { db in
            try db.execute(sql: """
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
        }
        try pool.close()
    }

    @Test func fillsTheCountsOfStoriesPlacedBeforeAndKeepsThemAfterwards() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("broadsheet.sqlite").path
        try makeVersion15Library(at: path)

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
