extension Session {
    /// The longest text `session(forToken:)` hashes; anything longer is not a token of ours.
    public static let maximumTokenLength = 256

    /// A new token: 64 lower-case hexadecimal characters (256 random bits).
    public static func generateToken() -> String {
        SecretDigest.hex(SecretDigest.randomBytes(32))
    }

    /// What is stored instead of a token: its SHA-256 as lower-case hex. A plain hash is
    /// enough for 256 random bits (nothing to guess), and it makes the lookup one index probe.
    public static func tokenHash(_ token: String) -> String {
        SecretDigest.sha256Hex(token)
    }
}
