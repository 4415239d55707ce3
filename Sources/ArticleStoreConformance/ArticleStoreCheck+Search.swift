import Foundation
import NewsModel
import Storage
import Testing

extension ArticleStoreCheck {
    private typealias Fixtures = ConformanceFixtures

    /// Five articles, one hour apart (so "newest first" is the reverse of this order).
    private static func addSearchFixtures(to store: any ArticleStore) async throws {
        try await Fixtures.add(Fixtures.source("alpha"), with: [
            Fixtures.draft("btc", title: "Bitcoin hits a new high", summary: "Crypto markets rally.",
                           content: "Traders were running for cover.", hoursAfterBase: 1),
            Fixtures.draft("eth", title: "Ethereum upgrade ships", summary: "Crypto developers cheer.",
                           content: "The climate change debate continues.", hoursAfterBase: 2),
            Fixtures.draft("climate", title: "Climate summit opens", summary: "Leaders talk about change in the climate.",
                           content: "No deal yet.", hoursAfterBase: 3),
            Fixtures.draft("cafe", title: "Best café in town", summary: "Coffee reviews.",
                           content: "Also: the NEAR( title: operator list, and DROP TABLE students; -- done", hoursAfterBase: 4),
            Fixtures.draft("weather", title: "Weather report", hoursAfterBase: 5),
        ], to: store)
    }

    /// Search texts that are FTS5, SQL or NewsAPI syntax fragments; each must be read as
    /// plain words (or nothing), never as syntax, and never fail.
    static let hostileSearchTexts = [
        "\"", "\"\"", "\"a\" \"", "'", "''", "*", "a*", "^a", "NEAR(", "NEAR(a b, 2)", "title:", "title: bitcoin",
        "{title summary}: bitcoin", "content_text:x", ")", "(", "(()", "())", "AND", "OR OR", "NOT", "-", "+", "--", "+-+",
        "%", "_", "\\", "\\\"", ":", "a:b:c", "DROP TABLE articles;", "'; DELETE FROM articles; --",
        "SELECT * FROM articles", "1=1 OR 1=1", "\u{0}", "a\u{0}b", "bitcoin\" OR \"1", "rowid", "MATCH", "bm25(x)",
    ]

    static let searchChecks: [ArticleStoreCheck] = [

        ArticleStoreCheck("searches list newest first on every page, even when an early article has the newest date") { store in
            // 400 articles stored oldest first, three in four saying "harbour"; then an early
            // one is given the newest date of all, and two sources split them.
            let drafts = (0..<400).map { index in
                Fixtures.draft("a\(index)", content: index % 4 == 3 ? "quiet day" : "harbour news \(index)", hoursAfterBase: Double(index))
            }
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: Array(drafts[..<200]), to: store)
            try await Fixtures.add(Fixtures.source("beta"), with: Array(drafts[200...]), to: store)
            _ = try await store.applyRefresh(Fixtures.refresh([
                Fixtures.draft("a5", content: "harbour news late", hoursAfterBase: 1_000),
                Fixtures.draft("a6", content: "harbour news 6", hoursAfterBase: 450),
            ], hoursAfterBase: 2), to: alpha.id)
            func expected(_ sources: [SourceID]) -> [String] {
                var dated = (0..<400).filter { $0 % 4 != 3 }.map { index in (guid: "a\(index)", hours: Double(index)) }
                if !sources.isEmpty { dated = dated.filter { guid, _ in (Int(guid.dropFirst()) ?? 0) < 200 } }
                dated = dated.map { $0.guid == "a5" ? ("a5", 1_000) : $0.guid == "a6" ? ("a6", 450) : $0 }
                return dated.sorted { $0.hours > $1.hours }.map(\.guid)
            }
            for sources in [[], [alpha.id]] {
                var listed: [String] = []
                for page in 1...20 {
                    let query = ArticleQuery(sources: sources, search: .term("harbour"), page: page, pageSize: 20, countLimit: 1_000)
                    listed += try await store.articles(matching: query).articles.map(\.guid)
                }
                #expect(listed == expected(sources), "sources \(sources)")
                let deep = ArticleQuery(sources: sources, search: .term("harbour"), page: 4, pageSize: 30)
                #expect(try await store.articles(matching: deep).articles.map(\.guid) == Array(expected(sources).dropFirst(90).prefix(30)))
            }
        },

