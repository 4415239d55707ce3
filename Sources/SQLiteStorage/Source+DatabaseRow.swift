import Foundation
import GRDB
import NewsModel
import Storage

extension Source {
    /// The columns `init(row:)` reads, for `SELECT` lists (qualified by `table`).
    static func selection(from table: String) -> String {
        ["id", "name", "description", "site_url", "feed_url", "category", "language", "country",
         "icon_url", "is_demo", "added_at", "inferred_language", "inferred_country", "inferred_category"].map { "\(table).\($0) AS source_\($0)" }.joined(separator: ", ")
    }

    /// Reads a source from columns selected with `selection(from:)`.
    init(row: Row) throws {
        let idText: String = try row.decode(forColumn: "source_id")
        self.init(
            id: SourceID(rawValue: idText) ?? SourceID(slugging: idText),
            name: try row.decode(forColumn: "source_name"),
            description: try row.decode(forColumn: "source_description"),
            siteURL: try row.decode(forColumn: "source_site_url"),
            feedURL: try row.decode(forColumn: "source_feed_url"),
            category: (try row.decode(String?.self, forColumn: "source_category")).flatMap(Category.init(rawValue:)),
            language: (try row.decode(String?.self, forColumn: "source_language")).flatMap(Language.init(rawValue:)),
            country: (try row.decode(String?.self, forColumn: "source_country")).flatMap(Country.init(rawValue:)),
            iconURL: try row.decode(forColumn: "source_icon_url"),
            isDemo: try row.decode(forColumn: "source_is_demo"),
            addedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "source_added_at")),
            inferred: SourceTraits(
                language: (try row.decode(String?.self, forColumn: "source_inferred_language")).flatMap(Language.init(rawValue:)),
                country: (try row.decode(String?.self, forColumn: "source_inferred_country")).flatMap(Country.init(rawValue:)),
                category: (try row.decode(String?.self, forColumn: "source_inferred_category")).flatMap(Category.init(rawValue:))
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
