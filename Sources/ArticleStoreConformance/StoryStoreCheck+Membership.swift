import Foundation
import NewsModel
import Storage
import Testing

extension StoryStoreCheck {
    static let membershipChecks: [StoryStoreCheck] = [
        StoryStoreCheck("markRead reads the rest of a story only for someone who asked for it in their settings") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            try await StoryFixtures.source("beta", articles: [3, 4], in: store)
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "beta-3"], "alpha-2": ["alpha-2", "beta-4"]], in: store)
            let owner = try await store.owner().id
            let ids = try await ["alpha-1", "beta-3", "alpha-2", "beta-4"].asyncMap { try await StoryFixtures.id($0, of: store) }
            func read() async throws -> [Bool] {
                let states = try await store.readingStates(of: ids, for: owner)
                return ids.map { states[$0]?.isRead ?? false }
            }
            let time = Fixtures.date(hoursAfterBase: 10)
            #expect(try await store.markRead([ids[0]], for: owner, at: time) == 1)
            #expect(try await read() == [true, false, false, false], "off by default: one article")
            var settings = try await store.readerSettings(for: owner)
            settings.readsWholeStory = true
            try await store.saveReaderSettings(settings, for: owner)
            #expect(try await store.markRead([ids[0]], for: owner, at: time) == 1, "the rest of its story")
            #expect(try await read() == [true, true, false, false], "other stories untouched")
            #expect(try await store.markRead([ids[3]], for: owner, at: time) == 2)
            #expect(try await read() == [true, true, true, true])
        },

        StoryStoreCheck("popularity sorts by the number of sources carrying the story, then newest") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2, 3], in: store)
            try await StoryFixtures.source("beta", articles: [4, 5], in: store)
            try await StoryFixtures.source("gamma", articles: [6], in: store)
            // alpha-1's story: three sources; alpha-2's: two articles of one source; the rest alone.
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "beta-4", "gamma-6"], "alpha-2": ["alpha-2", "alpha-3"]], in: store)
            #expect(try await Fixtures.guids(store, ArticleQuery(sortBy: .popularity)) == ["gamma-6", "beta-4", "alpha-1", "beta-5", "alpha-3", "alpha-2"])
            let memberships = try await store.storyMemberships(of: [
                try await StoryFixtures.id("beta-4", of: store), try await StoryFixtures.id("alpha-3", of: store),
                try await StoryFixtures.id("beta-5", of: store),
            ])
            #expect(memberships.values.map(\.sourceCount).sorted() == [1, 3])
        },

        StoryStoreCheck("an absorbed story's articles move to the story that absorbed it") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            try await StoryFixtures.source("beta", articles: [3, 4], in: store)
            try await StoryFixtures.place(["alpha-1": ["alpha-1"], "beta-3": ["beta-3"]], in: store)
            let first = try await StoryFixtures.id("alpha-1", of: store)
            let third = try await StoryFixtures.id("beta-3", of: store)
            let fourth = try await StoryFixtures.id("beta-4", of: store)
            let progress = try await store.storyProgress()
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: fourth, story: StoryID(startedBy: first), absorbed: [StoryID(startedBy: third)])],
                consideredThrough: fourth, expectedProgress: progress
            ))
            let memberships = try await store.storyMemberships(of: [first, third, fourth])
            #expect(Set(memberships.values.map(\.story)) == [StoryID(startedBy: first)])
            #expect(memberships[third]?.sourceCount == 2)
            let story = try #require(try await store.story(containing: third, for: nil))
            #expect(story.members.map(\.article.id) == [first, third, fourth])
            #expect(story.lead?.id == first)
            #expect(story.sourceCount == 2)
        },

        StoryStoreCheck("placing an article again keeps the later placement") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            let first = try await StoryFixtures.id("alpha-1", of: store)
            let second = try await StoryFixtures.id("alpha-2", of: store)
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: second, story: StoryID(startedBy: second)), StoryPlacementRecord(article: second, story: StoryID(startedBy: first), copyOf: first)],
                consideredThrough: second, expectedProgress: nil
            ))
            let membership = try await store.storyMemberships(of: [second])[second]
            #expect(membership == StoryMembership(story: StoryID(startedBy: first), sourceCount: 1, copyOf: first))
        },

        StoryStoreCheck("a placement of an article removed meanwhile is skipped") { store in
            let alpha = try await StoryFixtures.source("alpha", articles: [1], in: store)
            try await StoryFixtures.source("beta", articles: [2], in: store)
            let gone = try await StoryFixtures.id("alpha-1", of: store)
            let kept = try await StoryFixtures.id("beta-2", of: store)
            try await store.removeSource(alpha.id)
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: gone, story: StoryID(startedBy: gone)), StoryPlacementRecord(article: kept, story: StoryID(startedBy: gone))],
                consideredThrough: kept, expectedProgress: nil
            ))
            #expect(try await store.storyMemberships(of: [gone, kept]).keys.sorted() == [kept])
            #expect(try await store.story(containing: kept, for: nil)?.members.map(\.article.id) == [kept])
        },

        StoryStoreCheck("removing a source recounts its stories and the next article leads") { store in
            let alpha = try await StoryFixtures.source("alpha", articles: [1], in: store)
            try await StoryFixtures.source("beta", articles: [2], in: store)
            try await StoryFixtures.source("gamma", articles: [3], in: store)
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "beta-2", "gamma-3"]], in: store)
            let second = try await StoryFixtures.id("beta-2", of: store)
            #expect(try await store.storyMemberships(of: [second])[second]?.sourceCount == 3)
            try await store.removeSource(alpha.id)
            #expect(try await store.storyMemberships(of: [second])[second]?.sourceCount == 2)
            let story = try #require(try await store.story(containing: second, for: nil))
            #expect(story.lead?.id == second)
            #expect(story.id == StoryID(startedBy: try #require(story.members.first).article.id) || story.id.rawValue < second.rawValue)
            #expect(try await Fixtures.guids(store, ArticleQuery(sortBy: .popularity)) == ["gamma-3", "beta-2"])
        },

        StoryStoreCheck("a story's counts follow its members when they are placed again, absorbed and removed") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2, 3], in: store)
            let beta = try await StoryFixtures.source("beta", articles: [4, 5], in: store)
            try await StoryFixtures.source("gamma", articles: [6], in: store)
            try await StoryFixtures.place(
                ["alpha-1": ["alpha-1", "alpha-2", "beta-4", "gamma-6"], "alpha-3": ["alpha-3"], "beta-5": ["beta-5"]], in: store
            )
            let ids = try await ["alpha-1", "alpha-3", "beta-4", "beta-5", "gamma-6"].asyncMap { try await StoryFixtures.id($0, of: store) }
            let (first, third, fourth, fifth, sixth) = (ids[0], ids[1], ids[2], ids[3], ids[4])
            func counts(_ article: ArticleID) async throws -> [Int] {
                let coverage = try await store.coverage(of: article, for: nil, limit: 0)
                let membership = try await store.storyMemberships(of: [article])[article]
                return [coverage?.articleCount ?? -1, coverage?.sourceCount ?? -1, membership?.sourceCount ?? -1]
            }
            #expect(try await counts(first) == [2, 2, 3], "beta-4 and gamma-6; three sources in all")
            #expect(try await counts(fourth) == [3, 2, 3], "two of alpha and gamma-6")

            // beta-5 joins alpha-1's story, which absorbs alpha-3's.
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: fifth, story: StoryID(startedBy: first), absorbed: [StoryID(startedBy: third)])],
                consideredThrough: sixth, expectedProgress: try await store.storyProgress()
            ))
            #expect(try await counts(first) == [3, 2, 3])
            #expect(try await counts(sixth) == [5, 2, 3])
            #expect(try await counts(third) == [3, 2, 3])

            // gamma-6 is placed again in a story of its own: the story it left loses a source.
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: sixth, story: StoryID(startedBy: sixth))],
                consideredThrough: sixth, expectedProgress: try await store.storyProgress()
            ))
            #expect(try await counts(first) == [2, 1, 2], "beta-4 and beta-5")
            #expect(try await counts(fourth) == [3, 1, 2])
            #expect(try await counts(sixth) == [0, 0, 1])

            // Removing beta removes its placements: alpha's articles are alone in their story.
            try await store.removeSource(beta.id)
            #expect(try await counts(first) == [0, 0, 1])
            #expect(try await Fixtures.guids(store, ArticleQuery(sortBy: .popularity)).count == 4)
        },

        StoryStoreCheck("an article not placed has no story and no membership") { store in
            try await StoryFixtures.source("alpha", articles: [1], in: store)
            let first = try await StoryFixtures.id("alpha-1", of: store)
            #expect(try await store.story(containing: first, for: nil) == nil)
            #expect(try await store.storyMemberships(of: [first]).isEmpty)
            #expect(try await store.storyMemberships(of: []).isEmpty)
        },
    ]
}
