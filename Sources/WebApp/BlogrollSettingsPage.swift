import Foundation
import NewsModel
import Storage

/// `/settings/blogroll`: whether the person's blogroll is public, a line to introduce it, and
/// which sources appear: whole folders (and so whatever is later filed in them) or sources
/// one by one. Sources that can never be shown say why.
enum BlogrollSettingsPage {
    struct Model {
        var choice: BlogrollChoice
        var summaries: [SubscriptionSummary]
        var folders: [Folder]
        /// The blogroll's public address, and its OPML file's.
        var publicURL: String
        var opmlURL: String
        var notice: SettingsPage.Model.Notice?
    }

    static func render(_ model: Model) -> HTML {
        let notice: HTML = switch model.notice {
        case .saved(let text): "<div class=\"notice success\" role=\"status\"><p>\(text)</p></div>\n"
        case .refused(let text): "<div class=\"notice error\" role=\"alert\"><p>\(text)</p></div>\n"
        case nil: .empty
        }
        let choice = model.choice
        let state: HTML = choice.isPublished
            ? "<p>Your blogroll is public at <a href=\"\(model.publicURL)\">\(model.publicURL)</a> (and as a list for feed readers at <a href=\"\(model.opmlURL)\">\(model.opmlURL)</a>). Anyone with the address can see it, without logging in.</p>"
            : "<p>Your blogroll is not published: nobody can see it. Choose what it shows, then tick “Publish”.</p>"
        var groups: [HTML] = []
        let unfiled = model.summaries.filter { $0.folder == nil }
        if !unfiled.isEmpty {
            groups.append("<li><fieldset><legend>Not in a folder</legend><ul>\(unfiled.map { sourceChoice($0, choice: choice, coveredByFolder: false) })</ul></fieldset></li>\n")
        }
        for folder in model.folders {
            let members = model.summaries.filter { $0.folder?.id == folder.id }
            guard !members.isEmpty else { continue }
            let chosen = choice.folders.contains(folder.id)
            groups.append("""
            <li><fieldset><legend>\(folder.name)</legend><label class="choice"><input type="checkbox" name="folder.\(folder.id.description)" value="on"\(chosen ? " checked" : "")> The whole folder <span class="subtle">(and what you file in it later)</span></label>
            <ul>\(members.map { sourceChoice($0, choice: choice, coveredByFolder: chosen) })</ul></fieldset></li>

            """)
        }
        let list: HTML = groups.isEmpty ? "<p class=\"subtle\">You follow no sources yet.</p>" : "<ul class=\"blogroll-choices\">\n\(groups)</ul>"
        return PageLayout.document(title: "Blogroll", bodyClass: "page-settings", content: """
        <section class="form-page settings" aria-labelledby="blogroll-title">
        <nav class="breadcrumb" aria-label="Breadcrumb"><a href="/settings">← Settings</a></nav>
        <h1 id="blogroll-title">Your blogroll</h1>
        \(notice)<p>A public page listing the sites you recommend, with their feeds: names, site links, feed links and a one-line description. It never shows what you read, starred or left unread.</p>
        \(state)
        <form method="post" action="/settings/blogroll" class="stacked-form">\(FormToken.hiddenField)
        <label class="choice"><input type="checkbox" name="published" value="true"\(choice.isPublished ? " checked" : "")> Publish my blogroll</label>
        <label for="blogroll-introduction">A line to introduce it <span class="subtle">(optional)</span></label>
        <input id="blogroll-introduction" name="introduction" type="text" maxlength="\(BlogrollChoice.maximumIntroductionLength)" value="\(choice.introduction ?? "")">
        <h2 id="sources-title">What it shows</h2>
        \(list)
        <div class="form-actions"><button type="submit" class="button">Save</button></div>
        </form>
        </section>
        """)
    }

    static func sourceChoice(_ summary: SubscriptionSummary, choice: BlogrollChoice, coveredByFolder: Bool) -> HTML {
        let source = summary.source
        if let reason = unshareableReason(source) {
            return "<li><label class=\"choice\"><input type=\"checkbox\" disabled> <span>\(summary.displayName)</span> <span class=\"subtle\">Never shown: \(reason).</span></label></li>"
        }
        let checked: HTML = choice.sources.contains(source.id) ? " checked" : .empty
        let note: HTML = coveredByFolder ? " <span class=\"subtle\">Shown with its folder.</span>" : .empty
        return "<li><label class=\"choice\"><input type=\"checkbox\" name=\"source.\(source.id.rawValue)\" value=\"on\"\(checked)> <span>\(summary.displayName)</span>\(note)</label></li>"
    }

    /// Why a source can never be on a blogroll, or nil when it can.
    static func unshareableReason(_ source: Source) -> String? {
        if source.isDemo { return "a demo source" }
        if !BlogrollEntry.isShareable(feedURL: source.feedURL) {
            return "its feed address is a file, on a private network, or carries a personal key"
        }
        return nil
    }
}
