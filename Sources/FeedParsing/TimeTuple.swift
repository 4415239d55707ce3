import Foundation

/// feedparser's `*_parsed` value for a date: `[year, month, day, hour, minute, second,
/// weekday (Monday = 0), day of the year (from 1), 0]`, in UTC, proleptic Gregorian.
/// The last field is Python's daylight-saving flag, always 0 for UTC.
public struct TimeTuple: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Monday is 0, Sunday 6.
    public var weekday: Int
    /// January 1st is 1.
    public var dayOfYear: Int

    /// The UTC fields of `date`, to the whole second (rounded down, as Python's `gmtime` does).
    public init(_ date: Date) {
        let seconds = Int(FeedDateParser.clampedInterval(date).rounded(.down))
        let secondsPerDay = FeedDateParser.secondsPerDay
        let days = seconds >= 0 ? seconds / secondsPerDay : -((-seconds + secondsPerDay - 1) / secondsPerDay)
        let secondOfDay = seconds - days * secondsPerDay
        let civil = FeedDateParser.civilDate(daysSinceEpoch: days)
        year = civil.year
        month = civil.month
        day = civil.day
        hour = secondOfDay / 3_600
        minute = secondOfDay % 3_600 / 60
        second = secondOfDay % 60
        // 1970-01-01 was a Thursday (3 when Monday is 0).
        weekday = ((days + 3) % 7 + 7) % 7
        dayOfYear = days - FeedDateParser.daysSinceEpoch(year: civil.year, month: 1, day: 1) + 1
    }

    /// The nine integers in feedparser's order.
    public var values: [Int] {
        [year, month, day, hour, minute, second, weekday, dayOfYear, 0]
    }
}
