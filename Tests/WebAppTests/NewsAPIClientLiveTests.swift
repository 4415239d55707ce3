import Foundation
import Hummingbird
import HummingbirdTesting
import NewsAPI
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
                try await client.topHeadlines(TopHeadlinesRequest(country: "xx"))
            } throws: { error in
                guard case .service(let response, _) = error as? NewsAPIClientError else { return false }
                return response.code == .parameterInvalid && response.message.contains("country")
            }
        }
    }
}
