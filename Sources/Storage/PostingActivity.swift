import Foundation
import NewsModel

/// How much one source published on each day of a `LocalDayRange`, from the library's
/// record of publication times (which outlives the articles retention removes).
public struct PostingActivity: Sendable, Hashable {
    /// Articles published on each day that had any, by day number.
    public var articlesByDay: [Int: Int]
    /// The first and last publication times in the range, to the quarter hour; nil without any.
    public var firstPostedAt: Date?
    public var lastPostedAt: Date?

    public init(articlesByDay: [Int: Int] = [:], firstPostedAt: Date? = nil, lastPostedAt: Date? = nil) {
        self.articlesByDay = articlesByDay
        self.firstPostedAt = firstPostedAt
        self.lastPostedAt = lastPostedAt
    }

    public var total: Int { articlesByDay.values.reduce(0, +) }

    /// The length of a quarter hour in microseconds: publication times are kept to the
    /// quarter hour, which every time zone's offset in use today is a multiple of.
    public static let quarterHourMicroseconds: Int64 = 900_000_000

    /// The quarter-hour count of an instant (what the stores keep per article).
    public static func quarterHour(of date: Date) -> Int64 {
        let microseconds = StoredDate.microseconds(date)
        return microseconds >= 0 ? microseconds / quarterHourMicroseconds : (microseconds - quarterHourMicroseconds + 1) / quarterHourMicroseconds
    }

    public static func date(ofQuarterHour quarterHour: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(quarterHour) * 900)
    }
}

/// What a store knows about when its sources publish.
public protocol SourceActivityStore: Sendable {
    /// The source's articles per day of `days` (in `days.timeZone`), counted as they arrived:
    /// articles removed by retention still count, articles whose date changed count on the
    /// new day. One grouped query.
    func postingActivity(of source: SourceID, over days: LocalDayRange) async throws -> PostingActivity
    /// When each source `user` follows last published an article as far as the library
    /// knows (to the quarter hour); a source with no known article has no entry.
    func lastPostingDates(for user: UserID) async throws -> [SourceID: Date]
}
