import Foundation
import NewsModel
import Storage

/// `/`: the grid of square source tiles, the demo banner, or how to add a first feed.
enum SourcesPage {
    struct Model {
        /// The person's subscriptions, by the name they see.
        var summaries: [SubscriptionSummary]
        var showsLaunchScreen: Bool
        var now: Date
        /// True when the server can fetch, so the page offers "Refresh all".
        var canRefresh = false
        /// How far a refresh of everything has come, while one runs.
        var refreshProgress: OnDemandRefresh.Progress?
        var unread: UnreadCounts?
        var folders: [Folder] = []
        /// True while the library has no accounts: the grid mentions they exist.
        var offersAccounts = false
        /// When each source last published, as far as the library knows.
        var lastPosted: [SourceID: Date] = [:]
        /// Sources silent for longer are marked dormant.
        var dormantAfterDays = ReaderSettings().dormantAfterDays
        /// Most recently active first (`?sort=activity`) instead of by name.
        var sortsByActivity = false
        /// The "Top stories" row, already ranked (`TopStoriesSection`); empty shows none.
        var topStories: [StorySummary] = []

        /// The last sign of life: the newest article, stored (to the second) or remembered
        /// after retention removed it (to the quarter hour).
        func lastActivity(_ summary: SubscriptionSummary) -> Date? {
            [lastPosted[summary.source.id], summary.newestArticleAt].compactMap { $0 }.max()
        }

        func isDormant(_ summary: SubscriptionSummary) -> Bool {
            !summary.source.isDemo
                && SourceHealth.isDormant(lastPostedAt: lastActivity(summary), addedAt: summary.source.addedAt, dormantAfterDays: dormantAfterDays, now: now)
        }

        /// The summaries in the order the grid shows them.
        func ordered(_ summaries: [SubscriptionSummary]) -> [SubscriptionSummary] {
            guard sortsByActivity else { return summaries }
            let distantPast = Date(timeIntervalSince1970: 0)
            // Stable: equal times keep the name order.
            return summaries.enumerated().sorted { left, right in
                let leftDate = lastActivity(left.element) ?? distantPast, rightDate = lastActivity(right.element) ?? distantPast
                return leftDate != rightDate ? leftDate > rightDate : left.offset < right.offset
            }.map(\.element)
        }
    }

    static func render(_ model: Model) -> HTML {
        let content: HTML = model.summaries.isEmpty ? emptyState : grid(model)
        return PageLayout.document(title: nil, bodyClass: "page-sources", showsLaunchScreen: model.showsLaunchScreen, content: content)
    }

    private static let emptyState: HTML = """
    <section class="empty-state" aria-labelledby="empty-title">
    <h1 id="empty-title">No sources yet</h1>
    <p>Broadsheet shows the feeds you follow. Add one with the address of a site or of its feed:</p>
    <p><a class="button" href="/sources/new">Add a source</a></p>
    <p class="subtle">Or from the command line: <code>broadsheet add https://example.com/feed.xml</code></p>
    </section>
    """

