import Foundation
import NewsModel
import Storage

/// Checks the credentials sync apps present — an app password with its person's name, or a
/// key derived from one — through the login throttle the login form uses. Never the login
/// password: a phone app holding a person's real password could change it, and one app's
/// password must be revocable without touching the others.
public struct AppPasswordSignIn: Sendable {
    /// What a check concluded.
    public enum Outcome: Sendable, Equatable {
        case accepted(AuthenticatedAppPassword)
        case refused
        /// Too many failures from this name or address lately: try again after this many seconds
        /// (nothing was checked).
        case throttled(retryAfterSeconds: Int)
    }

    public let store: any AccountStore
    public let throttle: LoginThrottle
    public let now: @Sendable () -> Date

    public init(store: any AccountStore, throttle: LoginThrottle, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.throttle = throttle
        self.now = now
    }

    /// A person's name and one of their app passwords (the Google Reader API's ClientLogin).
    /// The name is compared without regard to case; the password as `AppPassword` normalizes it.
    public func signIn(name: String, password: String, address: String?) async throws -> Outcome {
        let name = String(name.trimmingSpaces().prefix(User.maximumNameLength * 2))
        let time = now()
        if let wait = await throttle.waitBeforeAttempt(name: name, address: address, now: time) {
            return .throttled(retryAfterSeconds: Int(wait.rounded(.up)))
        }
        if !name.isEmpty, !password.isEmpty, password.utf8.count <= AppPassword.maximumSecretLength,
           let found = try await store.appPassword(forSecret: password),
           found.user.name.lowercased() == name.lowercased() {
            await throttle.recordSuccess(name: name)
            try await recordUse(of: found, at: time)
            return .accepted(found)
        }
        await throttle.recordFailure(name: name, address: address, now: time)
        return .refused
    }

    /// A key derived from an app password (`md5("name:password")`, what Fever clients send and
    /// what the Google Reader API hands out as its token). Failures count against the address.
    public func check(key: String, address: String?) async throws -> Outcome {
        let time = now()
        if let wait = await throttle.waitBeforeAttempt(name: nil, address: address, now: time) {
            return .throttled(retryAfterSeconds: Int(wait.rounded(.up)))
        }
        let key = key.trimmingSpaces()
        if Self.isHexKey(key), let found = try await store.appPassword(forFeverKey: key) {
            try await recordUse(of: found, at: time)
            return .accepted(found)
        }
        await throttle.recordFailure(name: nil, address: address, now: time)
        return .refused
    }

    /// An MD5 in hex: 32 characters. Anything else cannot be a key, so the store is not asked.
    static func isHexKey(_ key: String) -> Bool {
        key.utf8.count == 32 && key.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }

    /// Notes the use for the person's list of app passwords, at most once a minute: most sync
    /// requests then cost no write.
    private func recordUse(of found: AuthenticatedAppPassword, at time: Date) async throws {
        if let last = found.appPassword.lastUsedAt, time.timeIntervalSince(last) < 60 { return }
        try await store.recordAppPasswordUse(found.appPassword.id, at: time)
    }
}
