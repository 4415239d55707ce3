import Markup
import ResourceMeasurement

/// The HTML sanitizer (with and without its hygiene pass, and the CSS one inside it), held to memory and time proportional
/// to the input: every article's content passes through it.
let sanitizerBound = ResourceBound(fixedHeapBytes: 4 * 1_048_576, heapBytesPerInputByte: 32, fixedSeconds: 0.25, secondsPerInputByte: 0.000_02)

func fuzzSanitizerResources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    if let use = ResourceMeter.excess(of: sanitizerBound, size: size, running: {
        // Both ways articles take: as feeds deliver them, and with the hygiene pass that
        // readers get (trackers, empty links, headings, colours).
        for hygiene in [false, true] {
            let clean = HTMLSanitizer.sanitize(text, baseURL: "https://example.com/a/b", hygiene: hygiene)
            if clean.lowercased().contains("<script") || clean.lowercased().contains("<form") {
                fatalError("sanitized output holds a script or a form")
            }
        }
        _ = CSSSanitizer.sanitize(text)
    }) {
        ResourceMeter.fail("HTMLSanitizer", size: size, use: use, bound: sanitizerBound)
    }
    return 0
}
