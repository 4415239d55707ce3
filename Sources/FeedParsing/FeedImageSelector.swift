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
        let start: Int? = copy.withUTF8 { bytes in
            var index = 0
            while index + 4 < bytes.count {
                if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] | 0x20 == UInt8(ascii: "i"),
                   bytes[index + 2] | 0x20 == UInt8(ascii: "m"), bytes[index + 3] | 0x20 == UInt8(ascii: "g") {
                    return index
                }
                index += 1
            }
            return nil
        }
        guard var start else { return nil }
        let bytes = Array(html.utf8)
        while start + 4 < bytes.count {
            var tokenizer = HTMLTokenizer(Array(bytes[start...]))
            if let token = tokenizer.next(), token.kind == .startTag, token.tag == .img,
               let source = token.value(of: "src"), !source.isEmpty {
                return source
            }
            start += 1
            while start + 4 < bytes.count, !(bytes[start] == UInt8(ascii: "<") && bytes[start + 1] | 0x20 == UInt8(ascii: "i")
                && bytes[start + 2] | 0x20 == UInt8(ascii: "m") && bytes[start + 3] | 0x20 == UInt8(ascii: "g")) {
                start += 1
            }
        }
        return nil
    }
}
