import HTTPTypes
import Hummingbird

/// Answers `304 Not Modified` when the browser already holds the page it asked for: a GET
/// or HEAD whose `If-None-Match` names the response's ETag gets the headers without the
/// body. Pages get their ETag from their content (`Response.html`), so a page a person
/// reloads without anything new costs a few hundred bytes instead of the whole page.
struct ConditionalRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .get || request.method == .head, response.status == .ok,
              let etag = response.headers[.eTag],
              let candidates = request.headers[.ifNoneMatch],
              Self.matches(candidates, etag: etag) else {
            return response
        }
        var headers = response.headers
        headers[.contentLength] = nil
        headers[.contentType] = nil
        return Response(status: .notModified, headers: headers)
    }

    /// The weak comparison of RFC 9110 §13.1.2: `W/"x"` and `"x"` match each other.
    static func matches(_ candidates: String, etag: String) -> Bool {
        guard candidates.utf8.count <= 8 * 1024 else { return false }
        let tag = opaqueTag(etag)
        return candidates.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || opaqueTag(trimmed) == tag
        }
    }

    private static func opaqueTag<S: StringProtocol>(_ value: S) -> Substring {
        let text = Substring(value)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
