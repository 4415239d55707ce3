import Foundation
import Testing
@testable import Refresh

struct RefreshPolicyTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let policy = RefreshPolicy(interval: 1_800, maximumInterval: 86_400)

    @Test func waitsTheIntervalOrTheServersMaxAge() {
        #expect(policy.nextRefresh(afterSuccessAt: now, headers: [:]) == now.addingTimeInterval(1_800))
        #expect(policy.nextRefresh(afterSuccessAt: now, headers: ["cache-control": "public, max-age=7200"]) == now.addingTimeInterval(7_200))
        #expect(policy.nextRefresh(afterSuccessAt: now, headers: ["cache-control": "max-age=60"]) == now.addingTimeInterval(1_800))
        #expect(policy.nextRefresh(afterSuccessAt: now, headers: ["cache-control": "max-age=99999999"]) == now.addingTimeInterval(86_400))
        #expect(policy.nextRefresh(afterSuccessAt: now, headers: ["cache-control": "max-age=soon"]) == now.addingTimeInterval(1_800))
    }

    @Test func backsOffExponentiallyAfterFailuresUpToTheMaximum() {
        #expect(policy.nextRefresh(afterFailureAt: now, failures: 1) == now.addingTimeInterval(1_800))
        #expect(policy.nextRefresh(afterFailureAt: now, failures: 3) == now.addingTimeInterval(7_200))
        #expect(policy.nextRefresh(afterFailureAt: now, failures: 40) == now.addingTimeInterval(86_400))
        #expect(policy.nextRefresh(afterFailureAt: now, failures: 1, headers: ["retry-after": "3600"]) == now.addingTimeInterval(3_600))
    }

    @Test func neverPollsMoreThanOnceAMinute() {
        #expect(RefreshPolicy(interval: 1).interval == 60)
    }
}
