import Foundation
import NewsModel

/// The "Top stories" row of the home page: the news carried by at least two of the person's
/// sources lately, each shown by its lead article (title, picture) and how many sources
/// carry it.
enum TopStoriesSection {
    /// Stories with an article published within this many hours are candidates.
    static let window: TimeInterval = 24 * 3600
    /// The row shows at most this many.
    static let limit = 6
    /// How many of the store's (most sources, then newest) stories are re-ranked.
    static let candidates = 30
    /// A story's weight halves for every this many hours since its latest article.
    static let halfLife: TimeInterval = 8 * 3600

    /// Ranks by how many sources carry a story and how recent it is together: sources times a
    /// weight that halves every `halfLife` since its latest article. The store orders by the
    /// count first, so a story twelve sources ran yesterday morning would sit above the news
    /// of the last hour for the whole day; on a home page both should count. Ties keep the
    /// store's order.
    static func ranked(_ stories: [StorySummary], now: Date) -> [StorySummary] {
        func weight(_ story: StorySummary) -> Double {
            let age = max(0, now.timeIntervalSince(story.latestPublishedAt))
            return Double(story.sourceCount) * pow(0.5, age / halfLife)
        }
        return stories.enumerated()
            .map { (offset: $0.offset, story: $0.element, weight: weight($0.element)) }
            .sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.offset < $1.offset }
            .prefix(limit)
            .map(\.story)
    }

    /// `sourceNames` names the lead's source (the person's own name for it when they gave one).
    static func render(_ stories: [StorySummary], sourceNames: [SourceID: String], languages: [SourceID: Language], now: Date) -> HTML {
        guard !stories.isEmpty else { return .empty }
        let items: [HTML] = stories.map { story in
            let lead = story.lead
            let imageSource = lead.imageURL.flatMap(ProxiedImages.source)
            let image: HTML = imageSource.map { url in
                """
                <img class="story-image" src="\(url)" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer">
                """
            } ?? .empty
            let sourceName = sourceNames[lead.sourceID] ?? lead.sourceID.rawValue
            let language = lead.language ?? languages[lead.sourceID]
            return """
            <li class="story-card\(imageSource == nil ? " no-image" : "")"\(LanguageAttributes.attributes(for: language))><a class="story-link" href="/articles/\(lead.id.description)">\(image)<h3 class="story-title">\(lead.title)</h3></a><p class="story-meta"\(LanguageAttributes.pageLanguageAttribute(inside: language))><strong class="story-count">\(counted(story.sourceCount, "source"))</strong> · \(sourceName) · \(DateText.timeElement(story.latestPublishedAt, now: now))</p></li>

            """
        }
        return """
        <section class="top-stories" aria-labelledby="top-stories-title">
        <h2 id="top-stories-title" class="top-stories-title">Top stories</h2>
        <ol class="story-row">
        \(items)</ol>
        </section>

        """
    }
}
