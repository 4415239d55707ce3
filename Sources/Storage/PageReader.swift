import Foundation
import NewsModel

/// Who a page is for, as the session middleware needs it on every request.
public enum PageReader: Sendable, Hashable {
    /// Nobody has an account: everyone who reaches the pages is the library's owner.
    case owner(User, ReaderSettings)
    /// A live session, with its person's settings.
    case signedIn(AuthenticatedSession, ReaderSettings)
    /// Accounts exist and no live session was presented.
    case signedOut
}

extension AccountStore {
    /// Who a page is for, given the session token its browser sent (if any): in one read
    /// where the backend can (`SQLiteStore` does), since every page asks.
    public func pageReader(sessionToken token: String?, at now: Date) async throws -> PageReader {
        guard try await hasAccounts() else {
            let owner = try await owner()
            return .owner(owner, try await readerSettings(for: owner.id))
        }
        guard let token, let authenticated = try await session(forToken: token, at: now) else { return .signedOut }
        return .signedIn(authenticated, try await readerSettings(for: authenticated.user.id))
    }
}
