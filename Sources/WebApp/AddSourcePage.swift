import NewsModel

/// `/sources/new`: follow a new source by typing a site's or a feed's address.
enum AddSourcePage {
    struct Model {
        var address = ""
        var name = ""
        var category = ""
        /// Why the last attempt failed, in words a person can act on.
        var error: String?
        /// False when the server was started without the ability to fetch (tests, embedding).
        var isAvailable = true
        /// What the last OPML import did, or why it failed.
        var importOutcome: ImportOutcome?
        /// What an export leaves out and why; nil when it leaves out nothing.
        var exportNote: String?
    }

    enum ImportOutcome {
        /// How many sources were followed, and each outline skipped with its reason.
        case imported(added: Int, skipped: [String])
        case failed(String)
    }

    /// The most skipped outlines listed one by one; the rest are counted.
    static let maximumListedSkips = 50

    static func render(_ model: Model) -> HTML {
        let error: HTML = model.error.map { message in
            """
            <div class="notice error" role="alert"><p>\(message)</p></div>

            """
        } ?? .empty
        let options: [HTML] = [#"<option value="">No category</option>"#] + Category.allCases.map { category in
            let selected: HTML = category.rawValue == model.category ? " selected" : .empty
            return "<option value=\"\(category.rawValue)\"\(selected)>\(category.rawValue.capitalized)</option>"
        }
        guard model.isAvailable else {
            return PageLayout.document(title: "Add a source", bodyClass: "page-add", content: """
            <section class="add-source"><h1>Add a source</h1>
            <p>This server cannot fetch feeds. Add sources from the command line: <code>broadsheet add URL</code>.</p></section>
            \(importSection(model))
            """)
        }
        return PageLayout.document(title: "Add a source", bodyClass: "page-add", content: """
        <p class="breadcrumb"><a href="/">← All sources</a></p>
        <section class="add-source" aria-labelledby="add-title">
        <h1 id="add-title">Add a source</h1>
        <p class="subtle">The address of a site (Broadsheet finds its feed) or of an RSS, Atom or JSON feed.</p>
        \(error)<form method="post" action="/sources" class="add-form">\(FormToken.hiddenField)
        <label for="address">Address</label>
        <input id="address" name="address" type="url" inputmode="url" required autofocus placeholder="https://www.example.org" value="\(model.address)" maxlength="2000">
        <label for="name">Name <span class="subtle">(optional: the feed's title otherwise)</span></label>
        <input id="name" name="name" type="text" value="\(model.name)" maxlength="120">
        <label for="category">Category <span class="subtle">(optional: for the API's category filter)</span></label>
        <select id="category" name="category">\(options)</select>
        <button type="submit" class="button">Follow</button>
        </form>
        </section>
        \(importSection(model))
        """)
    }

    private static func importSection(_ model: Model) -> HTML {
        let outcome: HTML
        switch model.importOutcome {
        case .imported(let added, let skipped):
            let result: HTML = added > 0
                ? """
                <div class="notice success" role="status"><p>Followed \(counted(added, "new source")). Their articles arrive within a minute or two, as each feed is fetched. <a href="/">See all sources</a>.</p></div>

                """
                : "<div class=\"notice\" role=\"status\"><p>No new source was followed: every feed in the file was skipped.</p></div>\n"
            var skippedList: HTML = .empty
            if !skipped.isEmpty {
                let items: [HTML] = skipped.prefix(maximumListedSkips).map { "<li>\($0)</li>" }
                let more: HTML = skipped.count > maximumListedSkips ? "<li>and \(String(skipped.count - maximumListedSkips)) more</li>" : .empty
                skippedList = """
                <div class="notice"><p>Skipped \(counted(skipped.count, "feed")):</p><ul class="skipped-feeds">\(items)\(more)</ul></div>

                """
            }
            outcome = result + skippedList
        case .failed(let message):
            outcome = "<div class=\"notice error\" role=\"alert\"><p>\(message)</p></div>\n"
        case nil:
            outcome = .empty
        }
        return """
        <section class="add-source import-source" aria-labelledby="import-title">
        <h2 id="import-title">Import from another reader</h2>
        <p class="subtle">An OPML file exported from Feedly, Miniflux, FreshRSS, NetNewsWire or any other reader. Feeds you already follow are skipped.</p>
        \(outcome)<form method="post" action="/sources/import" enctype="multipart/form-data" class="add-form">\(FormToken.hiddenField)
        <label for="opml">OPML file</label>
        <input id="opml" name="opml" type="file" accept=".opml,.xml,text/x-opml,text/xml,application/xml" required>
        <button type="submit" class="button secondary">Import</button>
        </form>
        <p class="subtle export-link">Moving to another reader, or keeping a backup? <a href="/subscriptions.opml" download>Export your sources as OPML</a>.</p>
        \(model.exportNote.map { note -> HTML in "<p class=\"subtle\">\(note)</p>" } ?? .empty)
        </section>
        """
    }
}
