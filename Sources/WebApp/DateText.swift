import Foundation
import NewsAPI

/// Dates as a person reads them: "3 hours ago" for recent ones, "12 Mar 2024" for older
/// ones, and a machine-readable form for `<time datetime>`.
enum DateText {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 0 { return seconds > -300 ? "just now" : absolute(date) }
        if seconds < 60 { return "just now" }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return counted(minutes, "minute") + " ago" }
        let hours = minutes / 60
        if hours < 24 { return counted(hours, "hour") + " ago" }
        let days = hours / 24
        if days == 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        return absolute(date)
    }

    /// The short form for tight spaces: "5 min ago", "3 h ago", "2 d ago", else the date.
    static func compact(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3600)) h ago" }
        if seconds < 7 * 86_400 { return "\(Int(seconds / 86_400)) d ago" }
        return absolute(date)
    }

    /// "15 Jan 2024" (UTC).
    static func absolute(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        let month = monthNames[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// "15 Jan 2024, 18:00 UTC".
    static func absoluteWithTime(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return absolute(date) + ", " + (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute) UTC"
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

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
