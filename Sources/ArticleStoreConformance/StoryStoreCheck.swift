import Foundation
import NewsModel
import Storage
import Testing

/// One behaviour every `StoryStore` must have (story membership, its progress, top stories,
/// the popularity order), checked on a fresh, empty store. Backends run these beside the
/// other suites:
///
/// ```swift
/// @Test(arguments: StoryStoreCheck.all)
/// func storyConformance(_ check: StoryStoreCheck) async throws {
///     try await check.run(on: try SQLiteStore.temporary())
/// }
/// ```
public struct StoryStoreCheck: Sendable, CustomTestStringConvertible {
    /// What the check shows, as a sentence.
    public let name: String
    private let body: @Sendable (any StoryStore) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (any StoryStore) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }

    /// Runs the check against `store`, which must be empty.
    public func run(on store: any StoryStore) async throws {
        try await body(store)
    }

    /// Every check.
    public static let all: [StoryStoreCheck] = progressChecks + membershipChecks + listingChecks
}

/// Values the story checks build on.
enum StoryFixtures {
    typealias Fixtures = ConformanceFixtures

    /// A source named `slug` whose articles have guids `<slug>-<n>` for each `n`, published
    /// `n` hours after the base date, stored in the order given.
    @discardableResult
    static func source(_ slug: String, articles numbers: [Int], in store: any StoryStore) async throws -> Source {
        let drafts = numbers.map { Fixtures.draft("\(slug)-\($0)", summary: "About \(slug) \($0)", content: "Text of \(slug) \($0)", hoursAfterBase: Double($0)) }
        return try await Fixtures.add(Fixtures.source(slug), with: drafts, to: store)
    }

    static func id(_ guid: String, of store: any StoryStore) async throws -> ArticleID {
        let source = String(guid.prefix { $0 != "-" })
        return try #require(try await Fixtures.article(guid, in: SourceID(slugging: source), of: store)).id
    }

    /// Places articles (by guid) in stories named by their first article's guid, moving the
    /// progress from what the store says to the highest id placed.
    static func place(_ stories: [String: [String]], in store: any StoryStore, copies: [String: String] = [:]) async throws {
        var records: [StoryPlacementRecord] = []
        for (first, guids) in stories {
            let story = StoryID(startedBy: try await id(first, of: store))
            for guid in guids {
                let copy = copies[guid]
                records.append(StoryPlacementRecord(article: try await id(guid, of: store), story: story, copyOf: copy == nil ? nil : try await id(copy ?? "", of: store)))
            }
        }
        records.sort { $0.article < $1.article }
        let progress = try await store.storyProgress()
        let through = max(records.last?.article ?? ArticleID(rawValue: 0), progress ?? ArticleID(rawValue: 0))
        #expect(try await store.recordStoryPlacements(records, consideredThrough: through, expectedProgress: progress))
    }
}
