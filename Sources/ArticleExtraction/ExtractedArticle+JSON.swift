import Foundation

extension ExtractedArticle {
    /// The article as the `broadsheet extract` JSON object: `title`, `byline`, `date`,
    /// `site_name`, `excerpt`, `lead_image`, `language`, `html`, `text` (null where unknown).
    /// `date` is the page's own spelling when it is ISO 8601, so its day is the page's day.
    public var jsonObject: [String: Any] {
        func value(_ text: String?) -> Any { text.map { $0 as Any } ?? NSNull() }
        var date: String?
        if let written = publishedAsWritten, PublishedDateParser.writtenDay(of: written) != nil {
            date = written.trimmingCharacters(in: .whitespacesAndNewlines)
        } else if let published {
            date = ISO8601DateFormatter().string(from: published)
        }
        return [
            "title": value(title), "byline": value(byline), "date": value(date), "site_name": value(siteName),
            "excerpt": value(excerpt), "lead_image": value(leadImageURL), "language": value(language),
            "html": html, "text": text,
        ]
    }

    /// `jsonObject` serialized (UTF-8, keys sorted, slashes not escaped).
    public func jsonData() throws -> Data {
        try JSONSerialization.data(withJSONObject: jsonObject, options: [.sortedKeys, .withoutEscapingSlashes])
    }
}
