import Foundation
import SyncSupport
import Testing

@Suite struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_705_341_600)

    @Test func theFirstFailuresAreFreeThenEachWaitDoubles() async {
        let throttle = LoginThrottle()
        for _ in 0..<5 {
            #expect(await throttle.waitBeforeAttempt(name: "ada", address: "10.0.0.1", now: start) == nil)
            await throttle.recordFailure(name: "ada", address: "10.0.0.1", now: start)
        }
        #expect(await throttle.waitBeforeAttempt(name: "ada", address: nil, now: start) == nil)
        await throttle.recordFailure(name: "ada", address: nil, now: start)
        #expect(await throttle.waitBeforeAttempt(name: "ada", address: nil, now: start) == 2)
        #expect(await throttle.waitBeforeAttempt(name: "ADA", address: nil, now: start.addingTimeInterval(1.5)) == 0.5)
        #expect(await throttle.waitBeforeAttempt(name: "ada", address: nil, now: start.addingTimeInterval(2)) == nil)
        #expect(await throttle.delay(afterFailures: 7) == 4)
        #expect(await throttle.delay(afterFailures: 8) == 8)
    }

    @Test func theWaitNeverPassesAMinuteSoNobodyIsLockedOut() async {
        let throttle = LoginThrottle()
        var now = start
        for _ in 0..<500 {
            await throttle.recordFailure(name: "ada", address: "10.0.0.1", now: now)
            now = now.addingTimeInterval(1)
        }
        #expect(await throttle.delay(afterFailures: 10_000) == 60)
        let wait = await throttle.waitBeforeAttempt(name: "ada", address: "192.0.2.7", now: now)
        #expect((0.5...60).contains(wait ?? 0))
        #expect(await throttle.waitBeforeAttempt(name: "ada", address: "192.0.2.7", now: now.addingTimeInterval(60)) == nil)
    }

    @Test func guessingFromOneAddressSlowsEveryNameFromIt() async {
        let throttle = LoginThrottle()
        for index in 0..<6 {
            await throttle.recordFailure(name: "name\(index)", address: "10.0.0.1", now: start)
        }
        #expect(await throttle.waitBeforeAttempt(name: "someone-else", address: "10.0.0.1", now: start) != nil)
        #expect(await throttle.waitBeforeAttempt(name: "someone-else", address: "10.0.0.2", now: start) == nil)
    }

    @Test func successClearsTheNameAndQuietTimeClearsEverything() async {
        let throttle = LoginThrottle()
        for _ in 0..<6 { await throttle.recordFailure(name: "ada", address: "10.0.0.1", now: start) }
        await throttle.recordSuccess(name: "Ada")
        #expect(await throttle.waitBeforeAttempt(name: "ada", address: nil, now: start) == nil)
        #expect(await throttle.waitBeforeAttempt(name: "ada", address: "10.0.0.1", now: start) != nil)
        #expect(await throttle.waitBeforeAttempt(name: "bob", address: "10.0.0.1", now: start.addingTimeInterval(15 * 60)) == nil)
    }

    @Test func keepsABoundedNumberOfKeys() async {
        let throttle = LoginThrottle(policy: .init(maximumKeys: 100))
        for index in 0..<1_000 {
            await throttle.recordFailure(name: "guess\(index)", address: nil, now: start.addingTimeInterval(Double(index)))
        }
        // The most recent names are still slowed only if they failed enough; the oldest are gone.
        for _ in 0..<6 { await throttle.recordFailure(name: "guess999", address: nil, now: start.addingTimeInterval(1_000)) }
        #expect(await throttle.waitBeforeAttempt(name: "guess999", address: nil, now: start.addingTimeInterval(1_000)) != nil)
        #expect(await throttle.trackedKeyCount <= 100)
    }
}
