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

    let capacityBytes: Int
    let lifetime: Duration
    private let changes: any LibraryChangeCounting

    init?(store: any ReaderStore, capacityBytes: Int, lifetime: Duration = .seconds(5)) {
        guard capacityBytes > 0, let changes = store as? any LibraryChangeCounting else { return nil }
        self.capacityBytes = capacityBytes
        self.lifetime = lifetime
        self.changes = changes
    }

    private struct Entry {
        var headers: HTTPFields
        var body: ByteBuffer
        var changeCount: UInt64
        var madeAt: ContinuousClock.Instant
        var size: Int { body.readableBytes + 256 }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var order: [Key] = []
        var bytes = 0
        var changeCount: UInt64 = 0
    }

    private let state = Mutex(State())

    /// The kept answer for `key` while it is good, else `make`'s (kept when it is a 200 whose
    /// body is one buffer).
    func response(for key: Key, make: () async throws -> Response) async throws -> Response {
        let changeCount = changes.libraryChangeCount
        let now = ContinuousClock.now
        let kept = state.withLock { state -> Entry? in
            guard let entry = state.entries[key], entry.changeCount == changeCount, now - entry.madeAt < lifetime else { return nil }
            return entry
        }
        if let kept { return Response(status: .ok, headers: kept.headers, body: ResponseBody(byteBuffer: kept.body)) }
        let response = try await make()
        guard response.status == .ok, let body = try await Self.bytes(of: response) else { return response }
        let entry = Entry(headers: response.headers, body: body, changeCount: changeCount, madeAt: now)
        store(entry, for: key)
        return Response(status: .ok, headers: entry.headers, body: ResponseBody(byteBuffer: body))
    }

    var count: Int { state.withLock { $0.entries.count } }

    private func store(_ entry: Entry, for key: Key) {
        let size = entry.size + key.query.utf8.count
        guard size <= capacityBytes / 8 else { return }
        state.withLock { state in
            if entry.changeCount != state.changeCount {
                guard entry.changeCount > state.changeCount else { return }
                state = State(changeCount: entry.changeCount)
            }
            if let old = state.entries.removeValue(forKey: key) {
                state.bytes -= old.size + key.query.utf8.count
                state.order.removeAll { $0 == key }
            }
            while state.bytes + size > capacityBytes, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                if let dropped = state.entries.removeValue(forKey: oldest) {
                    state.bytes -= dropped.size + oldest.query.utf8.count
                }
            }
            state.entries[key] = entry
            state.order.append(key)
            state.bytes += size
        }
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
