import HTTPTypes
import Hummingbird
import Logging
import NewsAPI

/// Puts the security headers on every response and turns every error into a page a
/// person can read (or, under `/v1` and `/v2`, into a NewsAPI error body).
struct ResponseHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let dependencies: WebAppDependencies

    /// Sanitized article HTML may still hold images from anywhere; nothing else may load.
    static var contentSecurityPolicy: String { SecurityPolicy.contentSecurityPolicy }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        dependencies.requests.add()
        var response: Response
        do {
            response = try await DateText.$timeZone.withValue(dependencies.configuration.timeZone) {
                try await next(request, context)
            }
        } catch {
            response = errorResponse(for: error, request: request)
        }
        SecurityPolicy.apply(to: &response.headers, proxyingImages: dependencies.configuration.imageProxy != nil)
        if NewsAPIController.isAPIPath(request.uri.path) {
            response.headers[.accessControlAllowOrigin] = "*"
            response.headers[.accessControlExposeHeaders] = NewsAPIController.exposedHeaders
        }
        return response
    }

    private func errorResponse(for error: any Error, request: Request) -> Response {
        let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
        if status.code >= 500 {
            dependencies.logger.error("Request failed", metadata: ["path": .string(request.uri.path), "error": .string(String(describing: error))])
        }
        if NewsAPIController.isAPIPath(request.uri.path) {
            // NewsAPI answers 400, 401, 429 or 500 with one of its codes, so apps written for
            // it never meet a 404 or 405 here.
            let path = String(request.uri.path.prefix(100))
            // The router answers "not found" for a known path asked with another method.
            let wrongMethod = status == .methodNotAllowed
                || (status == .notFound && request.method != .get && NewsAPIController.endpointPaths.contains(request.uri.path))
            var failure: APIFailure = switch wrongMethod ? .methodNotAllowed : status {
            case .notFound: APIFailure(code: .parameterInvalid, message: "There is no endpoint at \(path); use /v2/top-headlines, /v2/everything, /v2/top-headlines/sources, /v2/sources, /v1/sources or /v1/articles.")
            case .methodNotAllowed: APIFailure(code: .parameterInvalid, message: "The NewsAPI endpoints only answer GET requests; send the parameters in the query string.")
            default: APIFailure(status: .internalServerError, code: .unexpectedError, message: "Something went wrong on the server; try again, and check the server log if it keeps happening.")
            }
            if wrongMethod { failure.headers[.allow] = "GET, HEAD, OPTIONS" }
            return failure.response()
        }
        let page: HTML = switch status {
        case .notFound:
            ErrorPage.render(
                status: status, title: "Page not found",
                message: "There is nothing at this address. Start again from the list of sources.")
        case .methodNotAllowed:
            ErrorPage.render(status: status, title: "Not allowed", message: "This page cannot be used that way. Go back to the list of sources.")
        case .forbidden:
            ErrorPage.render(status: status, title: "Refused", message: (error as? PageError)?.message ?? "This request was refused.")
        default:
            ErrorPage.render(
                status: status, title: "Something went wrong",
                message: "Broadsheet could not show this page. Try again; if it keeps happening, the server log says why.")
        }
        return .html(page, status: status)
    }
}

/// A refusal shown to a person as a page.
struct PageError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        .html(ErrorPage.render(status: status, title: "Refused", message: message), status: status)
    }
}

/// The policy every response carries.
enum SecurityPolicy {
    /// Sets the security headers: the policy, no MIME sniffing, no referrer, no framing.
    /// With the image proxy on, images may only come from this server.
    static func apply(to headers: inout HTTPFields, proxyingImages: Bool = false) {
        headers[.contentSecurityPolicy] = proxyingImages ? proxiedImagesPolicy : contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers.set(.referrerPolicy, "no-referrer")
        headers.set(.xFrameOptions, "DENY")
    }

    /// Sanitized article HTML may still hold images from anywhere; nothing else may load.
    static let contentSecurityPolicy = policy(imageSources: "'self' https: http: data:")

    /// With the image proxy on, every image is served by this server: the browser refuses
    /// any other, so no page can make it contact another site.
    static let proxiedImagesPolicy = policy(imageSources: "'self' data:")

    private static func policy(imageSources: String) -> String {
        [
            "default-src 'none'",
            "style-src 'self'",
            "script-src 'self'",
            // The service worker fetches pages and assets from this origin (and only this one).
            "connect-src 'self'",
            "img-src \(imageSources)",
            "manifest-src 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ].joined(separator: "; ")
    }
}
