import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Storage
import SyncSupport

/// `/settings` and, for admins, `/admin/users`.
extension PageController {
    /// Days articles are kept when the library never said.
    static let defaultRetentionDays = 90

    func settingsPage(context: ReaderRequestContext) async throws -> Response {
        try await settingsResponse(try context.requireReader())
    }

    func settingsResponse(
        _ reader: Reader, notice: SettingsPage.Model.Notice? = nil, status: HTTPResponse.Status = .ok,
        secret: (label: String, secret: String)? = nil
    ) async throws -> Response {
        let store = dependencies.store
        let now = dependencies.now()
        var model = SettingsPage.Model(reader: reader, retentionDays: try await retentionDays(), now: now, notice: notice, newSecret: secret)
        if reader.isSignedIn {
            model.sessions = try await store.sessions(of: reader.id, at: now)
            model.appPasswords = try await store.appPasswords(of: reader.id)
        }
        model.apiKeys = try await store.apiKeys(of: reader.id)
        var response = Response.html(SettingsPage.render(model), status: status)
        if secret != nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    func retentionDays() async throws -> Int {
        try await dependencies.store.setting(LibrarySettingKey.retentionDays).flatMap { Int($0) } ?? Self.defaultRetentionDays
    }

    func saveReadingSettings(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        var reader = try context.requireReader()
        let form = try await formFields(request)
        var settings = reader.settings
        guard let theme = form["theme"].flatMap(ReaderSettings.Theme.init(rawValue:)),
              let perPage = form["articles_per_page"].flatMap({ Int($0.trimmingSpaces()) }),
              ReaderSettings.articlesPerPageRange.contains(perPage),
              let order = form["order"].flatMap(Timeline.Order.init(rawValue:)), order.isByPublication else {
            return try await settingsResponse(reader, notice: .refused(
                "Pick a theme and an order, and between \(ReaderSettings.articlesPerPageRange.lowerBound) and \(ReaderSettings.articlesPerPageRange.upperBound) articles per page."
            ), status: .unprocessableContent)
        }
        settings.theme = theme
        settings.articlesPerPage = perPage
        settings.order = order
        settings.hidesRead = form["hides_read"] == "true"
        settings.readsWholeStory = form["reads_whole_story"] == "true"
        // Older forms lack the field: the setting stays as it was.
        if let text = form.nonEmpty("dormant_after_days") {
            guard let days = Int(text), ReaderSettings.dormantAfterDaysRange.contains(days) else {
                return try await settingsResponse(reader, notice: .refused(
                    "Call a source dormant after between \(ReaderSettings.dormantAfterDaysRange.lowerBound) and \(ReaderSettings.dormantAfterDaysRange.upperBound) days without an article."
                ), status: .unprocessableContent)
            }
            settings.dormantAfterDays = days
        }
        try await dependencies.store.saveReaderSettings(settings, for: reader.id)
        reader.settings = settings
        // The theme shows at once on the page that confirms it.
        return try await PageChrome.$current.withValue(PageChrome.current.map { var chrome = $0; chrome.theme = theme; return chrome }) {
            try await settingsResponse(reader, notice: .saved("Saved."))
        }
    }

    func saveLibrarySettings(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard reader.isAdmin else { throw PageError(status: .forbidden, message: "Only an admin can change how long the library keeps articles.") }
        let form = try await formFields(request)
        guard let days = form["retention_days"].flatMap({ Int($0.trimmingSpaces()) }), (0...36_500).contains(days) else {
            return try await settingsResponse(reader, notice: .refused("Keep articles for a whole number of days between 0 (forever) and 36500."), status: .unprocessableContent)
        }
        try await dependencies.store.setSetting(LibrarySettingKey.retentionDays, to: String(days))
        return try await settingsResponse(reader, notice: .saved(days == 0 ? "Articles are kept forever." : "Articles are kept for \(counted(days, "day")), starred ones always."))
    }

    // MARK: People (admins)

    func requireAdmin(_ context: ReaderRequestContext) throws -> Reader {
        let reader = try context.requireReader()
        guard reader.isSignedIn, reader.user.isAdmin else {
            throw PageError(status: .forbidden, message: reader.isSignedIn
                ? "Only an admin can manage people. Ask one to change your role."
                : "There are no accounts yet. Create the owner’s account first, in Settings.")
        }
        return reader
    }

    func usersPage(context: ReaderRequestContext) async throws -> Response {
        let reader = try requireAdmin(context)
        return try await usersResponse(UsersPage.Model(users: try await dependencies.store.users(), me: reader.id, now: dependencies.now()))
    }

    private func usersResponse(_ model: UsersPage.Model, status: HTTPResponse.Status = .ok) async throws -> Response {
        var model = model
        model.users = try await dependencies.store.users()
        return .html(UsersPage.render(model), status: status)
    }

    func addUser(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try requireAdmin(context)
        let form = try await formFields(request)
        var model = UsersPage.Model(users: [], me: reader.id, now: dependencies.now())
        model.name = String((form["name"] ?? "").trimmingSpaces().prefix(200))
        model.role = form["role"].flatMap(UserRole.init(rawValue:)) ?? .reader
        let password = form["password"] ?? ""
        guard let name = User.validName(model.name) else {
            model.notice = .refused("A name is 1 to \(User.maximumNameLength) letters, digits and . _ - @ + (no spaces).")
            return try await usersResponse(model, status: .unprocessableContent)
        }
        if let problem = PasswordPolicy.problem(with: password) {
            model.notice = .refused(problem)
            return try await usersResponse(model, status: .unprocessableContent)
        }
        do {
            let user = try await dependencies.store.createUser(name: name, passwordHash: await dependencies.passwordChecks.hasher.hash(password), role: model.role)
            dependencies.logger.info("Added a person", metadata: ["user": .string(user.name), "by": .string(reader.user.name)])
            model.name = ""
            model.notice = .saved("\(user.name) can now log in. They start with no sources: they follow their own.")
            return try await usersResponse(model)
        } catch let error as StoreError {
            model.notice = .refused(error.description)
            return try await usersResponse(model, status: .unprocessableContent)
        }
    }

    func changeRole(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try requireAdmin(context)
        guard let id = context.parameters.get("id").flatMap(Int64.init).map(UserID.init(rawValue:)) else { throw HTTPError(.notFound) }
        let role = (try await formFields(request))["role"].flatMap(UserRole.init(rawValue:)) ?? .reader
        var model = UsersPage.Model(users: [], me: reader.id, now: dependencies.now())
        do {
            try await dependencies.store.setRole(role, for: id)
        } catch let error as StoreError {
            model.notice = .refused(error.description)
            return try await usersResponse(model, status: .unprocessableContent)
        }
        return .seeOther("/admin/users")
    }

    func removeUser(context: ReaderRequestContext) async throws -> Response {
        let reader = try requireAdmin(context)
        guard let id = context.parameters.get("id").flatMap(Int64.init).map(UserID.init(rawValue:)) else { throw HTTPError(.notFound) }
        var model = UsersPage.Model(users: [], me: reader.id, now: dependencies.now())
        guard id != reader.id else {
            model.notice = .refused("You cannot remove yourself here; another admin can.")
            return try await usersResponse(model, status: .unprocessableContent)
        }
        do {
            try await dependencies.store.removeUser(id)
        } catch let error as StoreError {
            model.notice = .refused(error.description)
            return try await usersResponse(model, status: .unprocessableContent)
        }
        return .seeOther("/admin/users")
    }
}
