import Foundation
import Hummingbird
import HummingbirdTesting
import NewsAPI
import NewsAPIClient
import Testing
@testable import WebApp

/// The Swift client against the app served on a real socket.
@Suite struct NewsAPIClientLiveTests {
    @Test func clientReadsEveryEndpoint() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.live) { testClient in
            let port = try #require(testClient.port)
            let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let client = NewsAPIClient(baseURL: baseURL, apiKey: secret)

            let headlines = try await client.topHeadlines(TopHeadlinesRequest(sources: ["the-daily"], pageSize: 5))
            #expect(headlines.totalResults == 45)
            #expect(headlines.articles.count == 5)
            #expect(headlines.articles.first?.source.name == "The Daily")

            let search = try await client.everything(EverythingRequest(query: "teaser", sortBy: "publishedAt"))
            #expect(search.articles.map(\.title).contains("Only a teaser"))

            let sources = try await client.sources(SourcesRequest(language: "de"))
            #expect(sources.sources.map(\.id) == ["teaser-weekly"])

            let titled = try await client.everything(EverythingRequest(query: "long", titleQuery: "\"number 7\""))
            #expect(titled.articles.map(\.title) == ["Daily story number 7"])
            let teaserTitles = try await client.topHeadlines(TopHeadlinesRequest(titleQuery: "teaser"))
            #expect(teaserTitles.totalResults == 2)

            // Every source decodes with every field a string (the demo source says nothing itself).
            let everySource = try await client.sources()
            #expect(everySource.sources.count == 3)
            let demo = try #require(everySource.sources.first { $0.id == "demo-gazette" })
            #expect(demo.language == "en" && demo.country == "us" && demo.category == "general" && !demo.url.isEmpty && !demo.description.isEmpty)

            let legacySources = try await client.legacySources()
            #expect(legacySources.sources.count == 3)
            let legacyArticles = try await client.legacyArticles(source: "the-daily", sortBy: "latest")
            #expect(legacyArticles.sortBy == "latest")
            #expect(legacyArticles.articles.count == 20)

            await #expect {
                try await NewsAPIClient(baseURL: baseURL, apiKey: "wrong").topHeadlines()
            } throws: { error in
                guard case .service(let response, let status) = error as? NewsAPIClientError else { return false }
                return response.code == .apiKeyInvalid && status == 401
            }
            await #expect {
                try await client.topHeadlines(TopHeadlinesRequest(country: "us", sources: ["the-daily"]))
            } throws: { error in
                guard case .service(let response, let status) = error as? NewsAPIClientError else { return false }
                return response.code == .parametersIncompatible && status == 400
            }
            await #expect {
                try await client.topHeadlines(TopHeadlinesRequest(country: "xx"))
            } throws: { error in
                guard case .service(let response, _) = error as? NewsAPIClientError else { return false }
                return response.code == .parameterInvalid && response.message.contains("country")
            }
        }
    }
}
