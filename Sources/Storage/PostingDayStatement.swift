import Foundation

/// The pieces both backends put into their one grouped query for `postingActivity`: the
/// quarter-hour range of the days, and a `CASE` giving the zone's UTC offset (in seconds)
/// for a quarter hour, one branch per daylight-saving span. Values only; each backend
/// writes its own placeholders.
public struct PostingDayStatement: Sendable {
    public let firstQuarterHour: Int64
    public let endQuarterHour: Int64
    /// Quarter hours at which a new offset starts (after the first span), and the offsets.
    let boundaries: [Int64]
    let offsets: [Int64]

    public init(days: LocalDayRange) {
        firstQuarterHour = Self.quarterHourFloor(days.start)
        endQuarterHour = Self.quarterHourFloor(days.end) + (days.end.timeIntervalSince1970.truncatingRemainder(dividingBy: 900) == 0 ? 0 : 1)
        boundaries = days.spans.dropFirst().map { Self.quarterHourFloor($0.start) }
        offsets = days.spans.map { Int64($0.offsetSeconds) }
    }

    /// `CASE WHEN quarter_hour < ? THEN ? … ELSE ? END`, or a lone placeholder for one span.
    /// `placeholder(n)` gives the text for the n-th value of `caseValues` (0-based).
    public func caseExpression(placeholder: (Int) -> String) -> String {
        guard !boundaries.isEmpty else { return placeholder(0) }
        var text = "CASE"
        var index = 0
        for _ in boundaries {
            text += " WHEN quarter_hour < \(placeholder(index)) THEN \(placeholder(index + 1))"
            index += 2
        }
        return text + " ELSE \(placeholder(index)) END"
    }

    /// The values of `caseExpression`'s placeholders, in order.
    public var caseValues: [Int64] {
        guard !boundaries.isEmpty, let last = offsets.last else { return offsets }
        var values: [Int64] = []
        for (boundary, offset) in zip(boundaries, offsets) {
            values += [boundary, offset]
        }
        return values + [last]
    }

    static func quarterHourFloor(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / 900).rounded(.down))
    }
}
