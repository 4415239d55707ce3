import Foundation
import NewsModel
import Storage
import Testing

extension ArticleStoreCheck {
    private typealias Fixtures = ConformanceFixtures

    static let sourceChecks: [ArticleStoreCheck] = [
        ArticleStoreCheck("addSource stores every field and source(_:) returns them") { store in
            let source = Source(
                id: SourceID(slugging: "the-verge"), name: "The Verge", description: "Technology news.",
                siteURL: "https://www.theverge.com", feedURL: "https://www.theverge.com/rss/index.xml",
                category: .technology, language: .en, country: .unitedStates,
                iconURL: "https://www.theverge.com/icon.png", isDemo: true, addedAt: Fixtures.baseDate,
                inferred: SourceTraits(language: .de, country: Country(rawValue: "de"), category: .science)
            )
            let stored = try await store.addSource(source)
            #expect(stored == source)
            #expect(try await store.source(source.id) == source)
            #expect(try await store.source(SourceID(slugging: "unknown")) == nil)
        },

        ArticleStoreCheck("addSource gives a taken id the next free suffix") { store in
            let first = try await store.addSource(Fixtures.source("the-verge"))
            let second = try await store.addSource(Fixtures.source("the-verge"))
            let third = try await store.addSource(Fixtures.source("the-verge"))
            #expect([first.id.rawValue, second.id.rawValue, third.id.rawValue] == ["the-verge", "the-verge-2", "the-verge-3"])
            #expect(try await store.source(third.id)?.name == "The-Verge")

            let long = String(repeating: "a", count: SourceID.maximumLength)
            _ = try await store.addSource(Fixtures.source(long))
            let renamed = try await store.addSource(Fixtures.source(long))
            #expect(renamed.id.rawValue == String(repeating: "a", count: SourceID.maximumLength - 2) + "-2")
        },

        ArticleStoreCheck("updateSource replaces the fields and refuses an unknown id") { store in
            var source = try await store.addSource(Fixtures.source("alpha"))
            source.name = "Alpha Daily"
            source.description = "Renamed."
            source.category = .business
            source.country = .unitedKingdom
            source.iconURL = "https://alpha.example/icon.png"
            try await store.updateSource(source)
            #expect(try await store.source(source.id) == source)

            await #expect(throws: StoreError.sourceNotFound(SourceID(slugging: "missing"))) {
                try await store.updateSource(Fixtures.source("missing"))
            }
        },

