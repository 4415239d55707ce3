import NewsModel
import Storage
import Testing

/// One behaviour every `ArticleStore` must have, checked on a fresh, empty store.
///
/// A backend's tests run every check in `ArticleStoreCheck.all` against its own stores:
///
/// ```swift
/// @Test(arguments: ArticleStoreCheck.all)
/// func conformance(_ check: ArticleStoreCheck) async throws {
///     try await check.run(on: try SQLiteStore.temporary())
/// }
/// ```
///
/// Failures are reported with Swift Testing's `#expect`, so the test that runs a check
/// shows which expectation failed and where.
public struct ArticleStoreCheck: Sendable, CustomTestStringConvertible {
    /// What the check shows, as a sentence ("addSource picks the next free id").
    public let name: String
    private let body: @Sendable (any ArticleStore) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (any ArticleStore) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }

    /// Runs the check against `store`, which must be empty.
    public func run(on store: any ArticleStore) async throws {
        try await body(store)
    }

    /// Every check, grouped by area.
    public static let all: [ArticleStoreCheck] =
        sourceChecks + refreshChecks + refreshClaimChecks + queryChecks + searchChecks + keyAndSettingChecks + concurrencyChecks
}
