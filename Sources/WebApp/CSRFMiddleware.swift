import FeedParsing
import HTTPTypes
import Hummingbird
import Storage

/// Refuses state-changing requests to the pages (anything but GET, HEAD and OPTIONS,
/// outside `CSRFProtection.exemptPathPrefixes`) unless they carry the form token of the
/// browser that sends them, and gives every page its token to put in its forms.
///
/// `Origin` (when sent, and not `null`) must be an allowed origin and `Sec-Fetch-Site: cross-site` is
/// refused outright, but neither is trusted alone: only the token proves the request
/// came from one of Broadsheet's own pages.
struct CSRFMiddleware<Context: RequestContext>: RouterMiddleware {
    let protection: CSRFProtection
    let allowedHosts: AllowedHosts
    /// True when the server is reached over https (`--public-url https://…`): the browser
    /// cookie is then `Secure` and `__Host-` prefixed, so no sibling site can plant one.
    let usesSecureCookies: Bool
    /// What a request's token is bound to when it has something better than the browser
    /// cookie (a login session); nil falls back to the cookie.
    var sessionBinding: @Sendable (Request, Context) -> String? = { _, _ in nil }

    /// The random value a browser keeps for as long as it keeps Broadsheet open or cached.
    static func browserCookieName(secure: Bool) -> String {
        secure ? "__Host-broadsheet_browser" : "broadsheet_browser"
    }

    /// About 400 days, the longest browsers keep a cookie: pages kept offline by the
    /// service worker still submit when opened weeks later.
    static var browserCookieLifetime: Int { 400 * 86_400 }
    /// The largest form body looked through for the token: the OPML upload and its form.
    static var maximumFormBytes: Int { OPMLDocument.maximumSize + 64 * 1024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if CSRFProtection.isExempt(path: request.uri.path) {
            return try await next(request, context)
        }
        let cookieName = Self.browserCookieName(secure: usesSecureCookies)
        var binding = sessionBinding(request, context)
        if binding == nil, let value = request.cookies[cookieName]?.value, Self.isWellFormedBrowserValue(value) {
            binding = value
        }
        var request = request
        if Self.isStateChanging(request.method) {
            if let refusal = await refusal(of: &request, binding: binding) { return refusal }
        }
        var mintedValue: String?
        if binding == nil {
            mintedValue = SecretDigest.hex(SecretDigest.randomBytes(16))
            binding = mintedValue
        }
        let token = binding.map(protection.token(binding:))
        var response = try await FormToken.$current.withValue(token) { try await next(request, context) }
        if let mintedValue, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.setCookie(Cookie(
                name: cookieName, value: mintedValue, maxAge: Self.browserCookieLifetime, path: "/",
                secure: usesSecureCookies, httpOnly: true, sameSite: .lax
            ))
        }
        return response
    }

    static func isStateChanging(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }

    static func isWellFormedBrowserValue(_ value: String) -> Bool {
        value.utf8.count == 32 && value.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
    }

    /// The response refusing `request`, or nil when it may go on. Reads the form body when
    /// the token is not in a header; the handler then reads the same collected body.
    func refusal(of request: inout Request, binding: String?) async -> Response? {
        // "null" says nothing: browsers send it for Broadsheet's own forms too, because the
        // pages' Referrer-Policy is no-referrer. The token decides then.
        if let origin = request.headers[.origin], origin != "null", !allowedHosts.allows(origin: origin) {
            return Self.refusalPage(
                title: "Refused: sent from another site",
                message: "This request came from a page on \(String(origin.prefix(100))), not from Broadsheet, so nothing was changed. To do this, open Broadsheet itself and use its own page."
            )
        }
        if request.headers.value(.secFetchSite) == "cross-site" {
            return Self.refusalPage(
                title: "Refused: sent from another site",
                message: "Your browser says this request came from another site, so nothing was changed. To do this, open Broadsheet itself and use its own page."
            )
        }
        let presented: String?
        do {
            presented = try await presentedToken(in: &request)
        } catch {
            return .html(
                ErrorPage.render(
                    status: .contentTooLarge, title: "Too much sent",
                    message: "The form sent more than \(Self.maximumFormBytes / 1_048_576) MB, more than any of Broadsheet's forms needs; nothing was changed. Check what you chose to upload."
                ),
                status: .contentTooLarge
            )
        }
        guard let binding, let presented, protection.isValid(token: presented, binding: binding) else {
            return Self.refusalPage(
                title: "This form has expired",
                message: "The form did not carry the code that shows it came from this Broadsheet (it may be older than the browser's cookie, or come from another page), so nothing was changed. Reload the page and try again."
            )
        }
        return nil
    }

    /// The token from the `X-CSRF-Token` header or the form's hidden field.
    func presentedToken(in request: inout Request) async throws -> String? {
        if let name = HTTPField.Name(CSRFProtection.headerName), let value = request.headers[name] {
            return value
        }
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            let body = try await request.collectBody(upTo: Self.maximumFormBytes)
            return QueryParameters(query: String(buffer: body))[CSRFProtection.fieldName]
        }
        if contentType.hasPrefix("multipart/form-data") {
            let body = try await request.collectBody(upTo: Self.maximumFormBytes)
            let form = try? MultipartFormData(body: Array(buffer: body), contentType: request.headers[.contentType] ?? "")
            return form?.part(named: CSRFProtection.fieldName).map { String(decoding: $0.body, as: UTF8.self) }
        }
        return nil
    }

    static func refusalPage(title: String, message: String) -> Response {
        .html(ErrorPage.render(status: .forbidden, title: title, message: message), status: .forbidden)
    }
}
