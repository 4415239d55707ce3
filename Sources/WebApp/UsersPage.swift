import Foundation
import NewsModel
import Storage

/// `/admin/users`: the people who read here, for admins: add one, change a role, remove one.
enum UsersPage {
    struct Model {
        var users: [User]
        var me: UserID
        var now: Date
        var name = ""
        var role = UserRole.reader
        var notice: SettingsPage.Model.Notice?
    }

    static func render(_ model: Model) -> HTML {
        let notice: HTML = switch model.notice {
        case .saved(let text): "<div class=\"notice success\" role=\"status\"><p>\(text)</p></div>\n"
        case .refused(let text): "<div class=\"notice error\" role=\"alert\"><p>\(text)</p></div>\n"
        case nil: .empty
        }
        let rows: [HTML] = model.users.filter(\.hasPassword).map { user in
            let tags: HTML = (user.isOwner ? " <span class=\"badge\">owner</span>" : .empty) + (user.isAdmin ? " <span class=\"badge\">admin</span>" : .empty)
                + (user.id == model.me ? " <strong>(you)</strong>" : .empty)
            let path = "/admin/users/\(user.id.description)"
            let roleChange: HTML = user.isOwner ? .empty : """
                <form method="post" action="\(path)/role">\(FormToken.hiddenField)<input type="hidden" name="role" value="\(user.isAdmin ? "reader" : "admin")"><button class="button small secondary" type="submit">\(user.isAdmin ? "Make reader" : "Make admin")<span class="visually-hidden"> (\(user.name))</span></button></form>
                """
            let removal: HTML = user.isOwner || user.id == model.me ? .empty : """
                <form method="post" action="\(path)/remove" data-confirm="Remove \(user.name) with their subscriptions, reading state and keys?">\(FormToken.hiddenField)<button class="button small danger" type="submit">Remove<span class="visually-hidden"> \(user.name)</span></button></form>
                """
            return """
            <li><div><span class="item-name">\(user.name)</span>\(tags)<span class="item-meta">Since \(DateText.timeElement(user.createdAt, now: model.now))</span></div><div class="item-actions">\(roleChange)\(removal)</div></li>

            """
        }
        let roles: [HTML] = UserRole.allCases.map { role in
            "<option value=\"\(role.rawValue)\"\(model.role == role ? " selected" : "")>\(role == .admin ? "Admin (manages people)" : "Reader")</option>"
        }
        return PageLayout.document(title: "People", bodyClass: "page-users", content: """
        <nav class="breadcrumb" aria-label="Breadcrumb"><a href="/settings">← Settings</a></nav>
        <section class="form-page settings" aria-labelledby="users-title">
        <h1 id="users-title">People</h1>
        <p class="subtle">Each person follows their own sources and has their own unread and starred articles; a feed two people follow is fetched once.</p>
        \(notice)<ul class="item-list" aria-labelledby="users-title">
        \(rows)</ul>
        <section class="settings-section" aria-labelledby="add-user-title">
        <h2 id="add-user-title">Add someone</h2>
        <form method="post" action="/admin/users" class="stacked-form">\(FormToken.hiddenField)
        <label for="name">Name <span class="subtle">(letters, digits, . _ - @ +)</span></label>
        <input id="name" name="name" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" required maxlength="\(User.maximumNameLength)" value="\(model.name)">
        <label for="password">First password <span class="subtle">(they can change it)</span></label>
        <input id="password" name="password" type="password" autocomplete="new-password" required minlength="\(PasswordPolicy.minimumCharacters)" maxlength="200">
        <label for="role">Role</label>
        <select id="role" name="role">\(roles)</select>
        <div class="form-actions"><button type="submit" class="button">Add</button></div>
        </form>
        </section>
        </section>
        """)
    }
}
