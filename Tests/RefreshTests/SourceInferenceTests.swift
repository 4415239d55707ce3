import FeedParsing
import Foundation
import NewsModel
import Storage
import Testing
@testable import Refresh

@Suite struct SourceInferenceTests {
    let inference = SourceInference()

    func articles(_ texts: [String]) -> [ArticleDraft] {
        texts.enumerated().map { ArticleDraft(guid: "\($0.offset)", title: $0.element, contentText: $0.element) }
    }

    static let german = [
        "Die Stadt hat am Dienstag beschlossen, die Brücke über den Fluss im Sommer zu sanieren. Der Verkehr wird während der Arbeiten umgeleitet.",
        "Nach dem Sturm sind in mehreren Orten noch immer Straßen gesperrt, weil umgestürzte Bäume geräumt werden müssen.",
        "Der Verein sucht für das Sommerfest noch freiwillige Helferinnen und Helfer, die beim Aufbau der Stände mithelfen.",
    ]

    @Test func theFeedsLanguageTagWinsAndItsRegionGivesTheCountry() {
        let feed = ParsedFeed(format: .rss20, link: "https://www.example.com/", language: "en-GB")
        let traits = inference.traits(of: feed, articles: articles(Self.german), feedURL: "https://www.example.com/feed")
        #expect(traits.language == .en)
        #expect(traits.country == .unitedKingdom)
    }

    @Test func withoutATagTheArticlesTextDecidesAndTheDomainGivesTheCountry() {
        let feed = ParsedFeed(format: .rss20, link: "https://www.beispiel.de/")
        let traits = inference.traits(of: feed, articles: articles(Self.german), feedURL: "https://feeds.example.net/beispiel")
        #expect(traits.language == .de)
        #expect(traits.country == Country(rawValue: "de"))
        #expect(traits.category == .general)
    }

    @Test func aLanguageNewsAPILacksOrTooLittleTextGivesNone() {
        #expect(inference.language(declared: "pl", articles: articles(Self.german)) == nil)
        #expect(inference.language(declared: nil, articles: articles(["Hi"])) == nil)
        // Not a tag: the text decides.
        #expect(inference.language(declared: "German", articles: articles(Self.german)) == .de)
        #expect(inference.language(declared: "nb-NO", articles: []) == .no)
        #expect(inference.language(declared: "ur", articles: []) == .ud)
    }

    @Test(arguments: [
        ("en-US", nil, "us"), ("pt_BR", nil, "br"), ("en-UK", nil, "gb"), ("es-419", "https://diario.example.mx/", "mx"),
        ("de", "https://www.zeitung.example.at/", "at"), (nil, "https://news.example.co.uk/", "gb"), (nil, "https://www.example.com.co/", "co"),
        (nil, "https://startup.co/", nil), (nil, "https://blog.example.io/", nil), (nil, "https://www.example.com/", nil),
        ("fr-CA", "https://www.example.fr/", "ca"), (nil, "file:///feeds/x.xml", nil),
    ] as [(String?, String?, String?)])
    func countryComesFromTheTagsRegionElseTheCountryDomain(tag: String?, site: String?, expected: String?) {
        #expect(SourceInference.country(languageTag: tag, siteURL: site, feedURL: "file:///feed.xml")?.rawValue == expected)
    }

    @Test func categoryComesFromTheFeedsOwnCategoriesElseMostArticles() {
        #expect(SourceInference.category(feedCategories: ["Technology"], itemCategories: []) == .technology)
        #expect(SourceInference.category(feedCategories: ["Health & Fitness"], itemCategories: [["Sport"]]) == .health)
        #expect(SourceInference.category(feedCategories: ["TV & Film"], itemCategories: []) == .entertainment)
        #expect(SourceInference.category(feedCategories: ["Wirtschaft"], itemCategories: []) == .business)
        let items = [["Fußball", "Bundesliga"], ["Fußball"], ["Tennis"], ["Politik"], ["Meinung"]]
        #expect(SourceInference.category(feedCategories: ["Uncategorized"], itemCategories: items) == .sports)
        // One sports article among many untagged ones is not enough.
        #expect(SourceInference.category(feedCategories: [], itemCategories: [["Football"], [], [], [], [], [], [], [], [], [], []]) == .general)
        #expect(SourceInference.category(feedCategories: [], itemCategories: [["Python"], ["Rust"], ["Swift"], ["Politics"]]) == .technology)
        #expect(SourceInference.category(feedCategories: ["Technology", "Business"], itemCategories: []) == .general, "a tie decides nothing")
    }
}
