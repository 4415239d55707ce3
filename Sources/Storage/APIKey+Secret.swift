extension APIKey {
    /// How many characters of a secret are kept in clear as the key's `prefix`.
    public static let prefixLength = 6
    /// The longest text `apiKey(forSecret:)` hashes; anything longer is not a secret of ours.
    public static let maximumSecretLength = 256

    /// A new secret: 32 lower-case hexadecimal characters (128 random bits), like NewsAPI keys.
    public static func generateSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return generateSecret(using: &generator)
    }

    /// A new secret drawn from `generator` (tests pass a seeded one).
    public static func generateSecret(using generator: inout some RandomNumberGenerator) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(32)
        for _ in 0..<2 {
            var bits = generator.next()
            for _ in 0..<16 {
                characters.append(hexDigits[Int(bits & 0xF)])
                bits >>= 4
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// What is stored instead of a secret: its SHA-256 as lower-case hex.
    public static func secretHash(_ secret: String) -> String {
        SecretDigest.sha256Hex(secret)
    }
}
