import Foundation
import NewsModel
import Storage
import Testing

extension StoryStoreCheck {
    typealias Fixtures = ConformanceFixtures

    static let progressChecks: [StoryStoreCheck] = [
        StoryStoreCheck("placement starts with no progress, and records move it") { store in
            #expect(try await store.storyProgress() == nil)
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            let first = try await StoryFixtures.id("alpha-1", of: store)
            let second = try await StoryFixtures.id("alpha-2", of: store)
            let placed = try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: first, story: StoryID(startedBy: first))], consideredThrough: second, expectedProgress: nil
            )
            #expect(placed)
            #expect(try await store.storyProgress() == second)
        },

        StoryStoreCheck("a record made from a stale progress changes nothing") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2, 3], in: store)
            let ids = try await [1, 2, 3].asyncMap { try await StoryFixtures.id("alpha-\($0)", of: store) }
            #expect(try await store.recordStoryPlacements([], consideredThrough: ids[0], expectedProgress: nil))
            // Another process placed the second article meanwhile…
            #expect(try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: ids[1], story: StoryID(startedBy: ids[1]))], consideredThrough: ids[1], expectedProgress: ids[0]
            ))
            // …so a process that still believes the progress is at the first must not record.
            let stale = try await store.recordStoryPlacements(
                [StoryPlacementRecord(article: ids[1], story: StoryID(startedBy: ids[0]))], consideredThrough: ids[2], expectedProgress: ids[0]
            )
            #expect(!stale)
            #expect(try await store.storyProgress() == ids[1])
            #expect(try await store.storyMemberships(of: [ids[1]])[ids[1]]?.story == StoryID(startedBy: ids[1]))
            #expect(try await store.recordStoryPlacements([], consideredThrough: ids[2], expectedProgress: nil) == false)
        },

        StoryStoreCheck("story inputs come in the order stored, with texts, placements and filters") { store in
            try await StoryFixtures.source("alpha", articles: [1, 2], in: store)
            try await StoryFixtures.source("beta", articles: [3, 4], in: store)
            try await StoryFixtures.place(["alpha-1": ["alpha-1", "beta-3"]], in: store, copies: ["beta-3": "alpha-1"])
            let all = try await store.storyInputs(StoryInputQuery(limit: 10))
            #expect(all.map(\.title) == ["Article alpha-1", "Article alpha-2", "Article beta-3", "Article beta-4"])
            #expect(all.map(\.id) == all.map(\.id).sorted())
            #expect(all[0].sourceName == "Alpha")
            #expect(all[0].summary == "About alpha 1")
            #expect(all[0].text == "Text of alpha 1")
            #expect(all[0].publishedAt == Fixtures.date(hoursAfterBase: 1))
            #expect(all[0].story == StoryID(startedBy: all[0].id))
            #expect(all[1].story == nil)
            #expect(all[2].story == StoryID(startedBy: all[0].id))
            #expect(all[2].copyOf == all[0].id)
            #expect(try await store.storyInputs(StoryInputQuery(after: all[0].id, limit: 2)).map(\.id) == [all[1].id, all[2].id])
            #expect(try await store.storyInputs(StoryInputQuery(after: all[0].id, through: all[2].id, limit: 10)).map(\.id) == [all[1].id, all[2].id])
            #expect(try await store.storyInputs(StoryInputQuery(publishedSince: Fixtures.date(hoursAfterBase: 2), limit: 10)).map(\.id) == Array(all.map(\.id).dropFirst()))
            #expect(try await store.storyInputs(StoryInputQuery(limit: 0)).isEmpty)
        },

        StoryStoreCheck("story inputs give only the beginning of a long text") { store in
            let long = String(repeating: "word ", count: 2_000)
            try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("long", content: long)], to: store)
            let input = try #require(try await store.storyInputs(StoryInputQuery(limit: 1)).first)
            #expect(input.text?.count == StoryInput.textLimit)
            #expect(long.hasPrefix(input.text ?? "-"))
        },
    ]
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
