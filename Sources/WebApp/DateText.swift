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
        let calendar = calendar
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: calendar.startOfDay(for: end)).day
        return days ?? Int(end.timeIntervalSince(start) / 86_400)
    }

    /// "15 Jan 2024".
    static func absolute(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = monthNames[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// "15 Jan 2024, 18:00 UTC" (the zone's abbreviation, or its offset from UTC).
    static func absoluteWithTime(_ date: Date) -> String {
        absolute(date) + ", " + clockTime(date) + " " + zoneName(at: date)
    }

    /// "18:00", "09:05".
    static func clockTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
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
