import Foundation
import NewsModel
import Storage
import Testing

extension ArticleStoreCheck {
    private typealias Fixtures = ConformanceFixtures

    /// Each listed article's excerpt by guid.
    private static func excerpts(of store: any ArticleStore, includingContent: Bool) async throws -> [String: TextExcerpt?] {
        let articles = try await store.articles(matching: ArticleQuery(pageSize: 10, includesContent: includingContent)).articles
        return Dictionary(uniqueKeysWithValues: articles.map { ($0.guid, $0.excerpt) })
    }

    static let queryChecks: [ArticleStoreCheck] = [
        ArticleStoreCheck("articles are newest first, ties by newest id, with stable pages and a total") { store in
            let drafts = (1...7).map { Fixtures.draft("\($0)", hoursAfterBase: $0 == 4 || $0 == 5 ? 3 : Double($0)) }
            try await Fixtures.add(Fixtures.source("alpha"), with: drafts, to: store)
            // 3, 4 and 5 share a date: the later stored ones come first.
            #expect(try await Fixtures.guids(store, ArticleQuery()) == ["7", "6", "5", "4", "3", "2", "1"])

            var query = ArticleQuery(pageSize: 3)
            let first = try await store.articles(matching: query)
            #expect(first.articles.map(\.guid) == ["7", "6", "5"])
            #expect(first.totalResults == 7)
            query.page = 3
            let last = try await store.articles(matching: query)
            #expect(last.articles.map(\.guid) == ["1"])
            #expect(last.totalResults == 7)
            query.page = 4
            #expect(try await store.articles(matching: query) == ArticleResults(articles: [], totalResults: 7))
            query.page = Int.max
            #expect(try await store.articles(matching: query) == ArticleResults(articles: [], totalResults: 7))
            // The same far page of a search: its page number is anyone's, and must not overflow.
            var searched = ArticleQuery(search: .term("article"), pageSize: 3)
            searched.page = Int.max
            #expect(try await store.articles(matching: searched).articles.isEmpty)
            searched.pageSize = Int.max
            #expect(try await store.articles(matching: searched).articles.isEmpty)
            searched.page = 2
            #expect(try await store.articles(matching: searched).articles.isEmpty)
            #expect(try await store.articles(matching: ArticleQuery(sortBy: .relevancy)).articles.map(\.guid).first == "7",
                    "relevancy without a search is newest first")
        },

