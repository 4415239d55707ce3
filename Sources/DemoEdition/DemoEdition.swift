import Foundation
import NewsModel
import Storage

/// The bundled demo edition: a handful of fictional sources with a few days of articles,
/// installed into an empty database so the first run shows a full grid without a network.
/// Everything in it (outlets, people, places, events) is invented and labelled as a demo.
public enum DemoEdition {
    /// The catalogue, in the order the sources are installed.
    public static let sources: [DemoSource] = [
        orbitalReview,
        lanternAndLens,
        harborStreetLedger,
        wellspringWeekly,
        sidelineCourier,
        marqueeNights,
        pinecrestGazette,
        lePetitPhare,
    ]

    /// The scheme of every demo feed URL (`broadsheet-demo:<source-id>`). The scheduler
    /// never fetches these: their articles live in the binary, not on the network.
    public static let feedURLScheme = "broadsheet-demo"

    /// The site-relative path under which the web app serves `image(named:)`.
    public static let imagePathPrefix = "/demo/images/"

    /// How far back the oldest demo article is dated, so the edition always looks recent.
    public static let publicationWindow: TimeInterval = 72 * 60 * 60

    /// True for a feed URL that belongs to the demo edition.
    public static func isDemoFeedURL(_ feedURL: String) -> Bool {
        feedURL.hasPrefix(feedURLScheme + ":")
    }

    /// Adds every demo source and its articles (marked isDemo) to an empty store; returns the
    /// number of articles stored. Uses only ArticleStore methods (addSource, applyRefresh).
    public static func install(into store: any ArticleStore, now: Date) async throws -> Int {
        var storedArticles = 0
        for demoSource in sources {
            let stored = try await store.addSource(demoSource.source(addedAt: now))
            let refresh = RefreshResult(
                articles: demoSource.drafts(now: now),
                state: demoSource.feedState(now: now)
            )
            storedArticles += try await store.applyRefresh(refresh, to: stored.id).inserted
        }
        return storedArticles
    }

    /// The SVG text of a demo image (`<article-slug>.svg`, `<article-slug>-figure.svg` or
    /// `icon-<source-id>.svg`); nil for any other name.
    public static func image(named name: String) -> String? {
        imagesByName[name]
    }

    /// Every demo image name the web app can be asked for.
    public static var imageNames: [String] {
        imagesByName.keys.sorted()
    }

    /// All images, drawn once on first use (about 300 small SVGs, a few hundred KB).
    private static let imagesByName: [String: String] = {
        var images: [String: String] = [:]
        for source in sources {
            images[source.iconName] = DemoIllustration.icon(for: source)
            for article in source.articles {
                images[article.imageName] = DemoIllustration.lead(for: article, in: source)
                if article.hasFigure {
                    images[article.figureImageName] = DemoIllustration.figure(for: article, in: source)
                }
            }
        }
        return images
    }()
}
