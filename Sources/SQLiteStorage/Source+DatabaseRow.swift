import Foundation
import GRDB
import NewsModel
import Storage

extension Source {
    /// The columns `init(row:startingAt:)` reads, in its order.
    private static let columns = [
        "id", "name", "description", "site_url", "feed_url", "category", "language", "country",
        "icon_url", "is_demo", "added_at", "inferred_language", "inferred_country", "inferred_category",
    ]

    /// How many columns `selection(from:)` lists.
    static var columnCount: Int { columns.count }

    /// The columns `init(row:startingAt:)` reads, for `SELECT` lists (qualified by `table`).
    static func selection(from table: String) -> String {
        columns.map { "\(table).\($0) AS source_\($0)" }.joined(separator: ", ")
    }

    /// Reads a source from the columns `selection(from:)` listed, first in the row.
    init(row: Row) throws {
        try self.init(row: row, startingAt: 0)
    }

    /// Reads a source from the columns `selection(from:)` listed, which start at `first`.
    /// By position, as `Article(row:)` reads: by name each column was a case-insensitive
    /// look-up, and an article page reads some twenty sources (its "Also covered by").
    init(row: some PositionalColumns, startingAt first: Int) throws {
        let idText = try row.text(at: first)
        func text(_ offset: Int) throws -> String? { try row.optionalText(at: first + offset) }
        self.init(
            id: SourceID(rawValue: idText) ?? SourceID(slugging: idText),
            name: try row.text(at: first + 1),
            description: try text(2),
            siteURL: try text(3),
            feedURL: try row.text(at: first + 4),
            category: try text(5).flatMap(Category.init(rawValue:)),
            language: try text(6).flatMap(Language.init(rawValue:)),
            country: try text(7).flatMap(Country.init(rawValue:)),
            iconURL: try text(8),
            isDemo: try row.bool(at: first + 9),
            addedAt: StoredDate.date(try row.int64(at: first + 10)),
            inferred: SourceTraits(
                language: try text(11).flatMap(Language.init(rawValue:)),
                country: try text(12).flatMap(Country.init(rawValue:)),
                category: try text(13).flatMap(Category.init(rawValue:))
            )
        )
    }

    /// The values a person may set, for the columns after `id` up to `added_at`, in
    /// `selection` order.
    var columnValues: [(any DatabaseValueConvertible)?] {
        [name, description, siteURL, feedURL, category?.rawValue, language?.rawValue, country?.rawValue,
         iconURL, isDemo, StoredDate.microseconds(addedAt)]
    }

    /// The values for the `inferred_*` columns, in `selection` order.
    var inferredColumnValues: [(any DatabaseValueConvertible)?] {
        [inferred.language?.rawValue, inferred.country?.rawValue, inferred.category?.rawValue]
    }
}
