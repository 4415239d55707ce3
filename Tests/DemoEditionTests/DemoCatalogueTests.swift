import Foundation
import NewsModel
import Testing
@testable import DemoEdition

@Suite("The demo catalogue")
struct DemoCatalogueTests {
    let sources = DemoEdition.sources
    var articles: [DemoArticle] { sources.flatMap(\.articles) }

    @Test func hasEnoughSourcesAndArticles() {
        #expect(sources.count >= 6)
        for source in sources {
            #expect(source.articles.count >= 10, "\(source.id) has \(source.articles.count) articles")
        }
    }

    @Test func sourcesSpanTheCategoriesAndMoreThanOneLanguage() {
        #expect(Set(sources.map(\.category)).count >= 6)
        #expect(sources.filter { $0.language == .en }.count >= sources.count - 1)
        #expect(sources.contains { $0.language != .en })
    }

    @Test func sourcesAreCompleteAndLabelledAsDemos() throws {
        for source in sources {
            #expect(!source.name.isEmpty)
            #expect(source.description.hasSuffix("(demo)") || source.description.hasSuffix("(démo)"), "\(source.id): \(source.description)")
            #expect(source.description.filter { $0 == "." }.count <= 2, "one sentence: \(source.description)")
            #expect(source.country != nil, "\(source.id) has unknown country \(source.countryCode)")
            let site = try #require(URL(string: source.siteURL))
            #expect(site.scheme == "https")
            #expect(site.host?.hasSuffix(".example") == true, "\(source.siteURL) is not under .example")
            #expect(source.feedURL == "broadsheet-demo:\(source.id.rawValue)")
            #expect(DemoEdition.isDemoFeedURL(source.feedURL))
            #expect(!source.monogram.isEmpty && source.monogram.count <= 2)

            let stored = source.source(addedAt: Date(timeIntervalSince1970: 0))
            #expect(stored.isDemo)
            #expect(stored.iconURL == "/demo/images/icon-\(source.id.rawValue).svg")
            #expect(stored.category == source.category && stored.language == source.language)
        }
    }

    @Test func identifiersAreUnique() {
        #expect(Set(sources.map(\.id)).count == sources.count)
        #expect(Set(sources.map(\.name)).count == sources.count)
        #expect(Set(articles.map(\.slug)).count == articles.count)
        #expect(Set(articles.map(\.title)).count == articles.count)
        let now = Date()
        let guids = sources.flatMap { $0.drafts(now: now) }.map(\.guid)
        #expect(Set(guids).count == articles.count)
    }

    @Test func slugsAreSafeFileNames() {
        for article in articles {
            #expect(SourceID(rawValue: article.slug) != nil, "\(article.slug) is not a plain slug")
            #expect(!article.slug.hasPrefix("icon-") && !article.slug.hasSuffix("-figure"))
        }
    }

    @Test func everyArticleHasItsParts() {
        for article in articles {
            #expect(!article.title.isEmpty && article.title.count <= 90, "\(article.slug) title")
            #expect(!article.title.contains("*") && !article.title.contains("<"), "\(article.slug) title is not plain")
            #expect(!article.author.isEmpty)
            #expect(!article.summary.contains("<") && !article.summary.contains("*"), "\(article.slug) summary is not plain")
            let sentences = sentenceCount(article.summary)
            #expect((1...2).contains(sentences), "\(article.slug) summary has \(sentences) sentences")
        }
    }

    @Test func everyBodyLooksLikeAnArticle() {
        for article in articles {
            let blocks = article.blocks
            let paragraphs = blocks.filter { if case .paragraph = $0 { true } else { false } }.count
            let headings = blocks.filter { if case .heading = $0 { true } else { false } }.count
            #expect((4...8).contains(paragraphs), "\(article.slug) has \(paragraphs) paragraphs")
            #expect(headings >= 1, "\(article.slug) has no subheading")
        }
    }

    @Test func bodiesUseVariedFormatting() {
        let blocks = articles.flatMap(\.blocks)
        #expect(blocks.contains { if case .quotation = $0 { true } else { false } })
        #expect(blocks.contains { if case .list = $0 { true } else { false } })
        #expect(articles.filter(\.hasFigure).count >= sources.count)
    }

    @Test func articleLengthsVary() {
        let wordCounts = articles.map { $0.bodyText.split(whereSeparator: \.isWhitespace).count }
        let shortest = wordCounts.min() ?? 0, longest = wordCounts.max() ?? 0
        #expect(shortest >= 120)
        // The web app takes a feed text under 600 characters for a teaser and tries to fetch
        // the original page, which for the demo is an unreachable `.example` address.
        for article in articles {
            #expect(article.bodyText.count >= 1_000, "\(article.slug) has only \(article.bodyText.count) characters")
        }
        #expect(longest >= shortest + 100)
    }

    @Test func draftsCarryEverythingTheReaderShows() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for source in sources {
            for (article, draft) in zip(source.articles, source.drafts(now: now)) {
                #expect(draft.title == article.title)
                #expect(draft.author == article.author)
                #expect(draft.summary == article.summary)
                #expect(draft.language == source.language)
                #expect(draft.imageURL == "/demo/images/\(article.slug).svg")
                #expect(draft.url == "\(source.siteURL)/\(article.slug)")
                let html = try #require(draft.contentHTML)
                #expect(html.hasPrefix("<p>") || html.hasPrefix("<h2>"))
                #expect(html.contains("demo-note"))
                let text = try #require(draft.contentText)
                #expect(!text.contains("<") && !text.contains("&amp;"))
            }
        }
    }

    @Test func publicationDatesSpreadOverTheLastThreeDays() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let window = DemoEdition.publicationWindow
        for source in sources {
            let dates = try source.drafts(now: now).map { try #require($0.publishedAt) }
            for date in dates {
                #expect(date <= now && date > now.addingTimeInterval(-window), "\(source.id): \(date)")
                #expect(date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0)
            }
            #expect(dates == dates.sorted(by: >), "\(source.id) articles are not newest first")
            let newest = try #require(dates.first), oldest = try #require(dates.last)
            #expect(now.timeIntervalSince(newest) < 7 * 3600)
            #expect(now.timeIntervalSince(oldest) > 48 * 3600)
        }
    }

    @Test func datesFollowTheInstallTime() throws {
        let earlier = Date(timeIntervalSince1970: 1_700_000_000)
        let later = earlier.addingTimeInterval(86_400 * 30)
        let source = try #require(sources.first)
        let earlierDates = source.drafts(now: earlier).compactMap(\.publishedAt)
        let laterDates = source.drafts(now: later).compactMap(\.publishedAt)
        for (first, second) in zip(earlierDates, laterDates) {
            #expect(second.timeIntervalSince(first) == 86_400 * 30)
        }
    }
}

/// Counts sentence ends: `.`, `!` or `?` followed by a space or the end (so "2.4" is not one).
func sentenceCount(_ text: String) -> Int {
    let characters = Array(text)
    return characters.indices.filter { index in
        ".!?".contains(characters[index]) && (index + 1 == characters.count || characters[index + 1] == " ")
    }.count
}

@Test func sentenceCountIgnoresDecimalPoints() {
    #expect(sentenceCount("A 2.4-kilometre swim. It was calm!") == 2)
    #expect(sentenceCount("No end") == 0)
}
