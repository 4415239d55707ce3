import Foundation
import HTTPTypes
import Hummingbird

/// Serves the compiled-in assets with ETags (a matching `If-None-Match` gets 304) and
/// long caching when the link carries the asset's current version.
struct StaticAssetController: Sendable {
    /// Demo edition images by file name (`<name>.svg`).
    let demoImages: @Sendable (String) -> String?

    func register<Context: RequestContext>(on router: Router<Context>) {
        for asset in StaticAssets.all {
            router.get(RouterPath(asset.path)) { request, _ in
                Self.response(for: asset, request: request)
            }
        }
        router.get("/demo/images/:name") { request, context in
            let fileName = context.parameters.get("name") ?? ""
            guard fileName.hasSuffix(".svg"), fileName.utf8.count <= 128, let svg = demoImages(fileName) else {
                throw HTTPError(.notFound)
            }
            return Self.response(for: StaticAsset(path: request.uri.path, contentType: "image/svg+xml", text: svg), request: request)
        }
    }

    static func response(for asset: StaticAsset, request: Request) -> Response {
        let isCurrentVersion = QueryParameters(query: request.uri.query)["v"] == asset.version
        let cacheControl = isCurrentVersion ? "public, max-age=31536000, immutable" : "public, max-age=3600, must-revalidate"
        let headers: HTTPFields = [.contentType: asset.contentType, .eTag: asset.etag, .cacheControl: cacheControl]
        if let candidates = request.headers[.ifNoneMatch],
           candidates.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == asset.etag || $0.trimmingCharacters(in: .whitespaces) == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
