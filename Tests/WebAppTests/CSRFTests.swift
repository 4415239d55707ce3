import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

/// The form token: every state-changing request to the pages needs the token of the
/// browser that sends it; `Origin` and `Sec-Fetch-Site` are checked too, never trusted alone.
@Suite struct CSRFTests {
    @Test func tokensAreBoundToTheBrowserAndTheSecret() {
        let protection = CSRFProtection(secret: Array(repeating: 7, count: 32))
        let token = protection.token(binding: "browser-a")
        #expect(token.count == 64)
        #expect(protection.isValid(token: token, binding: "browser-a"))
        #expect(!protection.isValid(token: token, binding: "browser-b"))
        #expect(!CSRFProtection(secret: Array(repeating: 8, count: 32)).isValid(token: token, binding: "browser-a"))
        #expect(!protection.isValid(token: String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0"), binding: "browser-a"))
        #expect(!protection.isValid(token: "", binding: "browser-a"))
        #expect(!protection.isValid(token: String(repeating: "z", count: 64), binding: "browser-a"))
    }

    /// The token is HMAC-SHA256(secret, "broadsheet-form-token:" + binding), the same at every
    /// call (the keyed MAC is copied per token, never used up).
    @Test func theTokenIsTheMACOfTheDomainAndTheBinding() {
        let secret = Array(repeating: UInt8(7), count: 32)
        let protection = CSRFProtection(secret: secret)
        let expected = HMAC<SHA256>.authenticationCode(
            for: Array("broadsheet-form-token:browser-a".utf8), using: SymmetricKey(data: secret)
        ).map { String(format: "%02x", $0) }.joined()
        #expect(protection.token(binding: "browser-a") == expected)
        #expect(protection.token(binding: "browser-a") == expected)
        #expect(protection.token(binding: "browser-b") != expected)
    }

    @Test func theSecretIsKeptInTheStoreAcrossRestarts() async throws {
        let store = try SQLiteStore.temporary()
        let first = try await CSRFProtection.loadingSecret(from: store)
        let second = try await CSRFProtection.loadingSecret(from: store)
        #expect(first.token(binding: "b") == second.token(binding: "b"))
        let stored = try #require(try await store.setting(CSRFProtection.secretSettingKey))
        #expect(stored.count == 64)
        let other = try await CSRFProtection.loadingSecret(from: try SQLiteStore.temporary())
        #expect(other.token(binding: "b") != first.token(binding: "b"))
    }

    @Test func refusesFormsWithoutTheBrowsersOwnToken() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/", client: client)
            let other = try await BrowserSession.open("/", client: client)
            #expect(browser.cookie != other.cookie)

            let attempts: [(String, HTTPFields, ByteBuffer)] = [
                ("no cookie, no token", [.contentType: "application/x-www-form-urlencoded"], ByteBuffer(string: "x=1")),
                ("cookie without token", browser.headers(), ByteBuffer(string: "x=1")),
                ("another browser's token", browser.headers(), other.form()),
                ("a made-up token", browser.headers(), ByteBuffer(string: "csrf_token=" + String(repeating: "ab", count: 32))),
                ("token but no cookie", [.contentType: "application/x-www-form-urlencoded"], browser.form()),
                ("token in an unknown body type", browser.headers(contentType: "text/plain"), browser.form()),
                ("right token, foreign Origin", browser.headers([.origin: "https://attacker.example"]), browser.form()),
                ("right token, cross-site fetch", browser.headers(try .named("Sec-Fetch-Site", "cross-site")), browser.form()),
            ]
            for (label, headers, body) in attempts {
                let response = try await client.execute(uri: "/demo/remove", method: .post, headers: headers, body: body)
                #expect(response.status == .forbidden, "\(label)")
                #expect(response.text.contains("nothing was changed"), "\(label)")
                PageTests.expectSecurityHeaders(response)
            }
            for method in [HTTPRequest.Method.put, .patch, .delete] {
                let response = try await client.execute(uri: "/demo/remove", method: method, headers: browser.headers())
                #expect(response.status == .forbidden, "\(method)")
            }
            #expect(try await fixture.store.source(SourceID(slugging: "Demo Gazette")) != nil)

