#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Markup

/// The best picture for an entry (NewsAPI's `urlToImage`): a media thumbnail, an image in
/// media content, an image enclosure, the iTunes image, else the first image in the content.
enum FeedImageSelector {
    static func bestImage(in entry: FeedDictionary, content: String?, base: String?) -> String? {
        func absolute(_ candidate: String?) -> String? {
            guard let candidate, !candidate.isEmpty else { return nil }
            if URLResolver.isPlainAbsoluteWebURL(candidate) { return candidate }
            let url = FeedText.strippingWhitespace(candidate)
            guard !url.isEmpty else { return nil }
            guard let base, URLResolver.scheme(of: url) == nil else { return url }
            return URLResolver.resolve(url, against: base)
        }
        for value in entry["media_thumbnail"]?.listValue ?? [] {
            if let url = absolute(value.dictionaryValue?.string("url")) { return url }
        }
        for value in entry["media_content"]?.listValue ?? [] {
            guard let media = value.dictionaryValue else { continue }
            let isImage = media.string("medium") == "image" || (media.string("type") ?? "").hasPrefix("image/")
                || (media.string("medium") == nil && media.string("type") == nil && looksLikeImageURL(media.string("url") ?? ""))
            if isImage, let url = absolute(media.string("url")) { return url }
        }
        for value in entry["links"]?.listValue ?? [] {
            guard let link = value.dictionaryValue, link.string("rel") == "enclosure" else { continue }
            if (link.string("type") ?? "").hasPrefix("image/") || (link.string("type") == nil && looksLikeImageURL(link.string("href") ?? "")),
               let url = absolute(link.string("href")) {
                return url
            }
        }
        if let image = entry["image"]?.dictionaryValue, let url = absolute(image.string("href") ?? image.string("url")) {
            return url
        }
        if let content, let source = firstImageSource(in: content) { return absolute(source) }
        return nil
    }

    static func looksLikeImageURL(_ url: String) -> Bool {
        let path = url.lowercased().split(separator: "?").first.map(String.init) ?? ""
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"].contains { path.hasSuffix($0) }
    }

    /// The `src` of the first `<img>` in `html`.
    static func firstImageSource(in html: String) -> String? {
        var copy = html
        return copy.withUTF8 { bytes in
            var candidate = nextImageTag(in: bytes, from: 0)
            while let start = candidate {
                if let source = imageSource(in: bytes, at: start) { return source }
                candidate = nextImageTag(in: bytes, from: start + 1)
            }
            return nil
        }
    }

    /// Where the next `<img` (any case) starts, at or after `from`; memchr finds each `<`.
    private static func nextImageTag(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = from
        while index + 4 < bytes.count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - 4 - index) else { return nil }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index + 1] | 0x20 == UInt8(ascii: "i"), bytes[index + 2] | 0x20 == UInt8(ascii: "m"),
               bytes[index + 3] | 0x20 == UInt8(ascii: "g") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The `src` of the `<img>` tag at `start`, if that is what is there. The tag is read from
    /// a copy of a window of the input (not of all the rest); a tag longer than the window,
    /// which the window cuts off and the tokenizer therefore drops, is read again from all of it.
    private static func imageSource(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> String? {
        let end = min(bytes.count, start + 4_096)
        var tokenizer = HTMLTokenizer(Array(bytes[start..<end]))
        var token = tokenizer.next()
        if end < bytes.count, token?.kind != .startTag {
            tokenizer = HTMLTokenizer(Array(bytes[start...]))
            token = tokenizer.next()
        }
        guard let token, token.kind == .startTag, token.tag == .img, let source = token.value(of: "src"), !source.isEmpty else {
            return nil
        }
        return source
    }
}
