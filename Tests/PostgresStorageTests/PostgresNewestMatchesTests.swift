import NewsModel
@testable import PostgresStorage
import Testing

/// The walk's sizing rules, which need no server: how the next window follows the density
/// seen so far, and when a count stopped at its cap is enough to choose the walk.
struct PostgresNewestMatchesTests {
    @Test("the next window is what the density seen so far says the rest needs, with a third to spare")
    func nextWindowFollowsTheDensity() {
        // 4 matches in 400 articles (1 %): 96 more need about 9,600 articles, 12,800 with the margin.
        #expect(PostgresNewestMatches.nextWindow(after: 400, needed: 96, found: 4, walked: 400) == 12_800)
        // Nothing matched yet: four times the last window.
        #expect(PostgresNewestMatches.nextWindow(after: 400, needed: 100, found: 0, walked: 400) == 1_600)
        // Never under 100, never over the largest window.
        #expect(PostgresNewestMatches.nextWindow(after: 100, needed: 1, found: 99, walked: 100) == 100)
        #expect(PostgresNewestMatches.nextWindow(after: 400, needed: 99, found: 1, walked: 400) == PostgresNewestMatches.largestWindow)
    }

    @Test("a count at its cap chooses the walk when a walk at that density would be short")
    func aCappedCountIsEnoughWhenTheWalkIsShort() throws {
        var query = ArticleQuery(pageSize: 100)
        let window = try #require(PageWindow(query))
        // 100 needed in a million articles with at least 10,000 matches: at most 10,000 read.
        #expect(PostgresNewestMatches.walkIsShort(window, matches: 10_000, articleCount: 1_000_000))
        // Page 6 of 100 at the same density: 60,000, more than the longest walk worth starting.
        query.page = 6
        let deep = try #require(PageWindow(query))
        #expect(!PostgresNewestMatches.walkIsShort(deep, matches: 10_000, articleCount: 1_000_000))
        #expect(!PostgresNewestMatches.walkIsShort(window, matches: 0, articleCount: 1_000_000))
    }
}

/// The kept stems of searched words, which need no server either.
struct LexemeCacheTests {
    @Test("words asked once are answered from memory, a word without stems included, and the cache starts over when full")
    func keepsAnswersPerWord() {
        let cache = LexemeCache()
        #expect(cache.lookUp(["harbours", "the"]).missing == ["harbours", "the"])
        cache.keep(["harbours": ["harbour"]], for: ["harbours", "the"])
        let again = cache.lookUp(["harbours", "the", "storm"])
        #expect(again.known == ["harbours": ["harbour"], "the": []])
        #expect(again.missing == ["storm"])
        let words = (0..<LexemeCache.capacity).map { "word\($0)" }
        cache.keep([:], for: words)
        #expect(cache.lookUp(["harbours"]).missing == ["harbours"], "past the capacity the kept words start over")
    }
}
