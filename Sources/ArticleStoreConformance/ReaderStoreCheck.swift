import Foundation
import NewsModel
import Storage
import Testing

/// One behaviour every `ReaderStore` must have (people, subscriptions, reading state,
/// retention), checked on a fresh, empty store. Backends run these beside
/// `ArticleStoreCheck.all`:
///
/// ```swift
/// @Test(arguments: ReaderStoreCheck.all)
/// func readerConformance(_ check: ReaderStoreCheck) async throws {
///     try await check.run(on: try SQLiteStore.temporary())
/// }
/// ```
public struct ReaderStoreCheck: Sendable, CustomTestStringConvertible {
    /// What the check shows, as a sentence.
    public let name: String
    private let body: @Sendable (any ReaderStore) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (any ReaderStore) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }

    /// Runs the check against `store`, which must be empty (as a new database is: only the
    /// implicit owner, no sources).
    public func run(on store: any ReaderStore) async throws {
        try await body(store)
    }

    /// Every check, grouped by area.
    public static let all: [ReaderStoreCheck] =
        peopleChecks + credentialChecks + subscriptionChecks + readingChecks + markingChecks + retentionChecks + scopeChecks
        + activityChecks + blogrollChecks
}

/// Values the reader checks build on.
enum ReaderFixtures {
    typealias Fixtures = ConformanceFixtures

    /// Not a real bcrypt hash: stores keep whatever `PasswordHasher` gives them, unread.
    static func passwordHash(_ name: String) -> String { "$2b$04$hash-of-\(name)" }

    /// Creates an account (the first one claims the implicit owner).
    static func account(_ name: String, role: UserRole = .reader, in store: any ReaderStore) async throws -> User {
        try await store.createUser(name: name, passwordHash: passwordHash(name), role: role)
    }

    /// A source with `count` articles published an hour apart (guids `<slug>0`, `<slug>1`, …;
    /// the last is the newest), added the ArticleStore way: followed by the owner.
    @discardableResult
    static func ownedSource(_ slug: String, articles count: Int, startingHoursAfterBase start: Double = 0, in store: any ReaderStore) async throws -> Source {
        let drafts = (0..<count).map { Fixtures.draft("\(slug)\($0)", hoursAfterBase: start + Double($0)) }
        return try await Fixtures.add(Fixtures.source(slug), with: drafts, to: store)
    }

    /// Follows a new feed `slug` as `user` and stores its `count` articles.
    @discardableResult
    static func followedSource(
        _ slug: String, articles count: Int, by user: UserID, folder: FolderID? = nil, startingHoursAfterBase start: Double = 0,
        in store: any ReaderStore
    ) async throws -> Source {
        let followed = try await store.follow(Fixtures.source(slug), as: user, name: nil, folder: folder)
        if count > 0 {
            let drafts = (0..<count).map { Fixtures.draft("\(slug)\($0)", hoursAfterBase: start + Double($0)) }
            _ = try await store.applyRefresh(Fixtures.refresh(drafts), to: followed.source.id)
        }
        return followed.source
    }

    /// Stores more articles in a source (a later refresh).
    static func addArticles(_ guids: [String], hoursAfterBase hours: Double, to source: SourceID, in store: any ReaderStore) async throws {
        _ = try await store.applyRefresh(Fixtures.refresh(guids.map { Fixtures.draft($0, hoursAfterBase: hours) }, hoursAfterBase: hours), to: source)
    }

    /// The id of the article with `guid` (through the public API only).
    static func id(_ guid: String, in source: SourceID, of store: any ReaderStore) async throws -> ArticleID {
        try #require(try await Fixtures.article(guid, in: source, of: store)).id
    }

    /// Every guid of a timeline, following continuations, in order.
    static func guids(_ timeline: Timeline, for user: UserID, in store: any ReaderStore) async throws -> [String] {
        var timeline = timeline
        var guids: [String] = []
        while true {
            let page = try await store.timeline(timeline, for: user)
            guids += page.articles.map(\.article.guid)
            guard let next = page.continuation, guids.count < 10_000 else { return guids }
            timeline.continuation = next
        }
    }
}
