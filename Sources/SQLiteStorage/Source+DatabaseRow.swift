import Foundation
import GRDB
import NewsModel
import Storage

extension Source {
    /// The columns `init(row:)` reads, for `SELECT` lists (qualified by `table`).
    static func selection(from table: String) -> String {
        ["id", "name", "description", "site_url", "feed_url", "category", "language", "country",
         "icon_url", "is_demo", "added_at"].map { "\(table).\($0) AS source_\($0)" }.joined(separator: ", ")
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
            addedAt: StoredDate.date(try row.decode(Int64.self, forColumn: "source_added_at"))
        )
    }

    /// The values for the columns after `id`, in `selection` order.
    var columnValues: [(any DatabaseValueConvertible)?] {
        [name, description, siteURL, feedURL, category?.rawValue, language?.rawValue, country?.rawValue,
         iconURL, isDemo, StoredDate.microseconds(addedAt)]
    }
}

extension FeedState {
    static func selection(from table: String) -> String {
        ["source_id", "etag", "last_modified", "last_attempt_at", "last_success_at", "last_error",
         "consecutive_failures", "next_refresh_at"].map { "\(table).\($0) AS state_\($0)" }.joined(separator: ", ")
    }

    /// Reads a state from columns selected with `selection(from:)`; nil when the source has
    /// no state row (an outer join found none).
    init?(row: Row) throws {
        guard try row.decode(String?.self, forColumn: "state_source_id") != nil else { return nil }
        self.init(
            etag: try row.decode(forColumn: "state_etag"),
            lastModified: try row.decode(forColumn: "state_last_modified"),
            lastAttemptAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "state_last_attempt_at")),
            lastSuccessAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "state_last_success_at")),
            lastError: try row.decode(forColumn: "state_last_error"),
            consecutiveFailures: try row.decode(forColumn: "state_consecutive_failures"),
            nextRefreshAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "state_next_refresh_at"))
        )
    }
}
