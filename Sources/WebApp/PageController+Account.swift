import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsModel
import Storage
import SyncSupport

/// Logging in and out, the first-run page, and the account parts of Settings.
extension PageController {
    // MARK: Login

    func loginPage(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let next = LocalPath.validated(QueryParameters(query: request.uri.query)["next"])
        let hasAccounts = try await dependencies.store.hasAccounts()
        if context.reader?.isSignedIn == true || !hasAccounts {
            return .seeOther(next)
        }
        return .html(LoginPage.render(next: next))
    }

    func logIn(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let form = try await formFields(request)
        let name = String((form["name"] ?? "").trimmingSpaces().prefix(User.maximumNameLength * 2))
        let password = form["password"] ?? ""
        let next = LocalPath.validated(form["next"])
        let now = dependencies.now()
        let throttle = dependencies.loginThrottle
        if let wait = await throttle.waitBeforeAttempt(name: name, address: context.clientAddress, now: now) {
            let seconds = Int(wait.rounded(.up))
            var response = Response.html(
                LoginPage.render(name: name, next: next, error: "Too many wrong passwords for this name in a row. Wait \(counted(seconds, "second")), then try again."),
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        guard let user = try await dependencies.passwordChecks.loginCheck().authenticate(name: name, password: password) else {
            await throttle.recordFailure(name: name, address: context.clientAddress, now: now)
            dependencies.logger.notice("A login failed", metadata: ["user": .string(String(name.prefix(64))), "address": .string(context.clientAddress ?? "?")])
            return .html(
                LoginPage.render(name: name, next: next, error: "That name and password do not match. Check both and try again."),
                status: .unauthorized
            )
        }
        await throttle.recordSuccess(name: name)
        return try await startSession(for: user, request: request, goingTo: next)
    }

    func startSession(for user: User, request: Request, goingTo next: String) async throws -> Response {
        let now = dependencies.now()
        let created = try await dependencies.store.createSession(
            for: user.id, userAgent: request.headers[.userAgent].map { String($0.prefix(Session.maximumUserAgentLength)) },
            expiresAt: now.addingTimeInterval(SessionCookie.lifetime), now: now
        )
        dependencies.logger.info("Logged in", metadata: ["user": .string(user.name)])
        var response = Response.seeOther(next)
        response.setCookie(dependencies.sessionCookie.cookie(token: created.token))
        return response
    }

    func logOut(context: ReaderRequestContext) async throws -> Response {
        if let reader = context.reader, let session = reader.session {
            try? await dependencies.store.revokeSession(session.id, of: reader.id)
        }
        var response = Response.seeOther("/login")
        response.setCookie(dependencies.sessionCookie.removal)
        // Pages kept for offline reading are this person's: the browser drops them.
        response.headers.set(.clearSiteData, "\"cache\", \"storage\"")
        return response
    }

    // MARK: First run

    func setupPage(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        if try await dependencies.store.hasAccounts() { return .seeOther("/login") }
        return .html(SetupPage.render(.init(refusal: setupRefusal(context))))
    }

    /// Only someone at the server (or past the page password) may claim the library: a
    /// server listening on the network must not hand it to the first visitor.
    func setupRefusal(_ context: ReaderRequestContext) -> String? {
        let configuration = dependencies.configuration
        if configuration.webPassword != nil || WebAppConfiguration.isLoopback(configuration.host) { return nil }
        if let address = context.clientAddress, WebAppConfiguration.isLoopback(address) { return nil }
        return "The owner’s account can only be made from the server itself: run broadsheet users create NAME there, or open this page in a browser on that machine."
    }

    func setUp(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        if try await dependencies.store.hasAccounts() { return .seeOther("/login") }
        if let refusal = setupRefusal(context) {
            return .html(SetupPage.render(.init(refusal: refusal)), status: .forbidden)
        }
        let form = try await formFields(request)
        var model = SetupPage.Model(name: String((form["name"] ?? "").trimmingSpaces().prefix(200)))
        let password = form["password"] ?? ""
        guard let name = User.validName(model.name) else {
            model.error = "A name is 1 to \(User.maximumNameLength) letters, digits and . _ - @ + (no spaces)."
            return .html(SetupPage.render(model), status: .unprocessableContent)
        }
        if let problem = PasswordPolicy.problem(with: password) ?? (password == form["confirmation"] ? nil : "The two passwords differ; type the same one twice.") {
            model.error = problem
            return .html(SetupPage.render(model), status: .unprocessableContent)
        }
        let hash = await dependencies.passwordChecks.hasher.hash(password)
        let user: User
        do {
            user = try await dependencies.store.createUser(name: name, passwordHash: hash, role: .admin)
        } catch let error as StoreError {
            model.error = error.description
            return .html(SetupPage.render(model), status: .unprocessableContent)
        }
        dependencies.logger.info("Created the owner's account", metadata: ["user": .string(user.name)])
        return try await startSession(for: user, request: request, goingTo: "/")
    }

    // MARK: Settings: account

    func changePassword(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard reader.isSignedIn, let session = reader.session else { return .seeOther("/settings") }
        let form = try await formFields(request)
        let password = form["password"] ?? ""
        let check = await dependencies.passwordChecks.loginCheck()
        guard try await check.authenticate(name: reader.user.name, password: form["current"] ?? "") != nil else {
            return try await settingsResponse(reader, notice: .refused("Your current password was not right, so it was not changed."), status: .unprocessableContent)
        }
        if let problem = PasswordPolicy.problem(with: password) ?? (password == form["confirmation"] ? nil : "The two new passwords differ; type the same one twice.") {
            return try await settingsResponse(reader, notice: .refused(problem), status: .unprocessableContent)
        }
        try await dependencies.store.setPasswordHash(await dependencies.passwordChecks.hasher.hash(password), for: reader.id)
        let ended = try await dependencies.store.revokeSessions(of: reader.id, except: session.id)
        return try await settingsResponse(reader, notice: .saved("Password changed." + (ended > 0 ? " \(counted(ended, "other session")) signed out." : "")))
    }

    func revokeSession(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let id = context.parameters.get("id").flatMap(Session.ID.init) else { throw HTTPError(.notFound) }
        do {
            try await dependencies.store.revokeSession(id, of: reader.id)
        } catch StoreError.sessionNotFound {
            return try await settingsResponse(reader, notice: .refused("That session had already ended."), status: .notFound)
        }
        return .seeOther("/settings#sessions-title")
    }

    func revokeOtherSessions(context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let ended = try await dependencies.store.revokeSessions(of: reader.id, except: reader.session?.id)
        return try await settingsResponse(reader, notice: .saved("\(counted(ended, "session")) signed out."))
    }

    // MARK: Settings: keys and app passwords

    func createAPIKey(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let name = (try await formFields(request))["name"]?.trimmingSpaces() ?? ""
        guard (1...80).contains(name.count) else {
            return try await settingsResponse(reader, notice: .refused("Give the key a name of 1 to 80 characters, such as the app it is for."), status: .unprocessableContent)
        }
        let created = try await dependencies.store.createAPIKey(name: name, for: reader.id)
        return try await settingsResponse(reader, secret: ("The API key “\(name)” is made.", created.secret))
    }

    func setAPIKeyEnabled(_ enabled: Bool, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let id = context.parameters.get("id").flatMap(APIKey.ID.init),
              try await dependencies.store.apiKeys(of: reader.id).contains(where: { $0.id == id }) else {
            throw HTTPError(.notFound)
        }
        try await dependencies.store.setAPIKey(id, enabled: enabled)
        dependencies.apiKeys.forgetAll()
        return .seeOther("/settings#api-keys-title")
    }

    func createAppPassword(_ request: Request, context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        let name = (try await formFields(request))["name"]?.trimmingSpaces() ?? ""
        guard (1...80).contains(name.count) else {
            return try await settingsResponse(reader, notice: .refused("Give the app password a name of 1 to 80 characters, such as the app it is for."), status: .unprocessableContent)
        }
        let created = try await dependencies.store.createAppPassword(name: name, for: reader.id)
        return try await settingsResponse(reader, secret: ("The app password “\(name)” is made. Log in to the app with your name, \(reader.user.name), and this password.", created.secret))
    }

    func revokeAppPassword(context: ReaderRequestContext) async throws -> Response {
        let reader = try context.requireReader()
        guard let id = context.parameters.get("id").flatMap(AppPassword.ID.init) else { throw HTTPError(.notFound) }
        do {
            try await dependencies.store.revokeAppPassword(id, of: reader.id)
        } catch StoreError.appPasswordNotFound {
            throw HTTPError(.notFound)
        }
        return .seeOther("/settings#app-passwords-title")
    }

    // MARK: Helpers

    /// A urlencoded form body, at most 16 kB.
    func formFields(_ request: Request) async throws -> QueryParameters {
        let body = try await request.body.collect(upTo: 16 * 1024)
        return QueryParameters(query: String(buffer: body))
    }
}
