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
        <nav class="site-nav" aria-label="Site">\(navLink("/", "Sources", Icons.sources, bodyClass == "page-sources"))\(navLink("/unread", "Unread", Icons.inbox, title == "All unread"))\(navLink("/starred", "Starred", Icons.star, title == "Starred"))\(navLink("/search", "Search", Icons.search, bodyClass == "page-search"))\(navLink("/settings", "Settings", Icons.settings, bodyClass == "page-settings"))<a class="wide" href="/api">API</a></nav>
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
