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
}
