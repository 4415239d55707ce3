import GRDB
import Storage
import NewsModel

extension ReaderView {
    /// The columns `init(row:startingAt:)` reads, in its order.
    private static let columns = [
        "article_id", "outcome", "html", "text", "title", "byline", "lead_image_url", "published_at",
        "site_name", "failure_reason", "extracted_at",
    ]

    static let selection = columns.map { "r.\($0) AS reader_\($0)" }.joined(separator: ", ")

    /// How many columns `selection` lists.
    static var columnCount: Int { columns.count }

    /// Reads a reader view from the columns `selection` listed, which start at `first` (after
    /// an article's: `Article.columnCount`); nil when there is none. By position, as
    /// `Article(row:)` reads: each column found by name was a case-insensitive look-up.
    init?(row: some PositionalColumns, startingAt first: Int) throws {
        guard try row.optionalInt64(at: first) != nil else { return nil }
        func text(_ offset: Int) throws -> String { try row.text(at: first + offset) }
        func optional(_ offset: Int) throws -> String? { try row.optionalText(at: first + offset) }
        self.init(
            outcome: Outcome(rawValue: try text(1)) ?? .failed,
            html: try text(2),
            text: try text(3),
            title: try optional(4),
            byline: try optional(5),
            leadImageURL: try optional(6),
            publishedAt: StoredDate.date(try row.optionalInt64(at: first + 7)),
            siteName: try optional(8),
            failureReason: try optional(9),
            extractedAt: StoredDate.date(try row.int64(at: first + 10))
        )
    }
}
