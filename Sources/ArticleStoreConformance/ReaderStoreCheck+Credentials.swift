import Foundation
import NewsModel
import Storage
import Testing

extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    static let credentialChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("a session opens with its token only, until it expires or is revoked") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let start = Fixtures.baseDate
            let expiry = Fixtures.date(hoursAfterBase: 24)
            let created = try await store.createSession(for: alice.id, userAgent: "Firefox", expiresAt: expiry, now: start)
            #expect(created.token.utf8.count == 64 && created.token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(created.session.userID == alice.id && created.session.userAgent == "Firefox")
            #expect(created.session.createdAt == start && created.session.lastSeenAt == start && created.session.expiresAt == expiry)

            let found = try #require(try await store.session(forToken: created.token, at: start))
            #expect(found.session == created.session)
            #expect(found.user == alice)
            for wrong in [created.token.uppercased(), String(created.token.dropLast()), "", String(repeating: "a", count: 100_000), "' OR 1=1 --"] {
                #expect(try await store.session(forToken: wrong, at: start) == nil)
            }
            #expect(try await store.session(forToken: created.token, at: expiry) == nil, "a session ends at its expiry")

            let second = try await store.createSession(for: alice.id, userAgent: String(repeating: "é", count: 300), expiresAt: expiry, now: Fixtures.date(hoursAfterBase: 1))
            #expect(second.token != created.token)
            #expect((second.session.userAgent?.utf8.count ?? 0) <= Session.maximumUserAgentLength)
            #expect(second.session.userAgent?.hasPrefix("éé") == true)
            #expect(try await store.sessions(of: alice.id, at: start).map(\.id) == [second.session.id, created.session.id])
            #expect(try await store.sessions(of: alice.id, at: expiry).isEmpty)

            await #expect(throws: StoreError.sessionNotFound(created.session.id)) {
                try await store.revokeSession(created.session.id, of: bob.id)
            }
            try await store.revokeSession(created.session.id, of: alice.id)
            #expect(try await store.session(forToken: created.token, at: start) == nil)
            #expect(try await store.session(forToken: second.token, at: start) != nil)

            let third = try await store.createSession(for: alice.id, userAgent: nil, expiresAt: expiry, now: start)
            let bobs = try await store.createSession(for: bob.id, userAgent: nil, expiresAt: expiry, now: start)
            #expect(try await store.revokeSessions(of: alice.id, except: third.session.id) == 1)
            #expect(try await store.session(forToken: second.token, at: start) == nil)
            #expect(try await store.session(forToken: third.token, at: start) != nil)
            #expect(try await store.removeExpiredSessions(at: start) == 0)
            #expect(try await store.removeExpiredSessions(at: expiry) == 2)
            #expect(try await store.session(forToken: bobs.token, at: start) == nil)
            await #expect(throws: StoreError.userNotFound(UserID(rawValue: 9_999))) {
                _ = try await store.createSession(for: UserID(rawValue: 9_999), userAgent: nil, expiresAt: expiry, now: start)
            }
        },

        ReaderStoreCheck("pageReader is the owner with their settings until accounts exist, then the token's live session") { store in
            let start = Fixtures.baseDate
            let owner = try await store.owner()
            let ownerSettings = ReaderSettings(theme: .dark, articlesPerPage: 50, order: .oldestFirst, hidesRead: true)
            try await store.saveReaderSettings(ownerSettings, for: owner.id)
            #expect(try await store.pageReader(sessionToken: nil, at: start) == .owner(owner, ownerSettings))
            #expect(try await store.pageReader(sessionToken: "anything", at: start) == .owner(owner, ownerSettings))

            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let bobSettings = ReaderSettings(theme: .light, articlesPerPage: 20)
            try await store.saveReaderSettings(bobSettings, for: bob.id)
            let expiry = Fixtures.date(hoursAfterBase: 1)
            let created = try await store.createSession(for: bob.id, userAgent: nil, expiresAt: expiry, now: start)
            let session = try #require(try await store.session(forToken: created.token, at: start))
            #expect(try await store.pageReader(sessionToken: created.token, at: start) == .signedIn(session, bobSettings))
            for token in [nil, "", "nope", created.token.uppercased(), String(repeating: "a", count: 100_000)] {
                #expect(try await store.pageReader(sessionToken: token, at: start) == .signedOut)
            }
            #expect(try await store.pageReader(sessionToken: created.token, at: expiry) == .signedOut, "expired")
            #expect(alice.id != bob.id)
        },

        ReaderStoreCheck("touchSession moves last-seen and expiry, writing at most once a minute") { store in
            let alice = try await Readers.account("alice", in: store)
            let start = Fixtures.baseDate
            let created = try await store.createSession(for: alice.id, userAgent: nil, expiresAt: Fixtures.date(hoursAfterBase: 1), now: start)
            try await store.touchSession(created.session.id, seenAt: start.addingTimeInterval(30), expiresAt: Fixtures.date(hoursAfterBase: 2))
            var session = try #require(try await store.session(forToken: created.token, at: start)?.session)
            #expect(session.lastSeenAt == start && session.expiresAt == Fixtures.date(hoursAfterBase: 1))
            try await store.touchSession(created.session.id, seenAt: start.addingTimeInterval(90), expiresAt: Fixtures.date(hoursAfterBase: 2))
            session = try #require(try await store.session(forToken: created.token, at: start)?.session)
            #expect(session.lastSeenAt == start.addingTimeInterval(90) && session.expiresAt == Fixtures.date(hoursAfterBase: 2))
            #expect(try await store.session(forToken: created.token, at: Fixtures.date(hoursAfterBase: 1.5)) != nil)
        },

        ReaderStoreCheck("app passwords need an account, open by secret or Fever key, and are revocable") { store in
            let implicitOwner = try await store.owner()
            await #expect(throws: StoreError.accountRequired) { _ = try await store.createAppPassword(name: "Phone", for: implicitOwner.id) }
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let created = try await store.createAppPassword(name: "Phone", for: alice.id)
            let symbols = Set("abcdefghijkmnpqrstuvwxyz23456789")
            #expect(created.secret.split(separator: "-").map(\.count) == [4, 4, 4, 4, 4])
            #expect(created.secret.allSatisfy { $0 == "-" || symbols.contains($0) })
            #expect(created.appPassword.name == "Phone" && created.appPassword.userID == alice.id && created.appPassword.lastUsedAt == nil)
            #expect(created.secret.hasPrefix(created.appPassword.prefix) && created.appPassword.prefix.count < created.secret.count)

            let bySecret = try #require(try await store.appPassword(forSecret: created.secret))
            #expect(bySecret.appPassword == created.appPassword && bySecret.user == alice)
            #expect(try await store.appPassword(forSecret: " " + created.secret.uppercased() + "\n")?.appPassword.id == created.appPassword.id)
            let feverKey = AppPassword.feverKey(userName: "alice", secret: created.secret)
            #expect(try await store.appPassword(forFeverKey: feverKey)?.user == alice)
            #expect(try await store.appPassword(forFeverKey: feverKey.uppercased())?.user == alice)
            for wrong in [String(created.secret.dropLast()), "", String(repeating: "a", count: 100_000), AppPassword.feverKey(userName: "bob", secret: created.secret)] {
                #expect(try await store.appPassword(forSecret: wrong) == nil)
                #expect(try await store.appPassword(forFeverKey: wrong) == nil)
            }
            #expect(try await store.appPassword(forFeverKey: created.secret) == nil)

            let used = Fixtures.date(hoursAfterBase: 1)
            try await store.recordAppPasswordUse(created.appPassword.id, at: used)
            try await store.recordAppPasswordUse(created.appPassword.id, at: used.addingTimeInterval(20))
            let second = try await store.createAppPassword(name: "Tablet", for: alice.id)
            #expect(second.secret != created.secret)
            #expect(try await store.appPasswords(of: alice.id).map(\.lastUsedAt) == [used, nil])
            #expect(try await store.appPasswords(of: alice.id).map(\.name) == ["Phone", "Tablet"])
            #expect(try await store.appPasswords(of: bob.id).isEmpty)

            await #expect(throws: StoreError.appPasswordNotFound(created.appPassword.id)) {
                try await store.revokeAppPassword(created.appPassword.id, of: bob.id)
            }
            try await store.revokeAppPassword(created.appPassword.id, of: alice.id)
            #expect(try await store.appPassword(forSecret: created.secret) == nil)
            #expect(try await store.appPassword(forFeverKey: feverKey) == nil)
            #expect(try await store.appPasswords(of: alice.id).map(\.id) == [second.appPassword.id])
        },

        ReaderStoreCheck("API keys belong to a person; createAPIKey(name:) makes the owner's") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let owners = try await store.createAPIKey(name: "Owner's")
            let bobs = try await store.createAPIKey(name: "Bob's", for: bob.id)
            #expect(owners.key.userID == alice.id && bobs.key.userID == bob.id)
            #expect(try await store.apiKey(forSecret: bobs.secret) == bobs.key)
            #expect(try await store.apiKeys(of: bob.id) == [bobs.key])
            #expect(try await store.apiKeys(of: alice.id) == [owners.key])
            #expect(try await store.apiKeys() == [owners.key, bobs.key])
            await #expect(throws: StoreError.userNotFound(UserID(rawValue: 9_999))) {
                _ = try await store.createAPIKey(name: "Nobody's", for: UserID(rawValue: 9_999))
            }
        },

        ReaderStoreCheck("reader settings are each person's, with defaults") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            #expect(try await store.readerSettings(for: alice.id) == ReaderSettings())
            let chosen = ReaderSettings(theme: .dark, articlesPerPage: 50, order: .oldestFirst, hidesRead: true, readsWholeStory: true)
            try await store.saveReaderSettings(chosen, for: alice.id)
            #expect(try await store.readerSettings(for: alice.id) == chosen)
            #expect(try await store.readerSettings(for: bob.id) == ReaderSettings())
            try await store.saveReaderSettings(ReaderSettings(theme: .light), for: alice.id)
            #expect(try await store.readerSettings(for: alice.id) == ReaderSettings(theme: .light))
            await #expect(throws: StoreError.userNotFound(UserID(rawValue: 9_999))) {
                try await store.saveReaderSettings(chosen, for: UserID(rawValue: 9_999))
            }
        },
    ]
}
