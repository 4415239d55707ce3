import NewsModel
@testable import PostgresStorage
import Testing

/// The walk's sizing rules, which need no server: how much of the library the first
/// statement walks, and how far a walk may go at the density it saw.
struct PostgresNewestMatchesTests {
    @Test("the first statement walks a thousand articles for a page of 100, ten per needed match past that, within the longest walk")
    func probeFollowsThePage() {
        #expect(PostgresNewestMatches.probeSize(needed: 20) == 1_000)
        #expect(PostgresNewestMatches.probeSize(needed: 100) == 1_000)
        #expect(PostgresNewestMatches.probeSize(needed: 1_000) == 10_000)
        #expect(PostgresNewestMatches.probeSize(needed: 100_000) == PostgresNewestMatches.walkLimit)
    }

    @Test("a walk may read twice what the density seen says it needs, and is not started when that is too long")
    func walkBudgetFollowsTheDensity() {
        // 10 matches in 1,000 articles (1 %): 100 need about 10,000, so 21,000 are allowed.
        #expect(PostgresNewestMatches.walkBudget(needed: 100, found: 10, walked: 1_000) == 21_000)
        // One match in 1,000: 100,000 articles, longer than any walk worth starting.
        #expect(PostgresNewestMatches.walkBudget(needed: 100, found: 1, walked: 1_000) == nil)
        // Nothing found says only that the search is rarer than that: no walk.
        #expect(PostgresNewestMatches.walkBudget(needed: 100, found: 0, walked: 1_000) == nil)
        // An exact count of 20,000 in a million: 5,000 articles for a page of 100.
        #expect(PostgresNewestMatches.walkBudget(needed: 100, found: 20_000, walked: 1_000_000) == 11_000)
    }

    @Test("matches are sorted rather than walked while there are fewer than the square root of needed times articles")
    func sparseLimitBalancesTheTwoWays() {
        #expect(PostgresNewestMatches.sparseLimit(needed: 100, articleCount: 1_000_000) == 10_001)
        #expect(PostgresNewestMatches.sparseLimit(needed: 20, articleCount: 5_000) == 317)
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
