import HTTPTypes
import Hummingbird
import ImageProxy

/// `/images/<signature>/<address>`: an image of another site, fetched by Broadsheet on the
/// reader's behalf (`ImageProxy`). Only paths Broadsheet signed are served (anything else is
/// 404, so this is no open proxy); a picture comes back with its sniffed type and is kept by
/// the browser for a year (the path names one address for good); a refusal comes back as
/// an error the pages' script turns into a tidy fallback, kept ten minutes.
struct ImageProxyController: Sendable {
    let images: WebImageProxy

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get("/images/:signature/:address") { request, context in
            try await response(for: request, signature: context.parameters.get("signature") ?? "", address: context.parameters.get("address") ?? "")
        }
    }

    func response(for request: Request, signature: String, address: String) async throws -> Response {
        guard let url = images.signer.url(signature: signature, encodedURL: address) else { throw HTTPError(.notFound) }
        // The same path is the same image: a browser asking again gets 304 without a fetch.
        let etag = "\"\(signature)\""
        if let candidates = request.headers[.ifNoneMatch], candidates.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: Self.keptForAYear])
        }
        switch await images.proxy.image(for: url) {
        case .success(let image):
            return Response(
                status: .ok,
                headers: [.contentType: image.kind.mediaType, .cacheControl: Self.keptForAYear, .eTag: etag],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes))
            )
        case .failure(let refusal):
            return Response(
                status: HTTPResponse.Status(code: refusal.statusCode),
                headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "private, max-age=600"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "This image is not shown: \(refusal.description).\n"))
            )
        }
    }

    /// Private: the images are shown to whoever may read the page, not to shared caches.
    static let keptForAYear = "private, max-age=31536000, immutable"
}

/// Sets `ProxiedImages.signer` for every request, so the pages name images by their proxied
/// paths. Added only when the proxy is on.
struct ImageProxyMiddleware<Context: RequestContext>: RouterMiddleware {
    let signer: ImageURLSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await ProxiedImages.$signer.withValue(signer) { try await next(request, context) }
    }
}