    private static func grid(_ model: Model) -> HTML {
        let demoCount = model.summaries.filter(\.source.isDemo).count
        let unreadTotal = model.unread?.total.count ?? model.summaries.reduce(0) { $0 + $1.unreadCount }
        let newest = model.summaries.compactMap(\.newestArticleAt).max()
        var subtitle = "\(counted(model.summaries.count, "source")) · \(unreadTotal) unread"
        if let newest { subtitle += " · newest \(DateText.relative(newest, now: model.now))" }
        let banner: HTML = demoCount > 0 ? demoBanner(count: demoCount) : .empty
        let refreshButton: HTML = model.canRefresh && model.summaries.contains(where: { !$0.source.isDemo })
            ? "<form method=\"post\" action=\"/refresh\" data-shortcut=\"r\">\(FormToken.hiddenField)<button class=\"button secondary\" type=\"submit\">Refresh all</button></form>"
            : .empty
        let progress: HTML = model.refreshProgress.map { progress in
            let failures: HTML = progress.failed > 0 ? " (\(String(progress.failed)) failed)" : .empty
            return """
            <div class="notice" role="status"><p>Refreshing your sources: \(String(progress.done)) of \(String(progress.total)) done\(failures). Reload the page to see what arrived.</p></div>

            """
        } ?? .empty
        let unfiled = model.summaries.filter { $0.folder == nil }
        var sections: [HTML] = []
        if !unfiled.isEmpty {
            sections.append("<ul class=\"source-grid\">\n\(model.ordered(unfiled).map { tile($0, model: model) })</ul>\n")
        }
        for folder in model.folders {
            let members = model.summaries.filter { $0.folder?.id == folder.id }
            guard !members.isEmpty else { continue }
            let count = model.unread?.byFolder[folder.id]?.count ?? members.reduce(0) { $0 + $1.unreadCount }
            let headingID = "folder-\(folder.id.description)"
            sections.append("""
            <section class="folder" aria-labelledby="\(headingID)"><h2 class="folder-title" id="\(headingID)"><a href="/folders/\(folder.id.description)">\(folder.name)</a> <span class="count">\(count) unread</span></h2>
            <ul class="source-grid">
            \(model.ordered(members).map { tile($0, model: model) })</ul></section>

            """)
        }
        let unreadLink: HTML = unreadTotal > 0
            ? "<a class=\"button\" href=\"/unread\">Read \(unreadTotal) unread</a>" : .empty
        let accounts: HTML = model.offersAccounts
            ? "<p class=\"subtle accounts-note\">Reading from a phone, or sharing with others? <a href=\"/setup\">Create the owner’s account</a> and Broadsheet asks for a login.</p>\n"
            : .empty
        let sortLinks: HTML = model.summaries.count > 1 ? """
            <nav class="grid-sort subtle" aria-label="Order of sources">Order: \(model.sortsByActivity ? "<a href=\"/\">By name</a> · <strong aria-current=\"page\">Last article</strong>" as HTML : "<strong aria-current=\"page\">By name</strong> · <a href=\"/?sort=activity\">Last article</a>")</nav>

            """ : .empty
        return """
        \(banner)<div class="page-heading"><h1>Sources</h1><p class="subtle">\(subtitle)</p><div class="heading-actions">\(unreadLink)\(refreshButton)<a class="button secondary" href="/sources/new">Add a source</a></div></div>
        \(progress)\(topStories(model))\(sortLinks)\(sections)\(accounts)
        """
    }

    private static func topStories(_ model: Model) -> HTML {
        guard !model.topStories.isEmpty else { return .empty }
        var names: [SourceID: String] = [:]
        var languages: [SourceID: Language] = [:]
        for summary in model.summaries {
            names[summary.source.id] = summary.displayName
            languages[summary.source.id] = summary.source.knownLanguage
        }
        return TopStoriesSection.render(model.topStories, sourceNames: names, languages: languages, now: model.now)
    }

    private static func demoBanner(count: Int) -> HTML {
        """
        <section class="demo-banner" aria-labelledby="demo-title">
        <div>
        <h2 id="demo-title">Demo edition</h2>
        <p>The \(count == 1 ? "source" : "\(count) sources") marked as demo come built in, so you can try Broadsheet before <a href="/sources/new">adding your own feeds</a>. Removing the demo deletes its sources and articles; it will not come back.</p>
        </div>
        <form method="post" action="/demo/remove" data-confirm="Remove the demo sources and their articles?">\(FormToken.hiddenField)
        <button type="submit" class="button">Remove demo</button>
        </form>
        </section>

        """
    }

    static func tileArt(_ source: Source, overlay: HTML = .empty) -> HTML {
        let iconSource = source.iconURL.flatMap(ProxiedImages.source)
        let icon: HTML = iconSource.map { url in
            """
            <img src="\(url)" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer">
            """
        } ?? .empty
        return """
        <span class="tile-art\(iconSource == nil ? "" : " has-icon")">\(MonogramTile.svg(for: source))\(icon)\(overlay)</span>
        """
    }

    private static func tile(_ summary: SubscriptionSummary, model: Model) -> HTML {
        let now = model.now
        let source = summary.source
        var meta = summary.unreadCount > 0 ? "\(summary.unreadCount) unread" : (summary.articleCount > 0 ? "All read" : "No articles yet")
        if let newest = summary.newestArticleAt { meta += " · \(DateText.compact(newest, now: now))" }
        let failure: HTML = summary.state?.lastError != nil
            ? #"<span class="tile-error">Refresh failed</span>"#
            : .empty
        let demoNote: HTML = source.isDemo ? #"<span class="tile-demo">Demo</span>"# : .empty
        let dormantNote: HTML = model.isDormant(summary) ? #"<span class="tile-dormant">Dormant</span>"# : .empty
        let badge: HTML = summary.unreadCount > 0
            ? "<span class=\"tile-unread\" aria-hidden=\"true\">\(summary.unreadCount > 999 ? "999+" : String(summary.unreadCount))</span>" : .empty
        return """
        <li><a class="source-tile" href="/sources/\(source.id.rawValue)">\(tileArt(source, overlay: failure + demoNote + dormantNote + badge))<span class="tile-name">\(summary.displayName)</span><span class="tile-meta">\(meta)</span></a></li>

        """
    }
}
