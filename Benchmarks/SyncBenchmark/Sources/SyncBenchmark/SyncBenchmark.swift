import AsyncHTTPClient
import FeverAPI
import Foundation
import GoogleReaderAPI
import Hummingbird
import Logging
import NIOCore
import NewsModel
import SQLiteStorage
import Storage
import SyncSupport

/// A reader app's first sync of 10 000 unread items, over loopback, as the apps do it:
/// Google Reader (ClientLogin, the unread ids 1 000 a page by continuation, then the items'
/// contents in POSTed batches) and Fever (the unread ids, then items 50 at a time). Prints
/// the client's wall time, the server's time inside the handlers (summed by a middleware),
/// and, as the baseline measured in the same run, the store alone doing the same reads.
/// Numbers, not pass or fail; the goal is under 2 s of server time for the Google Reader sync.
@main
struct SyncBenchmark {
    static let sourceCount = 100
    static let articlesPerSource = 100

    static func main() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sync-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("library.sqlite").path)
        let user = try await store.createUser(name: "reader", passwordHash: await PasswordHasher(cost: 4).hash("not used here"), role: .admin)
        try await fill(store)
        let password = try await store.createAppPassword(name: "benchmark", for: user.id).secret
        print("library: \(sourceCount) sources, \(sourceCount * articlesPerSource) unread articles (about 1.5 kB of HTML each)")

        let timer = ServerTimer()
        let router = Router(context: BenchmarkContext.self)
        router.add(middleware: timer)
        var logger = Logger(label: "sync-benchmark")
        // Cancelling the server at the end logs errors that mean nothing here.
        logger.logLevel = .critical
        let signIn = AppPasswordSignIn(store: store, throttle: LoginThrottle())
        GoogleReaderAPI(store: store, signIn: signIn, subscriber: nil, logger: logger).register(on: router)
        FeverAPI(store: store, signIn: signIn, logger: logger).register(on: router)
        let port = Int.random(in: 8120...8149)
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
        let base = "http://127.0.0.1:\(port)"

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.runService() }
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                try await waitForServer(client, base: base)
                for batch in [1_000, 250] {
                    for round in 1...3 {
                        let run = try await googleReaderSync(client, base: base, user: user.name, password: password, batch: batch, timer: timer)
                        let storeTime = try await storeOnly(store, user: user.id, batch: batch)
                        print("Google Reader, contents \(batch) a request, round \(round): \(run.items) items in \(run.requests) requests; wall \(format(run.wall)), server \(format(run.server)); store alone \(format(storeTime)) (server \(ratio(run.server, storeTime))× store)")
                    }
                }
                for round in 1...2 {
                    let run = try await feverSync(client, base: base, user: user.name, password: password, timer: timer)
                    let storeTime = try await storeOnly(store, user: user.id, batch: 50)
                    print("Fever, items 50 a request, round \(round): \(run.items) items in \(run.requests) requests; wall \(format(run.wall)), server \(format(run.server)); store alone \(format(storeTime)) (server \(ratio(run.server, storeTime))× store)")
                }
            } catch {
                try? await client.shutdown()
                group.cancelAll()
                throw error
            }
            try await client.shutdown()
            group.cancelAll()
        }
    }

    // MARK: The library

    static func fill(_ store: SQLiteStore) async throws {
        let paragraph = String(repeating: "A sentence of an article that is long enough to look like news. ", count: 20)
        let start = Date(timeIntervalSince1970: 1_772_000_000)
        for sourceIndex in 0..<sourceCount {
            let id = SourceID(slugging: "Source \(sourceIndex)")
            _ = try await store.addSource(Source(id: id, name: "Source \(sourceIndex)", siteURL: "https://source\(sourceIndex).invalid/", feedURL: "https://source\(sourceIndex).invalid/feed.xml"))
            let drafts = (0..<articlesPerSource).map { index in
                ArticleDraft(
                    guid: "s\(sourceIndex)-a\(index)", title: "Article \(index) of source \(sourceIndex)", author: "A. Writer",
                    summary: "A summary of article \(index).", contentHTML: "<p>\(paragraph)</p>", contentText: paragraph,
                    url: "https://source\(sourceIndex).invalid/articles/\(index)",
                    publishedAt: start.addingTimeInterval(Double(sourceIndex * articlesPerSource + index) * 60)
                )
            }
            _ = try await store.applyRefresh(RefreshResult(articles: drafts, state: FeedState(lastAttemptAt: start, lastSuccessAt: start)), to: id)
        }
    }

    // MARK: The clients

    struct Run {
        var items = 0
        var requests = 0
        var wall: Duration = .zero
        var server: Duration = .zero
    }

    static func googleReaderSync(_ client: HTTPClient, base: String, user: String, password: String, batch: Int, timer: ServerTimer) async throws -> Run {
        await timer.reset()
        var run = Run()
        let started = ContinuousClock.now
        let login = try await send(client, base + "/accounts/ClientLogin", body: "Email=\(user)&Passwd=\(password)")
        run.requests += 1
        guard let token = login.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") })?.dropFirst(5) else { throw BenchmarkError("no Auth in \(login)") }
        let headers = ["Authorization": "GoogleLogin auth=\(token)"]
        var ids: [String] = []
        var continuation: String?
        repeat {
            var url = base + "/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=1000"
            if let continuation { url += "&c=" + continuation }
            let answer = try JSONDecoder().decode(ItemIDs.self, from: Data(try await send(client, url, headers: headers).utf8))
            run.requests += 1
            ids += answer.itemRefs.map(\.id)
            continuation = answer.continuation
        } while continuation != nil
        for start in stride(from: 0, to: ids.count, by: batch) {
            let body = ids[start..<min(start + batch, ids.count)].map { "i=" + $0 }.joined(separator: "&")
            let answer = try JSONDecoder().decode(Contents.self, from: Data(try await send(client, base + "/reader/api/0/stream/items/contents?output=json", headers: headers, body: body).utf8))
            run.requests += 1
            run.items += answer.items.count
        }
        run.wall = ContinuousClock.now - started
        run.server = await timer.total
        return run
    }

    static func feverSync(_ client: HTTPClient, base: String, user: String, password: String, timer: ServerTimer) async throws -> Run {
        await timer.reset()
        var run = Run()
        let started = ContinuousClock.now
        let key = "api_key=" + AppPassword.feverKey(userName: user, secret: password)
        let unread = try JSONDecoder().decode(FeverUnread.self, from: Data(try await send(client, base + "/api/fever.php?api&unread_item_ids", body: key).utf8))
        run.requests += 1
        let ids = unread.unread_item_ids.split(separator: ",").map(String.init)
        for start in stride(from: 0, to: ids.count, by: 50) {
            let list = ids[start..<min(start + 50, ids.count)].joined(separator: ",")
            let answer = try JSONDecoder().decode(FeverItems.self, from: Data(try await send(client, base + "/api/fever.php?api&items&with_ids=" + list, body: key).utf8))
            run.requests += 1
            run.items += answer.items.count
        }
        run.wall = ContinuousClock.now - started
        run.server = await timer.total
        return run
    }

    /// The same reads straight from the store: the floor the protocol's work sits on.
    static func storeOnly(_ store: SQLiteStore, user: UserID, batch: Int) async throws -> Duration {
        let started = ContinuousClock.now
        var ids: [ArticleID] = []
        var timeline = Timeline(filter: .unread, limit: 1_000)
        repeat {
            let page = try await store.timelineReferences(timeline, for: user)
            ids += page.references.map(\.id)
            timeline.continuation = page.continuation
        } while timeline.continuation != nil
        for start in stride(from: 0, to: ids.count, by: batch) {
            _ = try await store.readerArticles(Array(ids[start..<min(start + batch, ids.count)]), for: user)
        }
        return ContinuousClock.now - started
    }

    static func send(_ client: HTTPClient, _ url: String, headers: [String: String] = [:], body: String? = nil) async throws -> String {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 256 * 1024 * 1024)
        guard response.status == .ok else { throw BenchmarkError("\(url.prefix(120)) answered \(response.status): \(String(buffer: bytes).prefix(200))") }
        return String(buffer: bytes)
    }

    static func waitForServer(_ client: HTTPClient, base: String) async throws {
        for _ in 0..<100 {
            if (try? await client.execute(HTTPClientRequest(url: base + "/fever"), timeout: .seconds(1))) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchmarkError("the server did not start")
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.0f ms", seconds(duration) * 1_000)
    }

    static func ratio(_ a: Duration, _ b: Duration) -> String {
        String(format: "%.2f", seconds(a) / max(seconds(b), 1e-9))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

struct ItemIDs: Decodable {
    struct Reference: Decodable { var id: String }
    var itemRefs: [Reference]
    var continuation: String?
}

struct Contents: Decodable {
    struct Item: Decodable { var id: String }
    var items: [Item]
}

struct FeverUnread: Decodable {
    var unread_item_ids: String
}

struct FeverItems: Decodable {
    struct Item: Decodable { var id: Int64 }
    var items: [Item]
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The request context the sync APIs need: Hummingbird's, with the client's address.
struct BenchmarkContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// Sums the time spent inside the server's handlers, body reading and encoding included.
actor ServerTimer: RouterMiddleware {
    typealias Context = BenchmarkContext
    private(set) var total: Duration = .zero

    func reset() { total = .zero }
    func add(_ duration: Duration) { total += duration }

    nonisolated func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        await add(ContinuousClock.now - started)
        return response
    }
}
