import Fetching

extension FetchResponse {
    /// The headers the feed parser should see: none for a local file, whose "headers" are
    /// Broadsheet's own bookkeeping and say nothing about the bytes.
    var headersForParsing: [String: String] {
        url.hasPrefix("file:") ? [:] : headers
    }
}
