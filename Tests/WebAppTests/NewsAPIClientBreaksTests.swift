import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsAPI
import NewsAPIClient
import NewsModel
import Testing
@testable import WebApp

/// What real NewsAPI clients and tutorial apps did that broke (issue 10), one test each.
@Suite struct NewsAPIClientBreaksTests {
    func decode<Value: Decodable>(_ type: Value.Type, _ response: TestResponse) throws -> Value {
        try JSONDecoder().decode(type, from: Data(buffer: response.body))
    }

    @Test func qInTitleMatchesTitlesOnlyInBothSpellings() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            // Every Daily article has "long" in its text; none in its title.
            let inText = try decode(ArticlesResponse.self, try await client.execute(uri: "/v2/everything?q=long&apiKey=\(secret)", method: .get))
            #expect(inText.totalResults == 45)
            let both = try decode(ArticlesResponse.self, try await client.execute(uri: "/v2/everything?q=long&qInTitle=long&apiKey=\(secret)", method: .get))
            #expect(both.totalResults == 0)
            let titled = try decode(ArticlesResponse.self, try await client.execute(uri: "/v2/everything?q=long&qInTitle=%22number+7%22&apiKey=\(secret)", method: .get))
            #expect(titled.articles.map(\.title) == ["Daily story number 7"])
            // The Python client sends it as qintitle, and alone.
            let alone = try await client.execute(uri: "/v2/everything?qintitle=teaser&apiKey=\(secret)", method: .get)
            #expect(alone.status == .ok)
            #expect(try decode(ArticlesResponse.self, alone).articles.map(\.title) == ["Only a teaser", "Teaser without link"])
            let headlines = try decode(ArticlesResponse.self, try await client.execute(uri: "/v2/top-headlines?qintitle=only&apiKey=\(secret)", method: .get))
            #expect(headlines.articles.map(\.title) == ["Only a teaser"])
        }
    }

    @Test func legacySourcesAnswerWithoutAKeyButRefuseABadOne() async throws {
        let fixture = try await WebAppFixture()
        let disabled = fixture.disabledSecret
        try await fixture.application().test(.router) { client in
            let open = try await client.execute(uri: "/v1/sources", method: .get)
            #expect(open.status == .ok)
            #expect(try decode(LegacySourcesResponse.self, open).sources.count == 3)
            #expect(open.headers[.accessControlAllowOrigin] == "*")
            let wrong = try await client.execute(uri: "/v1/sources?apiKey=wrong", method: .get)
            #expect(wrong.status == .unauthorized)
            #expect(try decode(ErrorResponse.self, wrong).code == .apiKeyInvalid)
            let off = try await client.execute(uri: "/v1/sources", method: .get, headers: [.authorization: "Bearer \(disabled)"])
            #expect(try decode(ErrorResponse.self, off).code == .apiKeyDisabled)
            // The articles still need a key.
            let articles = try await client.execute(uri: "/v1/articles?source=the-daily", method: .get)
            #expect(try decode(ErrorResponse.self, articles).code == .apiKeyMissing)
        }
    }

    @Test func sourcesCombinedWithCountryOrCategoryAreIncompatible() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            for extra in ["country=us", "category=technology", "country=de&category=business"] {
                let response = try await client.execute(uri: "/v2/top-headlines?sources=the-daily&\(extra)&apiKey=\(secret)", method: .get)
                #expect(response.status == .badRequest)
                let failure = try decode(ErrorResponse.self, response)
                #expect(failure.code == .parametersIncompatible, "\(extra)")
                #expect(failure.message.contains("sources"))
            }
        }
    }

    /// The tutorial app's source: every field a non-optional string.
    struct TutorialSource: Decodable {
        let id: String, name: String, description: String, url: String, category: String, language: String, country: String
    }

    struct TutorialSources: Decodable {
        let status: String
        let sources: [TutorialSource]
    }

    @Test func everySourceFieldIsAStringEvenWhenTheFeedSaysNothing() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            for path in ["/v2/top-headlines/sources", "/v2/sources", "/v1/sources"] {
                let response = try await client.execute(uri: "\(path)?apiKey=\(secret)", method: .get)
                #expect(!response.text.contains("null"), "\(path): \(response.text)")
                let sources = try decode(TutorialSources.self, response).sources
                #expect(sources.count == 3)
                let demo = try #require(sources.first { $0.id == "demo-gazette" })
                #expect(demo.description == "The latest articles from Demo Gazette.")
                #expect(demo.url == "http://localhost/sources/demo-gazette")
                #expect(demo.language == "en")
                #expect(demo.country == "us")
                #expect(demo.category == "general")
                let teaser = try #require(sources.first { $0.id == "teaser-weekly" })
                #expect(teaser.url == "https://teaser.example.org/rss", "no site: the feed's address")
            }
        }
    }

    @Test func theOperatorChoosesTheDefaultsAndFiltersAgreeWithThem() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        let defaults = SourceDefaults(language: .fr, country: .unitedKingdom)
        try await fixture.application(configuration: WebAppConfiguration(port: 0, sourceDefaults: defaults)).test(.router) { client in
            let british = try decode(SourcesResponse.self, try await client.execute(uri: "/v2/sources?country=gb&apiKey=\(secret)", method: .get))
            #expect(british.sources.map(\.id) == ["demo-gazette"])
            #expect(british.sources.first?.language == "fr")
            let french = try decode(ArticlesResponse.self, try await client.execute(uri: "/v2/top-headlines?language=fr&apiKey=\(secret)", method: .get))
            #expect(french.articles.map(\.title) == ["Welcome to the demo"])
            let general = try decode(ArticlesResponse.self, try await client.execute(uri: "/v2/top-headlines?category=general&country=gb&apiKey=\(secret)", method: .get))
            #expect(general.totalResults == 1)
        }
    }

    @Test func aHundredKilobyteAddressGetsNewsAPIsErrorJSON() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            // URLSession (libcurl): a client that sends the whole request before it reads.
            let huge = try #require(URL(string: "http://127.0.0.1:\(port)/v2/everything?q=" + String(repeating: "a", count: 100_000)))
            let (body, response) = try await URLSession.shared.data(from: huge)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 400)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
            #expect(http.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "*")
            let failure = try JSONDecoder().decode(ErrorResponse.self, from: body)
            #expect(failure.code == .parameterInvalid)
            #expect(failure.message.contains("80 kB"))
            // Long, but readable by the parser: refused by the API with its own message.
            let long = try await client.execute(uri: "/v2/everything?apiKey=\(secret)&q=" + String(repeating: "b", count: 20_000), method: .get)
            #expect(long.status == .badRequest)
            #expect(try decode(ErrorResponse.self, long).message.contains("too long"))
        }
    }
}
