import Foundation

/// Dates are stored as whole microseconds since 1970 (UTC) in integer columns, by every
/// backend: exact, cheap to compare and index, the same precision as PostgreSQL's
/// timestamps, and identical on both sides of `broadsheet copy`.
public enum StoredDate {
    public static func microseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Hostile or absurd dates (infinity, NaN, year 300 000) are clamped instead of trapping.
        guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? Int64.max : Int64.min) }
        if value >= 9.2e18 { return Int64.max }
        if value <= -9.2e18 { return Int64.min }
        return Int64(value)
    }

    public static func date(_ microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    public static func microseconds(_ date: Date?) -> Int64? {
        date.map { microseconds($0) }
    }

    public static func date(_ microseconds: Int64?) -> Date? {
        microseconds.map { date($0) }
    }
}
