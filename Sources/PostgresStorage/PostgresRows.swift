import Foundation
import NewsModel
import PostgresNIO
import Storage

/// Values read from rows selected with the same column aliases as the SQLite backend's.
extension Source {
    static func selection(from table: String) -> String {
        ["id", "name", "description", "site_url", "feed_url", "category", "language", "country",
         "icon_url", "is_demo", "added_at", "inferred_language", "inferred_country", "inferred_category"]
            .map { "\(table).\($0) AS source_\($0)" }.joined(separator: ", ")
    }

    init(postgresRow row: PostgresRandomAccessRow) throws {
        let idText = try row["source_id"].decode(String.self)
        self.init(
            id: SourceID(rawValue: idText) ?? SourceID(slugging: idText),
            name: try row["source_name"].decode(String.self),
            description: try row["source_description"].decode(String?.self),
            siteURL: try row["source_site_url"].decode(String?.self),
            feedURL: try row["source_feed_url"].decode(String.self),
            category: try row["source_category"].decode(String?.self).flatMap(Category.init(rawValue:)),
            language: try row["source_language"].decode(String?.self).flatMap(Language.init(rawValue:)),
            country: try row["source_country"].decode(String?.self).flatMap(Country.init(rawValue:)),
            iconURL: try row["source_icon_url"].decode(String?.self),
            isDemo: try row["source_is_demo"].decode(Bool.self),
            addedAt: StoredDate.date(try row["source_added_at"].decode(Int64.self)),
            inferred: SourceTraits(
                language: try row["source_inferred_language"].decode(String?.self).flatMap(Language.init(rawValue:)),
                country: try row["source_inferred_country"].decode(String?.self).flatMap(Country.init(rawValue:)),
                category: try row["source_inferred_category"].decode(String?.self).flatMap(Category.init(rawValue:))
            )
        )
    }
}

extension FeedState {
    static func selection(from table: String) -> String {
        ["source_id", "etag", "last_modified", "last_attempt_at", "last_success_at", "last_error",
         "consecutive_failures", "next_refresh_at", "failing_since", "last_feed_bytes", "not_modified_count",
         "bytes_saved", "hub_url", "topic_url"].map { "\(table).\($0) AS state_\($0)" }.joined(separator: ", ")
    }

    /// nil when the source has no state row (an outer join found none).
    init?(postgresRow row: PostgresRandomAccessRow) throws {
        guard try row["state_source_id"].decode(String?.self) != nil else { return nil }
        self.init(
            etag: try row["state_etag"].decode(String?.self),
            lastModified: try row["state_last_modified"].decode(String?.self),
            lastAttemptAt: StoredDate.date(try row["state_last_attempt_at"].decode(Int64?.self)),
            lastSuccessAt: StoredDate.date(try row["state_last_success_at"].decode(Int64?.self)),
            lastError: try row["state_last_error"].decode(String?.self),
            consecutiveFailures: Int(try row["state_consecutive_failures"].decode(Int32.self)),
            nextRefreshAt: StoredDate.date(try row["state_next_refresh_at"].decode(Int64?.self)),
            failingSince: StoredDate.date(try row["state_failing_since"].decode(Int64?.self)),
            lastFeedBytes: try row["state_last_feed_bytes"].decode(Int64?.self).map { Int(clamping: $0) },
            notModifiedCount: Int(clamping: try row["state_not_modified_count"].decode(Int64.self)),
            bytesSaved: try row["state_bytes_saved"].decode(Int64.self),
            hubURL: try row["state_hub_url"].decode(String?.self),
            topicURL: try row["state_topic_url"].decode(String?.self)
        )
    }
}

extension Article {
    static let postgresSelection = postgresSelection(includingContent: true)

    /// The same columns with NULL for the two whole texts, for lists that show only the excerpt.
    static let postgresSelectionWithoutContent = postgresSelection(includingContent: false)

