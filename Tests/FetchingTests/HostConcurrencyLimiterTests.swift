import Testing
@testable import Fetching

struct HostConcurrencyLimiterTests {
    actor Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    @Test func queuesRequestsBeyondTheLimitPerHost() async {
        let limiter = HostConcurrencyLimiter(limit: 2)
        let log = Log()
        await limiter.acquire("a.example")
        await limiter.acquire("a.example")
        await limiter.acquire("b.example")  // another host is not held up
        let third = Task {
            await limiter.acquire("a.example")
            await log.add("third started")
        }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(await log.entries.isEmpty)
        await log.add("released")
        await limiter.release("a.example")
        await third.value
        #expect(await log.entries == ["released", "third started"])
    }

    @Test func aCancelledWaiterLeavesTheQueueWithoutASlot() async {
        let limiter = HostConcurrencyLimiter(limit: 1)
        #expect(await limiter.acquire("a.example"))
        let waiter = Task { await limiter.acquire("a.example") }
        try? await Task.sleep(for: .milliseconds(100))
        waiter.cancel()
        #expect(await waiter.value == false)
        // The slot is still the first holder's; released, it is free for the next one at once.
        await limiter.release("a.example")
        #expect(await limiter.acquire("a.example"))
    }
}
