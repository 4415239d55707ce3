import HTTPTypes
import Hummingbird

/// Refuses every request whose `Host` is not one this server answers to (`AllowedHosts`),
/// on every route, before anything else looks at it: the wall against DNS rebinding.
///
/// A request without any host (an HTTP/1.0 client) passes: rebinding is done through a
/// browser, and browsers always send one.
struct HostGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowedHosts: AllowedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, !allowedHosts.allows(authority: authority) else {
            return try await next(request, context)
        }
        return Self.refusal(authority: authority, path: request.uri.path)
    }

    static func refusal(authority: String, path: String) -> Response {
        let shown = String(authority.prefix(100))
        let name = AllowedHosts.hostName(ofAuthority: authority) ?? shown
        let advice = "If people reach this server under that name, start it with --allowed-host \(name) (or give its address with --public-url)."
        if NewsAPIController.isAPIPath(path) {
            return APIFailure(status: .forbidden, code: .parameterInvalid, message: "This server does not answer to the host name \(shown). \(advice)").response()
        }
        return .html(
            ErrorPage.render(
                status: .forbidden, title: "Unknown host name",
                message: "This Broadsheet does not answer to the name “\(shown)”, so the request was refused: a web page can give its own name to your server's address to read it from your browser. \(advice)"
            ),
            status: .forbidden
        )
    }
}
