import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    public func postingActivity(of source: SourceID, over days: LocalDayRange) async throws -> PostingActivity {
        let offsets = PostingDayStatement(days: days)
        return try await pool.read { db in
            var activity = PostingActivity()
            var first: Int64?, last: Int64?
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT (quarter_hour * 900 + \(offsets.caseExpression(placeholder: { _ in "?" }))) / 86400 AS day,
                           sum(article_count) AS articles, min(quarter_hour) AS first_quarter, max(quarter_hour) AS last_quarter
                    FROM source_posting_times
                    WHERE source_id = ? AND quarter_hour >= ? AND quarter_hour < ?
                    GROUP BY day
                    """,
                arguments: StatementArguments(offsets.caseValues) + [source.rawValue, offsets.firstQuarterHour, offsets.endQuarterHour]
            )
            while let row = try rows.next() {
                let day = Int(try row.decode(Int64.self, forColumn: "day"))
                activity.articlesByDay[day] = Int(try row.decode(Int64.self, forColumn: "articles"))
                let rowFirst = try row.decode(Int64.self, forColumn: "first_quarter"), rowLast = try row.decode(Int64.self, forColumn: "last_quarter")
                first = min(first ?? rowFirst, rowFirst)
                last = max(last ?? rowLast, rowLast)
            }
            activity.firstPostedAt = first.map(PostingActivity.date(ofQuarterHour:))
            activity.lastPostedAt = last.map(PostingActivity.date(ofQuarterHour:))
            return activity
        }
    }

    public func lastPostingDates(for user: UserID) async throws -> [SourceID: Date] {
        try await pool.read { db in
            // One index probe per followed source (the newest quarter hour of its key range).
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.source_id AS source_id,
                           (SELECT max(p.quarter_hour) FROM source_posting_times p WHERE p.source_id = s.source_id) AS last_quarter
                    FROM subscriptions s WHERE s.user_id = ?
                    """,
                arguments: [user.rawValue]
            )
            var dates: [SourceID: Date] = [:]
            for row in rows {
                guard let quarter = try row.decode(Int64?.self, forColumn: "last_quarter"),
                      let id = SourceID(rawValue: try row.decode(String.self, forColumn: "source_id")) else { continue }
                dates[id] = PostingActivity.date(ofQuarterHour: quarter)
            }
            return dates
        }
    }
}
