import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import Storage
import Testing
@testable import WebApp

/// The sync APIs inside the whole application: past the session, page-password and
/// form-token walls (their clients have app passwords, not cookies), at the paths apps build,
/// and sharing one throttle with the login form.
@Suite struct SyncRoutesTests {
    static func configuration() -> WebAppConfiguration {
        var configuration = WebAppConfiguration(port: 0, webPassword: "page password")
        configuration.passwordHashCost = 4
        return configuration
    }

    static func loginForm(_ name: String, _ password: String) -> ByteBuffer {
        ByteBuffer(string: "Email=\(name)&Passwd=\(password)")
    }

    @Test func appsReachTheSyncAPIsWithoutCookiesOrFormTokens() async throws {
        let fixture = try await WebAppFixture()
        let alice = try await fixture.store.createUser(name: "alice", passwordHash: await PasswordHasher(cost: 4).hash("a real login password"), role: .admin)
        let secret = try await fixture.store.createAppPassword(name: "phone", for: alice.id).secret
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            // newsboat's address with a trailing slash gives a double slash.
            for path in ["//accounts/ClientLogin", "/accounts/ClientLogin", "/api/greader.php/accounts/ClientLogin", "/api/greader.php//accounts/ClientLogin"] {
                let login = try await client.execute(uri: path, method: .post, headers: form, body: Self.loginForm("alice", secret))
                #expect(login.status == .ok, "\(path)")
                #expect(String(buffer: login.body).contains("Auth=alice/"), "\(path)")
            }
            let token = "alice/" + AppPassword.feverKey(userName: "alice", secret: secret)
            let list = try await client.execute(uri: "/api/greader.php/reader/api/0/subscription/list?output=json", method: .get, headers: [.authorization: "GoogleLogin auth=\(token)"])
            #expect(list.status == .ok)
            #expect(String(buffer: list.body).contains(#""title":"The Daily""#))
            let edit = try await client.execute(uri: "/reader/api/0/edit-tag", method: .post, headers: [.authorization: "GoogleLogin auth=\(token)", .contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: "i=1&a=user/-/state/com.google/starred"))
            #expect(String(buffer: edit.body) == "OK")
            #expect(edit.headers[.contentSecurityPolicy] != nil, "the security headers are there too")
            let fever = try await client.execute(uri: "/api/fever.php?api&saved_item_ids", method: .post, headers: form, body: ByteBuffer(string: "api_key=\(AppPassword.feverKey(userName: "alice", secret: secret))"))
            #expect(String(buffer: fever.body).contains(#""saved_item_ids":"1""#))
            // Pages still ask for a login, and the form token still guards them.
            #expect(try await client.execute(uri: "/unread", method: .get).status == .seeOther)
            let unasked = try await client.execute(uri: "/mark-all-read", method: .post, headers: form, body: ByteBuffer(string: "scope=all"))
            #expect(unasked.status == .unauthorized || unasked.status == .forbidden)
        }
    }

    @Test func wrongAppPasswordsAndWrongLoginsCountInOneThrottle() async throws {
        let fixture = try await WebAppFixture()
        _ = try await fixture.store.createUser(name: "alice", passwordHash: await PasswordHasher(cost: 4).hash("a real login password"), role: .admin)
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        try await fixture.application(configuration: Self.configuration()).test(.router) { client in
            for _ in 0..<6 {
                let refused = try await client.execute(uri: "/accounts/ClientLogin", method: .post, headers: form, body: Self.loginForm("alice", "a-wrong-guess"))
                #expect(refused.status == .unauthorized)
                #expect(String(buffer: refused.body) == "Error=BadAuthentication\n")
            }
            // The login form now makes alice wait too, even with her right password.
            let browser = try await BrowserSession.open("/login", client: client)
            let login = try await browser.post("/login", "name=alice&password=a+real+login+password", client: client)
            #expect(login.status == .tooManyRequests)
            #expect(login.headers[.retryAfter] != nil)
            // And the login password never works for an app.
            let withLoginPassword = try await client.execute(uri: "/accounts/ClientLogin", method: .post, headers: form, body: Self.loginForm("alice", "a real login password"))
            #expect(withLoginPassword.status == .tooManyRequests || withLoginPassword.status == .unauthorized)
        }
    }
}
