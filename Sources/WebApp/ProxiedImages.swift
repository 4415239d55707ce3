import ImageProxy
import Markup
import SyncSupport

/// The addresses pages give images. With the image proxy on (a signer set for the request by
/// `ImageProxyMiddleware`), an image on another site is named by its signed `/images/…` path
/// on this server, so opening a page sends nothing to any other site; an image on this
/// server keeps its path; anything else (a `data:` address, a scheme no browser should
/// fetch) is not shown. With the proxy off, addresses are left as they are.
enum ProxiedImages {
    /// The signer for the request being answered; nil when the proxy is off.
    @TaskLocal static var signer: ImageURLSigner?

    /// The address a page uses for the image at `url`; nil when it shows no image.
    static func source(_ url: String) -> String? {
        guard let signer else { return url }
        if url.hasPrefix("/"), !url.hasPrefix("//") { return url }
        return signer.path(for: url)
    }

    /// Sanitized article HTML with every image address (`<img src>`, `<input src>`, `<video
    /// poster>`, `background`) given as `source` gives it; an `<img>` whose address cannot
    /// be shown goes. The HTML is the sanitizer's output (lower-case names, attribute values
    /// double-quoted with `"`, `<` and `>` escaped), which is what the store keeps; comments
    /// in it are skipped.
    static func rewritingImages(in html: String) -> String {
        guard let signer else { return html }
        var copy = html
        return copy.withUTF8 { bytes in
            guard let rewritten = rewrite(bytes, signer: signer) else { return html }
            return String(decoding: rewritten, as: UTF8.self)
        }
    }

    /// The rewritten bytes, or nil when there was nothing to change.
    private static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, signer: ImageURLSigner) -> [UInt8]? {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts(bytes, at: index, with: "<!--") {
                index = end(of: "-->", in: bytes, from: index + 4)
                continue
            }
            let nameStart = index + 1
            var nameEnd = nameStart
            while nameEnd < count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let tagEnd = end(of: ">", in: bytes, from: nameEnd)
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            defer { index = tagEnd }
            guard nameEnd > nameStart, tagEnd <= count else { continue }
            // Each attribute that names an image: where its value is.
            var changes: [(range: Range<Int>, replacement: String?)] = []
            var position = nameEnd
            while let attribute = nextAttribute(bytes, from: position, before: tagEnd) {
                position = attribute.value.upperBound + 1
                let isImage = switch (name, attribute.name) {
                case ("img", "src"), ("input", "src"), ("video", "poster"), (_, "background"): true
                default: false
                }
                guard isImage else { continue }
                let raw = UnsafeBufferPointer(rebasing: bytes[attribute.value])
                var decoded: [UInt8] = []
                HTMLEntities.decode(raw, inAttribute: true, into: &decoded)
                let url = String(decoding: decoded, as: UTF8.self)
                let trimmed = url.trimmingSpaces()
                let replacement: String? = trimmed.isEmpty ? "" : (trimmed.hasPrefix("/") && !trimmed.hasPrefix("//") ? trimmed : signer.path(for: trimmed))
                changes.append((attribute.value, replacement))
            }
            guard !changes.isEmpty else { continue }
            if name == "img", changes.contains(where: { $0.replacement == nil }) {
                // An image no browser may fetch from here: the element goes.
                output.append(contentsOf: bytes[copied..<index])
                copied = tagEnd
                continue
            }
            for change in changes {
                output.append(contentsOf: bytes[copied..<change.range.lowerBound])
                output.append(contentsOf: HTML.escape(change.replacement ?? "").utf8)
                copied = change.range.upperBound
            }
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    /// The next ` name="value"` in a tag (the sanitizer's form), before `limit`.
    private static func nextAttribute(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int) -> (name: String, value: Range<Int>)? {
        var index = start
        while index < limit {
            while index < limit, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "/") { index += 1 }
            let nameStart = index
            while index < limit, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: ">") { index += 1 }
            guard index < limit, index > nameStart else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
            guard bytes[index] == UInt8(ascii: "="), index + 1 < limit, bytes[index + 1] == UInt8(ascii: "\"") else { continue }
            let valueStart = index + 2
            let valueEnd = Self.end(of: "\"", in: bytes, from: valueStart) - 1
            guard valueEnd < limit, valueEnd >= valueStart else { return nil }
            return (name, valueStart..<valueEnd)
        }
        return nil
    }

    /// Just past the next `marker` from `start`, or the end of `bytes`.
    private static func end(of marker: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if starts(bytes, at: index, with: marker) { return index + marker.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with marker: StaticString) -> Bool {
        let length = marker.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] != marker.utf8Start[offset] { return false }
        return true
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }
}
