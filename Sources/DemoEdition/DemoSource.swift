import Foundation
import NewsModel
import Storage

/// One fictional outlet of the demo edition with its articles, newest first.
public struct DemoSource: Sendable, Hashable {
    public let id: SourceID
    public let name: String
    /// One plain-text sentence, ending with a note that the source is a demo.
    public let description: String
    /// The fictional home page, under the reserved `.example` domain.
    public let siteURL: String
    public let category: NewsModel.Category
    public let language: Language
    /// A NewsAPI country code (`us`, `gb`, `fr`…).
    public let countryCode: String
    /// The one or two letters of the source's icon.
    public let monogram: String
    public let palette: DemoPalette
    public let motif: DemoMotif
    public let articles: [DemoArticle]

    init(
        id: String, name: String, description: String, siteURL: String, category: NewsModel.Category,
        language: Language, countryCode: String, monogram: String, palette: DemoPalette, motif: DemoMotif,
        articles: [DemoArticle]
    ) {
        self.id = SourceID(slugging: id)
        self.name = name
        self.description = description
        self.siteURL = siteURL
        self.category = category
        self.language = language
        self.countryCode = countryCode
        self.monogram = monogram
        self.palette = palette
        self.motif = motif
        self.articles = articles
    }

    public var country: Country? { Country(rawValue: countryCode) }

    /// `broadsheet-demo:<source-id>`: never fetched, see `DemoEdition.feedURLScheme`.
    public var feedURL: String { "\(DemoEdition.feedURLScheme):\(id.rawValue)" }

    public var iconName: String { "icon-\(id.rawValue).svg" }

    public var iconURL: String { DemoEdition.imagePathPrefix + iconName }

    /// The source as the store keeps it.
    public func source(addedAt: Date) -> Source {
        Source(
            id: id, name: name, description: description, siteURL: siteURL, feedURL: feedURL,
            category: category, language: language, country: country, iconURL: iconURL,
            isDemo: true, addedAt: addedAt
        )
    }

    /// The articles as the store takes them, dated back from `now` over the publication window.
    public func drafts(now: Date) -> [ArticleDraft] {
        articles.enumerated().map { index, article in
            article.draft(
                in: self,
                publishedAt: DemoSource.publicationDate(position: index, of: articles.count, slug: article.slug, now: now)
            )
        }
    }

    /// A successful "fetch" whose next refresh is a century away, so that even a scheduler
    /// that forgets to skip the demo scheme never finds these sources due.
    func feedState(now: Date) -> FeedState {
        FeedState(
            lastAttemptAt: now, lastSuccessAt: now, consecutiveFailures: 0,
            nextRefreshAt: now.addingTimeInterval(100 * 365 * 24 * 60 * 60)
        )
    }

    /// Spreads a source's articles evenly over the window, newest first, each nudged by a few
    /// hours (fixed per article) so that the sources interleave; whole minutes, never in the future.
    static func publicationDate(position: Int, of count: Int, slug: String, now: Date) -> Date {
        let window = DemoEdition.publicationWindow
        let step = window / Double(max(count, 1))
        var generator = SeededGenerator(seed: "published:" + slug)
        let nudge = Double(generator.integer(in: 10...Int(step * 0.8)))
        let age = min(Double(position) * step + nudge, window - 60)
        let date = now.addingTimeInterval(-age)
        return Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }
}
