/// One GET to make: the URL and the validators from the last response, for a conditional
/// request; or, with a `form`, one POST of that form (a WebSub subscription request).
public struct FetchRequest: Sendable, Hashable {
    public var url: String
    /// The `ETag` of the last successful response (sent as `If-None-Match`).
    public var etag: String?
    /// The `Last-Modified` of the last successful response (sent as `If-Modified-Since`).
    public var lastModified: String?
    /// What the caller can read, as an `Accept` header.
    public var accept: String
    /// The largest body accepted, after decompression; nil uses the fetcher's default.
    public var maximumBodyBytes: Int?
    /// An `application/x-www-form-urlencoded` body to POST instead of a GET. A POST is never
    /// redirected (a redirect answer is an error) and sends no validators.
    public var form: [UInt8]?

    public init(url: String, etag: String? = nil, lastModified: String? = nil, accept: String = FetchRequest.acceptFeeds, maximumBodyBytes: Int? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.accept = accept
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// A POST of `form` (already encoded) to `url`.
    public init(posting form: [UInt8], to url: String, maximumBodyBytes: Int? = nil) {
        self.init(url: url, accept: "*/*", maximumBodyBytes: maximumBodyBytes)
        self.form = form
    }

    public static let acceptFeeds = "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.5, */*;q=0.1"
    public static let acceptPages = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1"
}
