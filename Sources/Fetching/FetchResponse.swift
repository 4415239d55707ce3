/// What a server sent back.
public struct FetchResponse: Sendable, Hashable {
    /// The URL the body came from, after redirects.
    public var url: String
    public var statusCode: Int
    /// Response headers with lower-cased names; repeated headers joined with ", ".
    public var headers: [String: String]
    /// The body, decompressed; empty for 304 Not Modified.
    public var body: [UInt8]
    /// Bytes the body took on the wire, before decompression (what a `304` would have saved).
    public var transferredBytes: Int

    public init(url: String, statusCode: Int, headers: [String: String], body: [UInt8], transferredBytes: Int? = nil) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.transferredBytes = transferredBytes ?? body.count
    }

    /// True for 304: the resource has not changed since the validators sent.
    public var isNotModified: Bool { statusCode == 304 }
    public var etag: String? { headers["etag"] }
    public var lastModified: String? { headers["last-modified"] }
    public var contentType: String? { headers["content-type"] }
}
