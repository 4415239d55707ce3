import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NewsAPI
import NewsModel
import Testing
@testable import WebApp

@Suite struct NewsAPIEndpointTests {
    func decodeError(_ response: TestResponse) throws -> ErrorResponse {
        try JSONDecoder().decode(ErrorResponse.self, from: Data(buffer: response.body))
    }

    func decodeArticles(_ response: TestResponse) throws -> ArticlesResponse {
        try JSONDecoder().decode(ArticlesResponse.self, from: Data(buffer: response.body))
    }

    @Test func keyIsAcceptedInAllThreePlaces() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let byQuery = try await client.execute(uri: "/v2/top-headlines?apiKey=\(secret)", method: .get)
            #expect(byQuery.status == .ok)
            let byHeader = try await client.execute(uri: "/v2/top-headlines", method: .get, headers: try .named("X-Api-Key", secret))
            #expect(byHeader.status == .ok)
            let bearer = try await client.execute(uri: "/v2/top-headlines", method: .get, headers: [.authorization: "Bearer \(secret)"])
            #expect(bearer.status == .ok)
            let plain = try await client.execute(uri: "/v2/top-headlines", method: .get, headers: [.authorization: secret])
            #expect(plain.status == .ok)
        }
    }

    @Test func missingInvalidAndDisabledKeysAreRefused() async throws {
        let fixture = try await WebAppFixture()
        let disabled = fixture.disabledSecret
        try await fixture.application().test(.router) { client in
            for path in ["/v2/top-headlines", "/v2/everything?q=a", "/v2/top-headlines/sources", "/v2/sources", "/v1/articles?source=the-daily"] {
                let missing = try await client.execute(uri: path, method: .get)
                #expect(missing.status == .unauthorized, "\(path)")
                #expect(try decodeError(missing).code == .apiKeyMissing)
                #expect(missing.headers[.contentType] == "application/json; charset=utf-8")
                #expect(missing.headers[.accessControlAllowOrigin] == "*")
            }
            let invalid = try await client.execute(uri: "/v2/top-headlines?apiKey=nope", method: .get)
            #expect(invalid.status == .unauthorized)
            #expect(try decodeError(invalid).code == .apiKeyInvalid)
            let disabledResponse = try await client.execute(uri: "/v2/top-headlines", method: .get, headers: [.authorization: "Bearer \(disabled)"])
            #expect(disabledResponse.status == .unauthorized)
            let body = disabledResponse.text
            #expect(body.hasPrefix(#"{"status":"error","code":"apiKeyDisabled","message":""#))
        }
    }

    @Test func aKeyOverItsLimitIsToldToWaitWhileOtherKeysGoOn() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        let other = try await fixture.store.createAPIKey(name: "other").secret
        // The fixture's clock stands still, so nothing refills during the test.
        try await fixture.application(configuration: WebAppConfiguration(port: 0, apiRequestsPerMinute: 3)).test(.router) { client in
            for _ in 0..<3 {
                let admitted = try await client.execute(uri: "/v2/top-headlines?apiKey=\(secret)", method: .get)
                #expect(admitted.status == .ok)
            }
            let limited = try await client.execute(uri: "/v2/everything?q=a&apiKey=\(secret)", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(try decodeError(limited).code == .rateLimited)
            #expect(limited.headers[.retryAfter] == "20")
            #expect(limited.headers[.accessControlAllowOrigin] == "*")
            let otherKey = try await client.execute(uri: "/v2/sources?apiKey=\(other)", method: .get)
            #expect(otherKey.status == .ok)
        }
    }

    @Test func topHeadlinesReturnsEverythingRecentInTheSpecShape() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application(configuration: WebAppConfiguration(port: 0, publicBaseURL: "http://news.test:8080/")).test(.router) { client in
            let response = try await client.execute(uri: "/v2/top-headlines?apiKey=\(secret)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.accessControlAllowOrigin] == "*")
            PageTests.expectSecurityHeaders(response)
            let text = response.text
            #expect(text.hasPrefix(#"{"status":"ok","totalResults":48,"articles":[{"source":{"id":"the-daily","name":"The Daily"},"author":"Ada Writer","title":"<script>alert(\"owned\")</script> & friends","description":"Summary of story 0.","url":"https://daily.example.com/stories/0","urlToImage":"https://daily.example.com/img/0.jpg","publishedAt":"2024-01-15T17:59:00Z","content":"Long text about story 0. "#))
            // The demo article has no link of its own: it points at Broadsheet's page.
            #expect(text.contains(#""title":"Welcome to the demo","description":"A demo story.","url":"http://news.test:8080/articles/"#))
            let decoded = try decodeArticles(response)
            #expect(decoded.totalResults == 48)
            #expect(decoded.articles.count == 20)
            #expect(decoded.articles.map(\.publishedAt) == decoded.articles.map(\.publishedAt).sorted(by: >))
            #expect(text.contains(#""publishedAt":"2024-01-15T17:50:00Z""#))
            let long = try #require(decoded.articles.first { $0.title == "Daily story number 1" })
            #expect(long.content?.hasSuffix(" chars]") == true)
            #expect(long.content?.contains("… [+") == true)
            #expect((long.content?.count ?? 0) < 230)
            #expect(long.urlToImage == "http://news.test:8080/demo/images/sample.svg")
            #expect(long.author == nil)
            #expect(text.contains(#""author":null"#))
        }
    }

    @Test func pagingAndTotalResults() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let first = try decodeArticles(try await client.execute(uri: "/v2/top-headlines?sources=the-daily&pageSize=10&apiKey=\(secret)", method: .get))
            #expect(first.totalResults == 45)
            #expect(first.articles.count == 10)
            let last = try decodeArticles(try await client.execute(uri: "/v2/top-headlines?sources=the-daily&pageSize=10&page=5&apiKey=\(secret)", method: .get))
            #expect(last.totalResults == 45)
            #expect(last.articles.count == 5)
            #expect(Set(first.articles.map(\.title)).isDisjoint(with: last.articles.map(\.title)))
            let beyond = try decodeArticles(try await client.execute(uri: "/v2/top-headlines?sources=the-daily&pageSize=10&page=6&apiKey=\(secret)", method: .get))
            #expect(beyond.articles.isEmpty)
            #expect(beyond.totalResults == 45)
        }
    }

    @Test func filtersByCountryCategoryAndLanguage() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let business = try decodeArticles(try await client.execute(uri: "/v2/top-headlines?category=business&apiKey=\(secret)", method: .get))
            #expect(business.totalResults == 2)
            #expect(business.articles.allSatisfy { $0.source.id == "teaser-weekly" })
            let german = try decodeArticles(try await client.execute(uri: "/v2/top-headlines?country=de&apiKey=\(secret)", method: .get))
            #expect(german.totalResults == 2)
            // The Daily's 45 and the demo's one: a source that says nothing speaks the default language.
            let english = try decodeArticles(try await client.execute(uri: "/v2/everything?language=en&apiKey=\(secret)", method: .get))
            #expect(english.totalResults == 46)
        }
    }

    @Test func everythingSearches() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let found = try decodeArticles(try await client.execute(uri: "/v2/everything?q=%22story+number+7%22&searchIn=title&apiKey=\(secret)", method: .get))
            #expect(found.articles.map(\.title) == ["Daily story number 7"])
            let teaser = try decodeArticles(try await client.execute(uri: "/v2/everything?q=teaser+-link&apiKey=\(secret)", method: .get))
            #expect(teaser.articles.map(\.title) == ["Only a teaser"])
            let domain = try decodeArticles(try await client.execute(uri: "/v2/everything?domains=example.org&apiKey=\(secret)", method: .get))
            #expect(domain.articles.map(\.title) == ["Only a teaser"])
            let window = try decodeArticles(try await client.execute(
                uri: "/v2/everything?sources=the-daily&from=2024-01-15T10:00:00Z&to=2024-01-15T13:30:00Z&apiKey=\(secret)", method: .get))
            #expect(window.totalResults == 3)
            let day = try decodeArticles(try await client.execute(uri: "/v2/everything?sources=the-daily&from=2024-01-14&to=2024-01-14&apiKey=\(secret)", method: .get))
            #expect(day.totalResults == 24)
        }
    }

    @Test(arguments: [
        ("/v2/top-headlines?country=xx", "parameterInvalid", "country"),
        ("/v2/top-headlines?category=cooking", "parameterInvalid", "category"),
        ("/v2/top-headlines?language=tlh", "parameterInvalid", "language"),
        ("/v2/everything?q=a&sortBy=newest", "parameterInvalid", "sortBy"),
        ("/v2/top-headlines?pageSize=0", "parameterInvalid", "pageSize"),
        ("/v2/top-headlines?pageSize=101", "parameterInvalid", "pageSize"),
        ("/v2/top-headlines?pageSize=ten", "parameterInvalid", "pageSize"),
        ("/v2/top-headlines?page=0", "parameterInvalid", "page"),
        ("/v2/top-headlines?page=-3", "parameterInvalid", "page"),
        ("/v2/top-headlines?sources=the-daily&country=us", "parametersIncompatible", "sources"),
        ("/v2/top-headlines?sources=the-daily&category=technology", "parametersIncompatible", "sources"),
        ("/v2/everything?qInTitle=%21%21%21", "parameterInvalid", "qInTitle parameter"),
        ("/v2/everything?qintitle=" + String(repeating: "a", count: 501), "parameterInvalid", "qintitle parameter"),
        ("/v2/nothing-here", "parameterInvalid", "/v2/top-headlines"),
        ("/v1", "parameterInvalid", "/v1/sources"),
        ("/v2/top-headlines?sources=the-daily,nope", "sourceDoesNotExist", "nope"),
        ("/v2/everything?sources=%3Cscript%3E", "sourceDoesNotExist", "source"),
        ("/v2/everything?q=a&from=yesterday", "parameterInvalid", "from"),
        ("/v2/everything?q=a&to=2024-02-30", "parameterInvalid", "to"),
        ("/v2/everything?q=a&from=2024-02-02&to=2024-02-01", "parameterInvalid", "from"),
        ("/v2/everything?q=a&searchIn=title,body", "parameterInvalid", "searchIn"),
        ("/v2/everything?domains=exa%20mple.com", "parameterInvalid", "domains"),
        ("/v2/everything?q=a&excludeDomains=-bad.com", "parameterInvalid", "excludeDomains"),
        ("/v2/everything?q=%21%21%21", "parameterInvalid", "q parameter"),
        ("/v2/everything", "parametersMissing", "qInTitle"),
        ("/v2/everything?sortBy=relevancy", "parametersMissing", "sources"),
        ("/v2/everything?q=a&page=2&pageSize=100", "maximumResultsReached", "first 100 matches"),
        ("/v2/top-headlines/sources?country=zz", "parameterInvalid", "country"),
        ("/v2/sources?category=cooking", "parameterInvalid", "category"),
        ("/v1/sources?category=cooking", "parameterInvalid", "science-and-nature"),
        ("/v1/sources?language=es", "parameterInvalid", "en, de, fr"),
        ("/v1/sources?country=fr", "parameterInvalid", "au, de, gb"),
        ("/v1/articles", "parametersMissing", "source"),
        ("/v1/articles?source=nope", "sourceDoesNotExist", "nope"),
        ("/v1/articles?source=the-daily&sortBy=random", "sourceUnavailableSortedBy", "top, latest, popular"),
    ])
    func invalidParametersAreRefusedWithAMessageNamingThem(path: String, code: String, mentioned: String) async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get, headers: try .named("X-Api-Key", secret))
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let failure = try decodeError(response)
            #expect(failure.status == "error")
            #expect(failure.code.rawValue == code)
            #expect(failure.message.contains(mentioned), "\(failure.message)")
        }
    }

    @Test func overlongQueryAndTooManySourcesAreRefused() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let longQuery = String(repeating: "a", count: 501)
            let tooLong = try decodeError(try await client.execute(uri: "/v2/everything?q=\(longQuery)&apiKey=\(secret)", method: .get))
            #expect(tooLong.code == .parameterInvalid)
            #expect(tooLong.message.contains("500"))
            let sources = (1...21).map { "source-\($0)" }.joined(separator: ",")
            let tooMany = try decodeError(try await client.execute(uri: "/v2/everything?sources=\(sources)&apiKey=\(secret)", method: .get))
            #expect(tooMany.code == .sourcesTooMany)
            let unbalanced = try await client.execute(uri: "/v2/everything?q=%28open&apiKey=\(secret)", method: .get)
            #expect(unbalanced.status == .badRequest || unbalanced.status == .ok)
        }
    }

    @Test func sourcesCatalogueOnBothPaths() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            for path in ["/v2/top-headlines/sources", "/v2/sources"] {
                let response = try await client.execute(uri: "\(path)?apiKey=\(secret)", method: .get)
                #expect(response.status == .ok)
                let decoded = try JSONDecoder().decode(SourcesResponse.self, from: Data(buffer: response.body))
                #expect(decoded.sources.map(\.id) == ["demo-gazette", "teaser-weekly", "the-daily"])
            }
            let filtered = try await client.execute(uri: "/v2/top-headlines/sources?category=technology&language=en&country=us&apiKey=\(secret)", method: .get)
            #expect(filtered.text == #"{"status":"ok","sources":[{"id":"the-daily","name":"The Daily","description":"News of the day.","url":"https://daily.example.com","category":"technology","language":"en","country":"us"}]}"#)
        }
    }

    @Test func legacyV1SourcesAndArticles() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let sources = try await client.execute(uri: "/v1/sources?category=technology&apiKey=\(secret)", method: .get)
            #expect(sources.status == .ok)
            let decodedSources = try JSONDecoder().decode(LegacySourcesResponse.self, from: Data(buffer: sources.body))
            #expect(decodedSources.sources.map(\.id) == ["the-daily"])
            #expect(decodedSources.sources.first?.urlsToLogos.small == "http://localhost/sources/the-daily/icon.svg")
            #expect(decodedSources.sources.first?.sortBysAvailable == ["top", "latest", "popular"])
            let business = try JSONDecoder().decode(LegacySourcesResponse.self, from: Data(buffer: try await client.execute(uri: "/v1/sources?category=business&apiKey=\(secret)", method: .get).body))
            #expect(business.sources.map(\.id) == ["teaser-weekly"])

            let articles = try await client.execute(uri: "/v1/articles?source=the-daily&apiKey=\(secret)", method: .get)
            #expect(articles.status == .ok)
            #expect(articles.text.hasPrefix(#"{"status":"ok","source":"the-daily","sortBy":"top","articles":[{"author":"#))
            let decoded = try JSONDecoder().decode(LegacyArticlesResponse.self, from: Data(buffer: articles.body))
            #expect(decoded.articles.count == 20)
            #expect(decoded.articles.first?.title == WebAppFixture.hostileTitle)

            let icon = try await client.execute(uri: "/sources/the-daily/icon.svg", method: .get)
            #expect(icon.status == .ok)
            #expect(icon.headers[.contentType] == "image/svg+xml")
        }
    }

    @Test func preflightUnknownEndpointsAndOtherMethodsAnswerInNewsAPIsShape() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application().test(.router) { client in
            let preflight = try await client.execute(uri: "/v2/everything", method: .options)
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowHeaders]?.contains("X-Api-Key") == true)
            #expect(preflight.headers[.accessControlExposeHeaders] == "Retry-After")
            // Only the statuses and codes NewsAPI has: no 404 or 405 under /v1 and /v2.
            for (path, method) in [("/v2/nothing-here", HTTPRequest.Method.get), ("/v2/everything?q=a", .post), ("/v2/top-headlines", .delete),
                                   ("/v1/sources", .put), ("/v1/articles?source=the-daily", .patch), ("/v2", .get)] {
                let response = try await client.execute(uri: path, method: method, headers: try .named("X-Api-Key", secret), body: ByteBuffer(string: "q=a"))
                #expect(response.status == .badRequest, "\(method) \(path)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.accessControlAllowOrigin] == "*")
                #expect(response.headers[.accessControlExposeHeaders] == "Retry-After")
                let failure = try decodeError(response)
                #expect(failure.code == .parameterInvalid)
                #expect(ErrorCode.all.contains(failure.code))
            }
            let post = try await client.execute(uri: "/v2/everything?q=a", method: .post, headers: try .named("X-Api-Key", secret))
            #expect(post.headers[.allow] == "GET, HEAD, OPTIONS")
            #expect(try decodeError(post).message.contains("GET"))
        }
    }

    @Test func browserCodeMayReadRetryAfterOnEveryAnswer() async throws {
        let fixture = try await WebAppFixture()
        let secret = fixture.apiSecret
        try await fixture.application(configuration: WebAppConfiguration(port: 0, apiRequestsPerMinute: 1)).test(.router) { client in
            let admitted = try await client.execute(uri: "/v2/top-headlines?apiKey=\(secret)", method: .get)
            #expect(admitted.headers[.accessControlExposeHeaders] == "Retry-After")
            let limited = try await client.execute(uri: "/v2/top-headlines?apiKey=\(secret)", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.headers[.accessControlExposeHeaders] == "Retry-After")
            let missing = try await client.execute(uri: "/v2/top-headlines", method: .get)
            #expect(missing.headers[.accessControlExposeHeaders] == "Retry-After")
        }
    }
}
