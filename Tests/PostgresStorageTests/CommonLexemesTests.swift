import Foundation
import NewsModel
@testable import PostgresStorage
import Storage
import Testing

/// Which searches the statistics call common, which needs no server.
struct CommonLexemesTests {
    @Test("only a search of one quoted lexeme has statistics to ask")
    func findsTheSingleLexeme() {
        #expect(CommonLexemes.singleLexeme(of: "'harbour'") == "harbour")
        #expect(CommonLexemes.singleLexeme(of: "'harbour' & 'storm'") == nil)
        #expect(CommonLexemes.singleLexeme(of: "('solar' <-> 'storag')") == nil)
        #expect(CommonLexemes.singleLexeme(of: "'harbour':*") == nil)
        #expect(CommonLexemes.singleLexeme(of: "'it''s'") == nil)
        #expect(CommonLexemes.singleLexeme(of: "''") == nil)
    }
}

/// A word the statistics call common but that is absent from the newest articles (news
/// comes in bursts): the search walks on past its probe instead of sorting every match,
/// and sorts them all when the longer walk finds too few. Either way the page and the
/// count are the plain query's. The statistics are given, not read: ANALYZE of a small
/// test library may not keep them.
@Suite(.serialized, .enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct CommonWordWalkTests {
    @Test("stale statistics answer at once while a task reads them again")
    func staleStatisticsAnswerWhileRead() async throws {
        try await PostgresTestServer.withTemporaryStore { store in
            let lexemes = CommonLexemes()
            lexemes.keep(["harbour": 7_000], readAt: .now - CommonLexemes.lifetime - .seconds(1))
            #expect(await lexemes.expectedMatches(of: "'harbour'", in: store) == 7_000, "the stale answer, not a wait")
            // The empty test library has no statistics: once read again, nothing is expected.
            var fresh: Int64? = 7_000
            for _ in 0..<100 where fresh != nil {
                try await Task.sleep(for: .milliseconds(50))
                fresh = await lexemes.expectedMatches(of: "'harbour'", in: store)
            }
            #expect(fresh == nil)
        }
    }

    @Test("the statistics ANALYZE keeps are read: a word in every article is expected in every article, a rare one in at most one")
    func readsTheStatistics() async throws {
        try await PostgresTestServer.withTemporaryStore { store in
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            let source = try await store.addSource(Source(id: SourceID(slugging: "alpha"), name: "Alpha", feedURL: "https://alpha.example/feed.xml", addedAt: base))
            let drafts = (0..<400).map { index in
                ArticleDraft(guid: "a\(index)", title: "Harbour news \(index)", contentText: index == 7 ? "lighthouse" : "tide", publishedAt: base)
            }
            _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState(lastSuccessAt: base)), to: source.id)
            _ = try await store.rows("ANALYZE article_search")
            let lexemes = CommonLexemes()
            #expect(await lexemes.expectedMatches(of: "'harbour'", in: store) == 400)
            #expect((await lexemes.expectedMatches(of: "'lighthous'", in: store) ?? 0) <= 1, "in one article of 400")
            #expect(await lexemes.expectedMatches(of: "'harbour' & 'tide'", in: store) == nil, "more than one lexeme")
        }
    }

    @Test("a common word absent from the newest articles lists newest first, found by walking on or by sorting")
    func walksOnOrSorts() async throws {
        try await PostgresTestServer.withTemporaryStore { store in
            // 7,000 articles an hour apart: "ember" only in two of every three of the oldest
            // 1,500 (beyond a 5,000-article walk from the newest), "cinder" in every other
            // one from the 4,000th to the 5,800th (first met 1,200 articles from the newest).
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            let drafts = (0..<7_000).map { index in
                var words = ["news"]
                if index < 1_500 && index % 3 != 0 { words.append("ember") }
                if (4_000..<5_800).contains(index) && index % 2 == 0 { words.append("cinder") }
                return ArticleDraft(
                    guid: "w\(index)", title: "Article \(index)", contentText: words.joined(separator: " "),
                    publishedAt: base.addingTimeInterval(Double(index) * 3600)
                )
            }
            for start in stride(from: 0, to: drafts.count, by: 1_000) {
                let source = try await store.addSource(Source(
                    id: SourceID(slugging: "source-\(start)"), name: "Source \(start)", feedURL: "https://source-\(start).example/feed.xml", addedAt: base
                ))
                _ = try await store.applyRefresh(RefreshResult(articles: Array(drafts[start..<start + 1_000]), state: FeedState(lastSuccessAt: base)), to: source.id)
            }
            store.commonLexemes.keep(["ember": Int64(PostgresNewestMatches.commonMatches), "cinder": 20_000])
            for (word, matches) in [("ember", { (index: Int) in index < 1_500 && index % 3 != 0 }),
                                    ("cinder", { (index: Int) in (4_000..<5_800).contains(index) && index % 2 == 0 })] {
                let wanted = (0..<7_000).reversed().filter(matches).map { "w\($0)" }
                for (cap, includesContent) in [(50, true), (ArticleQuery.standardCountLimit, false)] {
                    for (page, pageSize) in [(1, 20), (5, 20), (1, 100)] {
                        let query = ArticleQuery(search: .term(word), page: page, pageSize: pageSize, includesContent: includesContent, countLimit: cap)
                        let results = try await store.articles(matching: query)
                        #expect(results.articles.map(\.guid) == Array(wanted.dropFirst((page - 1) * pageSize).prefix(pageSize)),
                                "\(word), cap \(cap), page \(page) of \(pageSize)")
                        #expect(results.totalResults == min(wanted.count, cap), "\(word), cap \(cap)")
                    }
                }
            }
        }
    }
}
