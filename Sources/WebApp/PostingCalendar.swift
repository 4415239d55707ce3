import Foundation
import Storage

/// The numbers behind a source's posting-activity chart: a year of days in the reader's
/// time zone laid out in week columns (Monday on top), each with its article count and a
/// shade from 0 (none) to 4, the totals by weekday, and the sentence that says it in words.
struct PostingCalendar: Equatable {
    struct Day: Equatable {
        /// Days since 1 January 1970 in the zone.
        var number: Int
        var articles: Int
        /// 0 for no article, 1 to 4 for more and more.
        var level: Int
        /// Column from the left (oldest week) and row from the top (0 Monday … 6 Sunday).
        var week: Int
        var weekday: Int
    }

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Every day from the Monday 52 weeks before this week's to today, oldest first.
    var days: [Day]
    var weekCount: Int
    /// Articles per weekday over the whole range (Monday first).
    var weekdayTotals: [Int]
    var total: Int
    var lastThirtyDays: Int
    var today: Int
    var range: LocalDayRange

    /// The range a chart covers on `now`'s day: 52 whole weeks and this week so far.
    static func range(endingOn now: Date, timeZone: TimeZone) -> LocalDayRange {
        let today = LocalDayRange(endingOn: now, dayCount: 1, timeZone: timeZone).firstDay
        return LocalDayRange(endingOn: now, dayCount: 52 * 7 + LocalDayRange.weekday(ofDay: today) + 1, timeZone: timeZone)
    }

    init(activity: PostingActivity, range: LocalDayRange) {
        self.range = range
        today = range.firstDay + range.dayCount - 1
        let counts = (range.firstDay...today).map { activity.articlesByDay[$0] ?? 0 }
        let levels = Self.levels(for: counts)
        let firstWeekday = LocalDayRange.weekday(ofDay: range.firstDay)
        days = counts.indices.map { index in
            let number = range.firstDay + index
            let slot = firstWeekday + index
            return Day(number: number, articles: counts[index], level: levels[index], week: slot / 7, weekday: LocalDayRange.weekday(ofDay: number))
        }
        weekCount = (firstWeekday + counts.count + 6) / 7
        var byWeekday = [Int](repeating: 0, count: 7)
        for day in days { byWeekday[day.weekday] += day.articles }
        weekdayTotals = byWeekday
        total = counts.reduce(0, +)
        lastThirtyDays = days.suffix(30).reduce(0) { $0 + $1.articles }
    }

    /// Shades by how a day compares with the source's busy days (the 90th percentile of
    /// days with articles), so one day of a feed's backlog does not wash out the rest.
    static func levels(for counts: [Int]) -> [Int] {
        let busy = counts.filter { $0 > 0 }.sorted()
        guard !busy.isEmpty else { return counts.map { _ in 0 } }
        let reference = Double(max(1, busy[min(busy.count - 1, Int(Double(busy.count) * 0.9))]))
        return counts.map { count in
            count == 0 ? 0 : min(4, max(1, Int((Double(count) / reference * 4).rounded(.up))))
        }
    }

    /// The weekdays with the most articles, or none when the week is evenly filled (no day
    /// 15% above the average) or nothing was published.
    var busiestWeekdays: [Int] {
        guard total > 0, let top = weekdayTotals.max() else { return [] }
        guard Double(top) > Double(total) / 7 * 1.15 else { return [] }
        return weekdayTotals.indices.filter { weekdayTotals[$0] == top }
    }

    /// "12 articles in the last 30 days, 140 in the last year, most on Tuesdays."
    var summary: String {
        guard total > 0 else { return "No articles in the last year." }
        var text = "\(counted(lastThirtyDays, "article")) in the last 30 days, \(total) in the last year"
        let busiest = busiestWeekdays
        if busiest.isEmpty {
            text += ", spread over the whole week"
        } else if busiest.count <= 2 {
            text += ", most on " + busiest.map { Self.weekdayNames[$0] + "s" }.joined(separator: " and ")
        } else {
            text += ", spread over several days of the week"
        }
        return text + "."
    }
}
