import HTTPTypes

/// The frame every page shares: head with manifest, icons and stylesheet, a skip link,
/// the masthead, the main landmark and the colophon.
enum PageLayout {
    static func document(title: String?, bodyClass: String, showsLaunchScreen: Bool = false, content: HTML) -> HTML {
        let fullTitle = title.map { "\($0) · Broadsheet" } ?? "Broadsheet"
        let launchScreen: HTML = showsLaunchScreen
            ? """
            <div class="splash" aria-hidden="true">\(raw: AppIcon.decorativeSVG)<span class="splash-name">Broadsheet</span></div>
            """
            : .empty
        let chrome = PageChrome.current
        let theme = chrome?.theme ?? .system
        let themeAttribute: HTML = theme == .system ? .empty : " data-theme=\"\(theme.rawValue)\""
        let colorScheme = theme == .system ? "light dark" : theme.rawValue
        let themeColors: HTML = switch theme {
        case .system: """
            <meta name="theme-color" content="#faf8f4" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#141312" media="(prefers-color-scheme: dark)">
            """
        case .light: ##"<meta name="theme-color" content="#faf8f4">"##
        case .dark: ##"<meta name="theme-color" content="#141312">"##
        }
        return """
        <!doctype html>
        <html lang="en"\(themeAttribute)>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <title>\(fullTitle)</title>
        <meta name="color-scheme" content="\(colorScheme)">
        \(themeColors)
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-title" content="Broadsheet">
        <meta name="apple-mobile-web-app-status-bar-style" content="default">
        <link rel="manifest" href="\(StaticAssets.manifest.path)">
        <link rel="icon" href="\(StaticAssets.iconSVG.versionedPath)" type="image/svg+xml">
        <link rel="icon" href="\(StaticAssets.icon192.versionedPath)" sizes="192x192" type="image/png">
        <link rel="apple-touch-icon" href="\(StaticAssets.appleTouchIcon.versionedPath)">
        <link rel="stylesheet" href="\(StaticAssets.styleSheet.versionedPath)">
        <script src="\(StaticAssets.script.versionedPath)" defer></script>
        </head>
        <body class="\(bodyClass)">
        \(launchScreen)<a class="skip-link" href="#main">Skip to content</a>
        <header class="masthead">
        <div class="masthead-inner">
        <a class="brand" href="/">\(raw: AppIcon.decorativeSVG)<span>Broadsheet</span></a>
        \(siteNavigation(current: currentSection(title: title, bodyClass: bodyClass)))
        </div>
        </header>
        <main id="main" tabindex="-1">
        \(content)
        </main>
        <footer class="colophon"><div>Broadsheet reads the feeds you follow, on your own machine. Apps can use its <a href="/api">NewsAPI-compatible JSON API</a>.</div></footer>
        </body>
        </html>
        """
    }
}

extension PageLayout {
    /// The site's sections, in the navigation's order: path, label, icon.
    private static let sections: [(path: String, label: String, icon: HTML)] = [
        ("/", "Sources", Icons.sources), ("/unread", "Unread", Icons.inbox), ("/starred", "Starred", Icons.star),
        ("/search", "Search", Icons.search), ("/settings", "Settings", Icons.settings),
    ]

    /// Which of `sections` a page is in, if any.
    static func currentSection(title: String?, bodyClass: String) -> Int? {
        switch bodyClass {
        case "page-sources": return 0
        case "page-search": return 3
        case "page-settings": return 4
        default: break
        }
        switch title {
        case "All unread": return 1
        case "Starred": return 2
        default: return nil
        }
    }

    /// The site's navigation with `current` marked, made once for each section (and for
    /// none): every page shows it, and writing its links and icons anew cost 1 % of a page.
    static func siteNavigation(current: Int?) -> HTML {
        guard let current, navigations.indices.contains(current + 1) else { return navigations[0] }
        return navigations[current + 1]
    }

    private static let navigations: [HTML] = ([nil] + sections.indices.map { Optional($0) }).map { current in
        let links = sections.indices.map { navLink(sections[$0].path, sections[$0].label, sections[$0].icon, $0 == current) }
        return "<nav class=\"site-nav\" aria-label=\"Site\">\(links)<a class=\"wide\" href=\"/api\">API</a></nav>"
    }

    /// A link of the site's navigation: words on wide screens, icon and word under the thumb on phones.
    static func navLink(_ path: String, _ label: String, _ icon: HTML, _ isCurrent: Bool) -> HTML {
        let current: HTML = isCurrent ? " aria-current=\"page\"" : .empty
        return "<a href=\"\(path)\"\(current)>\(icon)<span>\(label)</span></a>"
    }
}

/// A page that says what went wrong and where to go next.
enum ErrorPage {
    static func render(status: HTTPResponse.Status, title: String, message: String, actionPath: String = "/", actionLabel: String = "All sources") -> HTML {
        PageLayout.document(
            title: title, bodyClass: "page-error",
            content: """
            <section class="error-page">
            <p class="subtle">Error \(status.code)</p>
            <h1>\(title)</h1>
            <p>\(message)</p>
            <p><a class="button" href="\(actionPath)">\(actionLabel)</a></p>
            </section>
            """
        )
    }
}
