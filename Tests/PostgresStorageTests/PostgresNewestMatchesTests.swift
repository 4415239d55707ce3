import NewsModel
@testable import PostgresStorage
import Testing

/// The walk's sizing rules, which need no server: how much of the library the first
/// statement walks, and how far a walk may go at the density it saw.
struct PostgresNewestMatchesTests {
    @Test("the first walk covers a thousand articles for 100 matches, ten per match past that, within the longest walk")
    func probeFollowsThePage() {
        #expect(PostgresNewestMatches.probeSize(target: 20) == 1_000)
        #expect(PostgresNewestMatches.probeSize(target: 100) == 1_000)
        #expect(PostgresNewestMatches.probeSize(target: 1_000) == 10_000)
        #expect(PostgresNewestMatches.probeSize(target: 100_000) == PostgresNewestMatches.walkLimit)
    }

    @Test("a walk may read twice what the density seen says it needs, and is not started when that is too long")
    func walkBudgetFollowsTheDensity() {
        // 10 matches in 1,000 articles (1 %): 100 need about 10,000, so 21,000 are allowed.
        #expect(PostgresNewestMatches.walkBudget(target: 100, found: 10, walked: 1_000) == 21_000)
        // One match in 1,000: 100,000 articles, longer than any walk worth starting.
        #expect(PostgresNewestMatches.walkBudget(target: 100, found: 1, walked: 1_000) == nil)
        // Nothing found says only that the search is rarer than that: no walk.
        #expect(PostgresNewestMatches.walkBudget(target: 100, found: 0, walked: 1_000) == nil)
        // 20 in 1,000 (2 %): 5,000 articles, 11,000 allowed.
        #expect(PostgresNewestMatches.walkBudget(target: 100, found: 20, walked: 1_000) == 11_000)
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
