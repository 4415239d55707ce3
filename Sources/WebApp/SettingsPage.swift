import Foundation
import NewsModel
import Storage

/// `/settings`: how lists look and read, the account (password, sessions, sign out), the
/// person's API keys and app passwords, and, for admins, how long the library keeps articles.
enum SettingsPage {
    struct Model {
        var reader: Reader
        var sessions: [Session] = []
        var apiKeys: [APIKey] = []
        var appPasswords: [AppPassword] = []
        /// Library-wide, shown to admins.
        var retentionDays: Int
        var now: Date
        /// What the last form did, or why it was refused.
        var notice: Notice?
        /// A key or app password just made: shown once, here.
        var newSecret: (label: String, secret: String)?

        enum Notice {
            case saved(String)
            case refused(String)
        }
    }

    static func render(_ model: Model) -> HTML {
        let notice: HTML = switch model.notice {
        case .saved(let text): "<div class=\"notice success\" role=\"status\"><p>\(text)</p></div>\n"
        case .refused(let text): "<div class=\"notice error\" role=\"alert\"><p>\(text)</p></div>\n"
        case nil: .empty
        }
        let secret: HTML = model.newSecret.map { created in
            """
            <div class="notice success" role="status"><p>\(created.label) Copy it now: it is not shown again.</p><p><code class="secret" tabindex="0">\(created.secret)</code></p></div>

            """
        } ?? .empty
        return PageLayout.document(title: "Settings", bodyClass: "page-settings", content: """
        <section class="form-page settings" aria-labelledby="settings-title">
        <h1 id="settings-title">Settings</h1>
        \(notice)\(secret)\(reading(model))\(blogroll)\(library(model))\(account(model))\(keys(model))
        </section>
        """)
    }

    private static let blogroll: HTML = """
        <section class="settings-section" aria-labelledby="blogroll-section-title">
        <h2 id="blogroll-section-title">Blogroll</h2>
        <p>Share the sites you recommend on a public page and as an OPML file. <a href="/settings/blogroll">Choose what it shows</a>; nothing is public until you publish it.</p>
        </section>

        """

    private static func reading(_ model: Model) -> HTML {
        let settings = model.reader.settings
        let themes: [(ReaderSettings.Theme, String)] = [(.system, "Same as the device"), (.light, "Light"), (.dark, "Dark")]
        let themeChoices: [HTML] = themes.map { theme, label in
            let checked: HTML = settings.theme == theme ? " checked" : .empty
            return "<label class=\"choice\"><input type=\"radio\" name=\"theme\" value=\"\(theme.rawValue)\"\(checked)> \(label)</label>"
        }
        let orderChoices: [HTML] = [(Timeline.Order.newestFirst, "Newest first"), (.oldestFirst, "Oldest first")].map { order, label in
            "<option value=\"\(order.rawValue)\"\(settings.order == order ? " selected" : "")>\(label)</option>"
        }
        return """
        <section class="settings-section" aria-labelledby="reading-title">
        <h2 id="reading-title">Reading</h2>
        <form method="post" action="/settings" class="stacked-form">\(FormToken.hiddenField)
        <fieldset><legend>Theme</legend>\(themeChoices)</fieldset>
        <label for="articles-per-page">Articles per page</label>
        <input id="articles-per-page" name="articles_per_page" type="number" inputmode="numeric" min="\(ReaderSettings.articlesPerPageRange.lowerBound)" max="\(ReaderSettings.articlesPerPageRange.upperBound)" required value="\(settings.articlesPerPage)">
        <label for="order">Order of lists</label>
        <select id="order" name="order">\(orderChoices)</select>
        <label class="choice"><input type="checkbox" name="hides_read" value="true"\(settings.hidesRead ? " checked" : "")> Hide articles I have read</label>
        <label class="choice"><input type="checkbox" name="reads_whole_story" value="true" aria-describedby="reads-whole-story-note"\(settings.readsWholeStory ? " checked" : "")> Reading one source’s article of a story reads the others too</label>
        <p class="subtle" id="reads-whole-story-note">When several of your sources carry the same news, opening it or marking it read also marks the other sources’ articles of that story read.</p>
        <label for="dormant-after-days">Call a source dormant after (days without an article)</label>
        <input id="dormant-after-days" name="dormant_after_days" type="number" inputmode="numeric" min="\(ReaderSettings.dormantAfterDaysRange.lowerBound)" max="\(ReaderSettings.dormantAfterDaysRange.upperBound)" value="\(settings.dormantAfterDays)">
        <div class="form-actions"><button type="submit" class="button">Save</button></div>
        </form>
        </section>

        """
    }

