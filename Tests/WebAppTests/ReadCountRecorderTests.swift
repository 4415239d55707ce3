import Foundation
import Logging
import NewsModel
import Storage
import Testing
@testable import WebApp

/// Article openings are counted in memory and written together.
@Suite struct ReadCountRecorderTests {
    @Test func opensAreWrittenTogetherOncePerInterval() async throws {
        let fixture = try await WebAppFixture()
        let first = try #require(fixture.dailyArticles.first)
        let second = try #require(fixture.dailyArticles.dropFirst().first)
        let patient = ReadCountRecorder(store: fixture.store, interval: .seconds(3_600), logger: Logger(label: "read-count-tests"))
        for _ in 0..<3 { await patient.count(first.id) }
        await patient.count(second.id)
        #expect(try await fixture.store.article(first.id)?.readCount == 0, "not yet: the interval has not passed")
        #expect(patient.pendingCount == 4)
        await patient.flush()
        #expect(patient.pendingCount == 0)
        #expect(try await fixture.store.article(first.id)?.readCount == 3)
        #expect(try await fixture.store.article(second.id)?.readCount == 1)

        let eager = ReadCountRecorder(store: fixture.store, interval: .zero, logger: Logger(label: "read-count-tests"))
        await eager.count(first.id)
        #expect(try await fixture.store.article(first.id)?.readCount == 4, "the interval has passed: written at once")
        #expect(eager.pendingCount == 0)
    }
}
