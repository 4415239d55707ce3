import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// What a browser holds after opening one of Broadsheet's pages: the cookie it was given
/// and the form token printed in the page's forms. Tests post forms through it the way a
/// browser would.
struct BrowserSession {
    let cookie: String
    let token: String

    /// Opens `uri` (a page with a form) and keeps its cookie and token.
    static func open(_ uri: String = "/sources/new", client: some TestClientProtocol, headers: HTTPFields = [:]) async throws -> BrowserSession {
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        let setCookie = try #require(
            response.headers[values: .setCookie].first { $0.hasPrefix("broadsheet_browser=") || $0.hasPrefix("__Host-broadsheet_browser=") },
            "the page sets the browser cookie"
        )
        let cookie = String(setCookie.prefix { $0 != ";" })
        let page = String(buffer: response.body)
        let marker = #"name="\#(CSRFProtection.fieldName)" value=""#
        let start = try #require(page.range(of: marker), "the page's form carries the token").upperBound
        let token = String(page[start...].prefix { $0 != "\"" })
        return BrowserSession(cookie: cookie, token: token)
    }

    /// Headers for a form post: the cookie, the content type, and whatever else is given.
    func headers(contentType: String = "application/x-www-form-urlencoded", _ extra: HTTPFields = [:]) -> HTTPFields {
        var fields: HTTPFields = [.cookie: cookie, .contentType: contentType]
        fields.append(contentsOf: extra)
        return fields
    }

    /// An url-encoded form body that starts with the token, as the pages' forms do.
    func form(_ fields: String = "") -> ByteBuffer {
        ByteBuffer(string: "\(CSRFProtection.fieldName)=\(token)" + (fields.isEmpty ? "" : "&\(fields)"))
    }

    /// Posts an url-encoded form to `uri` as this browser.
    func post(_ uri: String, _ fields: String = "", client: some TestClientProtocol, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .post, headers: headers(extra), body: form(fields))
    }
}
