import NewsModel

/// Checks a login: a name and a password against the stored bcrypt hash. It takes the same
/// time whether the name exists or not (an unknown name is checked against a decoy hash of
/// the same cost), so timing does not tell which names have accounts.
///
/// Slowing down repeated failures is the web layer's job; this only answers yes or no.
public struct PasswordAuthenticator: Sendable {
    let store: any AccountStore
    let hasher: PasswordHasher
    /// A hash of a random password nobody knows, with the hasher's cost.
    let decoyHash: String

    /// Makes the decoy hash once (one bcrypt, a fraction of a second at the default cost).
    public init(store: any AccountStore, hasher: PasswordHasher = PasswordHasher()) async {
        self.store = store
        self.hasher = hasher
        self.decoyHash = await hasher.hash(SecretDigest.hex(SecretDigest.randomBytes(16)))
    }

    /// The person `name` belongs to if `password` is theirs; nil otherwise (unknown name,
    /// wrong password, or the implicit owner, who has no password).
    public func authenticate(name: String, password: String) async throws -> User? {
        let user = try await User.validName(name).asyncFlatMap { try await store.user(named: $0) }
        let storedHash = try await user.asyncFlatMap { try await store.passwordHash(of: $0.id) }
        let isAcceptable = password.utf8.count <= PasswordPolicy.maximumBytes && !password.unicodeScalars.contains { $0.value == 0 }
        let matches = await hasher.verify(isAcceptable ? password : "", against: storedHash ?? decoyHash)
        guard let user, storedHash != nil, isAcceptable, matches else { return nil }
        return user
    }
}

extension Optional where Wrapped: Sendable {
    fileprivate func asyncFlatMap<Result>(_ transform: (Wrapped) async throws -> Result?) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
