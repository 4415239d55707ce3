import Foundation
import Hummingbird
import HummingbirdTesting
import NewsAPI
import Testing
@testable import WebApp

/// The API's description and the API stay in step.
@Suite struct OpenAPIDocumentTests {
    func servedDocument() async throws -> [String: Any] {
        let fixture = try await WebAppFixture(empty: true)
        let body = try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            return Data(buffer: response.body)
        }
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test func theServedDocumentIsOpenAPI31AndDescribesEveryRoute() async throws {
        let document = try await servedDocument()
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == Set(NewsAPIController.endpointPaths + ["/openapi.json"]))
        for path in NewsAPIController.endpointPaths {
            let operations = try #require(paths[path] as? [String: Any], "\(path)")
            let get = try #require(operations["get"] as? [String: Any], "\(path) has no GET")
            let responses = try #require(get["responses"] as? [String: Any])
            // The statuses NewsAPI answers with, and no others.
            #expect(Set(responses.keys) == ["200", "400", "401", "429", "500"], "\(path)")
        }
    }

    @Test func everyErrorCodeAndVocabularyIsTheContracts() async throws {
        let document = try await servedDocument()
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let errorCodes = try #require((((schemas["ErrorResponse"] as? [String: Any])?["properties"] as? [String: Any])?["code"] as? [String: Any])?["enum"] as? [String])
        #expect(errorCodes == ErrorCode.all.map(\.rawValue))
        #expect((schemas["Country"] as? [String: Any])?["enum"] as? [String] == NewsModelVocabulary.countries)
        #expect((schemas["Language"] as? [String: Any])?["enum"] as? [String] == NewsModelVocabulary.languages)
        #expect((schemas["Category"] as? [String: Any])?["enum"] as? [String] == NewsModelVocabulary.categories)
        let legacy = try #require((schemas["LegacyCategory"] as? [String: Any])?["enum"] as? [String])
        #expect(legacy == NewsAPIController.legacyCategories)
    }

    @Test func theDocsCopyIsTheServedDocument() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.json")
        let text = try String(contentsOf: docs, encoding: .utf8)
        #expect(text == OpenAPIDocument.json + "\n", "run `swift run broadsheet openapi > docs/openapi.json`")
    }
}

import NewsModel

/// The vocabularies as the model has them.
enum NewsModelVocabulary {
    static let countries = Country.knownCodes
    static let languages = Language.allCases.map(\.rawValue)
    static let categories = NewsModel.Category.allCases.map(\.rawValue)
}
