import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOHTTPTypesHTTP1

/// Compresses text answers (pages, styles, scripts, JSON, OPML) with gzip or deflate when
/// the browser says it accepts them, with NIO's compressor, which reads `Accept-Encoding`
/// (q-values included) and streams the body.
enum ResponseCompression {
    /// Bodies smaller than this gain too little to be worth the work (and the header bytes).
    static let minimumBytes = 860

    /// The channel handlers to add after Hummingbird's HTTP/1 decoding. Hummingbird hands
    /// its added handlers HTTP-types parts while the compressor speaks NIO's HTTP/1 parts,
    /// so it sits between a converter to those and one back.
    static func channelHandlers() -> [any RemovableChannelHandler] {
        [
            HTTPToHTTP1ServerCodec(),
            HTTPResponseCompressor(responseCompressionPredicate: { head, _ in Self.prepare(&head) }),
            HTTP1ToHTTPServerCodec(secure: false),
        ]
    }

    /// Decides for one response head, and says so in it: `Vary` for caches, and a weak ETag
    /// because the compressed bytes differ from the uncompressed ones the tag was made of.
    static func prepare(_ head: inout HTTPResponseHead) -> HTTPResponseCompressor.CompressionIntent {
        guard isCompressible(head) else { return .doNotCompress }
        head.headers.replaceOrAdd(name: "Vary", value: "Accept-Encoding")
        if let etag = head.headers.first(name: "ETag"), !etag.hasPrefix("W/") {
            head.headers.replaceOrAdd(name: "ETag", value: "W/" + etag)
        }
        return .compressIfPossible
    }

    static func isCompressible(_ head: HTTPResponseHead) -> Bool {
        guard head.status == .ok, !head.headers.contains(name: "Content-Encoding") else { return false }
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length < minimumBytes {
            return false
        }
        guard let type = head.headers.first(name: "Content-Type") else { return false }
        let mediaType = mediaType(of: type)
        return mediaType.hasPrefix("text/") || compressibleTypes.contains(mediaType)
    }

    /// The media type of a `Content-Type` value, lower-cased, without its parameters and
    /// the spaces around it: "Text/HTML ; charset=utf-8" gives "text/html". On the bytes:
    /// every answer asks, and Foundation's trimming cost more than the rest of the decision.
    static func mediaType(of contentType: String) -> String {
        let bytes = contentType.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = bytes[..<end].firstIndex { !isSpace($0) } ?? end
        let last = bytes[start..<end].lastIndex { !isSpace($0) }
        guard let last else { return "" }
        return String(decoding: bytes[start...last].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static let compressibleTypes: Set<String> = [
        "application/json", "application/manifest+json", "application/javascript",
        "image/svg+xml", "application/xml", "application/opensearchdescription+xml",
    ]
}
