import Foundation
import HummingbirdBcrypt

/// Login passwords, hashed with bcrypt (from hummingbird-auth): salted, deliberately slow,
/// and widely reviewed. The store keeps only the hash (`$2b$…`, salt and cost inside it).
///
/// Hashing and verifying take a few hundred milliseconds of one core at the default cost,
/// so both run on a dispatch queue, never on Swift's cooperative threads, which serve the
/// other requests.
public struct PasswordHasher: Sendable {
    /// bcrypt's cost (log2 of its rounds). Measured with Benchmarks/StoreBenchmark on the
    /// project's 2-core machine under load: cost 10 takes 90–160 ms a hash, 11 takes 170–390 ms,
    /// 12 takes 510–810 ms. 11 is slow for someone trying guesses (each costs a fifth of a
    /// second of a core or more) without making every login, or every failed guess someone
    /// sends, cost a second of a small server's core. Each hash records its cost, so raising
    /// it later keeps old hashes working.
    public static let defaultCost: UInt8 = 11
    /// The smallest cost bcrypt accepts; only tests use it, to stay fast.
    public static let minimumCost: UInt8 = 4

    public let cost: UInt8

    public init(cost: UInt8 = PasswordHasher.defaultCost) {
        self.cost = min(max(cost, Self.minimumCost), 31)
    }

    /// The bcrypt hash of `password` with a fresh random salt. Check the password with
    /// `PasswordPolicy` first: bcrypt reads only 72 bytes and stops at a NUL.
    public func hash(_ password: String) async -> String {
        let cost = cost
        return await Self.offThePool { Bcrypt.hash(password, cost: cost) }
    }

    /// True if `password` matches `hash`. The comparison inside bcrypt takes the same time
    /// wherever the hashes differ.
    public func verify(_ password: String, against hash: String) async -> Bool {
        await Self.offThePool { Bcrypt.verify(password, hash: hash) }
    }

    private static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}

/// What a login password must be, with the sentence that says what is wrong.
public enum PasswordPolicy {
    public static let minimumCharacters = 8
    /// bcrypt reads no further: a longer password would silently count only its start.
    public static let maximumBytes = 72

    /// nil when `password` is acceptable, else why not, in words a person can act on.
    public static func problem(with password: String) -> String? {
        if password.count < minimumCharacters {
            return "The password is too short: use at least \(minimumCharacters) characters (a few words make a good one)."
        }
        if password.utf8.count > maximumBytes {
            return "The password is too long: bcrypt reads only \(maximumBytes) bytes of it; use a shorter one."
        }
        if password.unicodeScalars.contains(where: { $0.value == 0 }) {
            return "The password contains a NUL character, which bcrypt cannot hash; leave it out."
        }
        return nil
    }
}
