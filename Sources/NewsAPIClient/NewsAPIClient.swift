import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NewsAPI

/// A Swift client for the NewsAPI JSON API, for NewsAPI.org or a self-hosted Broadsheet:
/// only the base URL differs.
///
/// ```swift
/// let client = NewsAPIClient(baseURL: baseURL, apiKey: key) // e.g. http://localhost:8080
/// let headlines = try await client.topHeadlines(TopHeadlinesRequest(category: "technology"))
/// ```
public struct NewsAPIClient: Sendable {
    /// The public service.
    public static let newsAPIOrgBaseURL = URL(string: "https://newsapi.org")

    public let baseURL: URL
    public let apiKey: String
    /// Responses larger than this are refused, so a misbehaving server cannot exhaust memory.
    public var maximumResponseBytes = 16 * 1024 * 1024
    public var timeout: TimeInterval = 30
    private let session: URLSession

    public init(baseURL: URL, apiKey: String, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.session = session
    }

    public func topHeadlines(_ request: TopHeadlinesRequest = TopHeadlinesRequest()) async throws -> ArticlesResponse {
        try await get("v2/top-headlines", request.queryItems)
    }

    public func everything(_ request: EverythingRequest) async throws -> ArticlesResponse {
        try await get("v2/everything", request.queryItems)
    }

    public func sources(_ request: SourcesRequest = SourcesRequest()) async throws -> SourcesResponse {
        try await get("v2/top-headlines/sources", request.queryItems)
    }

    public func legacySources(_ request: SourcesRequest = SourcesRequest()) async throws -> LegacySourcesResponse {
        try await get("v1/sources", request.queryItems)
    }

    /// `sortBy` is `top`, `latest` or `popular`; nil lets the server choose (`top`).
    public func legacyArticles(source: String, sortBy: String? = nil) async throws -> LegacyArticlesResponse {
        var items = [URLQueryItem(name: "source", value: source)]
        items.appendIfPresent("sortBy", sortBy)
        return try await get("v1/articles", items)
    }

    private func get<Response: Decodable>(_ path: String, _ queryItems: [URLQueryItem]) async throws -> Response {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw NewsAPIClientError.invalidBaseURL(baseURL.absoluteString)
        }
        components.queryItems = queryItems.isEmpty ? nil : queryItems
        guard let url = components.url else { throw NewsAPIClientError.invalidBaseURL(baseURL.absoluteString) }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "GET"
        // The header keeps the key out of URLs, which end up in logs.
        request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw NewsAPIClientError.transport(url: url.absoluteString, reason: String(describing: error))
        }
        guard data.count <= maximumResponseBytes else {
            throw NewsAPIClientError.responseTooLarge(bytes: data.count, limit: maximumResponseBytes)
        }
        let statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        let decoder = JSONDecoder()
        if (200..<300).contains(statusCode) {
            do {
                return try decoder.decode(Response.self, from: data)
            } catch {
                throw NewsAPIClientError.undecodableResponse(statusCode: statusCode, reason: String(describing: error))
            }
        }
        if let failure = try? decoder.decode(ErrorResponse.self, from: data), failure.status == "error" {
            throw NewsAPIClientError.service(failure, statusCode: statusCode)
        }
        throw NewsAPIClientError.undecodableResponse(statusCode: statusCode, reason: "The server answered HTTP \(statusCode) without a NewsAPI error body.")
    }
}

/// Why a NewsAPI call failed.
public enum NewsAPIClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The service refused the request and said why (`apiKeyInvalid`, `parameterInvalid`, …).
    case service(ErrorResponse, statusCode: Int)
    case transport(url: String, reason: String)
    case undecodableResponse(statusCode: Int, reason: String)
    case responseTooLarge(bytes: Int, limit: Int)
    case invalidBaseURL(String)

    public var description: String {
        switch self {
        case .service(let error, let statusCode):
            "The server refused the request (HTTP \(statusCode), \(error.code)): \(error.message)"
        case .transport(let url, let reason):
            "Could not reach \(url): \(reason). Check the base URL and that the server is running."
        case .undecodableResponse(let statusCode, let reason):
            "The server's answer (HTTP \(statusCode)) is not NewsAPI JSON: \(reason)"
        case .responseTooLarge(let bytes, let limit):
            "The server sent \(bytes) bytes, more than the \(limit) this client accepts; ask for a smaller pageSize."
        case .invalidBaseURL(let url):
            "\"\(url)\" is not a usable base URL; give one such as https://newsapi.org."
        }
    }
}
