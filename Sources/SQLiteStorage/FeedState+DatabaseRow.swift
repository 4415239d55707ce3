import GRDB
import Storage

extension FeedState {
    static func selection(from table: String) -> String {
        ["source_id", "etag", "last_modified", "last_attempt_at", "last_success_at", "last_error",
         "consecutive_failures", "next_refresh_at", "failing_since", "last_feed_bytes", "not_modified_count",
         "bytes_saved", "hub_url", "topic_url"].map { "\(table).\($0) AS state_\($0)" }.joined(separator: ", ")
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
            nextRefreshAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "state_next_refresh_at")),
            failingSince: StoredDate.date(try row.decode(Int64?.self, forColumn: "state_failing_since")),
            lastFeedBytes: try row.decode(Int64?.self, forColumn: "state_last_feed_bytes").map { Int(clamping: $0) },
            notModifiedCount: Int(clamping: try row.decode(Int64.self, forColumn: "state_not_modified_count")),
            bytesSaved: try row.decode(Int64.self, forColumn: "state_bytes_saved"),
            hubURL: try row.decode(forColumn: "state_hub_url"),
            topicURL: try row.decode(forColumn: "state_topic_url")
        )
    }
}
