import Foundation

/// When a feed is fetched next: every `interval`, later when the server asks for it
/// (`Cache-Control: max-age`, `Retry-After`), and backing off after failures so a broken
/// feed is not hammered.
public struct RefreshPolicy: Sendable, Hashable {
    /// The normal time between two fetches of one feed.
    public var interval: TimeInterval
    /// Never wait longer than this, whatever the server or the failures say.
    public var maximumInterval: TimeInterval

    /// The time between two polls of a feed whose WebSub hub pushes (a safety net: a poll
    /// that finds what the hub never pushed makes the feed polled as usual again).
    public var intervalWhilePushed: TimeInterval

    public init(interval: TimeInterval = 30 * 60, maximumInterval: TimeInterval = 24 * 60 * 60, intervalWhilePushed: TimeInterval = 6 * 60 * 60) {
        self.interval = max(60, interval)
        self.maximumInterval = max(self.interval, maximumInterval)
        self.intervalWhilePushed = max(self.interval, intervalWhilePushed)
    }

    /// How long after its hub went quiet a feed's subscription is asked for again: an hour,
    /// doubling with each quiet episode in a row, at most a week.
    public func resubscribeDelay(afterQuietEpisodes episodes: Int) -> TimeInterval {
        min(7 * 86_400, 3_600 * pow(2, Double(min(max(episodes - 1, 0), 10))))
    }

    /// After a success: the interval, or the server's `max-age` when that is longer.
    public func nextRefresh(afterSuccessAt now: Date, headers: [String: String]) -> Date {
        var wait = interval
        if let maxAge = Self.maxAge(in: headers["cache-control"]) { wait = max(wait, maxAge) }
        return now.addingTimeInterval(min(wait, maximumInterval))
    }

    /// After the `failures`-th failure in a row: the interval doubled per failure, or the
    /// server's `Retry-After` when that is longer.
    public func nextRefresh(afterFailureAt now: Date, failures: Int, headers: [String: String] = [:]) -> Date {
        let exponent = Double(min(max(failures - 1, 0), 16))
        var wait = interval * pow(2, exponent)
        if let retryAfter = headers["retry-after"].flatMap(TimeInterval.init) { wait = max(wait, retryAfter) }
        return now.addingTimeInterval(min(wait, maximumInterval))
    }

    static func maxAge(in cacheControl: String?) -> TimeInterval? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = TimeInterval(parts[1]), seconds >= 0 {
                return seconds
            }
        }
        return nil
    }
}
