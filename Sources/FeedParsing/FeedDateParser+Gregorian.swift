import Foundation

// Proleptic Gregorian arithmetic (what Python's datetime and time modules use), done with
// integers so that the hot path needs neither Foundation's Calendar nor a time zone database.

extension FeedDateParser {
    static let secondsPerDay = 86_400

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given day; `month` must be 1...12, `day` may be any value
    /// (it is simply added), `year` any value.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        // Count years from March so that the leap day ends the year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day counted from 1970-01-01.
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds since 1970 of a wall-clock time, or nil when Python's `datetime(...)` would
    /// refuse the fields (year 1...9999, real month, real day of that month, 00:00:00...23:59:59).
    static func validatedSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return daysSinceEpoch(year: year, month: month, day: day) * secondsPerDay + hour * 3_600 + minute * 60 + second
    }

    /// Seconds since 1970 with every field free to overflow into the next, the way C's
    /// `mktime` and Python's `calendar.timegm` normalise (month 13 is January next year,
    /// day 0 the last day of the previous month, hour 25 one o'clock the next day).
    static func normalizedSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
        let monthIndex = month - 1
        let yearCarry = monthIndex >= 0 ? monthIndex / 12 : -((11 - monthIndex) / 12)
        let days = daysSinceEpoch(year: year + yearCarry, month: monthIndex - yearCarry * 12 + 1, day: 1) + day - 1
        return days * secondsPerDay + hour * 3_600 + minute * 60 + second
    }

    /// 0001-01-01T00:00:00 and 9999-12-31T23:59:59, the range of Python's `datetime`.
    static let earliestDateTimeSeconds = daysSinceEpoch(year: 1, month: 1, day: 1) * secondsPerDay
    static let latestDateTimeSeconds = daysSinceEpoch(year: 10_000, month: 1, day: 1) * secondsPerDay - 1

    /// A wall-clock time shifted to UTC by `offsetSeconds`, or nil if the result leaves
    /// Python's `datetime` range (where feedparser's subtraction raises `OverflowError`).
    static func shiftedWithinDateTimeRange(_ localSeconds: Int, offsetSeconds: Int) -> Int? {
        let utc = localSeconds - offsetSeconds
        guard utc >= earliestDateTimeSeconds, utc <= latestDateTimeSeconds else { return nil }
        return utc
    }
}

extension FeedDateParser {
    /// A date's seconds since 1970, kept within ±10¹⁴ s (about three million years) so that
    /// converting it to an integer can never trap, even for infinite or NaN dates.
    static func clampedInterval(_ date: Date) -> Double {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return interval.isNaN ? 0 : (interval > 0 ? 1e14 : -1e14) }
        return min(max(interval, -1e14), 1e14)
    }
}
