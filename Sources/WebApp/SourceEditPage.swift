import Foundation
import NewsModel

/// `/sources/:id/edit`: rename a source, change its feed's address, its category, language
/// and country (for the API's filters), or stop following it.
enum SourceEditPage {
    struct Model {
        var source: Source
        /// What the form shows: the stored values, or what the person typed when it was refused.
        var name: String
        var address: String
        var category: String
        var language: String
        var country: String
        /// Why the form was refused, in words a person can act on.
        var error: String?
        var articleCount: Int
        /// Admins change what everyone shares (the name, address and the API's fields);
        /// readers name the source for themselves.
        var editsSharedFields = true
        var folders: [Folder] = []
        /// The chosen folder's id as text ("" for none), and a new folder's name.
        var folder = ""
        var newFolder = ""

        init(source: Source, articleCount: Int) {
            self.source = source
            name = source.name
            address = source.feedURL
            category = source.category?.rawValue ?? ""
            language = source.language?.rawValue ?? ""
            country = source.country?.rawValue ?? ""
            self.articleCount = articleCount
        }

        /// Only web feeds can move; a feed file (or the demo) keeps its address.
        var hasEditableAddress: Bool { source.feedURL.hasPrefix("http://") || source.feedURL.hasPrefix("https://") }
    }

    static func render(_ model: Model) -> HTML {
        let source = model.source
        let path = "/sources/\(source.id.rawValue)"
        let error: HTML = model.error.map { "<div class=\"notice error\" role=\"alert\"><p>\($0)</p></div>\n" } ?? .empty
        let address: HTML = !model.editsSharedFields ? .empty : model.hasEditableAddress
            ? """
            <label for="address">Feed address</label>
            <input id="address" name="address" type="url" inputmode="url" required value="\(model.address)" maxlength="2000" aria-describedby="address-hint">
            <p class="field-hint subtle" id="address-hint">Where Broadsheet fetches the articles. Change it when the site moved its feed; the articles you have stay.</p>

            """
            : """
            <p class="field-static"><span class="field-label">Feed</span> <code>\(model.address)</code></p>

            """
        let removal: HTML = source.isDemo ? .empty : """
            <section class="danger-zone" aria-labelledby="stop-title">
            <h2 id="stop-title">Stop following</h2>
            <p class="subtle">Removes \(model.name) from your sources, with its articles unless you starred them or someone else follows it.</p>
            <form method="post" action="\(path)/remove" data-confirm="Stop following \(source.name) and delete its \(counted(model.articleCount, "article"))?">\(FormToken.hiddenField)<button class="button danger" type="submit">Stop following</button></form>
            </section>
            """
        return PageLayout.document(title: "Edit \(source.name)", bodyClass: "page-edit", content: """
        <nav class="breadcrumb" aria-label="Breadcrumb"><a href="\(path)">← \(source.name)</a></nav>
        <section class="add-source" aria-labelledby="edit-title">
        <h1 id="edit-title">Edit source</h1>
        \(error)<form method="post" action="\(path)/edit" class="add-form">\(FormToken.hiddenField)
        <label for="name">Name</label>
        <input id="name" name="name" type="text" required value="\(model.name)" maxlength="\(SourceEditForm.maximumNameLength)">
        \(address)<label for="folder">Folder</label>
        <select id="folder" name="folder">\(options(selected: model.folder, none: "No folder", model.folders.map { ($0.id.description, $0.name) }))</select>
        <label for="new-folder">Or a new folder</label>
        <input id="new-folder" name="new_folder" type="text" maxlength="\(Folder.maximumNameLength)" value="\(model.newFolder)">
        \(sharedFields(model))<div class="form-actions"><button type="submit" class="button">Save</button><a class="button secondary" href="\(path)">Cancel</a></div>
        </form>
        </section>
        \(removal)
        """)
    }

    private static func sharedFields(_ model: Model) -> HTML {
        guard model.editsSharedFields else { return .empty }
        let source = model.source
        return """
        <label for="category">Category</label>
        <select id="category" name="category">\(options(selected: model.category, none: fromTheFeed(source.inferred.category?.rawValue.capitalized ?? "General"), Category.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }))</select>
        <label for="language">Language <span class="subtle">(of its articles)</span></label>
        <select id="language" name="language">\(options(selected: model.language, none: fromTheFeed(label(source.inferred.language?.rawValue, in: languageChoices)), languageChoices))</select>
        <label for="country">Country</label>
        <select id="country" name="country">\(options(selected: model.country, none: fromTheFeed(label(source.inferred.country?.rawValue, in: countryChoices)), countryChoices))</select>

        """
    }

    /// The empty choice: no value of the person's own, so what the refresh worked out from
    /// the feed (or the server's default when it could not) applies.
    private static func fromTheFeed(_ inferred: String?) -> String {
        inferred.map { "From the feed: \($0)" } ?? "From the feed (not known yet)"
    }

    private static func label(_ value: String?, in choices: [(value: String, label: String)]) -> String? {
        guard let value else { return nil }
        return choices.first { $0.value == value }?.label ?? value
    }

    private static func options(selected: String, none: String, _ choices: [(value: String, label: String)]) -> [HTML] {
        let empty: HTML = "<option value=\"\"\(selected.isEmpty ? " selected" : "")>\(none)</option>"
        return [empty] + choices.map { choice in
            "<option value=\"\(choice.value)\"\(choice.value == selected ? " selected" : "")>\(choice.label)</option>"
        }
    }

    private static let english = Locale(identifier: "en")

    /// NewsAPI's language codes with their English names, by name.
    static let languageChoices: [(value: String, label: String)] = Language.allCases.map { language in
        (language.rawValue, english.localizedString(forLanguageCode: LanguageAttributes.tag(for: language)) ?? language.rawValue)
    }.sorted { $0.label < $1.label }

    /// NewsAPI's country codes with their English names, by name.
    static let countryChoices: [(value: String, label: String)] = Country.knownCodes.map { code in
        (code, english.localizedString(forRegionCode: code) ?? code.uppercased())
    }.sorted { $0.label < $1.label }
}
