import Foundation
import Storage

/// Who a session token (or no token) reads as, as the store said a moment ago: every page
/// asks, and the answer changes only with a write (a login, a logout, a revoked session,
/// new settings, the first account). So an answer is reused while the store's
/// `libraryChangeCount` is what it was when it was read, for at most `lifetime` (writes by
/// other processes sharing the database catch up after that), and never past the session's
/// own expiry. Only answers naming a person are kept (unknown tokens would let anyone fill
/// the cache), at most `capacity`, by the token's SHA-256.
final class PageReaderCache: Sendable {
    static let capacity = 1_000
    /// Kept readers, each counted as one unit of the budget.
    private let kept: KeptAnswers<String, PageReader>

    init?(store: any ReaderStore, lifetime: Duration = .seconds(2)) {
        guard let kept = KeptAnswers<String, PageReader>(store: store, capacityBytes: Self.capacity, lifetime: lifetime) else { return nil }
        self.kept = kept
    }

    /// Forgets the readers too old to be used.
    func removeExpired() {
        kept.removeExpired()
    }

    func pageReader(sessionToken token: String?, at now: Date, in store: any ReaderStore) async throws -> PageReader {
        let key: String
        if let token, !token.isEmpty {
            guard token.utf8.count <= Session.maximumTokenLength else { return try await store.pageReader(sessionToken: token, at: now) }
            key = Session.tokenHash(token)
        } else {
            key = ""
        }
        let moment = kept.now
        if let reader = kept.value(for: key, at: moment) {
            if case .signedIn(let authenticated, _) = reader, authenticated.session.expiresAt <= now {
                // Past its expiry: the store decides again.
            } else {
                return reader
            }
        }
        let reader = try await store.pageReader(sessionToken: token, at: now)
        if case .signedOut = reader { return reader }
        if kept.admits(key, at: moment) { kept.keep(reader, size: 1, for: key, readAt: moment) }
        return reader
    }
}
