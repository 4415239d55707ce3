import FeverAPI
import Fetching
import Foundation
import GoogleReaderAPI
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NewsModel
import Refresh
import SQLiteStorage
import Storage
import SyncSupport
import Testing

/// A library for two people on a temporary SQLite store, served by both sync APIs.
/// alice follows Harbour News (folder Local, 3 articles) and Orbit Notes (folder Science,
/// 2 articles); bob follows Orbit Notes only. Dates are fixed, so answers compare exactly.
struct SyncFixture {
    static let published = Date(timeIntervalSince1970: 1_772_400_000)
    static let loginPassword = "a login password, never for apps"

    let store: SQLiteStore
    let alice: User
    let bob: User
    let alicePassword: String
    let bobPassword: String
    let harbour: Source
    let orbit: Source
    let local: Folder
    let science: Folder
    /// Harbour's articles newest first, then Orbit's newest first.
    let harbourArticles: [ArticleID]
    let orbitArticles: [ArticleID]
    let throttle = LoginThrottle()

    init() async throws {
        store = try SQLiteStore.temporary()
        let hash = await PasswordHasher(cost: 4).hash(Self.loginPassword)
        alice = try await store.createUser(name: "alice", passwordHash: hash, role: .admin)
        bob = try await store.createUser(name: "bob", passwordHash: hash, role: .reader)
        harbour = try await store.addSource(Source(
            id: SourceID(slugging: "Harbour News"), name: "Harbour News", siteURL: "https://harbour.example/", feedURL: "https://harbour.example/feed.xml"
        ))
        orbit = try await store.addSource(Source(
            id: SourceID(slugging: "Orbit Notes"), name: "Orbit Notes", siteURL: "https://orbit.example/", feedURL: "https://orbit.example/atom"
        ))
        _ = try await store.applyRefresh(RefreshResult(articles: (0..<3).map { index in
            ArticleDraft(
                guid: "harbour-\(index)", title: "Harbour story \(index)", author: index == 0 ? "Mara Quill" : nil,
                summary: "Summary \(index) & more", contentHTML: index == 0 ? "<p>Ferries <b>run</b> late.</p>" : nil,
                url: "https://harbour.example/\(index)", publishedAt: Self.published.addingTimeInterval(-Double(index) * 3_600)
            )
        }, state: FeedState(lastSuccessAt: Self.published)), to: harbour.id)
        _ = try await store.applyRefresh(RefreshResult(articles: (0..<2).map { index in
            ArticleDraft(
                guid: "orbit-\(index)", title: "Orbit note \(index)", summary: "Comets \(index)",
                url: "https://orbit.example/\(index)", publishedAt: Self.published.addingTimeInterval(-Double(index) * 7_200 - 60)
            )
        }, state: FeedState(lastSuccessAt: Self.published)), to: orbit.id)
        local = try await store.folder(named: "Local", for: alice.id)
        science = try await store.folder(named: "Science", for: alice.id)
        for (source, folder) in [(harbour.id, local.id), (orbit.id, science.id)] {
            if var subscription = try await store.subscription(to: source, for: alice.id) {
                subscription.folderID = folder
                try await store.updateSubscription(subscription)
            }
        }
        _ = try await store.follow(orbit, as: bob.id, name: nil, folder: nil)
        alicePassword = try await store.createAppPassword(name: "tests", for: alice.id).secret
        bobPassword = try await store.createAppPassword(name: "tests", for: bob.id).secret
        harbourArticles = try await store.timelineReferences(Timeline(scope: .source(harbour.id), limit: 100), for: alice.id).references.map(\.id)
        orbitArticles = try await store.timelineReferences(Timeline(scope: .source(orbit.id), limit: 100), for: alice.id).references.map(\.id)
    }

    /// Places Harbour's and Orbit's newest articles in one story and has Alice ask, in her
    /// settings, that reading one article of a story reads the rest.
    func shareAStoryAndReadWholeStories() async throws {
        let (lead, other) = (harbourArticles[0], orbitArticles[0])
        let story = StoryID(startedBy: min(lead, other))
        let placed = try await store.recordStoryPlacements(
            [StoryPlacementRecord(article: lead, story: story), StoryPlacementRecord(article: other, story: story)],
            consideredThrough: max(lead, other), expectedProgress: try await store.storyProgress()
        )
        #expect(placed)
        var settings = try await store.readerSettings(for: alice.id)
        settings.readsWholeStory = true
        try await store.saveReaderSettings(settings, for: alice.id)
    }

    var aliceToken: String { "alice/" + AppPassword.feverKey(userName: "alice", secret: alicePassword) }
    var aliceFeverKey: String { AppPassword.feverKey(userName: "alice", secret: alicePassword) }

    /// The application; with `feeds`, new feeds are followed from those (address → RSS text).
    func application(feeds: [String: String]? = nil) -> some ApplicationProtocol {
        let router = Router(context: SyncTestContext.self)
        let signIn = AppPasswordSignIn(store: store, throttle: throttle)
        var logger = Logger(label: "sync-tests")
        logger.logLevel = .critical
        let subscriber = feeds.map { SourceSubscriber(store: store, loader: FeedLoader(fetcher: FeedStub(feeds: $0))) }
        GoogleReaderAPI(store: store, signIn: signIn, subscriber: subscriber, logger: logger).register(on: router)
        FeverAPI(store: store, signIn: signIn, logger: logger).register(on: router)
        return Application(router: router, logger: logger)
    }
}

/// Answers fetches from fixed feed texts; 404 for any other address.
struct FeedStub: HTTPFetching {
    let feeds: [String: String]

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let text = feeds[request.url] else { throw .httpStatus(url: request.url, code: 404) }
        return FetchResponse(url: request.url, statusCode: 200, headers: ["content-type": "application/rss+xml"], body: Array(text.utf8))
    }
}

/// The request context the sync APIs need: Hummingbird's, with the client's address.
struct SyncTestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// One answer: status, headers, body.
struct Answer {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var text: String

    /// The body as JSON (dictionaries and arrays); nil when it is not JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
}

extension TestClientProtocol {
    /// A request with a form body (POST) or none (GET), with the Google Reader token if given.
    func send(_ path: String, method: HTTPRequest.Method = .get, token: String? = nil, form: String? = nil) async throws -> Answer {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "GoogleLogin auth=\(token)" }
        if form != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        let response = try await execute(uri: path, method: form != nil ? .post : method, headers: headers, body: form.map { ByteBuffer(string: $0) })
        return Answer(status: response.status, headers: response.headers, text: String(buffer: response.body))
    }
}

/// Compares JSON values exactly (numbers by value, objects without regard to key order).
func sameJSON(_ left: Any?, _ right: Any?) -> Bool {
    guard let left, let right else { return left == nil && right == nil }
    return NSDictionary(dictionary: ["value": left]).isEqual(to: ["value": right])
}

func json(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8))
}
