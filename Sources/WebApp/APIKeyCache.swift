import Foundation
import Storage
import Synchronization

/// Keys the API checked a moment ago, so an app's requests do not each read the store (a
/// read is a hop to the database's threads and back, a third of a small answer's time).
/// A key is read again once `lifetime` has passed: a key disabled or removed meanwhile
/// stops working within that time. Only keys that exist are kept (unknown secrets would
/// let anyone fill the cache), at most `capacity` of them, by their SHA-256.
final class APIKeyCache: Sendable {
    static let capacity = 1_000
    let lifetime: Duration

    init(lifetime: Duration = .seconds(2)) {
        self.lifetime = lifetime
    }

    private struct Entry {
        var key: APIKey
        var checkedAt: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The key for `secret`: the one checked less than `lifetime` ago, else the store's.
    func key(forSecret secret: String, in store: any ArticleStore) async throws -> APIKey? {
        let digest = APIKey.secretHash(secret)
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[digest] }), now - entry.checkedAt < lifetime {
            return entry.key
        }
        guard let key = try await store.apiKey(forSecret: secret) else {
            entries.withLock { _ = $0.removeValue(forKey: digest) }
            return nil
        }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[digest] = Entry(key: key, checkedAt: now)
        }
        return key
    }

    /// Forgets every key, so a change made here (a key disabled on the settings page)
    /// holds from the next request.
    func forgetAll() {
        entries.withLock { $0.removeAll() }
    }
}
