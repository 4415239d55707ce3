import Foundation

extension AppPassword {
    /// How many characters of a secret are kept in clear as the password's `prefix`.
    public static let prefixLength = 4
    /// The longest text looked up as an app password or Fever key.
    public static let maximumSecretLength = 256

    /// 32 symbols a person cannot confuse on a phone keyboard: lower-case letters without
    /// `l` and `o`, digits without `0` and `1`.
    static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789".utf8)

    /// A new app password: five groups of four symbols (`abcd-efgh-…`), 100 random bits.
    public static func generateSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return generateSecret(using: &generator)
    }

    /// A new app password drawn from `generator` (tests pass a seeded one).
    public static func generateSecret(using generator: inout some RandomNumberGenerator) -> String {
        var characters: [UInt8] = []
        for group in 0..<5 {
            if group > 0 { characters.append(UInt8(ascii: "-")) }
            for _ in 0..<4 { characters.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The form a typed app password is looked up in: phones capitalise a first letter and
    /// add spaces, so case and surrounding white space do not count.
    public static func normalizedSecret(_ secret: String) -> String {
        secret.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// What is stored instead of the password: the SHA-256 of its normalized form. A plain
    /// hash suffices for 100 random bits, and the sync APIs check it on many requests, where
    /// bcrypt's deliberate slowness would cost seconds per sync.
    public static func secretHash(_ secret: String) -> String {
        SecretDigest.sha256Hex(normalizedSecret(secret))
    }

    /// The Fever API's key for a person's app password, as its clients compute it:
    /// `md5("name:password")` in lower-case hex.
    public static func feverKey(userName: String, secret: String) -> String {
        SecretDigest.md5Hex("\(userName):\(secret)")
    }

    /// What is stored for a Fever key: its SHA-256 (the key itself is a credential).
    /// Clients send the hex in either case.
    public static func feverKeyHash(_ key: String) -> String {
        SecretDigest.sha256Hex(key.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }
}