    private static func library(_ model: Model) -> HTML {
        guard model.reader.isAdmin else { return .empty }
        let people: HTML = model.reader.isSignedIn ? "<p class=\"subtle\"><a href=\"/admin/users\">Manage people</a>: accounts, roles, who may read here.</p>\n" : .empty
        return """
        <section class="settings-section" aria-labelledby="library-title">
        <h2 id="library-title">Library</h2>
        \(people)<form method="post" action="/settings/library" class="stacked-form">\(FormToken.hiddenField)
        <label for="retention-days">Keep articles for (days)</label>
        <input id="retention-days" name="retention_days" type="number" inputmode="numeric" min="0" max="36500" required value="\(model.retentionDays)" aria-describedby="retention-hint">
        <p class="field-hint subtle" id="retention-hint">Older articles are removed once a day, except starred ones. 0 keeps everything.</p>
        <div class="form-actions"><button type="submit" class="button secondary">Save</button></div>
        </form>
        </section>

        """
    }

    private static func account(_ model: Model) -> HTML {
        guard model.reader.isSignedIn else {
            return """
            <section class="settings-section" aria-labelledby="account-title">
            <h2 id="account-title">Accounts</h2>
            <p>Nobody needs to log in: this Broadsheet has no accounts yet. Create the owner’s account to read from other devices or share it with others.</p>
            <p><a class="button secondary" href="/setup">Create the owner’s account</a></p>
            </section>

            """
        }
        let current = model.reader.session?.id
        let sessionRows: [HTML] = model.sessions.map { session in
            let label = session.userAgent.map(browserName) ?? "A browser"
            let this: HTML = session.id == current ? " <strong>(this one)</strong>" : .empty
            let action: HTML = session.id == current ? .empty : """
                <form method="post" action="/settings/sessions/\(String(session.id))/revoke">\(FormToken.hiddenField)<button class="button small secondary" type="submit">Sign out<span class="visually-hidden"> \(label)</span></button></form>
                """
            return """
            <li><div><span class="item-name">\(label)</span>\(this)<span class="item-meta">Signed in \(DateText.timeElement(session.createdAt, now: model.now)) · last seen \(DateText.timeElement(session.lastSeenAt, now: model.now))</span></div>\(action)</li>

            """
        }
        return """
        <section class="settings-section" aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <p>Signed in as <strong>\(model.reader.user.name)</strong>\(model.reader.user.isAdmin ? " (admin)" : "").</p>
        <form method="post" action="/logout">\(FormToken.hiddenField)<button class="button secondary" type="submit">Sign out</button></form>
        <h3 id="sessions-title">Where you are signed in</h3>
        <ul class="item-list" aria-labelledby="sessions-title">
        \(sessionRows)</ul>
        \(model.sessions.count > 1 ? "<form method=\"post\" action=\"/settings/sessions/revoke-others\">\(FormToken.hiddenField)<button class=\"button small secondary\" type=\"submit\">Sign out everywhere else</button></form>" as HTML : .empty)
        <h3 id="password-title">Change your password</h3>
        <form method="post" action="/settings/password" class="stacked-form" aria-labelledby="password-title">\(FormToken.hiddenField)
        <input type="text" name="username" autocomplete="username" value="\(model.reader.user.name)" hidden>
        <label for="current-password">Current password</label>
        <input id="current-password" name="current" type="password" autocomplete="current-password" required maxlength="200">
        <label for="new-password">New password <span class="subtle">(at least \(PasswordPolicy.minimumCharacters) characters)</span></label>
        <input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="\(PasswordPolicy.minimumCharacters)" maxlength="200">
        <label for="new-password-again">New password again</label>
        <input id="new-password-again" name="confirmation" type="password" autocomplete="new-password" required maxlength="200">
        <div class="form-actions"><button type="submit" class="button secondary">Change password</button></div>
        </form>
        </section>

        """
    }

