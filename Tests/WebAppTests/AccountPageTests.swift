import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Testing
@testable import WebApp

/// Accounts on the pages: none needed until one exists, the first-run page, logging in and
/// out, sessions, slowed-down guessing, and form tokens bound to the session.
@Suite struct AccountPageTests {
    static let password = "correct horse battery"

    static func configuration(host: String = "127.0.0.1", publicURL: String? = nil) -> WebAppConfiguration {
        var configuration = WebAppConfiguration(host: host, port: 0, publicBaseURL: publicURL)
        configuration.passwordHashCost = PasswordHasher.minimumCost
        return configuration
    }

    /// Makes an account straight in the store (cost 4, quick).
    static func makeUser(_ name: String, role: UserRole = .admin, in store: any ReaderStore) async throws -> User {
        try await store.createUser(name: name, passwordHash: await PasswordHasher(cost: PasswordHasher.minimumCost).hash(password), role: role)
    }

    /// A form post as a signed-in browser: the session cookie and the token its pages carry
    /// (bound to the session, so no browser cookie is involved).
    struct SignedIn {
        let cookie: String
        let token: String

        static func open(_ uri: String, cookie: String, client: some TestClientProtocol) async throws -> SignedIn {
            let page = try await client.execute(uri: uri, method: .get, headers: [.cookie: cookie]).text
            let marker = #"name="\#(CSRFProtection.fieldName)" value=""#
            let start = try #require(page.range(of: marker), "the page's form carries the token").upperBound
            return SignedIn(cookie: cookie, token: String(page[start...].prefix { $0 != "\"" }))
        }

        func post(_ uri: String, _ fields: String = "", as other: String? = nil, client: some TestClientProtocol) async throws -> TestResponse {
            try await client.execute(
                uri: uri, method: .post, headers: [.cookie: other ?? cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "\(CSRFProtection.fieldName)=\(token)" + (fields.isEmpty ? "" : "&" + fields))
            )
        }
    }