        ArticleStoreCheck("countLimit caps totalResults, with and without filters and searches, and leaves the page alone") { store in
            let drafts = (1...7).map { Fixtures.draft("\($0)", content: $0 % 2 == 0 ? "even harbour" : "odd harbour", hoursAfterBase: Double($0)) }
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: drafts, to: store)
            let limited = try await store.articles(matching: ArticleQuery(pageSize: 3, countLimit: 5))
            #expect(limited.totalResults == 5)
            #expect(limited.articles.map(\.guid) == ["7", "6", "5"])
            #expect(try await store.articles(matching: ArticleQuery(page: 3, pageSize: 3, countLimit: 5)).articles.map(\.guid) == ["1"],
                    "pages past the limit still list")
            #expect(try await store.articles(matching: ArticleQuery(sources: [alpha.id], countLimit: 4)).totalResults == 4)
            #expect(try await store.articles(matching: ArticleQuery(search: .term("harbour"), countLimit: 6)).totalResults == 6)
            #expect(try await store.articles(matching: ArticleQuery(search: .term("even"), countLimit: 6)).totalResults == 3, "under the limit: exact")
            #expect(try await store.articles(matching: ArticleQuery(sources: [alpha.id], search: .term("even"), countLimit: 2)).totalResults == 2)
            #expect(try await store.articles(matching: ArticleQuery(countLimit: 100)).totalResults == 7)
            #expect(try await store.articles(matching: ArticleQuery(countLimit: 0)).totalResults == 0)
        },

        ArticleStoreCheck("each article keeps its text's excerpt, refreshed with the text; lists without content carry it alone") { store in
            let long = String(repeating: "word  \n ", count: 120)
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: [
                Fixtures.draft("short", content: "  Hello\n\n world  ", hoursAfterBase: 1),
                Fixtures.draft("long", content: long, hoursAfterBase: 2),
                Fixtures.draft("blank", content: " \n\t ", hoursAfterBase: 3),
                Fixtures.draft("none", hoursAfterBase: 4),
            ], to: store)
            let expected: [String: TextExcerpt?] = [
                "short": TextExcerpt(text: "Hello world", characterCount: 11),
                "long": TextExcerpt(of: long), "blank": nil, "none": nil,
            ]
            #expect(try await excerpts(of: store, includingContent: true) == expected)
            #expect(try await excerpts(of: store, includingContent: false) == expected)
            #expect(TextExcerpt(of: long)?.characterCount == 599)
            let lean = try await store.articles(matching: ArticleQuery(pageSize: 10, includesContent: false)).articles
            #expect(lean.allSatisfy { $0.contentText == nil && $0.contentHTML == nil })
            #expect(lean.map(\.title) == ["Article none", "Article blank", "Article long", "Article short"])

            // A changed text changes its excerpt; a text that goes away takes it along.
            _ = try await store.applyRefresh(Fixtures.refresh([
                Fixtures.draft("short", content: "Goodbye", hoursAfterBase: 1),
                Fixtures.draft("long", hoursAfterBase: 2),
                Fixtures.draft("none", content: "Now there is text", hoursAfterBase: 4),
            ], hoursAfterBase: 1), to: alpha.id)
            let updated = try await excerpts(of: store, includingContent: false)
            #expect(updated["short"] == TextExcerpt(text: "Goodbye", characterCount: 7))
            #expect(updated["long"] == .some(nil))
            #expect(updated["none"] == TextExcerpt(text: "Now there is text", characterCount: 17))
        },

        ArticleStoreCheck("sources filter keeps the listed sources' articles") { store in
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("a1", hoursAfterBase: 1)], to: store)
            let beta = try await Fixtures.add(Fixtures.source("beta"), with: [Fixtures.draft("b1", hoursAfterBase: 2)], to: store)
            try await Fixtures.add(Fixtures.source("gamma"), with: [Fixtures.draft("c1", hoursAfterBase: 3)], to: store)
            #expect(try await Fixtures.guids(store, ArticleQuery(sources: [alpha.id])) == ["a1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(sources: [alpha.id, beta.id])) == ["b1", "a1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(sources: [SourceID(slugging: "unknown")])).isEmpty)
        },

        ArticleStoreCheck("domains match the host and its subdomains; excludedDomains remove them") { store in
            try await Fixtures.add(Fixtures.source("alpha"), with: [
                Fixtures.draft("plain", url: "https://example.com/a", hoursAfterBase: 1),
                Fixtures.draft("www", url: "https://WWW.Example.com/b", hoursAfterBase: 2),
                Fixtures.draft("deep", url: "http://news.eu.example.com:8080/c?x=1", hoursAfterBase: 3),
                Fixtures.draft("lookalike", url: "https://notexample.com/d", hoursAfterBase: 4),
                Fixtures.draft("other", url: "https://bbc.co.uk/e", hoursAfterBase: 5),
                Fixtures.draft("no-url", hoursAfterBase: 6),
            ], to: store)
            #expect(try await Fixtures.guids(store, ArticleQuery(domains: ["example.com"])) == ["deep", "www", "plain"])
            #expect(try await Fixtures.guids(store, ArticleQuery(domains: ["eu.example.com"])) == ["deep"])
            #expect(try await Fixtures.guids(store, ArticleQuery(domains: ["Example.COM", "bbc.co.uk"])) == ["other", "deep", "www", "plain"])
            #expect(try await Fixtures.guids(store, ArticleQuery(domains: ["%", "_xample.com"])).isEmpty, "no wildcards")
            #expect(try await Fixtures.guids(store, ArticleQuery(excludedDomains: ["example.com"])) == ["no-url", "other", "lookalike"])
            #expect(try await Fixtures.guids(store, ArticleQuery(excludedDomains: ["example.com", "bbc.co.uk"])) == ["no-url", "lookalike"])
            #expect(try await Fixtures.guids(store, ArticleQuery(domains: ["example.com"], excludedDomains: ["eu.example.com"])) == ["www", "plain"])
        },

        ArticleStoreCheck("from and to bound publishedAt inclusively") { store in
            try await Fixtures.add(Fixtures.source("alpha"), with: (1...5).map { Fixtures.draft("\($0)", hoursAfterBase: Double($0)) }, to: store)
            #expect(try await Fixtures.guids(store, ArticleQuery(from: Fixtures.date(hoursAfterBase: 2))) == ["5", "4", "3", "2"])
            #expect(try await Fixtures.guids(store, ArticleQuery(to: Fixtures.date(hoursAfterBase: 2))) == ["2", "1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(from: Fixtures.date(hoursAfterBase: 2), to: Fixtures.date(hoursAfterBase: 4))) == ["4", "3", "2"])
            #expect(try await Fixtures.guids(store, ArticleQuery(from: Fixtures.date(hoursAfterBase: 4.5), to: Fixtures.date(hoursAfterBase: 4.6))).isEmpty)
            #expect(try await Fixtures.guids(store, ArticleQuery(from: Date.distantFuture)).isEmpty)
        },

        ArticleStoreCheck("language is the article's own, else its source's; country and category are the source's") { store in
            try await Fixtures.add(Fixtures.source("us-tech", category: .technology, language: .en, country: .unitedStates), with: [
                Fixtures.draft("us-en", hoursAfterBase: 1), Fixtures.draft("us-es", hoursAfterBase: 2, language: .es),
            ], to: store)
            try await Fixtures.add(Fixtures.source("gb-sport", category: .sports, country: .unitedKingdom), with: [
                Fixtures.draft("gb-none", hoursAfterBase: 3), Fixtures.draft("gb-en", hoursAfterBase: 4, language: .en),
            ], to: store)
            // gb-sport has no language: it speaks the default (en unless the query says otherwise).
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .en)) == ["gb-en", "gb-none", "us-en"])
            let german = SourceDefaults(language: .de)
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .en, sourceDefaults: german)) == ["gb-en", "us-en"])
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .de, sourceDefaults: german)) == ["gb-none"])
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .es)) == ["us-es"])
            #expect(try await Fixtures.guids(store, ArticleQuery(country: .unitedKingdom)) == ["gb-en", "gb-none"])
            #expect(try await Fixtures.guids(store, ArticleQuery(category: .technology)) == ["us-es", "us-en"])
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .en, country: .unitedStates, category: .technology)) == ["us-en"])
            #expect(try await Fixtures.guids(store, ArticleQuery(category: .health)).isEmpty)
        },

        ArticleStoreCheck("a source's inferred traits count when a person set none, then the defaults") { store in
            try await Fixtures.add(Fixtures.source("set", language: .fr, country: .unitedKingdom, inferred: SourceTraits(language: .de, country: .unitedStates, category: .sports)), with: [
                Fixtures.draft("set-1", hoursAfterBase: 1),
            ], to: store)
            try await Fixtures.add(Fixtures.source("inferred", inferred: SourceTraits(language: .de, country: .unitedStates, category: .sports)), with: [
                Fixtures.draft("inferred-1", hoursAfterBase: 2),
            ], to: store)
            try await Fixtures.add(Fixtures.source("unknown"), with: [Fixtures.draft("unknown-1", hoursAfterBase: 3)], to: store)
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .fr)) == ["set-1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(language: .de)) == ["inferred-1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(country: .unitedStates)) == ["unknown-1", "inferred-1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(category: .sports)) == ["inferred-1", "set-1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(category: .general)) == ["unknown-1"])
            let defaults = SourceDefaults(language: .it, country: .unitedKingdom, category: .science)
            #expect(try await Fixtures.guids(store, ArticleQuery(country: .unitedKingdom, sourceDefaults: defaults)) == ["unknown-1", "set-1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(category: .science, sourceDefaults: defaults)) == ["unknown-1"])
        },

        ArticleStoreCheck("popularity without stories is newest first, whatever was read") { store in
            // Popularity is how many sources carry an article's story (see StoryStoreCheck);
            // an article not placed in a story is alone, so only the date orders them.
            let source = try await Fixtures.add(Fixtures.source("alpha"), with: (1...4).map { Fixtures.draft("\($0)", hoursAfterBase: Double($0)) }, to: store)
            let first = try #require(try await Fixtures.article("1", in: source.id, of: store))
            try await store.recordRead(first.id)
            #expect(try await Fixtures.guids(store, ArticleQuery(sortBy: .popularity)) == ["4", "3", "2", "1"])
            #expect(try await Fixtures.guids(store, ArticleQuery(sortBy: .publishedAt)) == ["4", "3", "2", "1"])
        },

        ArticleStoreCheck("a page size of zero gives only the total") { store in
            try await Fixtures.add(Fixtures.source("alpha"), with: [Fixtures.draft("1"), Fixtures.draft("2")], to: store)
            #expect(try await store.articles(matching: ArticleQuery(pageSize: 0)) == ArticleResults(articles: [], totalResults: 2))
        },
    ]
}
