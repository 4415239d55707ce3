import FeedParsing
import Foundation
import Storage

/// A person's public blogroll (`/blogroll`, `/people/NAME/blogroll`): the sources they chose
/// to share, with names, one-line descriptions, site and feed links, and the list as OPML.
/// A page of its own, without the reader's navigation (visitors cannot use it) or script,
/// made to be shared on a phone.
enum BlogrollPage {
    struct Model {
        /// The person's name, or nil for a library nobody has claimed yet.
        var ownerName: String?
        var introduction: String?
        var entries: [BlogrollEntry]
        /// Where the OPML file of this blogroll is.
        var opmlPath: String
    }

    static func title(_ model: Model) -> String {
        model.ownerName.map { "\($0)’s blogroll" } ?? "Blogroll"
    }

    static func render(_ model: Model) -> HTML {
        let title = title(model)
        let description = model.introduction ?? "\(counted(model.entries.count, "site")) worth following, with their feeds."
        // Sources without a chosen folder first, then one group per chosen folder.
        var groups: [(name: String?, entries: [BlogrollEntry])] = []
        let loose = model.entries.filter { $0.folder == nil }
        if !loose.isEmpty { groups.append((nil, loose)) }
        var folderNames: [String] = []
        for entry in model.entries {
            if let folder = entry.folder, !folderNames.contains(folder) { folderNames.append(folder) }
        }
        for folder in folderNames.sorted(by: { $0.lowercased() < $1.lowercased() }) {
            groups.append((folder, model.entries.filter { $0.folder == folder }))
        }
        let sections: [HTML] = groups.enumerated().map { index, group in
            let items: [HTML] = group.entries.map { item($0, headingLevel: group.name == nil ? 2 : 3) }
            guard let name = group.name else {
                return "<ul class=\"blogroll-list\">\n\(items)</ul>\n"
            }
            return """
            <section class="blogroll-group" aria-labelledby="group-\(index)"><h2 id="group-\(index)">\(name)</h2>
            <ul class="blogroll-list">
            \(items)</ul></section>

            """
        }
        let list: HTML = model.entries.isEmpty ? "<p>Nothing here yet.</p>\n" : HTML(trusted: sections.map(\.rendered).joined())
        let intro: HTML = model.introduction.map { "<p>\($0)</p>" } ?? .empty
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <title>\(title)</title>
        <meta name="description" content="\(description)">
        <meta property="og:title" content="\(title)">
        <meta property="og:description" content="\(description)">
        <meta property="og:type" content="website">
        <meta name="color-scheme" content="light dark">
        <meta name="theme-color" content="#faf8f4" media="(prefers-color-scheme: light)">
        <meta name="theme-color" content="#141312" media="(prefers-color-scheme: dark)">
        <meta name="referrer" content="no-referrer">
        <link rel="icon" href="\(StaticAssets.iconSVG.versionedPath)" type="image/svg+xml">
        <link rel="stylesheet" href="\(StaticAssets.styleSheet.versionedPath)">
        <link rel="alternate" type="text/x-opml" title="\(title) (OPML)" href="\(model.opmlPath)">
        </head>
        <body class="blogroll-page">
        <main id="main">
        <header class="blogroll-header">
        <h1>\(title)</h1>
        \(intro)<p class="subtle">\(counted(model.entries.count, "source")) · <a href="\(model.opmlPath)" type="text/x-opml" download>Download the list (OPML)</a> to follow them all in any feed reader.</p>
        </header>
        \(list)<footer class="blogroll-footer"><p>Made with Broadsheet, a news reader that runs on its reader’s own machine.</p></footer>
        </main>
        </body>
        </html>
        """
    }

    static func item(_ entry: BlogrollEntry, headingLevel: Int) -> HTML {
        let heading = HTML(trusted: "h\(headingLevel)")
        let name: HTML = entry.siteURL.map { "<a href=\"\($0)\" rel=\"noopener\">\(entry.name)</a>" } ?? HTML(escaping: entry.name)
        let description: HTML = entry.description.map { "<p class=\"blogroll-description\">\($0)</p>" } ?? .empty
        let site: HTML = entry.siteURL.map { "<a href=\"\($0)\" rel=\"noopener\">\(ArticleListPage.displayHost($0))</a>" } ?? .empty
        return """
        <li><\(heading) class="blogroll-name">\(name)</\(heading)>\(description)<p class="blogroll-links">\(site)<a href="\(entry.feedURL)" rel="noopener" type="application/rss+xml">Feed<span class="visually-hidden"> of \(entry.name)</span></a></p></li>

        """
    }

    /// The same list as an OPML 2.0 file, folders as outlines around their feeds.
    static func opml(_ model: Model) -> String {
        OPMLDocument(
            title: title(model),
            outlines: model.entries.map { OPMLOutline(title: $0.name, feedURL: $0.feedURL, siteURL: $0.siteURL, folder: $0.folder) }
        ).serialized()
    }
}
