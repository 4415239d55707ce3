import Foundation
import Storage

/// A source's posting activity drawn by the server as inline SVG: a calendar of small
/// squares, one a day for the last year (weeks as columns, Monday on top), shaded by the
/// articles that day, and beside it the year's articles by weekday. No script, no outside
/// file; colours come from the stylesheet, so both themes read it. Each chart is an
/// `<svg role="img">` whose label says what it shows in words.
enum PostingActivityChart {
    static let cell = 10
    static let pitch = 13
    static let left = 30
    static let top = 16

    static func render(_ calendar: PostingCalendar) -> HTML {
        """
        <figure class="activity" aria-labelledby="activity-caption">
        <div class="activity-charts">\(calendarSVG(calendar))\(weekdaySVG(calendar))</div>
        <figcaption id="activity-caption" class="activity-caption">\(calendar.summary) \(legend)</figcaption>
        </figure>

        """
    }

    /// The five shades, darkest last, for the caption.
    static let legend: HTML = """
        <span class="activity-legend" aria-hidden="true">Fewer <svg viewBox="0 0 64 10" width="64" height="10">\
        <rect class="l0" x="0" width="10" height="10" rx="2"/><rect class="l1" x="13" width="10" height="10" rx="2"/>\
        <rect class="l2" x="26" width="10" height="10" rx="2"/><rect class="l3" x="39" width="10" height="10" rx="2"/>\
        <rect class="l4" x="52" width="10" height="10" rx="2"/></svg> more</span>
        """

    static func calendarSVG(_ calendar: PostingCalendar) -> HTML {
        let width = left + calendar.weekCount * pitch
        let height = top + 7 * pitch
        var marks: [String] = []
        marks.reserveCapacity(calendar.days.count)
        for day in calendar.days {
            let x = left + day.week * pitch, y = top + day.weekday * pitch
            let rect = "<rect class=\"l\(day.level)\" x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\""
            if day.articles > 0 {
                // A tooltip for pointer users; the label of the whole chart speaks for it otherwise.
                marks.append(rect + "><title>\(HTML.escape(counted(day.articles, "article"))) on \(HTML.escape(dayName(day.number, in: calendar.range)))</title></rect>")
            } else {
                marks.append(rect + "/>")
            }
        }
        var labels: [String] = []
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            labels.append("<text x=\"0\" y=\"\(top + row * pitch + 9)\">\(name)</text>")
        }
        var lastLabelWeek = -10
        for day in calendar.days where dayOfMonth(day.number, in: calendar.range) == 1 {
            // A month's name above the week its first day falls in, unless squeezed.
            guard day.week - lastLabelWeek >= 3, day.week <= calendar.weekCount - 2 else { continue }
            labels.append("<text x=\"\(left + day.week * pitch)\" y=\"10\">\(monthName(day.number, in: calendar.range))</text>")
            lastLabelWeek = day.week
        }
        let label = "Posting activity: " + calendar.summary
        return HTML(trusted: """
            <svg class="activity-calendar" role="img" aria-label="\(HTML.escape(label))" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" preserveAspectRatio="xMinYMin meet">\
            <g class="activity-labels">\(labels.joined())</g>\(marks.joined())</svg>
            """)
    }

    /// Seven bars, Monday to Sunday: the year's articles by weekday.
    static func weekdaySVG(_ calendar: PostingCalendar) -> HTML {
        let barWidth = 80, labelWidth = 30, rowHeight = 13
        let most = max(1, calendar.weekdayTotals.max() ?? 1)
        let busiest = Set(calendar.busiestWeekdays)
        var parts: [String] = []
        for (index, total) in calendar.weekdayTotals.enumerated() {
            let y = top + index * rowHeight
            let length = total == 0 ? 0 : max(2, Int((Double(total) / Double(most) * Double(barWidth)).rounded()))
            let name = String(PostingCalendar.weekdayNames[index].prefix(3))
            parts.append("<text x=\"0\" y=\"\(y + 9)\">\(name)</text>")
            parts.append("<rect class=\"weekday-track\" x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(cell)\" rx=\"2\"/>")
            if length > 0 {
                parts.append("<rect class=\"\(busiest.contains(index) ? "l4" : "l2")\" x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(length)\" height=\"\(cell)\" rx=\"2\"/>")
            }
            parts.append("<text class=\"weekday-count\" x=\"\(labelWidth + barWidth + 4)\" y=\"\(y + 9)\">\(total)</text>")
        }
        let words = calendar.weekdayTotals.enumerated().map { "\(PostingCalendar.weekdayNames[$0.offset]) \($0.element)" }.joined(separator: ", ")
        let width = labelWidth + barWidth + 34, height = top + 7 * rowHeight
        return HTML(trusted: """
            <svg class="activity-weekdays" role="img" aria-label="\(HTML.escape("Articles in the last year by weekday: " + words + "."))" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)">\
            <text class="activity-heading" x="0" y="10">By weekday</text><g class="activity-labels">\(parts.joined())</g></svg>
            """)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Tuesday 12 Mar 2024".
    static func dayName(_ day: Int, in range: LocalDayRange) -> String {
        let date = civilDate(ofDay: day)
        return PostingCalendar.weekdayNames[LocalDayRange.weekday(ofDay: day)] + " \(date.day) \(monthNames[date.month - 1]) \(date.year)"
    }

    static func dayOfMonth(_ day: Int, in range: LocalDayRange) -> Int {
        civilDate(ofDay: day).day
    }

    static func monthName(_ day: Int, in range: LocalDayRange) -> String {
        monthNames[civilDate(ofDay: day).month - 1]
    }

    /// The Gregorian date of a day number (days since 1 January 1970, as `LocalDayRange`
    /// counts them in its zone): plain arithmetic, no calendar object per square.
    static func civilDate(ofDay day: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth)
    }
}
