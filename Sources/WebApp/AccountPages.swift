import Foundation
import NewsModel
import Storage

/// The login page and the first-run page that creates the owner's account.
enum LoginPage {
    static func render(name: String = "", next: String = "/", error: String? = nil) -> HTML {
        let notice: HTML = error.map { "<div class=\"notice error\" role=\"alert\"><p>\($0)</p></div>\n" } ?? .empty
        return PageLayout.document(title: "Log in", bodyClass: "page-login", content: """
        <section class="form-page narrow" aria-labelledby="login-title">
        <h1 id="login-title">Log in</h1>
        \(notice)<form method="post" action="/login" class="stacked-form">\(FormToken.hiddenField)
        <input type="hidden" name="next" value="\(next)">
        <label for="name">Name</label>
        <input id="name" name="name" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="\(User.maximumNameLength)" value="\(name)"\(name.isEmpty ? " autofocus" : "")>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"\(name.isEmpty ? "" : " autofocus")>
        <div class="form-actions"><button type="submit" class="button">Log in</button></div>
        </form>
        <p class="subtle form-footnote">Forgot it? Whoever runs this Broadsheet can set a new one with <code>broadsheet users password NAME</code>.</p>
        </section>
        """)
    }
}

enum SetupPage {
    struct Model {
        var name = ""
        var error: String?
        /// Set when this request may not create the account (from another machine).
        var refusal: String?
    }

    static func render(_ model: Model) -> HTML {
        let notice: HTML = model.error.map { "<div class=\"notice error\" role=\"alert\"><p>\($0)</p></div>\n" } ?? .empty
        if let refusal = model.refusal {
            return PageLayout.document(title: "Create the owner's account", bodyClass: "page-setup", content: """
            <section class="form-page narrow"><h1>Create the owner’s account</h1><div class="notice" role="status"><p>\(refusal)</p></div></section>
            """)
        }
        return PageLayout.document(title: "Create the owner's account", bodyClass: "page-setup", content: """
        <section class="form-page narrow" aria-labelledby="setup-title">
        <h1 id="setup-title">Create the owner’s account</h1>
        <p class="subtle">Broadsheet then asks for a login on every page, so you can read from your phone and share it with others, each with their own sources and reading state. Everything you follow now becomes yours.</p>
        \(notice)<form method="post" action="/setup" class="stacked-form">\(FormToken.hiddenField)
        <label for="name">Name <span class="subtle">(letters, digits, . _ - @ +)</span></label>
        <input id="name" name="name" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="\(User.maximumNameLength)" value="\(model.name)" autofocus>
        <label for="password">Password <span class="subtle">(at least \(PasswordPolicy.minimumCharacters) characters)</span></label>
        <input id="password" name="password" type="password" autocomplete="new-password" required minlength="\(PasswordPolicy.minimumCharacters)" maxlength="200">
        <label for="confirmation">Password again</label>
        <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required maxlength="200">
        <div class="form-actions"><button type="submit" class="button">Create account</button><a class="button secondary" href="/">Not now</a></div>
        </form>
        </section>
        """)
    }
}
