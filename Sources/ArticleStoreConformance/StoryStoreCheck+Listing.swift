import Foundation
import NewsModel
import Storage
import Testing

extension StoryStoreCheck {
    static let listingChecks: [StoryStoreCheck] = [
        StoryStoreCheck("top stories are those of several sources, most sources first, then most recent") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2, 3, 4], in: store)
            try await StoryFixtures.source("beta", articles: [5, 6, 7], in: store)
            try await StoryFixtures.source("gamma", articles: [8], in: store)
            try await StoryFixtures.place(
                [
                    "alpha-1": ["alpha-1", "beta-5", "gamma-8"],  // three sources
                    "alpha-2": ["alpha-2", "beta-6"],  // two sources, latest at 6 h
                    "alpha-3": ["alpha-3", "beta-7"],  // two sources, latest at 7 h
                    "alpha-4": ["alpha-4"],  // one source
                ],
                in: store
            )
            let top = try await store.topStories(since: Fixtures.baseDate, minimumSources: 2, limit: 10, for: nil)
            #expect(top.map(\.lead.guid) == ["alpha-1", "alpha-3", "alpha-2"])
            #expect(top.map(\.sourceCount) == [3, 2, 2])
            #expect(top[0].articleCount == 3)
            #expect(top[0].sourceIDs.first == SourceID(slugging: "alpha"))
            #expect(Set(top[0].sourceIDs) == Set(["alpha", "beta", "gamma"].map { SourceID(slugging: $0) }))
            #expect(top[0].latestPublishedAt == Fixtures.date(hoursAfterBase: 8))
            #expect(try await store.topStories(since: Fixtures.baseDate, minimumSources: 2, limit: 1, for: nil).map(\.lead.guid) == ["alpha-1"])
            // A story with an article published since the date counts whole; others not at all.
            let recent = try await store.topStories(since: Fixtures.date(hoursAfterBase: 6.5), minimumSources: 2, limit: 10, for: nil)
            #expect(recent.map(\.lead.guid) == ["alpha-1", "alpha-3"])
            #expect(recent[0].articleCount == 3)
            #expect(try await store.topStories(since: Fixtures.baseDate, minimumSources: 1, limit: 10, for: nil).count == 4)
        },

        StoryStoreCheck("a person's top stories and stories count only the sources they follow") { store in
            // The first account becomes the owner, who follows every source added the ArticleStore way.
            _ = try await ReaderFixtures.account("owner", role: .admin, in: store)
            let alice = try await ReaderFixtures.account("alice", in: store)
            try await StoryFixtures.source("alpha", articles: [1], in: store)
            try await StoryFixtures.source("beta", articles: [2], in: store)
            try await StoryFixtures.source("gamma", articles: [3], in: store)
            for slug in ["alpha", "beta"] {
                _ = try await store.follow(Fixtures.source(slug), as: alice.id, name: nil, folder: nil)
            }
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "beta-2", "gamma-3"]], in: store)
            let everyone = try await store.topStories(since: Fixtures.baseDate, minimumSources: 2, limit: 10, for: nil)
            #expect(everyone.map(\.sourceCount) == [3])
            let hers = try await store.topStories(since: Fixtures.baseDate, minimumSources: 2, limit: 10, for: alice.id)
            #expect(hers.map(\.sourceCount) == [2])
            #expect(!hers[0].sourceIDs.contains(SourceID(slugging: "gamma")))
            #expect(try await store.topStories(since: Fixtures.baseDate, minimumSources: 3, limit: 10, for: alice.id).isEmpty)
            // Recent news for her is news from her sources: gamma's article alone is recent.
            let sinceGamma = Fixtures.date(hoursAfterBase: 2.5)
            #expect(try await store.topStories(since: sinceGamma, minimumSources: 2, limit: 10, for: nil).map(\.articleCount) == [3])
            #expect(try await store.topStories(since: sinceGamma, minimumSources: 2, limit: 10, for: alice.id).isEmpty)
            #expect(try await store.topStories(since: Fixtures.date(hoursAfterBase: 1.5), minimumSources: 2, limit: 10, for: alice.id)
                .map(\.latestPublishedAt) == [Fixtures.date(hoursAfterBase: 2)])
            let gamma = try await StoryFixtures.id("gamma-3", of: store)
            let alpha = try await StoryFixtures.id("alpha-1", of: store)
            #expect(try await store.story(containing: alpha, for: alice.id)?.members.count == 2)
            #expect(try await store.story(containing: gamma, for: alice.id) == nil)
            #expect(try await store.story(containing: gamma, for: nil)?.members.count == 3)
        },

        StoryStoreCheck("an article's coverage is each other source's first article, with counts of all the others") { store in
            _ = try await ReaderFixtures.account("owner", role: .admin, in: store)
            let alice = try await ReaderFixtures.account("alice", in: store)
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            try await StoryFixtures.source("beta", articles: [3, 4], in: store)
            try await StoryFixtures.source("gamma", articles: [5], in: store)
            try await StoryFixtures.source("delta", articles: [6], in: store)
            for slug in ["alpha", "beta"] {
                _ = try await store.follow(Fixtures.source(slug), as: alice.id, name: nil, folder: nil)
            }
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "alpha-2", "beta-3", "beta-4", "gamma-5"]], in: store)
            let first = try await StoryFixtures.id("alpha-1", of: store)
            let gamma = try await StoryFixtures.id("gamma-5", of: store)
            let unplaced = try await StoryFixtures.id("delta-6", of: store)

            let everyone = try #require(try await store.coverage(of: first, for: nil, limit: 2))
            #expect(everyone.articles.map(\.guid) == ["beta-3", "gamma-5"], "the first of each other source, at most the limit")
            #expect(everyone.articleCount == 3)
            #expect(everyone.sourceCount == 2)
            #expect(try await store.coverage(of: gamma, for: nil, limit: 10)?.articles.map(\.guid) == ["alpha-1", "beta-3"])
            #expect(try await store.coverage(of: gamma, for: nil, limit: 1)?.articles.map(\.guid) == ["alpha-1"])
            #expect(try await store.coverage(of: gamma, for: nil, limit: 10)?.articleCount == 4)
            let hers = try #require(try await store.coverage(of: first, for: alice.id, limit: 10))
            #expect(hers.articles.map(\.guid) == ["beta-3"])
            #expect(hers.articleCount == 2)
            #expect(hers.sourceCount == 1)
            #expect(try await store.coverage(of: gamma, for: alice.id, limit: 10) == nil, "not among what she sees")
            #expect(try await store.coverage(of: unplaced, for: nil, limit: 10) == nil)
            #expect(try await store.coverage(of: first, for: nil, limit: 0)?.articleCount == 3)

            // The story's ids alone, as the story lists its articles.
            let ids = try #require(try await store.storyArticleIDs(containing: first, for: nil))
            let story = try #require(try await store.story(containing: first, for: nil))
            #expect(ids.story == story.id)
            #expect(ids.articles == story.members.map(\.article.id))
            #expect(try await store.storyArticleIDs(containing: first, for: alice.id)?.articles.count == 4)
            #expect(try await store.storyArticleIDs(containing: gamma, for: alice.id) == nil)
            #expect(try await store.storyArticleIDs(containing: unplaced, for: nil) == nil)
        },

        StoryStoreCheck("an article's opening reads what the separate reads give, in one go") { store in
            _ = try await ReaderFixtures.account("owner", role: .admin, in: store)
            let owner = try await store.owner().id
            let alice = try await ReaderFixtures.account("alice", in: store)
            try await StoryFixtures.source("alpha", articles: [1, 2, 3], in: store)
            try await StoryFixtures.source("beta", articles: [4, 5], in: store)
            try await StoryFixtures.source("gamma", articles: [6], in: store)
            _ = try await store.follow(Fixtures.source("alpha"), as: alice.id, name: nil, folder: nil)
            _ = try await store.follow(Fixtures.source("beta"), as: alice.id, name: "Her Beta", folder: nil)
            try await StoryFixtures.place(["alpha-2": ["alpha-2", "beta-4", "beta-5", "gamma-6"]], in: store)
            let second = try await StoryFixtures.id("alpha-2", of: store)
            let third = try await StoryFixtures.id("alpha-3", of: store)
            let gamma = try await StoryFixtures.id("gamma-6", of: store)
            let bySource: @Sendable (Article) -> Timeline = { Timeline(scope: .source($0.sourceID)) }
            let everything: @Sendable (Article) -> Timeline = { _ in Timeline(scope: .all, order: .oldestFirst) }
            for (article, user, timeline) in [
                (second, owner, bySource), (second, alice.id, bySource), (second, alice.id, everything), (third, alice.id, bySource),
                (gamma, owner, everything), (gamma, alice.id, bySource),
            ] {
                let opening = try await store.articleOpening(article, for: user, coverageLimit: 2, timeline: timeline)
                let separate = try await store.separateArticleOpening(article, for: user, coverageLimit: 2, timeline: timeline)
                #expect(opening == separate, "article \(article.rawValue), person \(user.rawValue)")
            }
            let hers = try #require(try await store.articleOpening(second, for: alice.id, coverageLimit: 2, timeline: bySource))
            #expect(hers.neighbours.previous != nil || hers.neighbours.next != nil, "alpha-2 sits between alpha's other articles")
            #expect(hers.coverage?.articles.map(\.guid) == ["beta-4"])
            #expect(hers.coverage?.sourceCount == 1, "gamma is not hers")
            #expect(hers.coverageSubscriptions[SourceID(slugging: "beta")]?.name == "Her Beta")
            #expect(hers.coverageSources.keys.map(\.rawValue) == ["beta"])
            #expect(try await store.articleOpening(gamma, for: alice.id, coverageLimit: 2, timeline: bySource) == nil, "not in her library")
            #expect(try await store.articleOpening(third, for: alice.id, coverageLimit: 2, timeline: bySource)?.coverage == nil, "in no story")
        },

        StoryStoreCheck("opening an article reads it: the opening says read, and so does the store, with its story when asked") { store in
            _ = try await ReaderFixtures.account("owner", role: .admin, in: store)
            let alice = try await ReaderFixtures.account("alice", in: store)
            let bob = try await ReaderFixtures.account("bob", in: store)
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            try await StoryFixtures.source("beta", articles: [3, 4], in: store)
            try await StoryFixtures.source("gamma", articles: [5], in: store)
            for person in [alice.id, bob.id] {
                for source in ["alpha", "beta"] { _ = try await store.follow(Fixtures.source(source), as: person, name: nil, folder: nil) }
            }
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "beta-3", "gamma-5"]], in: store)
            let ids = try await ["alpha-1", "alpha-2", "beta-3", "beta-4", "gamma-5"].asyncMap { try await StoryFixtures.id($0, of: store) }
            let bySource: @Sendable (Article) -> Timeline = { Timeline(scope: .source($0.sourceID)) }
            let time = Fixtures.date(hoursAfterBase: 5)
            func unread(_ person: UserID) async throws -> [ArticleID] {
                try await store.readingStates(of: ids, for: person).filter { !$0.value.isRead }.keys.sorted { $0.rawValue < $1.rawValue }
            }

            let read = try await store.articleOpening(ids[0], for: alice.id, coverageLimit: 2, timeline: bySource)
            let opened = try #require(try await store.openArticle(ids[0], for: alice.id, coverageLimit: 2, timeline: bySource, readsWholeStory: false, at: time))
            #expect(opened.item.state.isRead, "the opening shows the article read")
            var expected = try #require(read)
            expected.item.state = opened.item.state
            #expect(opened == expected, "the same opening as the read alone, but read")
            #expect(try await store.readerArticle(ids[0], for: alice.id)?.state.readAt == time)
            #expect(try await unread(alice.id) == [ids[1], ids[2], ids[3]], "only the article opened")

            let again = try #require(try await store.openArticle(ids[0], for: alice.id, coverageLimit: 2, timeline: bySource, readsWholeStory: false, at: time.addingTimeInterval(60)))
            #expect(again.item.state.readAt == time, "opening a read article again keeps when it was read")

            _ = try #require(try await store.openArticle(ids[2], for: bob.id, coverageLimit: 2, timeline: bySource, readsWholeStory: true, at: time))
            #expect(try await unread(bob.id) == [ids[1], ids[3]], "beta-3 with alpha-1, the rest of its story he sees (not gamma-5)")
            #expect(try await unread(alice.id) == [ids[1], ids[2], ids[3]], "his opening marks nothing of hers")

            #expect(try await store.openArticle(ids[4], for: alice.id, coverageLimit: 2, timeline: bySource, readsWholeStory: true, at: time) == nil, "not in her library")
            #expect(try await unread(alice.id) == [ids[1], ids[2], ids[3]])
        },
    ]
}