    /// Logs in through the form; returns the session cookie ("name=value").
    static func logIn(_ name: String, password: String = password, client: some TestClientProtocol) async throws -> String {
        let browser = try await BrowserSession.open("/login", client: client)
        let response = try await browser.post("/login", "name=\(name)&password=\(password.replacingOccurrences(of: " ", with: "+"))&next=%2Funread", client: client)
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/unread")
        let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("broadsheet_session=") })
        return String(setCookie.prefix { $0 != ";" })
    }

    @Test func withoutAccountsNobodyLogsIn() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            let grid = try await client.execute(uri: "/", method: .get)
            #expect(grid.status == .ok)
            let unread = try await client.execute(uri: "/unread", method: .get)
            #expect(unread.text.contains("Daily story number 1<"))
            // The login page has nothing to do yet.
            let login = try await client.execute(uri: "/login", method: .get)
            #expect(login.status == .seeOther)
        }
    }

    @Test func theFirstRunPageMakesTheOwnerWhoKeepsTheLibrary() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            let page = try await client.execute(uri: "/setup", method: .get)
            #expect(page.text.contains("Create the owner’s account"))
            let browser = try await BrowserSession.open("/setup", client: client)
            let mismatch = try await browser.post("/setup", "name=ada&password=correct+horse+battery&confirmation=other+horse+battery", client: client)
            #expect(mismatch.status == .unprocessableContent)
            #expect(mismatch.text.contains("The two passwords differ"))
            let short = try await browser.post("/setup", "name=ada&password=short&confirmation=short", client: client)
            #expect(short.text.contains("too short"))
            let created = try await browser.post("/setup", "name=ada&password=correct+horse+battery&confirmation=correct+horse+battery", client: client)
            #expect(created.status == .seeOther)
            let setCookie = try #require(created.headers[values: .setCookie].first { $0.hasPrefix("broadsheet_session=") })
            #expect(setCookie.contains("HttpOnly"))
            #expect(setCookie.contains("SameSite=Lax"))
            #expect(!setCookie.contains("Secure"))
            // From now on pages ask for a login, and the owner still has every source.
            let asked = try await client.execute(uri: "/sources/the-daily?page=2", method: .get)
            #expect(asked.status == .seeOther)
            #expect(asked.headers[.location] == "/login?next=%2Fsources%2Fthe-daily%3Fpage%3D2")
            let cookie = String(setCookie.prefix { $0 != ";" })
            let grid = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(grid.text.contains("The Daily"))
            #expect(try await fixture.store.owner().name == "ada")
            // The page is gone once someone has an account.
            #expect(try await client.execute(uri: "/setup", method: .get).headers[.location] == "/login")
        }
    }

    @Test func aServerOnTheNetworkOnlyLetsTheMachineItselfClaimIt() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application(configuration: Self.configuration(host: "0.0.0.0")).test(.router) { client in
            let page = try await client.execute(uri: "/setup", method: .get)
            #expect(page.text.contains("broadsheet users create NAME"))
            #expect(!page.text.contains(#"action="/setup""#))
            let browser = try await BrowserSession.open("/sources/new", client: client)
            let refused = try await browser.post("/setup", "name=mallory&password=correct+horse+battery&confirmation=correct+horse+battery", client: client)
            #expect(refused.status == .forbidden)
            #expect(try await fixture.store.hasAccounts() == false)
        }
    }

    @Test func loggingInAndOutAndTheSessionCookie() async throws {
        let fixture = try await WebAppFixture()
        _ = try await Self.makeUser("ada", in: fixture.store)
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            let cookie = try await Self.logIn("ada", client: client)
            let unread = try await client.execute(uri: "/unread", method: .get, headers: [.cookie: cookie])
            #expect(unread.status == .ok)
            let settings = try await client.execute(uri: "/settings", method: .get, headers: [.cookie: cookie]).text
            #expect(settings.contains("Signed in as <strong>ada</strong>"))
            #expect(settings.contains("(this one)"))
            let loggedOut = try await SignedIn.open("/settings", cookie: cookie, client: client).post("/logout", client: client)
            #expect(loggedOut.status == .seeOther)
            #expect(loggedOut.headers[.location] == "/login")
            #expect(loggedOut.headers[values: .setCookie].contains { $0.hasPrefix("broadsheet_session=;") && $0.contains("Max-Age=0") })
            #expect(loggedOut.headers.value(.clearSiteData) == "\"cache\", \"storage\"")
            // The old cookie opens nothing any more.
            #expect(try await client.execute(uri: "/unread", method: .get, headers: [.cookie: cookie]).status == .seeOther)
        }
    }

    @Test func behindHttpsTheCookieIsSecureAndHostOnly() async throws {
        let fixture = try await WebAppFixture()
        _ = try await Self.makeUser("ada", in: fixture.store)
        try await fixture.application(configuration: Self.configuration(publicURL: "https://news.example.org")).test(.router) { client in
            let browser = try await BrowserSession.open("/login", client: client)
            #expect(browser.cookie.hasPrefix("__Host-broadsheet_browser="))
            let response = try await browser.post("/login", "name=ada&password=correct+horse+battery", client: client)
            let session = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("__Host-broadsheet_session=") })
            #expect(session.contains("Secure"))
            #expect(session.contains("HttpOnly"))
            #expect(session.contains("Path=/"))
        }
    }

    @Test func wrongPasswordsAreSlowedDownThenTheRightOneStillWorks() async throws {
        let fixture = try await WebAppFixture()
        _ = try await Self.makeUser("ada", in: fixture.store)
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            let browser = try await BrowserSession.open("/login", client: client)
            for _ in 0..<6 {
                let wrong = try await browser.post("/login", "name=ada&password=not+the+password", client: client)
                #expect(wrong.status == .unauthorized)
                #expect(wrong.text.contains("do not match"))
            }
            let slowed = try await browser.post("/login", "name=ada&password=correct+horse+battery", client: client)
            #expect(slowed.status == .tooManyRequests)
            #expect(slowed.headers[.retryAfter] == "2")
            #expect(slowed.text.contains("Wait 2 seconds"))
            // An unknown name is refused the same way as a wrong password.
            let unknown = try await browser.post("/login", "name=nobody&password=correct+horse+battery", client: client)
            #expect(unknown.status == .unauthorized)
        }
    }

    @Test func formTokensAreBoundToTheSession() async throws {
        let fixture = try await WebAppFixture()
        _ = try await Self.makeUser("ada", in: fixture.store)
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            let first = try await Self.logIn("ada", client: client)
            let second = try await Self.logIn("ada", client: client)
            let firstForm = try await SignedIn.open("/settings", cookie: first, client: client)
            // The first session's token does nothing in the second session.
            let crossed = try await firstForm.post("/settings/keys", "name=stolen", as: second, client: client)
            #expect(crossed.status == .forbidden)
            let own = try await firstForm.post("/settings/keys", "name=mine", client: client)
            #expect(own.status == .ok)
            #expect(own.text.contains("Copy it now"))
            #expect(own.headers[.cacheControl] == "no-store")
            let owner = try await fixture.store.owner()
            #expect(try await fixture.store.apiKeys(of: owner.id).map(\.name).contains("mine"))
            #expect(!(try await fixture.store.apiKeys(of: owner.id).map(\.name).contains("stolen")))
            // Sessions: the second is listed in the first and can be signed out from there.
            let sessions = try await fixture.store.sessions(of: owner.id, at: WebAppFixture.now)
            #expect(sessions.count == 2)
            let revoked = try await firstForm.post("/settings/sessions/revoke-others", client: client)
            #expect(revoked.text.contains("1 session signed out."))
            #expect(try await client.execute(uri: "/unread", method: .get, headers: [.cookie: second]).status == .seeOther)
            #expect(try await client.execute(uri: "/unread", method: .get, headers: [.cookie: first]).status == .ok)
        }
    }

    @Test func onlyAdminsManagePeople() async throws {
        let fixture = try await WebAppFixture()
        _ = try await Self.makeUser("ada", in: fixture.store)
        _ = try await Self.makeUser("bob", role: .reader, in: fixture.store)
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            let bob = try await Self.logIn("bob", client: client)
            #expect(try await client.execute(uri: "/admin/users", method: .get, headers: [.cookie: bob]).status == .forbidden)
            // Bob follows nothing yet: his grid is empty, his own.
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: bob]).text.contains("No sources yet"))
            let ada = try await Self.logIn("ada", client: client)
            let people = try await client.execute(uri: "/admin/users", method: .get, headers: [.cookie: ada])
            #expect(people.text.contains("bob"))
            let added = try await SignedIn.open("/admin/users", cookie: ada, client: client).post("/admin/users", "name=cleo&password=another+long+one&role=reader", client: client)
            #expect(added.text.contains("cleo can now log in."))
            #expect(try await fixture.store.user(named: "cleo")?.role == .reader)
        }
    }
}
