import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

@Suite struct WebPasswordTests {
    static func basic(_ user: String, _ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
    }

    @Test func pagesAskForThePasswordAndAcceptItWithAnyUserName() async throws {
        let fixture = try await WebAppFixture()
        let configuration = WebAppConfiguration(port: 0, webPassword: "correct horse: battery")
        try await fixture.application(configuration: configuration).test(.router) { client in
            for path in ["/", "/sources/the-daily", "/search?q=daily", "/subscriptions.opml", "/sw.js", "/api"] {
                let refused = try await client.execute(uri: path, method: .get)
                #expect(refused.status == .unauthorized, "\(path)")
                #expect(refused.headers[.wwwAuthenticate] == #"Basic realm="Broadsheet", charset="UTF-8""#)
                #expect(refused.text.contains("Password needed"))
                #expect(!refused.text.contains("The Daily"))
                PageTests.expectSecurityHeaders(refused)
            }
            let removal = try await client.execute(uri: "/sources/the-daily/remove", method: .post, headers: try .named("Sec-Fetch-Site", "same-origin"))
            #expect(removal.status == .unauthorized)

            for headers in [Self.basic("me", "wrong"), Self.basic("me", "correct horse"), [.authorization: "Basic !!!"], [.authorization: "Bearer correct horse: battery"]] {
                let response = try await client.execute(uri: "/", method: .get, headers: headers)
                #expect(response.status == .unauthorized)
            }
            let accepted = try await client.execute(uri: "/", method: .get, headers: Self.basic("anyone", "correct horse: battery"))
            #expect(accepted.status == .ok)
            #expect(accepted.text.contains("The Daily"))
        }
    }

    @Test func theAPIAndTheAppsAssetsStayReachable() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application(configuration: WebAppConfiguration(port: 0, webPassword: "pw")).test(.router) { client in
            let withKey = try await client.execute(uri: "/v2/top-headlines?apiKey=\(secret)", method: .get)
            #expect(withKey.status == .ok)
            let withoutKey = try await client.execute(uri: "/v2/top-headlines", method: .get)
            #expect(withoutKey.status == .unauthorized)
            // A browser that logged in sends Basic to the API too: it is not taken for a key.
            let withBasic = try await client.execute(uri: "/v2/top-headlines", method: .get, headers: Self.basic("me", "pw"))
            #expect(withBasic.text.contains("apiKeyMissing"))
            for path in ["/manifest.webmanifest", "/favicon.ico", StaticAssets.styleSheet.path, StaticAssets.icon192.path] {
                let asset = try await client.execute(uri: path, method: .get)
                #expect(asset.status == .ok, "\(path)")
            }
        }
    }

    @Test func withoutAPasswordThePagesAreOpen() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application(configuration: WebAppConfiguration(port: 0, webPassword: "")).test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
        }
    }
}
