import Foundation
import HummingbirdTesting
import NewsAPI
import NewsModel
import Storage
import Testing
@testable import WebApp

/// An API key answers from its owner's library: the sources they follow and nothing else.
@Suite struct NewsAPILibraryScopeTests {
    @Test func aKeySeesOnlyTheSourcesItsPersonFollows() async throws {
        let fixture = try await WebAppFixture()
        let store = fixture.store
        _ = try await store.createUser(name: "owner-account", passwordHash: "$2b$04$x", role: .admin)
        let bob = try await store.createUser(name: "bob", passwordHash: "$2b$04$y", role: .reader)
        let teaser = try #require(try await store.source(SourceID(slugging: "Teaser Weekly")))
        _ = try await store.follow(teaser, as: bob.id, name: nil, folder: nil)
        let bobsKey = try await store.createAPIKey(name: "bob's app", for: bob.id).secret
        let ownersKey = fixture.apiSecret

        try await fixture.application().test(.router) { client in
            let headlines = try await client.execute(uri: "/v2/top-headlines?pageSize=100&apiKey=\(bobsKey)", method: .get)
            let bobsArticles = try JSONDecoder().decode(ArticlesResponse.self, from: Data(buffer: headlines.body))
            #expect(bobsArticles.totalResults == 2)
            #expect(Set(bobsArticles.articles.map(\.source.id)) == ["teaser-weekly"])

            let everything = try await client.execute(uri: "/v2/everything?q=story&apiKey=\(bobsKey)", method: .get)
            #expect(try JSONDecoder().decode(ArticlesResponse.self, from: Data(buffer: everything.body)).totalResults == 0)

            let sources = try await client.execute(uri: "/v2/top-headlines/sources?apiKey=\(bobsKey)", method: .get)
            #expect(try JSONDecoder().decode(SourcesResponse.self, from: Data(buffer: sources.body)).sources.map(\.id) == ["teaser-weekly"])

            let owners = try await client.execute(uri: "/v2/top-headlines?pageSize=100&apiKey=\(ownersKey)", method: .get)
            #expect(try JSONDecoder().decode(ArticlesResponse.self, from: Data(buffer: owners.body)).totalResults == 48)

            let legacy = try await client.execute(uri: "/v1/articles?source=the-daily&apiKey=\(bobsKey)", method: .get)
            #expect(try JSONDecoder().decode(LegacyArticlesResponse.self, from: Data(buffer: legacy.body)).articles.isEmpty)
        }
    }
}
