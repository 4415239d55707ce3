import Storage

/// The password hasher and the login check, made once: the check's decoy hash costs one
/// bcrypt, so it is made on first use rather than when the server starts.
actor PasswordChecks {
    let store: any AccountStore
    let hasher: PasswordHasher
    private var authenticator: PasswordAuthenticator?

    init(store: any AccountStore, hasher: PasswordHasher) {
        self.store = store
        self.hasher = hasher
    }

    func loginCheck() async -> PasswordAuthenticator {
        if let authenticator { return authenticator }
        let made = await PasswordAuthenticator(store: store, hasher: hasher)
        authenticator = made
        return made
    }
}
