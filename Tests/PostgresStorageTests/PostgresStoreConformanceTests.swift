import ArticleStoreConformance
import PostgresStorage
import Testing

/// The backend-independent checks, each on a fresh schema of the test server. Serialized:
/// each check opens its own pool, and a server allows only so many connections.
@Suite(.serialized, .enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresStoreConformanceTests {
    @Test(arguments: ArticleStoreCheck.all)
    func conformance(_ check: ArticleStoreCheck) async throws {
        try await PostgresTestServer.withTemporaryStore { store in try await check.run(on: store) }
    }

    @Test(arguments: StoryStoreCheck.all)
    func storyConformance(_ check: StoryStoreCheck) async throws {
        try await PostgresTestServer.withTemporaryStore { store in try await check.run(on: store) }
    }

    @Test(arguments: ReaderStoreCheck.all)
    func readerConformance(_ check: ReaderStoreCheck) async throws {
        try await PostgresTestServer.withTemporaryStore { store in try await check.run(on: store) }
    }

    @Test(arguments: PushSubscriptionStoreCheck.all)
    func pushConformance(_ check: PushSubscriptionStoreCheck) async throws {
        try await PostgresTestServer.withTemporaryStore { store in try await check.run(on: store) }
    }
}
