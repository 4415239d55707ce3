import Foundation

/// A run of calendar days in one time zone, and what a database needs to put an instant
/// into one of them with integer arithmetic alone.
///
/// Days are numbered as in the zone's own calendar: day 0 is 1 January 1970 there. Within
/// each `OffsetSpan` the zone's offset from UTC does not change, so an instant `t` (seconds
/// since 1970) falls on day `floor((t + offset) / 86 400)`. A daylight-saving change adds a
/// span; the spans cover `start ..< end` exactly.
public struct LocalDayRange: Sendable, Hashable {
    /// A stretch of time over which the zone keeps one offset from UTC.
    public struct OffsetSpan: Sendable, Hashable {
        public var start: Date
        public var offsetSeconds: Int
    }

    public let timeZone: TimeZone
    /// The first day's number (days since 1 January 1970 in the zone).
    public let firstDay: Int
    public let dayCount: Int
    /// The first day's midnight, and the midnight after the last day.
    public let start: Date
    public let end: Date
    public let spans: [OffsetSpan]

    /// `dayCount` days (at least one) ending with the day `date` falls on.
    public init(endingOn date: Date, dayCount: Int, timeZone: TimeZone) {
        let count = max(1, dayCount)
        self.timeZone = timeZone
        self.dayCount = count
        let lastDay = Self.dayNumber(of: date, in: timeZone)
        firstDay = lastDay - count + 1
        start = Self.midnight(ofDay: firstDay, in: timeZone)
        end = Self.midnight(ofDay: lastDay + 1, in: timeZone)
        spans = Self.offsetSpans(from: start, to: end, in: timeZone)
    }

    /// The day `date` falls on in the zone.
    public func day(of date: Date) -> Int {
        Self.dayNumber(of: date, in: timeZone)
    }

    /// Midnight starting `day` in the zone.
    public func midnight(ofDay day: Int) -> Date {
        Self.midnight(ofDay: day, in: timeZone)
    }

    /// The day of the week of `day`: 0 for Monday through 6 for Sunday (1 Jan 1970 was a Thursday).
    public static func weekday(ofDay day: Int) -> Int {
        ((day % 7) + 7 + 3) % 7
    }

    static func dayNumber(of date: Date, in zone: TimeZone) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        return seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    static func midnight(ofDay day: Int, in zone: TimeZone) -> Date {
        // Noon of that day is never inside a daylight-saving jump; its calendar day's start
        // is the midnight (or, where a zone skips midnight, the first instant of the day).
        let noonUTC = TimeInterval(day) * 86_400 + 43_200
        let noon = Date(timeIntervalSince1970: noonUTC - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: noonUTC))))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: noon)
    }

    /// Walks the range a day at a time and pins every change of offset down to the second.
    static func offsetSpans(from start: Date, to end: Date, in zone: TimeZone) -> [OffsetSpan] {
        var spans = [OffsetSpan(start: start, offsetSeconds: zone.secondsFromGMT(for: start))]
        var cursor = start
        while cursor < end {
            let next = min(cursor.addingTimeInterval(86_400), end)
            let offset = zone.secondsFromGMT(for: next)
            if let current = spans.last?.offsetSeconds, offset != current {
                var low = cursor.timeIntervalSince1970, high = next.timeIntervalSince1970
                while high - low > 1 {
                    let middle = ((low + high) / 2).rounded(.down)
                    if zone.secondsFromGMT(for: Date(timeIntervalSince1970: middle)) == current { low = middle } else { high = middle }
                }
                spans.append(OffsetSpan(start: Date(timeIntervalSince1970: high), offsetSeconds: offset))
            }
            cursor = next
        }
        return spans
    }
}
