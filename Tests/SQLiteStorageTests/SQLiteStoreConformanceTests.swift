import ArticleStoreConformance
import SQLiteStorage
import Testing

/// The backend-independent checks, each on a fresh temporary SQLite database.
@Suite struct SQLiteStoreConformanceTests {
    @Test(arguments: ArticleStoreCheck.all)
    func conformance(_ check: ArticleStoreCheck) async throws {
        try await check.run(on: try SQLiteStore.temporary())
    }

    @Test(arguments: ReaderStoreCheck.all)
    func readerConformance(_ check: ReaderStoreCheck) async throws {
        try await check.run(on: try SQLiteStore.temporary())
    }

    @Test(arguments: StoryStoreCheck.all)
    func storyConformance(_ check: StoryStoreCheck) async throws {
        try await check.run(on: try SQLiteStore.temporary())
    }

    @Test(arguments: PushSubscriptionStoreCheck.all)
    func pushConformance(_ check: PushSubscriptionStoreCheck) async throws {
        try await check.run(on: try SQLiteStore.temporary())
    }
}