    private static func keys(_ model: Model) -> HTML {
        let keyRows: [HTML] = model.apiKeys.map { key in
            let state: HTML = key.isEnabled ? .empty : " <span class=\"badge\">disabled</span>"
            return """
            <li><div><span class="item-name">\(key.name)</span>\(state)<span class="item-meta"><code>\(key.prefix)…</code> · made \(DateText.timeElement(key.createdAt, now: model.now))</span></div><form method="post" action="/settings/keys/\(String(key.id))/\(key.isEnabled ? "disable" : "enable")">\(FormToken.hiddenField)<button class="button small secondary" type="submit">\(key.isEnabled ? "Disable" : "Enable")<span class="visually-hidden"> \(key.name)</span></button></form></li>

            """
        }
        let appRows: [HTML] = model.appPasswords.map { password in
            let used: HTML = password.lastUsedAt.map { " · last used \(DateText.timeElement($0, now: model.now))" } ?? " · never used"
            return """
            <li><div><span class="item-name">\(password.name)</span><span class="item-meta"><code>\(password.prefix)…</code>\(used)</span></div><form method="post" action="/settings/app-passwords/\(String(password.id))/revoke" data-confirm="Revoke \(password.name)? Apps using it stop syncing.">\(FormToken.hiddenField)<button class="button small secondary" type="submit">Revoke<span class="visually-hidden"> \(password.name)</span></button></form></li>

            """
        }
        let appSection: HTML = model.reader.isSignedIn ? """
            <h3 id="app-passwords-title">App passwords</h3>
            <p class="subtle">For reader apps that sync (NetNewsWire, Reeder, FeedMe, newsboat…): log in with your name and one of these instead of your password. In the app choose FreshRSS or “Google Reader API” and type this site’s address as your browser shows it; apps that speak Fever take the address followed by <code>/api/fever.php</code>.</p>
            \(appRows.isEmpty ? "<p class=\"subtle\">None yet.</p>" as HTML : "<ul class=\"item-list\" aria-labelledby=\"app-passwords-title\">\n\(appRows)</ul>" as HTML)
            <form method="post" action="/settings/app-passwords" class="inline-form">\(FormToken.hiddenField)<label for="app-password-name">Name</label><input id="app-password-name" name="name" type="text" required maxlength="80" placeholder="My phone"><button class="button small secondary" type="submit">Make an app password</button></form>
            """ : .empty
        return """
        <section class="settings-section" aria-labelledby="keys-title">
        <h2 id="keys-title">Apps</h2>
        <h3 id="api-keys-title">API keys</h3>
        <p class="subtle">For apps that use the <a href="/api">NewsAPI-compatible API</a>; they read what you follow.</p>
        \(keyRows.isEmpty ? "<p class=\"subtle\">None yet.</p>" as HTML : "<ul class=\"item-list\" aria-labelledby=\"api-keys-title\">\n\(keyRows)</ul>" as HTML)
        <form method="post" action="/settings/keys" class="inline-form">\(FormToken.hiddenField)<label for="key-name">Name</label><input id="key-name" name="name" type="text" required maxlength="80" placeholder="My app"><button class="button small secondary" type="submit">Make a key</button></form>
        \(appSection)
        </section>
        """
    }

    /// "Firefox on Linux" from a user agent, or the start of it.
    static func browserName(_ userAgent: String) -> String {
        let browsers = [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari")]
        let systems = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS X", "macOS"), ("Windows", "Windows"), ("Linux", "Linux")]
        let browser = browsers.first { userAgent.contains($0.0) }?.1
        let system = systems.first { userAgent.contains($0.0) }?.1
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "A browser on \(system)"
        default: return String(userAgent.prefix(60))
        }
    }
}
