import FeedParsing
import Markup

/// libFuzzer entry point: any bytes, as a feed (with and without HTTP headers), as HTML to
/// sanitize, and as CSS. Every call must return; crashes, hangs and leaks are the findings.
func fuzzFeedParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = try? FeedParser.parse(bytes)
    let headers = ["Content-Type": size % 2 == 0 ? "text/xml; charset=windows-1252" : "application/atom+xml"]
    if let document = try? FeedParser.parseDocument(bytes, url: "http://example.com/feed/", httpHeaders: headers) {
        _ = document.feedparserJSON()
        _ = ParsedFeed(document)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    _ = HTMLSanitizer.sanitize(text, baseURL: "https://example.com/a/b")
    _ = CSSSanitizer.sanitize(text)
    return 0
}
