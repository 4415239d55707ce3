import Foundation
import NewsModel
import Storage

/// `/`: the grid of square source tiles, the demo banner, or how to add a first feed.
enum SourcesPage {
    struct Model {
        var summaries: [SourceSummary]
        var showsLaunchScreen: Bool
        var now: Date
        /// True when the server can fetch, so the page offers "Refresh all".
        var canRefresh = false
        /// How far a refresh of everything has come, while one runs.
        var refreshProgress: OnDemandRefresh.Progress?
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
        let articleTotal = model.summaries.reduce(0) { $0 + $1.articleCount }
        let newest = model.summaries.compactMap(\.newestArticleAt).max()
        var subtitle = "\(counted(model.summaries.count, "source")) · \(counted(articleTotal, "article"))"
        if let newest { subtitle += " · newest \(DateText.relative(newest, now: model.now))" }
        let banner: HTML = demoCount > 0 ? demoBanner(count: demoCount) : .empty
        let tiles = model.summaries.map { tile($0, now: model.now) }
        let refreshButton: HTML = model.canRefresh && model.summaries.contains(where: { !$0.source.isDemo })
            ? #"<form method="post" action="/refresh" data-shortcut="r">\#(FormToken.hiddenField)<button class="button secondary" type="submit">Refresh all</button></form>"#
            : .empty
        let progress: HTML = model.refreshProgress.map { progress in
            let failures: HTML = progress.failed > 0 ? " (\(String(progress.failed)) failed)" : .empty
            return """
            <div class="notice" role="status"><p>Refreshing your sources: \(String(progress.done)) of \(String(progress.total)) done\(failures). Reload the page to see what arrived.</p></div>

            """
        } ?? .empty
        return """
        \(banner)<div class="page-heading"><h1>Sources</h1><p class="subtle">\(subtitle)</p><div class="heading-actions">\(refreshButton)<a class="button secondary" href="/sources/new">Add a source</a></div></div>
        \(progress)
        <ul class="source-grid">
        \(tiles)</ul>
        """
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
        let icon: HTML = source.iconURL.map { url in
            """
            <img src="\(url)" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer">
            """
        } ?? .empty
        return """
        <span class="tile-art\(source.iconURL == nil ? "" : " has-icon")">\(MonogramTile.svg(for: source))\(icon)\(overlay)</span>
        """
    }

    private static func tile(_ summary: SourceSummary, now: Date) -> HTML {
        let source = summary.source
        var meta = counted(summary.articleCount, "article")
        if let newest = summary.newestArticleAt { meta += " · \(DateText.compact(newest, now: now))" }
        let failure: HTML = summary.state?.lastError != nil
            ? #"<span class="tile-error">Refresh failed</span>"#
            : .empty
        let demoNote: HTML = source.isDemo ? #"<span class="tile-demo">Demo</span>"# : .empty
        return """
        <li><a class="source-tile" href="/sources/\(source.id.rawValue)">\(tileArt(source, overlay: failure + demoNote))<span class="tile-name">\(source.name)</span><span class="tile-meta">\(meta)</span></a></li>

        """
    }
}
