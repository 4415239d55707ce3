import Foundation
import NewsModel
import Storage
import Testing

extension ReaderStoreCheck {
    private typealias Fixtures = ConformanceFixtures
    private typealias Readers = ReaderFixtures

    static let peopleChecks: [ReaderStoreCheck] = [
        ReaderStoreCheck("a new library has one implicit owner and no accounts") { store in
            let owner = try await store.owner()
            #expect(owner.name == User.implicitOwnerName)
            #expect(owner.isOwner && owner.isAdmin && !owner.hasPassword)
            #expect(try await store.users() == [owner])
            #expect(try await store.hasAccounts() == false)
            #expect(try await store.passwordHash(of: owner.id) == nil)
            #expect(try await store.user(owner.id) == owner)
            #expect(try await store.user(named: "OWNER") == owner)
        },

        ReaderStoreCheck("the first account claims the owner with the whole library; later ones start empty") { store in
            let before = try await store.owner()
            let source = try await Readers.ownedSource("alpha", articles: 2, in: store)
            let key = try await store.createAPIKey(name: "Script")
            let readID = try await Readers.id("alpha0", in: source.id, of: store)
            _ = try await store.setRead(true, articles: [readID], for: before.id, at: Fixtures.baseDate)

            let alice = try await Readers.account("alice", role: .reader, in: store)
            #expect(alice.id == before.id)
            #expect(alice.name == "alice" && alice.isOwner && alice.hasPassword)
            #expect(alice.role == .admin, "the owner is an admin whatever role was asked")
            #expect(try await store.hasAccounts())
            #expect(try await store.passwordHash(of: alice.id) == Readers.passwordHash("alice"))
            #expect(try await store.subscriptions(of: alice.id).map(\.sourceID) == [source.id])
            #expect(try await store.apiKeys(of: alice.id) == [key.key])
            #expect(try await store.apiKey(forSecret: key.secret)?.userID == alice.id)
            #expect(try await Readers.guids(Timeline(filter: .unread), for: alice.id, in: store) == ["alpha1"])

            let bob = try await Readers.account("bob", role: .reader, in: store)
            #expect(bob.id != alice.id && !bob.isOwner && bob.role == .reader && bob.hasPassword)
            #expect(try await store.subscriptions(of: bob.id).isEmpty)
            #expect(try await store.timeline(Timeline(), for: bob.id).articles.isEmpty)
            #expect(try await store.owner() == alice)
            #expect(try await store.users().map(\.name) == ["alice", "bob"])
        },

        ReaderStoreCheck("user names are checked and unique without regard to case") { store in
            let alice = try await Readers.account("alice", in: store)
            await #expect(throws: StoreError.userNameTaken("ALICE")) { _ = try await Readers.account("ALICE", in: store) }
            await #expect(throws: StoreError.invalidUserName("two words")) { _ = try await Readers.account("two words", in: store) }
            await #expect(throws: StoreError.invalidUserName("")) { _ = try await Readers.account("", in: store) }
            await #expect(throws: StoreError.invalidUserName("a:b")) { _ = try await Readers.account("a:b", in: store) }
            let mail = try await Readers.account("  carol.x+news@example.org ", in: store)
            #expect(mail.name == "carol.x+news@example.org")
            #expect(try await store.user(named: "Alice") == alice)
            #expect(try await store.user(named: "nobody") == nil)
            #expect(try await store.user(named: String(repeating: "a", count: 10_000)) == nil)
            #expect(try await store.user(UserID(rawValue: 9_999)) == nil)
            // The implicit owner's name is free once the owner is claimed under another.
            let owner = try await Readers.account("owner", in: store)
            #expect(!owner.isOwner)
        },

        ReaderStoreCheck("setPasswordHash and setRole change one person; the last admin stays an admin") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            try await store.setPasswordHash("$2b$04$new", for: bob.id)
            #expect(try await store.passwordHash(of: bob.id) == "$2b$04$new")
            #expect(try await store.passwordHash(of: alice.id) == Readers.passwordHash("alice"))

            await #expect(throws: StoreError.lastAdmin) { try await store.setRole(.reader, for: alice.id) }
            try await store.setRole(.admin, for: bob.id)
            try await store.setRole(.reader, for: alice.id)
            #expect(try await store.user(alice.id)?.role == .reader)
            #expect(try await store.user(alice.id)?.isOwner == true)
            await #expect(throws: StoreError.lastAdmin) { try await store.setRole(.reader, for: bob.id) }
            await #expect(throws: StoreError.userNotFound(UserID(rawValue: 9_999))) { try await store.setRole(.admin, for: UserID(rawValue: 9_999)) }
            await #expect(throws: StoreError.userNotFound(UserID(rawValue: 9_999))) { try await store.setPasswordHash("x", for: UserID(rawValue: 9_999)) }
        },

        ReaderStoreCheck("removeUser takes everything of theirs and the sources only they followed") { store in
            let alice = try await Readers.account("alice", in: store)
            let bob = try await Readers.account("bob", in: store)
            let shared = try await Readers.ownedSource("shared", articles: 2, in: store)
            _ = try await store.follow(shared, as: bob.id, name: "Mine", folder: nil)
            let own = try await Readers.followedSource("own", articles: 2, by: bob.id, in: store)
            _ = try await store.setStarred(true, articles: [try await Readers.id("shared0", in: shared.id, of: store)], for: bob.id, at: Fixtures.baseDate)
            let session = try await store.createSession(for: bob.id, userAgent: nil, expiresAt: Fixtures.date(hoursAfterBase: 100), now: Fixtures.baseDate)
            let appPassword = try await store.createAppPassword(name: "Phone", for: bob.id)
            let key = try await store.createAPIKey(name: "Script", for: bob.id)
            _ = try await store.folder(named: "News", for: bob.id)
            try await store.saveReaderSettings(ReaderSettings(theme: .dark), for: bob.id)

            try await store.removeUser(bob.id)
            #expect(try await store.user(bob.id) == nil)
            #expect(try await store.users() == [try await store.owner()])
            #expect(try await store.source(own.id) == nil, "a source only they followed leaves the library")
            #expect(try await store.source(shared.id) != nil)
            #expect(try await store.session(forToken: session.token, at: Fixtures.baseDate) == nil)
            #expect(try await store.appPassword(forSecret: appPassword.secret) == nil)
            #expect(try await store.apiKey(forSecret: key.secret) == nil)
            #expect(try await store.folders(of: bob.id).isEmpty)
            #expect(try await store.subscriptions(of: bob.id).isEmpty)
            #expect(try await store.timeline(Timeline(scope: .starred), for: bob.id).articles.isEmpty)
            #expect(try await store.readerSettings(for: bob.id) == ReaderSettings())
            #expect(try await Readers.guids(Timeline(), for: alice.id, in: store) == ["shared1", "shared0"])

            await #expect(throws: StoreError.ownerCannotBeRemoved) { try await store.removeUser(alice.id) }
            await #expect(throws: StoreError.userNotFound(bob.id)) { try await store.removeUser(bob.id) }
            let carol = try await Readers.account("carol", role: .admin, in: store)
            try await store.setRole(.reader, for: alice.id)
            await #expect(throws: StoreError.lastAdmin) { try await store.removeUser(carol.id) }
        },
    ]
}
