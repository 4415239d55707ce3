import Foundation
import NewsModel
import Storage
import Testing

extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    static let retentionChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("retention removes old articles except starred ones, and never gives their ids again") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let source = try await Readers.followedSource("alpha", articles: 4, by: alice.id, in: store)
            _ = try await store.follow(source, as: bob.id, name: nil, folder: nil)
            let ids = try await store.timeline(Timeline(order: .oldestFirst), for: alice.id).articles.map(\.id)
            _ = try await store.setStarred(true, articles: [ids[0]], for: bob.id, at: Fixtures.baseDate)
            // Fetched later, so it has not been in the library long enough even though it is old.
            _ = try await store.applyRefresh(
                RefreshResult(articles: [Fixtures.draft("old-but-new-here", hoursAfterBase: -100)], state: Fixtures.state(hoursAfterBase: 50)),
                to: source.id
            )

            let summary = try await store.removeArticles(before: Fixtures.date(hoursAfterBase: 2.5))
            #expect(summary == RetentionSummary(articlesRemoved: 2, sourcesRemoved: 0))
            #expect(try await Readers.guids(Timeline(), for: alice.id, in: store) == ["alpha3", "alpha0", "old-but-new-here"], "starred by anyone stays")
            #expect(try await store.article(ids[1]) == nil)
            #expect(try await store.readerArticle(ids[1], for: alice.id) == nil)
            #expect(try await store.unreadCounts(for: alice.id).total.count == 3)
            #expect(try await Fixtures.search(store, "alpha1").isEmpty)

            let later = try await Readers.followedSource("beta", articles: 1, by: alice.id, startingHoursAfterBase: 100, in: store)
            let newID = try await Readers.id("beta0", in: later.id, of: store)
            #expect(newID.rawValue > ids.map(\.rawValue).max() ?? 0)
        },

        ReaderStoreCheck("an article retention removed does not come back while its feed still carries it") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await Readers.followedSource("alpha", articles: 2, by: alice.id, in: store)
            let feed = [Fixtures.draft("alpha0", hoursAfterBase: 0), Fixtures.draft("alpha1", hoursAfterBase: 1)]
            #expect(try await store.removeArticles(before: Fixtures.date(hoursAfterBase: 0.5)).articlesRemoved == 1)
            let summary = try await store.applyRefresh(RefreshResult(articles: feed, state: Fixtures.state(hoursAfterBase: 10)), to: source.id)
            #expect(summary.inserted == 0)
            #expect(try await Readers.guids(Timeline(), for: alice.id, in: store) == ["alpha1"])
            // The feed drops it; should it ever come back, it is a new article.
            _ = try await store.applyRefresh(RefreshResult(articles: [feed[1]], state: Fixtures.state(hoursAfterBase: 11)), to: source.id)
            #expect(try await store.applyRefresh(RefreshResult(articles: feed, state: Fixtures.state(hoursAfterBase: 12)), to: source.id).inserted == 1)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["alpha1", "alpha0"])
        },

        ReaderStoreCheck("retention removes sources nobody follows once nothing of them is starred") { store in
            let alice = try await Readers.account("alice", in: store)
            let source = try await Readers.followedSource("alpha", articles: 2, by: alice.id, in: store)
            let starred = try await Readers.id("alpha1", in: source.id, of: store)
            _ = try await store.setStarred(true, articles: [starred], for: alice.id, at: Fixtures.baseDate)
            try await store.unfollow(source.id, as: alice.id)
            #expect(try await store.removeArticles(before: Fixtures.date(hoursAfterBase: 100)) == RetentionSummary(articlesRemoved: 1, sourcesRemoved: 0))
            #expect(try await store.source(source.id) != nil)
            _ = try await store.setStarred(false, articles: [starred], for: alice.id, at: Fixtures.baseDate)
            #expect(try await store.removeArticles(before: Fixtures.date(hoursAfterBase: 100)) == RetentionSummary(articlesRemoved: 1, sourcesRemoved: 1))
            #expect(try await store.source(source.id) == nil)
        },
    ]

    static let scopeChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("article and source queries can be limited to what one person follows") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let alpha = try await Readers.followedSource("alpha", articles: 2, by: alice.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 2, by: bob.id, in: store)
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 4)
            #expect(try await Fixtures.guids(store, ArticleQuery(followedBy: alice.id)) == ["alpha1", "alpha0"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: .term("article"), followedBy: bob.id)).sorted() == ["beta0", "beta1"])
            #expect(try await store.articles(matching: ArticleQuery(sources: [beta.id], followedBy: alice.id)).totalResults == 0)
            #expect(try await store.sources(matching: SourceQuery(followedBy: alice.id)).map(\.id) == [alpha.id])
            #expect(try await store.sources(matching: SourceQuery()).map(\.id) == [alpha.id, beta.id])
            let carol = try await Readers.account("carol", in: store)
            #expect(try await store.sources(matching: SourceQuery(followedBy: carol.id)).isEmpty)
        },

        ReaderStoreCheck("a person's whole library lists and searches newest first and counts to the standard cap, whether they follow every source or some") { store in
            // 140 articles in two sources, interleaved by the hour: alice follows both (every
            // source of the library), bob only beta's 70. The standard cap (100) is what the
            // NewsAPI and the search page ask with, and a store may answer it its own way.
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let alpha = try await Readers.followedSource("alpha", articles: 70, by: alice.id, in: store)
            let beta = try await Readers.followedSource("beta", articles: 70, by: bob.id, startingHoursAfterBase: 0.5, in: store)
            _ = try await store.follow(beta, as: alice.id, name: nil, folder: nil)
            let betaNewestFirst = (0..<70).reversed().map { "beta\($0)" }
            let everyNewestFirst = (0..<70).reversed().flatMap { ["beta\($0)", "alpha\($0)"] }
            #expect(alpha.id != beta.id)
            // Every article's text has the word "article"; none has "nowhere".
            for search in [nil, SearchQuery.term("article"), .term("nowhere")] {
                let pairs = [(alice, everyNewestFirst), (bob, betaNewestFirst)]
                for ((reader, every), includesContent) in pairs.flatMap({ pair in [false, true].map { (pair, $0) } }) {
                    let expected = search == .term("nowhere") ? [] : every
                    for (page, pageSize) in [(1, 20), (4, 20), (5, 20), (2, 50), (1, 100), (2, 30), (6, 20)] {
                        let query = ArticleQuery(
                            search: search, followedBy: reader.id, page: page, pageSize: pageSize, includesContent: includesContent,
                            countLimit: ArticleQuery.standardCountLimit
                        )
                        let results = try await store.articles(matching: query)
                        let label = "\(reader.name), \(String(describing: search)), text \(includesContent)"
                        #expect(results.articles.map(\.guid) == Array(expected.dropFirst((page - 1) * pageSize).prefix(pageSize)),
                                "\(label), page \(page) of \(pageSize)")
                        #expect(results.totalResults == min(expected.count, ArticleQuery.standardCountLimit), "\(label)")
                    }
                }
            }
        },
    ]
}
