import NewsModel
@testable import PostgresStorage
import Testing

/// The walk's sizing rule, which needs no server: how much of the library the first
/// statement walks. (How far it goes on is decided in the statement, by what it found;
/// the conformance suite reaches each way.)
struct PostgresNewestMatchesTests {
    @Test("the first walk covers a thousand articles for 100 matches, ten per match past that, within the longest walk")
    func probeFollowsThePage() {
        #expect(PostgresNewestMatches.probeSize(target: 20) == 1_000)
        #expect(PostgresNewestMatches.probeSize(target: 100) == 1_000)
        #expect(PostgresNewestMatches.probeSize(target: 1_000) == 10_000)
        #expect(PostgresNewestMatches.probeSize(target: 100_000) == PostgresNewestMatches.walkLimit)
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