    private static func postgresSelection(includingContent: Bool) -> String {
        let columns = [
            "a.id", "a.source_id", "a.guid", "t.title", "a.author", "t.summary", "t.content_html", "t.content_text",
            "a.url", "a.image_url", "a.published_at", "a.fetched_at", "a.language", "a.read_count",
        ].map { column in
            let name = "article_\(column.dropFirst(2))"
            return !includingContent && column.hasPrefix("t.content_") ? "NULL::text AS \(name)" : "\(column) AS \(name)"
        }
        return (columns + ["e.text AS article_excerpt_text", "e.character_count AS article_excerpt_count"]).joined(separator: ", ")
    }

    static let postgresTables = "articles a JOIN article_texts t ON t.article_id = a.id LEFT JOIN article_excerpts e ON e.article_id = a.id"

    /// A listed article's source name (`source_name`), looked up per article by its key: as
    /// a join, the plan for a page's ids hashed every source of the library first (1,000
    /// sources: 0.5 ms of a 0.7 ms statement, on every list).
    static let postgresSourceName = "(SELECT s.name FROM sources s WHERE s.id = a.source_id) AS source_name"

    /// A listed article and its source's name, from a row with `postgresSourceName`.
    static func listed(postgresRow row: PostgresRandomAccessRow) throws -> (article: Article, sourceName: String?) {
        (try Article(postgresRow: row), try row["source_name"].decode(String?.self))
    }

    init(postgresRow row: PostgresRandomAccessRow) throws {
        let sourceText = try row["article_source_id"].decode(String.self)
        let excerpt = try row["article_excerpt_text"].decode(String?.self).map { text in
            TextExcerpt(text: text, characterCount: Int(try row["article_excerpt_count"].decode(Int64.self)))
        }
        self.init(
            id: ArticleID(rawValue: try row["article_id"].decode(Int64.self)),
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            guid: try row["article_guid"].decode(String.self),
            title: try row["article_title"].decode(String.self),
            author: try row["article_author"].decode(String?.self),
            summary: try row["article_summary"].decode(String?.self),
            contentHTML: try row["article_content_html"].decode(String?.self),
            contentText: try row["article_content_text"].decode(String?.self),
            url: try row["article_url"].decode(String?.self),
            imageURL: try row["article_image_url"].decode(String?.self),
            publishedAt: StoredDate.date(try row["article_published_at"].decode(Int64.self)),
            fetchedAt: StoredDate.date(try row["article_fetched_at"].decode(Int64.self)),
            language: try row["article_language"].decode(String?.self).flatMap(Language.init(rawValue:)),
            readCount: Int(try row["article_read_count"].decode(Int64.self)),
            excerpt: excerpt
        )
    }
}

extension ReaderView {
    static let postgresSelection = [
        "article_id", "outcome", "html", "text", "title", "byline", "lead_image_url", "published_at",
        "site_name", "failure_reason", "extracted_at",
    ].map { "r.\($0) AS reader_\($0)" }.joined(separator: ", ")

    /// nil when there is none.
    init?(postgresRow row: PostgresRandomAccessRow) throws {
        guard try row["reader_article_id"].decode(Int64?.self) != nil else { return nil }
        self.init(
            outcome: Outcome(rawValue: try row["reader_outcome"].decode(String.self)) ?? .failed,
            html: try row["reader_html"].decode(String.self),
            text: try row["reader_text"].decode(String.self),
            title: try row["reader_title"].decode(String?.self),
            byline: try row["reader_byline"].decode(String?.self),
            leadImageURL: try row["reader_lead_image_url"].decode(String?.self),
            publishedAt: StoredDate.date(try row["reader_published_at"].decode(Int64?.self)),
            siteName: try row["reader_site_name"].decode(String?.self),
            failureReason: try row["reader_failure_reason"].decode(String?.self),
            extractedAt: StoredDate.date(try row["reader_extracted_at"].decode(Int64.self))
        )
    }
}

extension APIKey {
    static let postgresSelection = "id, user_id, name, is_enabled, created_at, prefix"

    init(postgresRow row: PostgresRandomAccessRow) throws {
        self.init(
            id: try row["id"].decode(Int64.self),
            userID: UserID(rawValue: try row["user_id"].decode(Int64.self)),
            name: try row["name"].decode(String.self),
            isEnabled: try row["is_enabled"].decode(Bool.self),
            createdAt: StoredDate.date(try row["created_at"].decode(Int64.self)),
            prefix: try row["prefix"].decode(String.self)
        )
    }
}
