import Foundation
import NewsModel
import Storage
import Testing

extension ArticleStoreCheck {
    static let keyAndSettingChecks: [ArticleStoreCheck] = [
        ArticleStoreCheck("createAPIKey returns a 32-hex-character secret once; lookup works by secret only") { store in
            let created = try await store.createAPIKey(name: "iPhone app")
            #expect(created.secret.utf8.count == 32)
            #expect(created.secret.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(created.secret.hasPrefix(created.key.prefix) && !created.key.prefix.isEmpty)
            #expect(created.key.prefix.count < created.secret.count)
            #expect(created.key.name == "iPhone app")
            #expect(created.key.isEnabled)

            #expect(try await store.apiKey(forSecret: created.secret) == created.key)
            #expect(try await store.apiKey(forSecret: created.secret.uppercased()) == nil)
            #expect(try await store.apiKey(forSecret: created.key.prefix) == nil)
            #expect(try await store.apiKey(forSecret: "") == nil)
            #expect(try await store.apiKey(forSecret: String(repeating: "f", count: 100_000)) == nil)
            #expect(try await store.apiKey(forSecret: "' OR '1'='1") == nil)

            let other = try await store.createAPIKey(name: "Script")
            #expect(other.secret != created.secret)
            #expect(try await store.apiKeys() == [created.key, other.key])
        },

        ArticleStoreCheck("setAPIKey disables and enables a key, and refuses an unknown id") { store in
            let created = try await store.createAPIKey(name: "Reader")
            try await store.setAPIKey(created.key.id, enabled: false)
            #expect(try await store.apiKey(forSecret: created.secret)?.isEnabled == false)
            #expect(try await store.apiKeys().map(\.isEnabled) == [false])
            try await store.setAPIKey(created.key.id, enabled: true)
            #expect(try await store.apiKey(forSecret: created.secret)?.isEnabled == true)
            await #expect(throws: StoreError.apiKeyNotFound(created.key.id + 1_000)) {
                try await store.setAPIKey(created.key.id + 1_000, enabled: false)
            }
        },

        ArticleStoreCheck("settings are stored, replaced and removed with nil") { store in
            #expect(try await store.setting("demo.dismissed") == nil)
            try await store.setSetting("demo.dismissed", to: "true")
            try await store.setSetting("theme", to: "dark")
            #expect(try await store.setting("demo.dismissed") == "true")
            try await store.setSetting("demo.dismissed", to: "false")
            #expect(try await store.setting("demo.dismissed") == "false")
            try await store.setSetting("demo.dismissed", to: nil)
            #expect(try await store.setting("demo.dismissed") == nil)
            #expect(try await store.setting("theme") == "dark")
            try await store.setSetting("empty", to: "")
            #expect(try await store.setting("empty") == "")
        },
    ]

    static let concurrencyChecks: [ArticleStoreCheck] = [
        ArticleStoreCheck("reads running during a large refresh see all of it or none of it") { store in
            let source = try await store.addSource(ConformanceFixtures.source("alpha"))
            let count = 2_000
            let drafts = (0..<count).map { ConformanceFixtures.draft("\($0)", summary: "Common words for the search.", hoursAfterBase: Double($0)) }
            let seen = try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    _ = try await store.applyRefresh(ConformanceFixtures.refresh(drafts), to: source.id)
                    return []
                }
                for _ in 0..<4 {
                    group.addTask {
                        var totals: [Int] = []
                        for _ in 0..<10 {
                            totals.append(try await store.articles(matching: ArticleQuery(pageSize: 5)).totalResults)
                            totals.append(try await store.articles(matching: ArticleQuery(search: .term("common"))).totalResults)
                            await Task.yield()
                        }
                        return totals
                    }
                }
                var all: [Int] = []
                for try await totals in group { all += totals }
                return all
            }
            #expect(!seen.isEmpty)
            #expect(seen.allSatisfy { $0 == 0 || $0 == count }, "a read saw part of a refresh")
            #expect(try await store.articles(matching: ArticleQuery()).totalResults == count)
        },

        ArticleStoreCheck("concurrent recordRead calls lose no count") { store in
            let source = try await ConformanceFixtures.add(ConformanceFixtures.source("alpha"), with: [ConformanceFixtures.draft("1")], to: store)
            let article = try #require(try await ConformanceFixtures.article("1", in: source.id, of: store))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await store.recordRead(article.id) }
                }
                try await group.waitForAll()
            }
            #expect(try await store.article(article.id)?.readCount == 40)
        },
    ]
}
