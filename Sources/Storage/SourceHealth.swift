import Foundation

/// How a source is doing, as the source page and `broadsheet sources --health` show it:
/// its fetches (last success, the failure going on and since when, the next attempt, what
/// conditional requests saved) and its posting (when it last published, how often, whether
/// it has gone quiet).
public struct SourceHealth: Sendable, Hashable {
    public var lastSuccessAt: Date?
    public var lastError: String?
    /// When the failure going on began; nil when the last fetch worked (or the state
    /// predates this record).
    public var failingSince: Date?
    public var failedAttempts: Int
    public var nextAttemptAt: Date?
    public var lastPostedAt: Date?
    /// The average time between two articles over the last year; nil with fewer than two.
    public var averageInterval: TimeInterval?
    public var articlesInLastYear: Int
    public var notModifiedCount: Int
    public var bytesSaved: Int64
    public var isDormant: Bool

    /// `lastPostedAt` is the library's last known publication (from `lastPostingDates`),
    /// which may lie before the activity's year.
    public init(state: FeedState?, activity: PostingActivity, lastPostedAt: Date?, addedAt: Date, dormantAfterDays: Int, now: Date) {
        lastSuccessAt = state?.lastSuccessAt
        lastError = state?.lastError
        failingSince = state?.lastError == nil ? nil : state?.failingSince
        failedAttempts = state?.lastError == nil ? 0 : state?.consecutiveFailures ?? 0
        nextAttemptAt = state?.nextRefreshAt
        self.lastPostedAt = lastPostedAt ?? activity.lastPostedAt
        articlesInLastYear = activity.total
        if activity.total >= 2, let first = activity.firstPostedAt, let last = activity.lastPostedAt, last > first {
            averageInterval = last.timeIntervalSince(first) / Double(activity.total - 1)
        }
        notModifiedCount = state?.notModifiedCount ?? 0
        bytesSaved = state?.bytesSaved ?? 0
        isDormant = Self.isDormant(lastPostedAt: self.lastPostedAt, addedAt: addedAt, dormantAfterDays: dormantAfterDays, now: now)
    }

    /// A source is dormant when nothing it published is newer than `dormantAfterDays` days
    /// (counting from when it was added, for a source that never published anything known).
    public static func isDormant(lastPostedAt: Date?, addedAt: Date, dormantAfterDays: Int, now: Date) -> Bool {
        let reference = lastPostedAt ?? addedAt
        return now.timeIntervalSince(reference) > TimeInterval(dormantAfterDays) * 86_400
    }

    /// "45 seconds", "12 minutes", "5 hours", "3 days", "7 weeks", "2 years" (rounded down,
    /// the largest unit that fits).
    public static func duration(_ seconds: TimeInterval) -> String {
        let value = max(0, seconds)
        let units: [(Double, String)] = [(31_557_600, "year"), (604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (length, name) in units where value >= length * (name == "week" ? 2 : 1) {
            let count = Int(value / length)
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        let count = Int(value)
        return "\(count) second\(count == 1 ? "" : "s")"
    }

    /// "812 bytes", "14 kB", "3.2 MB", "1.1 GB" (decimal units, as downloads are counted).
    public static func bytes(_ count: Int64) -> String {
        let value = Double(max(0, count))
        if value < 1_000 { return "\(Int(value)) bytes" }
        for (size, unit) in [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")] where value >= size {
            let scaled = value / size
            return (scaled < 10 ? String(format: "%.1f", scaled) : String(Int(scaled))) + " " + unit
        }
        return "\(Int(value)) bytes"
    }
}
