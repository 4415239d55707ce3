import Foundation
import NewsModel

/// What a store knows about people: accounts, sessions, app passwords, API keys and
/// preferences. Part of `ReaderStore`; the login and session code needs only this.
///
/// Every library has one owner (`owner()`), implicit until the first account is created,
/// which then becomes the owner. Every method is safe to call concurrently, and every write
/// is one transaction.
public protocol AccountStore: Sendable {
    // MARK: People

    /// Everyone, the owner first, then by name. Includes the implicit owner (`hasPassword` false).
    func users() async throws -> [User]
    func user(_ id: UserID) async throws -> User?
    /// The user with this name, ignoring case; nil for none.
    func user(named name: String) async throws -> User?
    /// The library's owner (implicit until the first account exists).
    func owner() async throws -> User
    /// True once anyone has a password: from then on the pages ask for a login.
    func hasAccounts() async throws -> Bool
    /// Creates an account with a bcrypt hash from `PasswordHasher`. The first account takes
    /// over the implicit owner, with the whole library, as an admin whatever `role` says.
    /// Throws `invalidUserName` or `userNameTaken`.
    func createUser(name: String, passwordHash: String, role: UserRole) async throws -> User
    /// The stored bcrypt hash; nil for the implicit owner or an unknown id.
    func passwordHash(of user: UserID) async throws -> String?
    func setPasswordHash(_ hash: String, for user: UserID) async throws
    /// Throws `lastAdmin` when it would leave no admin, `userNotFound` for an unknown id.
    func setRole(_ role: UserRole, for user: UserID) async throws
    /// Removes a person with everything that is theirs (subscriptions, folders, reading state,
    /// sessions, app passwords, API keys, settings). Sources they alone followed leave the
    /// library unless someone starred one of their articles. Throws `ownerCannotBeRemoved`,
    /// `lastAdmin`, `userNotFound`.
    func removeUser(_ id: UserID) async throws

    // MARK: Sessions

    /// Starts a session; the token is returned once, only its SHA-256 is kept.
    func createSession(for user: UserID, userAgent: String?, expiresAt: Date, now: Date) async throws -> NewSession
    /// The unexpired session a token opens, with its person; nil otherwise.
    func session(forToken token: String, at now: Date) async throws -> AuthenticatedSession?
    /// Records a request on the session and moves its expiry (sliding sessions). Writes only
    /// when the stored last-seen time is a minute old or more, so busy pages cost no write.
    func touchSession(_ id: Session.ID, seenAt: Date, expiresAt: Date) async throws
    /// A person's unexpired sessions, most recently seen first.
    func sessions(of user: UserID, at now: Date) async throws -> [Session]
    /// Ends one of a person's sessions; throws `sessionNotFound` (also for someone else's).
    func revokeSession(_ id: Session.ID, of user: UserID) async throws
    /// Ends all of a person's sessions but `kept` (after a password change); returns how many.
    func revokeSessions(of user: UserID, except kept: Session.ID?) async throws -> Int
    /// Forgets expired sessions; returns how many.
    func removeExpiredSessions(at now: Date) async throws -> Int

    // MARK: App passwords (sync apps)

    /// Generates an app password for a person with an account (`accountRequired` for the
    /// implicit owner); the secret is returned once.
    func createAppPassword(name: String, for user: UserID) async throws -> NewAppPassword
    /// The app password a secret belongs to (case and surrounding spaces ignored), with its person.
    func appPassword(forSecret secret: String) async throws -> AuthenticatedAppPassword?
    /// The app password whose Fever key (`md5("name:password")`, hex) this is, with its person.
    func appPassword(forFeverKey key: String) async throws -> AuthenticatedAppPassword?
    /// Records a use (kept to the minute, like sessions).
    func recordAppPasswordUse(_ id: AppPassword.ID, at date: Date) async throws
    /// A person's app passwords, oldest first.
    func appPasswords(of user: UserID) async throws -> [AppPassword]
    /// Throws `appPasswordNotFound` (also for someone else's).
    func revokeAppPassword(_ id: AppPassword.ID, of user: UserID) async throws

    // MARK: API keys

    /// Creates a NewsAPI key answering from this person's library; the secret is returned once.
    func createAPIKey(name: String, for user: UserID) async throws -> NewAPIKey
    /// A person's keys, oldest first.
    func apiKeys(of user: UserID) async throws -> [APIKey]

    // MARK: Preferences

    func readerSettings(for user: UserID) async throws -> ReaderSettings
    func saveReaderSettings(_ settings: ReaderSettings, for user: UserID) async throws
    /// Who a page is for, given its browser's session token: the owner while nobody has an
    /// account, else the token's live session (see `PageReader`). Has a default made of the
    /// methods above; a backend may answer in one read.
    func pageReader(sessionToken token: String?, at now: Date) async throws -> PageReader
}
