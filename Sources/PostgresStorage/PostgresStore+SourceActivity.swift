import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    public func postingActivity(of source: SourceID, over days: LocalDayRange) async throws -> PostingActivity {
        let offsets = PostingDayStatement(days: days)
        var statement = BoundStatement()
        let values = offsets.caseValues.map { statement.bind($0) }
        let offset = offsets.caseExpression(placeholder: { values[$0] })
        statement.append("""
            SELECT (quarter_hour * 900 + \(offset)) / 86400 AS day,
                   sum(article_count)::bigint AS articles, min(quarter_hour) AS first_quarter, max(quarter_hour) AS last_quarter
            FROM source_posting_times
            WHERE source_id = \(statement.bind(source.rawValue)) AND quarter_hour >= \(statement.bind(offsets.firstQuarterHour))
              AND quarter_hour < \(statement.bind(offsets.endQuarterHour))
            GROUP BY 1
            """)
        var activity = PostingActivity()
        var first: Int64?, last: Int64?
        for row in try await rows(statement.query) {
            let day = Int(try row["day"].decode(Int64.self))
            activity.articlesByDay[day] = Int(try row["articles"].decode(Int64.self))
            let rowFirst = try row["first_quarter"].decode(Int64.self), rowLast = try row["last_quarter"].decode(Int64.self)
            first = min(first ?? rowFirst, rowFirst)
            last = max(last ?? rowLast, rowLast)
        }
        activity.firstPostedAt = first.map(PostingActivity.date(ofQuarterHour:))
        activity.lastPostedAt = last.map(PostingActivity.date(ofQuarterHour:))
        return activity
    }

    public func lastPostingDates(for user: UserID) async throws -> [SourceID: Date] {
        // One backward index probe per followed source.
        let found = try await rows("""
            SELECT s.source_id AS source_id,
                   (SELECT max(p.quarter_hour) FROM source_posting_times p WHERE p.source_id = s.source_id) AS last_quarter
            FROM subscriptions s WHERE s.user_id = \(user.rawValue)
            """)
        var dates: [SourceID: Date] = [:]
        for row in found {
            guard let quarter = try row["last_quarter"].decode(Int64?.self),
                  let id = SourceID(rawValue: try row["source_id"].decode(String.self)) else { continue }
            dates[id] = PostingActivity.date(ofQuarterHour: quarter)
        }
        return dates
    }
}
