import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

@Suite struct APIKeyCacheTests {
    @Test func aKeyIsReadAgainOnceItsLifetimeHasPassed() async throws {
        let store = try SQLiteStore.temporary()
        let created = try await store.createAPIKey(name: "app")
        let immediate = APIKeyCache(lifetime: .zero)
        #expect(try await immediate.key(forSecret: created.secret, in: store)?.isEnabled == true)
        try await store.setAPIKey(created.key.id, enabled: false)
        #expect(try await immediate.key(forSecret: created.secret, in: store)?.isEnabled == false, "read again at once")
    }

    @Test func aKeyCheckedAMomentAgoIsNotReadAgainUntilForgotten() async throws {
        let store = try SQLiteStore.temporary()
        let created = try await store.createAPIKey(name: "app")
        let cache = APIKeyCache(lifetime: .seconds(3_600))
        #expect(try await cache.key(forSecret: created.secret, in: store)?.isEnabled == true)
        try await store.setAPIKey(created.key.id, enabled: false)
        #expect(try await cache.key(forSecret: created.secret, in: store)?.isEnabled == true, "within its lifetime")
        cache.forgetAll()
        #expect(try await cache.key(forSecret: created.secret, in: store)?.isEnabled == false)
    }

    @Test func unknownSecretsAreNeverKept() async throws {
        let store = try SQLiteStore.temporary()
        let cache = APIKeyCache(lifetime: .seconds(3_600))
        #expect(try await cache.key(forSecret: "nope", in: store) == nil)
        #expect(try await cache.key(forSecret: "nope", in: store) == nil)
    }
}
