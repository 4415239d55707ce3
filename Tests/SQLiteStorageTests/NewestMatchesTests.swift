import Foundation
import GRDB
import NewsModel
import Storage
import Testing
@testable import SQLiteStorage

/// The newest-first walk of searches, held to the plain way's order (join, sort all) on a
/// library whose ids say nothing about dates, with its limits small enough to use every path.
@Suite struct NewestMatchesTests {
    static func store() async throws -> SQLiteStore {
        let store = try SQLiteStore.temporary()
        let source = try await store.addSource(Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed.xml"))
        var generator = SplitMix(seed: 42)
        let drafts = (0..<300).map { index in
            ArticleDraft(
                guid: "g\(index)", title: "Article \(index)", contentText: index % 3 == 0 ? "quiet day" : "harbour news",
                publishedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(generator.next() % 100_000) * 60)
            )
        }
        _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState(lastAttemptAt: Date())), to: source.id)
        // These tests read the index directly, not through a search that waits for it.
        try await store.searchIndex.catchUp()
        return store
    }

    static func plainPage(_ statement: ArticleQueryStatement, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: try #require(statement.pageSQL), arguments: statement.pageArguments)
    }

    @Test func everyPathGivesThePlainOrder() async throws {
        let store = try await Self.store()
        try await store.pool.read { db in
            for (page, size) in [(1, 20), (2, 20), (3, 50), (10, 20)] {
                let query = ArticleQuery(search: .term("harbour"), page: page, pageSize: size)
                let statement = try #require(ArticleQueryStatement(query))
                let expected = try Self.plainPage(statement, in: db)
                let expression = try #require(statement.matchedExpression)
                let offset = (page - 1) * size
                // The set alone, once complete; then single lookups after 64 ids read.
                let walk = NewestMatches(statement: statement, expression: expression)
                #expect(try walk.ids(offset: offset, limit: size, matchCount: 200, articleCount: 300, in: db) == expected)
                var lookingUp = NewestMatches(statement: statement, expression: expression)
                lookingUp.readLimit = 64
                lookingUp.lookupLimit = 10_000
                #expect(try lookingUp.ids(offset: offset, limit: size, matchCount: 200, articleCount: 300, in: db) == expected)
                if max(64, 2 * (offset + size)) < 200 {
                    // Its first read leaves matches unread, so the walk needs lookups: more than allowed.
                    var stingy = lookingUp
                    stingy.lookupLimit = 2
                    #expect(try stingy.ids(offset: offset, limit: size, matchCount: 200, articleCount: 300, in: db) == nil, "gives up")
                }
            }
            // A search too rare for a walk is left to the plain way.
            let statement = try #require(ArticleQueryStatement(ArticleQuery(search: .term("harbour"))))
            let walk = NewestMatches(statement: statement, expression: try #require(statement.matchedExpression))
            #expect(try walk.ids(offset: 0, limit: 20, matchCount: 1, articleCount: 10_000_000, in: db) == nil)
        }
    }

    @Test func fewMatchesSpreadOverTheYearsAreSortedInsteadOfWalkedTo() {
        // 660 matches in a million articles: a page of 20 is some 30,000 articles down the dates.
        #expect(NewestMatches.walkEstimate(matchCount: 660, needed: 20, articleCount: 1_000_000) == nil)
        // A word in one article of a hundred: the walk reads about 2,000.
        #expect(NewestMatches.walkEstimate(matchCount: 10_000, needed: 20, articleCount: 1_000_000) == 2_000)
        // Deep pages of a common word are still walked, shallow ones of a rare word are not.
        #expect(NewestMatches.walkEstimate(matchCount: 10_000, needed: 400, articleCount: 1_000_000) == 40_000)
        #expect(NewestMatches.walkEstimate(matchCount: 2_000, needed: 20, articleCount: 1_000_000) == nil)
    }

    @Test func aSearchIsCountedJustFarEnoughToChooseTheWalk() {
        for (needed, articles) in [(20, 1_000_000), (100, 1_000_000), (20, 20_000), (1, 50), (0, 10), (400, 1_000_000), (10_000, 1_000_000)] {
            let count = NewestMatches.planningCount(needed: needed, articleCount: articles)
            #expect(count >= 1 && count <= NewestMatches.planningCount)
            let walksAt = { (matches: Int) in NewestMatches.walkEstimate(matchCount: matches, needed: needed, articleCount: articles) != nil }
            if count < NewestMatches.planningCount {
                // The count reaches the first density that walks; one match fewer sorts.
                #expect(walksAt(count), "\(needed) of \(articles)")
                #expect(count == 1 || !walksAt(count - 1), "\(needed) of \(articles)")
            } else {
                // Past the old fixed count nothing walks that did not before.
                #expect(!walksAt(count - 1), "\(needed) of \(articles)")
            }
        }
        // At a million articles a page of 20 walks from 2,237 matches, a page of 100 from 5,000.
        #expect(NewestMatches.planningCount(needed: 20, articleCount: 1_000_000) == 2_237)
        #expect(NewestMatches.planningCount(needed: 100, articleCount: 1_000_000) == 5_000)
        #expect(NewestMatches.planningCount(needed: Int.max, articleCount: Int.max) == NewestMatches.planningCount)
    }
}

/// A seeded generator, so the library is the same every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
