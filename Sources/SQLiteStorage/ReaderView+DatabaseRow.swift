import GRDB
import Storage
import NewsModel

extension ReaderView {
    static let selection = [
        "article_id", "outcome", "html", "text", "title", "byline", "lead_image_url", "published_at",
        "site_name", "failure_reason", "extracted_at",
    ].map { "r.\($0) AS reader_\($0)" }.joined(separator: ", ")

    /// Reads a reader view from columns selected with `selection`; nil when there is none.
    init?(row: Row) throws {
        guard try row.decode(Int64?.self, forColumn: "reader_article_id") != nil else { return nil }
        let outcomeText: String = try row.decode(forColumn: "reader_outcome")
        self.init(
            outcome: Outcome(rawValue: outcomeText) ?? .failed,
            html: try row.decode(forColumn: "reader_html"),
            text: try row.decode(forColumn: "reader_text"),
            title: try row.decode(forColumn: "reader_title"),
            byline: try row.decode(forColumn: "reader_byline"),
            leadImageURL: try row.decode(forColumn: "reader_lead_image_url"),
            publishedAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "reader_published_at")),
            siteName: try row.decode(forColumn: "reader_site_name"),
            failureReason: try row.decode(forColumn: "reader_failure_reason"),
            extractedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "reader_extracted_at"))
        )
    }
}
