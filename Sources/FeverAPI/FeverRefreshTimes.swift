import Foundation
import NewsModel

/// Each person's `last_refreshed_on_time` (the latest successful fetch among the feeds they
/// follow), kept for a short while: every Fever answer carries it, and a sync makes hundreds
/// of requests of 50 items, which should not each count the person's whole library.
actor FeverRefreshTimes {
    private var times: [UserID: (value: Int64, computedAt: Date)] = [:]
    let lifetime: TimeInterval

    init(lifetime: TimeInterval = 30) {
        self.lifetime = lifetime
    }

    func value(for user: UserID, now: Date, compute: @Sendable () async throws -> Int64) async throws -> Int64 {
        if let cached = times[user], now.timeIntervalSince(cached.computedAt) < lifetime, now >= cached.computedAt {
            return cached.value
        }
        let value = try await compute()
        if times.count > 10_000 { times.removeAll() }
        times[user] = (value, now)
        return value
    }
}
