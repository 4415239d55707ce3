import Foundation
import HummingbirdBcrypt
import NewsModel
import SQLiteStorage
import Storage
import Testing

@Suite struct PasswordAuthenticatorTests {
    @Test func acceptsOnlyTheRightPasswordForTheName() async throws {
        let store = try SQLiteStore.temporary()
        let hasher = PasswordHasher(cost: 4)
        let authenticator = await PasswordAuthenticator(store: store, hasher: hasher)
        #expect(try await authenticator.authenticate(name: "owner", password: "") == nil, "the implicit owner has no password")
        let alice = try await store.createUser(name: "alice", passwordHash: await hasher.hash("correct horse battery"), role: .admin)
        #expect(try await authenticator.authenticate(name: "alice", password: "correct horse battery") == alice)
        #expect(try await authenticator.authenticate(name: "ALICE", password: "correct horse battery") == alice)
        #expect(try await authenticator.authenticate(name: "alice", password: "correct horse batter") == nil)
        #expect(try await authenticator.authenticate(name: "alice", password: "correct horse battery" + String(repeating: "x", count: 200)) == nil)
        #expect(try await authenticator.authenticate(name: "bob", password: "correct horse battery") == nil)
        #expect(try await authenticator.authenticate(name: "not a name", password: "correct horse battery") == nil)
    }

    /// An unknown name costs a bcrypt check like a known one: without the decoy it answers
    /// in microseconds, which tells an attacker which names exist: a thousand times less than
    /// bcrypt here. Only a generous lower bound is checked, so a busy machine cannot fail it.
    @Test func anUnknownNameTakesAsLongAsAWrongPassword() async throws {
        let store = try SQLiteStore.temporary()
        let hasher = PasswordHasher(cost: 6)
        let authenticator = await PasswordAuthenticator(store: store, hasher: hasher)
        let hash = await hasher.hash("correct horse battery")
        _ = try await store.createUser(name: "alice", passwordHash: hash, role: .admin)
        let clock = ContinuousClock()
        // bcrypt is timed before and after the names, and the fastest of all is the yardstick:
        // a verify timed while other tests load the machine can take many times its own cost,
        // which made a name checked once the load had passed look too fast. It is timed on
        // this thread, not through the hasher's dispatch queue: under the whole suite that
        // queue is shared with other tests' hashing, and waiting for it made all six timings
        // over ten times a name's (70 ms against 5 ms, 2026-11-29).
        var bcryptTimes: [Duration] = []
        func timeBcrypt() {
            for _ in 0..<3 {
                bcryptTimes.append(clock.measure { _ = Bcrypt.verify("wrong password", hash: hash) })
            }
        }
        timeBcrypt()
        var nameTimes: [(String, Duration)] = []
        for name in ["bob", "not a name", ""] {
            nameTimes.append((name, try await clock.measure { _ = try await authenticator.authenticate(name: name, password: "wrong password") }))
        }
        timeBcrypt()
        let fastestBcrypt = try #require(bcryptTimes.min())
        for (name, elapsed) in nameTimes {
            #expect(elapsed > fastestBcrypt / 10, "\(name): \(elapsed) against bcrypt's \(fastestBcrypt)")
        }
    }
}
