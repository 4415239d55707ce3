import Foundation

/// Limits how many API requests one key may make per minute, so one runaway app cannot
/// keep the server busy for everyone else. A token bucket per key: a full minute's
/// allowance may be spent at once, and it refills evenly over the minute.
actor APIRateLimiter {
    /// What a request is told: go ahead, or wait this many seconds.
    enum Decision: Equatable, Sendable {
        case admitted
        case limited(retryAfterSeconds: Int)
    }

    let requestsPerMinute: Int
    private var buckets: [Int64: Bucket] = [:]

    private struct Bucket {
        var tokens: Double
        var updatedAt: Date
    }

    /// Buckets kept before idle ones are forgotten (an idle bucket is full anyway).
    private static let bucketsBeforePruning = 10_000

    init(requestsPerMinute: Int) {
        self.requestsPerMinute = max(1, requestsPerMinute)
    }

    func admit(key: Int64, at now: Date) -> Decision {
        let capacity = Double(requestsPerMinute)
        let refillPerSecond = capacity / 60
        var bucket = buckets[key] ?? Bucket(tokens: capacity, updatedAt: now)
        let elapsed = max(0, now.timeIntervalSince(bucket.updatedAt))
        bucket.tokens = min(capacity, bucket.tokens + elapsed * refillPerSecond)
        bucket.updatedAt = max(bucket.updatedAt, now)
        let decision: Decision
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            decision = .admitted
        } else {
            decision = .limited(retryAfterSeconds: max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))))
        }
        buckets[key] = bucket
        if buckets.count > Self.bucketsBeforePruning { prune(at: now) }
        return decision
    }

    /// Forgets buckets that have refilled: they would start full again anyway.
    private func prune(at now: Date) {
        let capacity = Double(requestsPerMinute)
        buckets = buckets.filter { _, bucket in
            bucket.tokens + now.timeIntervalSince(bucket.updatedAt) * capacity / 60 < capacity
        }
    }
}