            // What Chromium sends for the page's own form: the pages' Referrer-Policy
            // (no-referrer) makes it say `Origin: null`; the token is what counts.
            var ownForm = try HTTPFields.named("Sec-Fetch-Site", "same-origin")
            ownForm[.origin] = "null"
            let sameSite = try await browser.post("/demo/remove", client: client, headers: ownForm)
            #expect(sameSite.status == .seeOther)
        }
        #expect(try await fixture.store.source(SourceID(slugging: "Demo Gazette")) == nil)
    }

    @Test func scriptsMaySendTheTokenAsAHeader() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/", client: client)
            var headers: HTTPFields = [.cookie: browser.cookie]
            headers.append(contentsOf: try HTTPFields.named(CSRFProtection.headerName, browser.token))
            let response = try await client.execute(uri: "/demo/remove", method: .post, headers: headers)
            #expect(response.status == .seeOther)
        }
    }

    @Test func theAPIsUseTheirOwnKeysInstead() async throws {
        #expect(CSRFProtection.isExempt(path: "/v2/everything"))
        #expect(CSRFProtection.isExempt(path: "/v1"))
        #expect(CSRFProtection.isExempt(path: "/reader/api/0/edit-tag"))
        #expect(CSRFProtection.isExempt(path: "/accounts/ClientLogin"))
        #expect(CSRFProtection.isExempt(path: "/api/fever.php"))
        #expect(!CSRFProtection.isExempt(path: "/sources"))
        #expect(!CSRFProtection.isExempt(path: "/api"))
        #expect(!CSRFProtection.isExempt(path: "/v2x"))
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/v2/top-headlines", method: .post)
            #expect(response.status != .forbidden)
            #expect(response.headers[.setCookie] == nil)
            let get = try await client.execute(uri: "/v2/top-headlines?apiKey=\(fixture.apiSecret)", method: .get)
            #expect(get.headers[.setCookie] == nil)
        }
    }

    @Test func theBrowserCookieIsHttpOnlyLaxAndSecureBehindHTTPS() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let cookie = try #require(try await client.execute(uri: "/", method: .get).headers[values: .setCookie].first { $0.contains("broadsheet_browser=") })
            #expect(cookie.hasPrefix("broadsheet_browser="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"))
            // A browser that has one keeps it.
            let again = try await client.execute(uri: "/", method: .get, headers: [.cookie: String(cookie.prefix { $0 != ";" })])
            #expect(again.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("broadsheet_browser=") })
        }
        let secure = WebAppConfiguration(port: 0, publicBaseURL: "https://news.example.org")
        try await fixture.application(configuration: secure).test(.router) { client in
            let cookie = try #require(try await client.execute(uri: "/", method: .get).headers[values: .setCookie].first { $0.contains("broadsheet_browser=") })
            #expect(cookie.hasPrefix("__Host-broadsheet_browser="))
            #expect(cookie.contains("Secure"))
        }
    }

    @Test func everyFormThatPostsCarriesTheToken() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let browser = try await BrowserSession.open("/", client: client)
            for path in ["/", "/sources/new", "/sources/the-daily", "/sources/teaser-weekly", "/search?q=daily", "/api", "/articles/\(fixture.dailyArticles[0].id)"] {
                let page = try await client.execute(uri: path, method: .get, headers: [.cookie: browser.cookie]).text
                let forms = page.components(separatedBy: "<form").dropFirst()
                for form in forms where form.prefix(while: { $0 != ">" }).contains(#"method="post""#) {
                    #expect(form.contains(#"<input type="hidden" name="csrf_token" value="\#(browser.token)">"#), "\(path)")
                }
            }
        }
    }
}
