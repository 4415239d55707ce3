import Foundation
import Testing
@testable import WebApp

struct APIRateLimiterTests {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func spendsAMinutesAllowanceAtOnceThenRefillsEvenly() async {
        let limiter = APIRateLimiter(requestsPerMinute: 6)
        for _ in 0..<6 {
            #expect(await limiter.admit(key: 1, at: start) == .admitted)
        }
        // Six a minute refill one every ten seconds.
        #expect(await limiter.admit(key: 1, at: start) == .limited(retryAfterSeconds: 10))
        #expect(await limiter.admit(key: 1, at: start.addingTimeInterval(4)) == .limited(retryAfterSeconds: 6))
        #expect(await limiter.admit(key: 1, at: start.addingTimeInterval(10)) == .admitted)
        #expect(await limiter.admit(key: 1, at: start.addingTimeInterval(10)) == .limited(retryAfterSeconds: 10))
        // A long pause refills to the minute's allowance, not beyond it.
        let later = start.addingTimeInterval(3600)
        for _ in 0..<6 {
            #expect(await limiter.admit(key: 1, at: later) == .admitted)
        }
        #expect(await limiter.admit(key: 1, at: later) != .admitted)
    }

    @Test func keysHaveTheirOwnAllowance() async {
        let limiter = APIRateLimiter(requestsPerMinute: 1)
        #expect(await limiter.admit(key: 1, at: start) == .admitted)
        #expect(await limiter.admit(key: 1, at: start) == .limited(retryAfterSeconds: 60))
        #expect(await limiter.admit(key: 2, at: start) == .admitted)
    }

    @Test func aClockThatGoesBackDoesNotRefill() async {
        let limiter = APIRateLimiter(requestsPerMinute: 1)
        #expect(await limiter.admit(key: 1, at: start) == .admitted)
        #expect(await limiter.admit(key: 1, at: start.addingTimeInterval(-600)) != .admitted)
        #expect(await limiter.admit(key: 1, at: start) != .admitted)
    }
}