        ArticleStoreCheck("an article id is never given again once its article is gone") { store in
            _ = try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("a1"), Fixtures.draft("a2")], to: store)
            let late = try await Fixtures.add(Fixtures.source("late"), with: [Fixtures.draft("l1"), Fixtures.draft("l2")], to: store)
            let lateArticle = try #require(try await Fixtures.article("l2", in: late.id, of: store))
            let lateIDs = [try #require(try await Fixtures.article("l1", in: late.id, of: store)).id, lateArticle.id]
            // The newest articles leave with their source; a link to one must not open another.
            try await store.removeSource(late.id)
            let next = try await Fixtures.add(Fixtures.source("next"), with: [Fixtures.draft("n1"), Fixtures.draft("n2")], to: store)
            for guid in ["n1", "n2"] {
                let article = try #require(try await Fixtures.article(guid, in: next.id, of: store))
                #expect(!lateIDs.contains(article.id))
                #expect(article.id.rawValue > lateArticle.id.rawValue)
            }
            #expect(try await store.article(lateArticle.id) == nil)
        },

        ArticleStoreCheck("removeSource removes its articles and state, and refuses an unknown id") { store in
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("a1", title: "Zebra crossing")], to: store)
            let beta = try await Fixtures.add(Fixtures.source("beta"), with: [Fixtures.draft("b1", title: "Zebra herd")], to: store)
            let alphaArticle = try #require(try await Fixtures.article("a1", in: alpha.id, of: store))
            try await store.saveReaderView(ReaderView(outcome: .extracted, html: "<p>x</p>", text: "x"), for: alphaArticle.id)

            try await store.removeSource(alpha.id)
            #expect(try await store.source(alpha.id) == nil)
            #expect(try await store.article(alphaArticle.id) == nil)
            #expect(try await store.feedState(for: alpha.id) == nil)
            #expect(try await Fixtures.search(store, "zebra") == ["b1"])
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 1)
            #expect(try await store.source(beta.id) != nil)

            await #expect(throws: StoreError.sourceNotFound(alpha.id)) { try await store.removeSource(alpha.id) }
        },

        ArticleStoreCheck("removeDemoSources removes only demo sources and counts them") { store in
            try await Fixtures.add(Fixtures.source("demo-one", isDemo: true), with: [Fixtures.draft("d1")], to: store)
            try await Fixtures.add(Fixtures.source("demo-two", isDemo: true), with: [], to: store)
            try await Fixtures.add(Fixtures.source("mine"), with: [Fixtures.draft("m1")], to: store)
            #expect(try await store.removeDemoSources() == 2)
            #expect(try await store.sources(matching: SourceQuery()).map(\.id.rawValue) == ["mine"])
            #expect(try await Fixtures.guids(store, ArticleQuery()) == ["m1"])
            #expect(try await store.removeDemoSources() == 0)
        },

        ArticleStoreCheck("sources(matching:) compares a person's value, else the inferred one, else the defaults") { store in
            _ = try await store.addSource(Fixtures.source("set", name: "Set", language: .de, inferred: SourceTraits(language: .fr)))
            _ = try await store.addSource(Fixtures.source("inferred", name: "Inferred", inferred: SourceTraits(language: .fr, country: .unitedKingdom, category: .sports)))
            _ = try await store.addSource(Fixtures.source("unknown", name: "Unknown"))
            #expect(try await store.sources(matching: SourceQuery(language: .de)).map(\.name) == ["Set"])
            #expect(try await store.sources(matching: SourceQuery(language: .fr)).map(\.name) == ["Inferred"])
            #expect(try await store.sources(matching: SourceQuery(language: .en)).map(\.name) == ["Unknown"], "the default language is en")
            let italian = SourceDefaults(language: .it, country: Country(rawValue: "it") ?? .unitedStates)
            #expect(try await store.sources(matching: SourceQuery(language: .it, defaults: italian)).map(\.name) == ["Unknown"])
            #expect(try await store.sources(matching: SourceQuery(country: .unitedStates)).map(\.name) == ["Set", "Unknown"])
            #expect(try await store.sources(matching: SourceQuery(category: .general)).map(\.name) == ["Set", "Unknown"])
            #expect(try await store.sources(matching: SourceQuery(category: .sports)).map(\.name) == ["Inferred"])
        },

        ArticleStoreCheck("sources(matching:) filters by category, language and country, ordered by name") { store in
            _ = try await store.addSource(Fixtures.source("c", name: "charlie", category: .sports, language: .en, country: .unitedStates))
            _ = try await store.addSource(Fixtures.source("a", name: "Alpha", category: .technology, language: .en, country: .unitedKingdom))
            _ = try await store.addSource(Fixtures.source("b", name: "Bravo", category: .technology, language: .de, country: Country(rawValue: "de")))
            #expect(try await store.sources(matching: SourceQuery()).map(\.name) == ["Alpha", "Bravo", "charlie"])
            #expect(try await store.sources(matching: SourceQuery(category: .technology)).map(\.name) == ["Alpha", "Bravo"])
            #expect(try await store.sources(matching: SourceQuery(language: .en)).map(\.name) == ["Alpha", "charlie"])
            #expect(try await store.sources(matching: SourceQuery(country: .unitedKingdom)).map(\.name) == ["Alpha"])
            #expect(try await store.sources(matching: SourceQuery(category: .technology, language: .de)).map(\.name) == ["Bravo"])
            #expect(try await store.sources(matching: SourceQuery(category: .health)).isEmpty)
        },

        ArticleStoreCheck("sourceSummaries gives each source's count, newest date and state") { store in
            try await Fixtures.add(Fixtures.source("beta"), with: [
                Fixtures.draft("b1", hoursAfterBase: 1), Fixtures.draft("b2", hoursAfterBase: 5), Fixtures.draft("b3", hoursAfterBase: 3),
            ], to: store)
            try await Fixtures.add(Fixtures.source("alpha"), with: [], to: store)
            let summaries = try await store.sourceSummaries()
            #expect(summaries.map(\.source.id.rawValue) == ["alpha", "beta"])
            #expect(summaries.map(\.articleCount) == [0, 3])
            #expect(summaries.map(\.newestArticleAt) == [nil, Fixtures.date(hoursAfterBase: 5)])
            #expect(summaries.map(\.state) == [nil, Fixtures.state()])
        },
    ]
}
