import Foundation
import Storage
import Synchronization

/// Who a session token (or no token) reads as, as the store said a moment ago: every page
/// asks, and the answer changes only with a write (a login, a logout, a revoked session,
/// new settings, the first account). So an answer is reused while the store's
/// `libraryChangeCount` is what it was when it was read, for at most `lifetime` (writes by
/// other processes sharing the database catch up after that), and never past the session's
/// own expiry. Only answers naming a person are kept (unknown tokens would let anyone fill
/// the cache), at most `capacity`, by the token's SHA-256.
final class PageReaderCache: Sendable {
    static let capacity = 1_000
    let lifetime: Duration
    private let changes: any LibraryChangeCounting

    init?(store: any ReaderStore, lifetime: Duration = .seconds(2)) {
        guard let changes = store as? any LibraryChangeCounting else { return nil }
        self.lifetime = lifetime
        self.changes = changes
    }

    private struct Entry {
        var reader: PageReader
        var changeCount: UInt64
        var readAt: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])

    func pageReader(sessionToken token: String?, at now: Date, in store: any ReaderStore) async throws -> PageReader {
        let key: String
        if let token, !token.isEmpty {
            guard token.utf8.count <= Session.maximumTokenLength else { return try await store.pageReader(sessionToken: token, at: now) }
            key = Session.tokenHash(token)
        } else {
            key = ""
        }
        let changeCount = changes.libraryChangeCount
        let instant = ContinuousClock.now
        if let entry = entries.withLock({ $0[key] }), entry.changeCount == changeCount, instant - entry.readAt < lifetime {
            if case .signedIn(let authenticated, _) = entry.reader, authenticated.session.expiresAt <= now {
                // Past its expiry: the store decides again.
            } else {
                return entry.reader
            }
        }
        let reader = try await store.pageReader(sessionToken: token, at: now)
        if case .signedOut = reader {
            entries.withLock { _ = $0.removeValue(forKey: key) }
            return reader
        }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(reader: reader, changeCount: changeCount, readAt: instant)
        }
        return reader
    }
}
