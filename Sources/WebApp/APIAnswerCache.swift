import Foundation
import Hummingbird
import NewsModel
import Storage
import Synchronization

/// JSON API answers given a moment ago, kept for the same question from the same library
/// (the key's owner) while nothing was written: the same rule as `PageCache` (the store's
/// `libraryChangeCount` unchanged since before the answer was read, 5 seconds at most, a byte
/// budget with the oldest dropped first). The key is checked and counted against its
/// allowance before the cache is asked, so a kept answer never skips the rate limit.
final class APIAnswerCache: Sendable {
    struct Key: Hashable, Sendable {
        var path: String
        var query: String
        var user: UserID
        /// The address absolute links in the answer start with (it may come from `Host`).
        var baseURL: String
    }

    private let kept: KeptAnswers<Key, Entry>

    init?(store: any ReaderStore, capacityBytes: Int, lifetime: Duration = .seconds(5), admission: AnswerAdmission = .onceAskedAgain) {
        guard let kept = KeptAnswers<Key, Entry>(store: store, capacityBytes: capacityBytes, lifetime: lifetime, admission: admission) else { return nil }
        self.kept = kept
    }

    struct Entry: Sendable {
        var headers: HTTPFields
        var body: ByteBuffer
    }

    /// The kept answer for `key` while it is good, else `make`'s (kept when it is a 200 whose
    /// body is one buffer).
    func response(for key: Key, make: () async throws -> Response) async throws -> Response {
        let moment = kept.now
        if let entry = kept.value(for: key, at: moment) {
            return Response(status: .ok, headers: entry.headers, body: ResponseBody(byteBuffer: entry.body))
        }
        let response = try await make()
        guard response.status == .ok, kept.admits(key, at: moment), let body = try await Self.bytes(of: response) else { return response }
        kept.keep(Entry(headers: response.headers, body: body), size: body.readableBytes + 256 + key.query.utf8.count, for: key, readAt: moment)
        return Response(status: .ok, headers: response.headers, body: ResponseBody(byteBuffer: body))
    }

    var count: Int { kept.count }

    /// Forgets the answers too old to be given.
    func removeExpired() {
        kept.removeExpired()
    }

    /// The body's bytes, collected from the answer (the API's answers are one buffer each).
    private static func bytes(of response: Response) async throws -> ByteBuffer? {
        let collector = BodyCollector()
        try await response.body.write(collector)
        return collector.buffer.withLock { $0 }
    }
}

/// Gathers what a response body writes.
private final class BodyCollector: ResponseBodyWriter, Sendable {
    let buffer = Mutex(ByteBuffer())

    func write(_ buffer: ByteBuffer) async throws {
        var incoming = buffer
        self.buffer.withLock { _ = $0.writeBuffer(&incoming) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
