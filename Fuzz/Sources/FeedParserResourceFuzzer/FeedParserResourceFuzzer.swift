import FeedParsing
import ResourceMeasurement

/// The whole feed path a refresh takes (parse, feedparser's document, the product's
/// projection with its sanitized HTML), held to memory and time proportional to the input:
/// a small feed that needs a lot of either (entity expansion, a quadratic scan) is a finding.
let feedBound = ResourceBound(fixedHeapBytes: 8 * 1_048_576, heapBytesPerInputByte: 64, fixedSeconds: 0.5, secondsPerInputByte: 0.000_05)

func fuzzFeedParserResources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let headers = ["Content-Type": size % 2 == 0 ? "text/xml; charset=windows-1252" : "application/atom+xml"]
    if let use = ResourceMeter.excess(of: feedBound, size: size, running: {
        if let document = try? FeedParser.parseDocument(bytes, url: "http://example.com/feed/", httpHeaders: headers) {
            _ = ParsedFeed(document)
            _ = document.feedparserJSON()
        }
    }) {
        ResourceMeter.fail("FeedParser", size: size, use: use, bound: feedBound)
    }
    return 0
}
