import Foundation
import NewsAPI

/// Dates as a person reads them: "3 hours ago" for recent ones, "yesterday", "3 days ago",
/// "12 Mar 2024" for older ones, and a machine-readable form for `<time datetime>`.
/// Days are calendar days in `timeZone`, so "yesterday" is the day before today there,
/// never merely "between 24 and 48 hours ago".
enum DateText {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The zone whose calendar days and clock times pages show; set for each request from
    /// the server's configuration, so every page rendered in it agrees.
    @TaskLocal static var timeZone = TimeZone(secondsFromGMT: 0) ?? .current

    static func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 0 { return seconds > -300 ? "just now" : absolute(date) }
        if seconds < 60 { return "just now" }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return counted(minutes, "minute") + " ago" }
        let hours = minutes / 60
        if hours < 24 { return counted(hours, "hour") + " ago" }
        let days = calendarDays(from: date, to: now)
        if days <= 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        return absolute(date)
    }

    /// A time to come: "in 5 minutes", "in 3 hours", "tomorrow at 09:00", "on 15 Jan 2024".
    static func relativeFuture(_ date: Date, now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        if seconds < 60 { return "in a moment" }
        let minutes = Int((seconds + 59) / 60)
        if minutes < 60 { return "in " + counted(minutes, "minute") }
        let hours = minutes / 60
        if hours < 12 { return "in " + counted(hours, "hour") }
        switch calendarDays(from: now, to: date) {
        case 0: return "today at " + clockTime(date)
        case 1: return "tomorrow at " + clockTime(date)
        default: return "on " + absolute(date)
        }
    }

    /// The short form for tight spaces: "5 min ago", "3 h ago", "2 d ago", else the date.
    static func compact(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3600)) h ago" }
        let days = max(1, calendarDays(from: date, to: now))
        if days < 7 { return "\(days) d ago" }
        return absolute(date)
    }

    /// How many midnights lie between the two instants in `timeZone` (0 on the same day).
    static func calendarDays(from start: Date, to end: Date) -> Int {
        if let first = localDay(start), let last = localDay(end) { return last - first }
        let calendar = calendar
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: calendar.startOfDay(for: end)).day
        return days ?? Int(end.timeIntervalSince(start) / 86_400)
    }

    /// "15 Jan 2024".
    static func absolute(_ date: Date) -> String {
        if let day = localDay(date) {
            let (year, month, dayOfMonth) = civilDate(day)
            return "\(dayOfMonth) \(monthNames[month - 1]) \(year)"
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = monthNames[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// The day number (days since 1970-01-01) of the date's calendar day in `timeZone`, by
    /// arithmetic on the zone's offset at that instant: pages show dozens of dates, and the
    /// calendar's own way cost a fifth of the grid's time. Nil before 1583 and after 9999,
    /// where the calendar (Julian dates, far years) answers instead.
    static func localDay(_ date: Date) -> Int? {
        localSeconds(date).map { $0 >= 0 ? $0 / 86_400 : ($0 - 86_399) / 86_400 }
    }

    /// Seconds since the start of the date's day in `timeZone`; nil where `localDay` is.
    static func localSecondOfDay(_ date: Date) -> Int? {
        localSeconds(date).map { (($0 % 86_400) + 86_400) % 86_400 }
    }

    /// Whole seconds since 1970-01-01T00:00 on the zone's clock.
    private static func localSeconds(_ date: Date) -> Int? {
        let seconds = date.timeIntervalSince1970
        guard seconds >= -12_212_553_600, seconds < 253_402_214_400 else { return nil }
        return Int(seconds.rounded(.down)) + timeZone.secondsFromGMT(for: date)
    }

    /// Year, month (1–12) and day of a day number, in the proleptic Gregorian calendar
    /// (Howard Hinnant's `civil_from_days`).
    static func civilDate(_ day: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// "15 Jan 2024, 18:00 UTC" (the zone's abbreviation, or its offset from UTC).
    static func absoluteWithTime(_ date: Date) -> String {
        absolute(date) + ", " + clockTime(date) + " " + zoneName(at: date)
    }

    /// "18:00", "09:05".
    static func clockTime(_ date: Date) -> String {
        let hour: Int, minute: Int
        if let seconds = localSecondOfDay(date) {
            hour = seconds / 3_600
            minute = seconds / 60 % 60
        } else {
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            hour = parts.hour ?? 0
            minute = parts.minute ?? 0
        }
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    static func zoneName(at date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        if offset == 0 { return "UTC" }
        let minutes = abs(offset) / 60
        let hours = minutes / 60, rest = minutes % 60
        return "UTC" + (offset < 0 ? "−" : "+") + "\(hours)" + (rest == 0 ? "" : ":" + (rest < 10 ? "0" : "") + "\(rest)")
    }

    /// `<time>` with the exact instant in `datetime` and `title`, showing the relative form.
    static func timeElement(_ date: Date, now: Date) -> HTML {
        """
        <time datetime="\(iso8601(date))" title="\(absoluteWithTime(date))">\(relative(date, now: now))</time>
        """
    }

    static func iso8601(_ date: Date) -> String {
        NewsAPIDate.string(from: date)
    }

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