        ArticleStoreCheck("searches list newest first when articles were stored newest first (a feed's first fetch)") { store in
            // Ids run against dates here: the index's order tells nothing about the newest.
            let drafts = (0..<400).map { index in
                Fixtures.draft("b\(index)", content: index % 4 == 3 ? "quiet day" : "harbour news", hoursAfterBase: Double(400 - index))
            }
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: Array(drafts[..<250]), to: store)
            try await Fixtures.add(Fixtures.source("beta"), with: Array(drafts[250...]), to: store)
            let matching = (0..<400).filter { $0 % 4 != 3 }.map { "b\($0)" }
            for (sources, expected) in [([SourceID](), matching), ([alpha.id], matching.filter { (Int($0.dropFirst()) ?? 0) < 250 })] {
                for (page, pageSize) in [(1, 20), (2, 20), (3, 50), (7, 40)] {
                    let query = ArticleQuery(sources: sources, search: .term("harbour"), page: page, pageSize: pageSize, countLimit: 1_000)
                    #expect(try await store.articles(matching: query).articles.map(\.guid) == Array(expected.dropFirst((page - 1) * pageSize).prefix(pageSize)),
                            "sources \(sources), page \(page) of \(pageSize)")
                }
            }
        },

        ArticleStoreCheck("a word found only in older articles lists newest first, however many articles come before its first match") { store in
            // 1,500 articles an hour apart; "ember" (and the phrase "ember glow") only in two of
            // every three of the oldest 300. Dense enough that a store may walk the articles
            // newest first, and the walk then crosses 1,200 articles without a match: its
            // windows must continue where the last one ended and grow when they find nothing.
            let drafts = (0..<1_500).map { index in
                let old = index < 300 && index % 3 != 0
                return Fixtures.draft("e\(index)", content: old ? "news ember glow" : "news", hoursAfterBase: Double(index))
            }
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: Array(drafts[..<900]), to: store)
            try await Fixtures.add(Fixtures.source("beta"), with: Array(drafts[900...]), to: store)
            let matching = (0..<300).reversed().filter { $0 % 3 != 0 }.map { "e\($0)" }
            for search in [SearchQuery.term("ember"), .phrase(["ember", "glow"])] {
                for sources in [[SourceID](), [alpha.id]] {
                    for (page, pageSize) in [(1, 20), (3, 20), (1, 100), (2, 100), (11, 20)] {
                        let query = ArticleQuery(sources: sources, search: search, page: page, pageSize: pageSize, countLimit: 10_000)
                        let results = try await store.articles(matching: query)
                        #expect(results.articles.map(\.guid) == Array(matching.dropFirst((page - 1) * pageSize).prefix(pageSize)),
                                "\(search) in \(sources), page \(page) of \(pageSize)")
                        #expect(results.totalResults == matching.count)
                    }
                }
            }
        },

        ArticleStoreCheck("a search counted only up to its cap lists newest first, however few of its matches are among the newest") { store in
            // 1,500 articles an hour apart. "ember glow" is in 5 of the newest 1,000 and in every
            // other one of the oldest 300; "cinder" in 1 of the newest 1,000 and in every third
            // of the oldest 300; "news" in all. With a cap of 50 the count stops early, so a
            // store cannot tell the density from it: the page must come out right whether it
            // walks the newest articles, walks further, or sorts the matches.
            let recentEmbers: Set<Int> = [1_400, 1_200, 1_000, 800, 600]
            let drafts = (0..<1_500).map { index in
                var words = ["news"]
                if recentEmbers.contains(index) || (index < 300 && index % 2 == 0) { words += ["ember", "glow"] }
                if index == 1_250 || (index < 300 && index % 3 == 0) { words.append("cinder") }
                return Fixtures.draft("c\(index)", content: words.joined(separator: " "), hoursAfterBase: Double(index))
            }
            let alpha = try await Fixtures.add(Fixtures.source("alpha"), with: Array(drafts[..<900]), to: store)
            try await Fixtures.add(Fixtures.source("beta"), with: Array(drafts[900...]), to: store)
            // An old match re-dated by its feed becomes the newest: a store that keeps dates
            // beside its search rows must follow.
            _ = try await store.applyRefresh(Fixtures.refresh([
                Fixtures.draft("c10", content: "news ember glow", hoursAfterBase: 2_000),
            ], hoursAfterBase: 2), to: alpha.id)
            let newestFirst = [10] + (0..<1_500).reversed().filter { $0 != 10 }
            let searches: [(SearchQuery, (Int) -> Bool)] = [
                (.term("ember"), { recentEmbers.contains($0) || ($0 < 300 && $0 % 2 == 0) }),
                (.phrase(["ember", "glow"]), { recentEmbers.contains($0) || ($0 < 300 && $0 % 2 == 0) }),
                (.term("cinder"), { $0 == 1_250 || ($0 < 300 && $0 % 3 == 0) }),
                (.term("news"), { _ in true }),
            ]
            // The standard cap too, for a list without the articles' text (as the NewsAPI asks):
            // the one a store may answer in a way of its own.
            for (search, matches) in searches {
                for sources in [[SourceID](), [alpha.id]] {
                    let wanted = newestFirst.filter { matches($0) && (sources.isEmpty || $0 < 900) }.map { "c\($0)" }
                    for (cap, includesContent) in [(50, true), (ArticleQuery.standardCountLimit, false)] {
                        for (page, pageSize) in [(1, 20), (2, 20), (1, 100), (3, 15), (9, 20)] {
                            let query = ArticleQuery(
                                sources: sources, search: search, page: page, pageSize: pageSize, includesContent: includesContent, countLimit: cap
                            )
                            let results = try await store.articles(matching: query)
                            #expect(results.articles.map(\.guid) == Array(wanted.dropFirst((page - 1) * pageSize).prefix(pageSize)),
                                    "\(search) in \(sources), cap \(cap), page \(page) of \(pageSize)")
                            #expect(results.totalResults == min(wanted.count, cap), "\(search) in \(sources), cap \(cap)")
                        }
                    }
                }
            }
        },

        ArticleStoreCheck("rare and common words, phrases and boolean searches list newest first on every page, with filters") { store in
            // 600 articles in three sources, dates shuffled against ids (each hour once, as 263
            // and 600 share no factor): "lighthouse" is in one in forty, "tide" in two in
            // three, and the phrase "storm warning" in one in seven.
            struct Written { let guid: String; let source: Int; let text: String; let hours: Double }
            var written: [Written] = []
            for index in 0..<600 {
                var words: [String] = ["news"]
                if index % 40 == 7 { words.append("lighthouse") }
                if index % 3 != 0 { words.append("tide") }
                // The same two words, in the phrase's order or not.
                if index % 7 == 2 { words += ["storm", "warning"] } else if index % 7 == 4 { words += ["warning", "storm"] }
                written.append(Written(guid: "w\(index)", source: index % 3, text: words.joined(separator: " "), hours: Double((index * 263) % 600)))
            }
            var sources: [SourceID] = []
            for (number, slug) in ["north", "south", "east"].enumerated() {
                let drafts = written.filter { $0.source == number }.map { Fixtures.draft($0.guid, content: $0.text, hoursAfterBase: $0.hours) }
                sources.append(try await Fixtures.add(Fixtures.source(slug), with: drafts, to: store).id)
            }
            let newestFirst = written.sorted { $0.hours > $1.hours }
            let has: (Written, String) -> Bool = { $0.text.split(separator: " ").contains(Substring($1)) }
            let phrase: (Written) -> Bool = { $0.text.contains("storm warning") }
            let searches: [(String, (Written) -> Bool)] = [
                ("lighthouse", { has($0, "lighthouse") }),
                ("tide", { has($0, "tide") }),
                ("\"storm warning\"", phrase),
                ("(lighthouse OR \"storm warning\") AND news -tide", { (has($0, "lighthouse") || phrase($0)) && !has($0, "tide") }),
            ]
            for (text, matches) in searches {
                for filter in [[SourceID](), [sources[1]], [sources[0], sources[2]]] {
                    let wanted = newestFirst.filter { matches($0) && (filter.isEmpty || filter.contains(sources[$0.source])) }.map(\.guid)
                    for (page, pageSize) in [(1, 20), (2, 20), (1, 5), (4, 7), (30, 10), (1, 100)] {
                        let query = ArticleQuery(
                            sources: filter, search: try SearchQuery(parsing: text), page: page, pageSize: pageSize, countLimit: 10_000
                        )
                        let results = try await store.articles(matching: query)
                        #expect(results.articles.map(\.guid) == Array(wanted.dropFirst((page - 1) * pageSize).prefix(pageSize)),
                                "\(text) in \(filter), page \(page) of \(pageSize)")
                        #expect(results.totalResults == wanted.count, "\(text) in \(filter)")
                    }
                }
            }
        },

        ArticleStoreCheck("a title search matches titles only, alone or with a search that must match too") { store in
            try await addSearchFixtures(to: store)
            // "climate" is in three articles; only one has it in its title.
            #expect(try await Fixtures.search(store, "climate") == ["climate", "eth"])
            #expect(try await Fixtures.guids(store, ArticleQuery(titleSearch: try SearchQuery(parsing: "climate"), pageSize: 50)) == ["climate"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: try SearchQuery(parsing: "crypto"), titleSearch: try SearchQuery(parsing: "bitcoin OR ethereum"), pageSize: 50)) == ["eth", "btc"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: try SearchQuery(parsing: "crypto"), titleSearch: try SearchQuery(parsing: "-bitcoin"), pageSize: 50)) == ["eth"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: try SearchQuery(parsing: "rally"), titleSearch: try SearchQuery(parsing: "ethereum"), pageSize: 50)).isEmpty)
            let page = try await store.articles(matching: ArticleQuery(titleSearch: try SearchQuery(parsing: "-weather"), pageSize: 2))
            #expect(page.totalResults == 4)
        },
        ArticleStoreCheck("search finds words case-insensitively, stemmed and without diacritics") { store in
            try await addSearchFixtures(to: store)
            #expect(try await Fixtures.search(store, "bitcoin") == ["btc"])
            #expect(try await Fixtures.search(store, "BITCOIN") == ["btc"])
            #expect(try await Fixtures.search(store, "run") == ["btc"], "porter stemming: run finds running")
            #expect(try await Fixtures.search(store, "cafe") == ["cafe"])
            #expect(try await Fixtures.search(store, "CAFÉ") == ["cafe"])
            #expect(try await Fixtures.search(store, "nowhere").isEmpty)
        },

        ArticleStoreCheck("search combines words, phrases, AND, OR, NOT and parentheses") { store in
            try await addSearchFixtures(to: store)
            #expect(try await Fixtures.search(store, "crypto rally") == ["btc"])
            #expect(try await Fixtures.search(store, "crypto AND rally") == ["btc"])
            #expect(try await Fixtures.search(store, "\"climate change\"") == ["eth"])
            #expect(try await Fixtures.search(store, "\"change climate\"").isEmpty)
            #expect(try await Fixtures.search(store, "bitcoin OR ethereum") == ["eth", "btc"])
            #expect(try await Fixtures.search(store, "crypto -bitcoin") == ["eth"])
            #expect(try await Fixtures.search(store, "crypto NOT bitcoin") == ["eth"])
            #expect(try await Fixtures.search(store, "+crypto +markets") == ["btc"])
            #expect(try await Fixtures.search(store, "crypto AND (upgrade OR high)") == ["eth", "btc"])
            #expect(try await Fixtures.search(store, "climate -\"climate change\"") == ["climate"])
            #expect(try await Fixtures.search(store, "weather OR crypto -bitcoin") == ["weather", "eth"])
        },

        ArticleStoreCheck("a search of only negations finds every article without those words") { store in
            try await addSearchFixtures(to: store)
            #expect(try await Fixtures.search(store, "-crypto") == ["weather", "cafe", "climate"])
            #expect(try await Fixtures.search(store, "NOT crypto") == ["weather", "cafe", "climate"])
            #expect(try await Fixtures.search(store, "-crypto -climate") == ["weather", "cafe"])
            #expect(try await Fixtures.search(store, "-(crypto OR climate)") == ["weather", "cafe"])
            #expect(try await Fixtures.search(store, "NOT crypto OR bitcoin") == ["weather", "cafe", "climate", "btc"])
            let results = try await store.articles(matching: ArticleQuery(search: .not(.term("crypto")), sortBy: .relevancy, pageSize: 2))
            #expect(results.articles.map(\.guid) == ["weather", "cafe"])
            #expect(results.totalResults == 3)
        },

        ArticleStoreCheck("search finds words inside Chinese, Japanese and Korean text written without spaces") { store in
            try await Fixtures.add(Fixtures.source("alpha"), with: [
                Fixtures.draft("coin", title: "中国人民银行发行纪念币", hoursAfterBase: 1),
                Fixtures.draft("tokyo", title: "東京都で新しい記念硬貨を発行", hoursAfterBase: 2),
                Fixtures.draft("seoul", title: "서울에서 기념주화 발행", summary: "Coins.", hoursAfterBase: 3),
                Fixtures.draft("mixed", title: "Launch", summary: "iPhone15纪念版发布 2024 edition", hoursAfterBase: 4),
                Fixtures.draft("latin", title: "Commemorative coins", hoursAfterBase: 5),
            ], to: store)
            #expect(try await Fixtures.search(store, "纪念币") == ["coin"])
            #expect(try await Fixtures.search(store, "纪念") == ["mixed", "coin"])
            #expect(try await Fixtures.search(store, "念币") == ["coin"])
            #expect(try await Fixtures.search(store, "币纪").isEmpty, "characters must be consecutive")
            #expect(try await Fixtures.search(store, "币") == ["coin"], "one character at the end of a run")
            #expect(try await Fixtures.search(store, "中") == ["coin"], "one character at the start of a run")
            #expect(try await Fixtures.search(store, "記念硬貨") == ["tokyo"])
            #expect(try await Fixtures.search(store, "東京") == ["tokyo"])
            #expect(try await Fixtures.search(store, "기념주화") == ["seoul"])
            #expect(try await Fixtures.search(store, "서울") == ["seoul"])
            #expect(try await Fixtures.search(store, "iphone15") == ["mixed"])
            #expect(try await Fixtures.search(store, "\"纪念版发布 2024\"") == ["mixed"], "a phrase reads on past a run")
            #expect(try await Fixtures.search(store, "\"发布 2024 edition\"") == ["mixed"])
            #expect(try await Fixtures.search(store, "纪念币 OR 記念硬貨") == ["tokyo", "coin"])
            #expect(try await Fixtures.search(store, "纪念 -iphone15") == ["coin"])
            #expect(try await Fixtures.search(store, "纪念币", in: [.description]).isEmpty)
            #expect(try await Fixtures.search(store, "纪念", in: [.description]) == ["mixed"])
            #expect(try await Fixtures.search(store, "coins") == ["latin", "seoul"])
        },

        ArticleStoreCheck("searchIn limits the search to title, description or content") { store in
            try await addSearchFixtures(to: store)
            #expect(try await Fixtures.search(store, "crypto", in: [.title]).isEmpty)
            #expect(try await Fixtures.search(store, "crypto", in: [.description]) == ["eth", "btc"])
            #expect(try await Fixtures.search(store, "climate", in: [.content]) == ["eth"])
            #expect(try await Fixtures.search(store, "climate", in: [.title]) == ["climate"])
            #expect(try await Fixtures.search(store, "climate", in: [.title, .description]) == ["climate"])
            #expect(try await Fixtures.search(store, "climate", in: []) == ["climate", "eth"], "empty means every field")
            #expect(try await Fixtures.search(store, "-climate", in: [.title]) == ["weather", "cafe", "eth", "btc"])
            #expect(try await Fixtures.search(store, "\"climate change\" OR bitcoin", in: [.content]) == ["eth"])
        },

        ArticleStoreCheck("relevancy puts title matches before text matches") { store in
            try await Fixtures.add(Fixtures.source("alpha"), with: [
                Fixtures.draft("in-title", title: "Zebra facts", content: "Stripes and more.", hoursAfterBase: 1),
                Fixtures.draft("in-content", title: "Savanna notes", content: "Long text where a zebra appears once among many other words.", hoursAfterBase: 2),
            ], to: store)
            let query = ArticleQuery(search: .term("zebra"), sortBy: .relevancy)
            #expect(try await Fixtures.guids(store, query) == ["in-title", "in-content"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: .term("zebra"), sortBy: .publishedAt)) == ["in-content", "in-title"])
        },

        ArticleStoreCheck("relevancy pages are in rank order, and equal ranks newest first, across every page boundary") { store in
            // Three tiers of ten identical articles (the word in the title, in the summary, in
            // the text), dates shuffled against ids: ranks tie within a tier, so the pages must
            // cut through ties and still list each tier newest first.
            var drafts: [ArticleDraft] = []
            var tiers: [[(guid: String, hours: Double)]] = [[], [], []]
            for index in 0..<30 {
                let tier = index % 3
                let hours = Double((index * 7) % 30)
                let guid = "r\(index)"
                tiers[tier].append((guid, hours))
                drafts.append(Fixtures.draft(
                    guid, title: tier == 0 ? "Otter notes" : "River notes", summary: tier == 1 ? "An otter summary" : "A river summary",
                    content: tier == 2 ? "Text about an otter" : "Text about a river", hoursAfterBase: hours
                ))
            }
            try await Fixtures.add(Fixtures.source("alpha"), with: drafts, to: store)
            let expected = tiers.flatMap { $0.sorted { $0.hours > $1.hours }.map(\.guid) }
            for (page, pageSize) in [(1, 7), (2, 7), (3, 7), (5, 7), (1, 30), (2, 4), (1, 10), (2, 10)] {
                let query = ArticleQuery(search: .term("otter"), sortBy: .relevancy, page: page, pageSize: pageSize, countLimit: 10_000)
                let results = try await store.articles(matching: query)
                #expect(results.articles.map(\.guid) == Array(expected.dropFirst((page - 1) * pageSize).prefix(pageSize)), "page \(page) of \(pageSize)")
                #expect(results.totalResults == 30)
            }
        },

        ArticleStoreCheck("search combines with the other filters, and pages count all matches") { store in
            try await addSearchFixtures(to: store)
            try await Fixtures.add(Fixtures.source("beta"), with: [
                Fixtures.draft("beta-crypto", summary: "Crypto news.", hoursAfterBase: 6),
            ], to: store)
            let query = ArticleQuery(sources: [SourceID(slugging: "alpha")], search: .term("crypto"), pageSize: 1)
            let page = try await store.articles(matching: query)
            #expect(page.articles.map(\.guid) == ["eth"])
            #expect(page.totalResults == 2)
            #expect(try await Fixtures.guids(store, ArticleQuery(search: .term("crypto"), to: Fixtures.date(hoursAfterBase: 1))) == ["btc"])
        },

        ArticleStoreCheck("hostile search text is read as plain words and never fails") { store in
            try await addSearchFixtures(to: store)
            for text in hostileSearchTexts {
                let query = try SearchQuery(parsing: text)
                for fields: Set<SearchField> in [Set(SearchField.allCases), [.title], [.content, .description]] {
                    _ = try await store.articles(matching: ArticleQuery(search: query, searchIn: fields, sortBy: .relevancy))
                }
                // The same text handed over unparsed, as one word and as a phrase.
                _ = try await store.articles(matching: ArticleQuery(search: .term(text)))
                _ = try await store.articles(matching: ArticleQuery(search: .phrase([text, text])))
                _ = try await store.articles(matching: ArticleQuery(search: .not(.term(text))))
            }
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == 5, "nothing was deleted")
            #expect(try await Fixtures.search(store, "NEAR(") == ["cafe"])
            #expect(try await Fixtures.search(store, "title:") == ["cafe"])
            #expect(try await Fixtures.search(store, "title: bitcoin").isEmpty, "title: is a word, not a column filter")
            #expect(try await Fixtures.search(store, "DROP TABLE students;") == ["cafe"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: .phrase(["near(", "title:"]))) == ["cafe"])
            #expect(try await Fixtures.guids(store, ArticleQuery(search: .term("bitcoin\" OR \"weather"))).isEmpty,
                    "quotes inside a word do not end it")
        },

        ArticleStoreCheck("the longest and most deeply nested searches the parser accepts run") { store in
            try await addSearchFixtures(to: store)
            let depth = SearchQuery.maximumNestingDepth
            // Alternating OR and AND levels (which do not flatten), each with a negation.
            let nested = (0..<depth).map { $0.isMultiple(of: 2) ? "(bitcoin OR " : "(-nothing " }.joined()
                + "crypto" + String(repeating: ")", count: depth)
            #expect(try await Fixtures.search(store, nested) == ["eth", "btc"])
            var alternatives = "bitcoin"
            while alternatives.count < SearchQuery.maximumLength - 6 { alternatives += " OR w\(alternatives.count % 97)" }
            #expect(try await Fixtures.search(store, alternatives) == ["btc"])
            var negations = "crypto"
            while negations.count < SearchQuery.maximumLength - 6 { negations += " -n\(negations.count % 89)" }
            #expect(try await Fixtures.search(store, negations) == ["eth", "btc"])
        },

        ArticleStoreCheck("a search without any searchable word matches nothing") { store in
            try await addSearchFixtures(to: store)
            for query: SearchQuery in [.term("*"), .term(""), .phrase([]), .all([]), .any([]), .not(.term("***"))] {
                #expect(try await store.articles(matching: ArticleQuery(search: query)) == ArticleResults(articles: [], totalResults: 0))
            }
            #expect(try await Fixtures.search(store, "bitcoin *") == ["btc"], "word-less parts are skipped")
        },
    ]
}
