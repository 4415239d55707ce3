import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
@testable import WebSub

/// A small WebSub hub and publisher on loopback, for the tests: it serves one Atom feed that
/// names the hub (in the feed and in a `Link` header), takes subscription requests at
/// `/hub`, verifies each one's intent at its callback (as hubs must, with a random
/// challenge) and, when told to publish, delivers content to every verified subscriber,
/// signed with that subscriber's secret (or not, or wrongly, when a test asks).
final class LoopbackHub: Sendable {
    struct Request: Sendable, Hashable {
        var mode: String
        var topic: String
        var callback: String
        var secret: String?
        var leaseSeconds: Int?
    }

    struct Subscriber: Sendable, Hashable {
        var callback: String
        var topic: String
        var secret: String?
    }

    struct Verification: Sendable, Hashable {
        var callback: String
        var status: Int
        /// True when the answer's body was exactly the challenge.
        var echoed: Bool
    }

    private struct State {
        var entries: [(id: String, title: String)] = []
        var requests: [Request] = []
        var verifications: [Verification] = []
        var subscribers: [Subscriber] = []
        var grantedLeaseSeconds = 3_600
        var answersSubscriptions = 202
        var port = 0
    }

    private let state = Mutex(State())
    let client = HTTPClient(eventLoopGroupProvider: .singleton)

    init(entries: [(id: String, title: String)]) {
        state.withLock { $0.entries = entries }
    }

    var port: Int {
        get { state.withLock { $0.port } }
        set { state.withLock { $0.port = newValue } }
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var feedURL: String { base + "/feed.xml" }
    var hubURL: String { base + "/hub" }

    var requests: [Request] { state.withLock { $0.requests } }
    var verifications: [Verification] { state.withLock { $0.verifications } }
    var subscribers: [Subscriber] { state.withLock { $0.subscribers } }

    /// The lease the hub grants (it ignores the one asked for, as hubs may).
    func grantLeases(of seconds: Int) { state.withLock { $0.grantedLeaseSeconds = seconds } }
    /// The status the hub answers subscription requests with.
    func answerSubscriptions(with status: Int) { state.withLock { $0.answersSubscriptions = status } }
    func addEntry(id: String, title: String) { state.withLock { $0.entries.insert((id, title), at: 0) } }

    /// The feed as it is now.
    func feed(onlyNewest count: Int? = nil) -> String {
        let entries = state.withLock { state in count.map { Array(state.entries.prefix($0)) } ?? state.entries }
        let items = entries.map { entry in
            """
            <entry><id>urn:hub-news:\(entry.id)</id><title>\(entry.title)</title><link href="\(base)/posts/\(entry.id)"/>
            <updated>2026-03-02T10:00:00Z</updated><content type="html">&lt;p&gt;\(entry.title), in full.&lt;/p&gt;</content></entry>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title>Hub News</title><id>\(feedURL)</id><updated>2026-03-02T10:00:00Z</updated>
            <link rel="alternate" href="\(base)/"/>
            <link rel="hub" href="\(hubURL)"/>
            <link rel="self" href="\(feedURL)"/>
            \(items)
            </feed>
            """
    }

    func application() -> some ApplicationProtocol {
        let router = Router()
        router.get("/feed.xml") { _, _ -> Response in
            var headers: HTTPFields = [.contentType: "application/atom+xml"]
            if let link = HTTPField.Name("Link") { headers[link] = "<\(self.hubURL)>; rel=\"hub\", <\(self.feedURL)>; rel=\"self\"" }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: self.feed())))
        }
        router.post("/hub") { request, _ -> Response in
            let body = String(buffer: try await request.body.collect(upTo: 64 * 1024))
            let form = CallbackQuery(body)
            guard let mode = form["hub.mode"], let topic = form["hub.topic"], let callback = form["hub.callback"] else {
                return Response(status: .badRequest)
            }
            let received = Request(mode: mode, topic: topic, callback: callback, secret: form["hub.secret"], leaseSeconds: form["hub.lease_seconds"].flatMap { Int($0) })
            let status = self.state.withLock { state in
                state.requests.append(received)
                return state.answersSubscriptions
            }
            guard status == 202 else { return Response(status: .init(code: status)) }
            // Verification happens after the answer, as most hubs do it.
            Task { await self.verify(received) }
            return Response(status: .accepted)
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Asks the callback whether it wants `request`, and keeps it as a subscriber if it echoes the challenge.
    func verify(_ request: Request, challenge: String = UUID().uuidString) async {
        let lease = state.withLock { $0.grantedLeaseSeconds }
        let query = HubClient.formEncoded([
            ("hub.mode", request.mode), ("hub.topic", request.topic), ("hub.challenge", challenge), ("hub.lease_seconds", String(lease)),
        ])
        let answer = await get(request.callback + "?" + String(decoding: query, as: UTF8.self))
        let echoed = answer.status == 200 && answer.body == challenge
        state.withLock { state in
            state.verifications.append(Verification(callback: request.callback, status: answer.status, echoed: echoed))
            if echoed, request.mode == "subscribe" {
                state.subscribers.removeAll { $0.callback == request.callback && $0.topic == request.topic }
                state.subscribers.append(Subscriber(callback: request.callback, topic: request.topic, secret: request.secret))
            }
        }
    }

    enum Signing: Sendable {
        case withSubscriberSecret(HubSignature.Method)
        case withSecret(String)
        case unsigned
    }

    /// Delivers `body` to every verified subscriber; returns each answer's status.
    func publish(body: String, contentType: String = "application/atom+xml", signing: Signing = .withSubscriberSecret(.sha256)) async -> [Int] {
        var statuses: [Int] = []
        for subscriber in subscribers {
            var headers: [(String, String)] = [("Content-Type", contentType)]
            let bytes = Array(body.utf8)
            switch signing {
            case .withSubscriberSecret(let method):
                if let secret = subscriber.secret { headers.append(("X-Hub-Signature", HubSignature.header(for: bytes, secret: secret, method: method))) }
            case .withSecret(let secret):
                headers.append(("X-Hub-Signature", HubSignature.header(for: bytes, secret: secret)))
            case .unsigned:
                break
            }
            statuses.append(await post(subscriber.callback, body: bytes, headers: headers).status)
        }
        return statuses
    }

    func get(_ url: String) async -> (status: Int, body: String) {
        await send(HTTPClientRequest(url: url))
    }

    func post(_ url: String, body: [UInt8], headers: [(String, String)]) async -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        return await send(request)
    }

    private func send(_ request: HTTPClientRequest) async -> (status: Int, body: String) {
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1_048_576)
            return (Int(response.status.code), String(buffer: body))
        } catch {
            return (0, "\(error)")
        }
    }

    func shutdown() async throws {
        try await client.shutdown()
    }
}
