import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NewsAPI
import NewsModel
import Storage
import SyncSupport

/// The NewsAPI-compatible JSON API (its contract: `docs/openapi.json`, served at
/// `/openapi.json`): v2 top-headlines, everything and sources, and the legacy v1 sources
/// and articles.
struct NewsAPIController: Sendable {
    let dependencies: WebAppDependencies

    static func isAPIPath(_ path: String) -> Bool {
        path == "/v1" || path == "/v2" || path.hasPrefix("/v1/") || path.hasPrefix("/v2/")
    }

    static let endpointPaths = ["/v2/top-headlines", "/v2/everything", "/v2/top-headlines/sources", "/v2/sources", "/v1/sources", "/v1/articles"]

    /// The headers a browser app may read from an answer (`Access-Control-Expose-Headers`).
    static let exposedHeaders = "Retry-After"

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get("/v2/top-headlines") { request, _ in await respond(request) { try await topHeadlines($0) } }
        router.get("/v2/everything") { request, _ in await respond(request) { try await everything($0) } }
        router.get("/v2/top-headlines/sources") { request, _ in await respond(request) { try await sources($0) } }
        router.get("/v2/sources") { request, _ in await respond(request) { try await sources($0) } }
        // The v1 catalogue was public: classic tutorial apps call it without a key.
        router.get("/v1/sources") { request, _ in await respond(request, keyRequired: false) { try await legacySources($0) } }
        router.get("/v1/articles") { request, _ in await respond(request) { try await legacyArticles($0) } }
        for path in Self.endpointPaths {
            router.on(RouterPath(path), method: .options) { _, _ in Self.preflight() }
        }
        router.get("/openapi.json") { _, _ in OpenAPIDocument.response() }
    }

    /// Browsers ask before sending `X-Api-Key` or `Authorization` across origins.
    static func preflight() -> Response {
        Response(status: .noContent, headers: [
            .accessControlAllowOrigin: "*",
            .accessControlAllowMethods: "GET, HEAD, OPTIONS",
            .accessControlAllowHeaders: "X-Api-Key, Authorization, Content-Type",
            .accessControlExposeHeaders: exposedHeaders,
            .accessControlMaxAge: "86400",
        ])
    }

    private func respond(_ request: Request, keyRequired: Bool = true, _ handler: (APIParameters) async throws -> Response) async -> Response {
        do {
            var parameters = try APIParameters(checking: request.uri.query)
            parameters.baseURL = dependencies.baseURL(for: request)
            if keyRequired || Self.presentedKey(request, parameters: parameters) != nil {
                parameters.followedBy = try await authenticate(request, parameters: parameters)
            } else {
                // The public v1 catalogue shows the owner's library, as a one-person server has it.
                parameters.followedBy = try await dependencies.store.owner().id
            }
            if let answers = dependencies.apiAnswers, let user = parameters.followedBy {
                let key = APIAnswerCache.Key(path: request.uri.path, query: request.uri.query ?? "", user: user, baseURL: parameters.baseURL)
                return try await answers.response(for: key) { try await handler(parameters) }
            }
            return try await handler(parameters)
        } catch let failure as APIFailure {
            return failure.response()
        } catch {
            dependencies.logger.error("API request failed", metadata: ["path": .string(request.uri.path), "error": .string(String(describing: error))])
            return APIFailure(
                status: .internalServerError, code: .unexpectedError,
                message: "Something went wrong on the server; try again, and check the server log if it keeps happening."
            ).response()
        }
    }

    private var defaults: SourceDefaults { dependencies.configuration.sourceDefaults }

    // MARK: Authentication

    /// The key from `apiKey=`, `X-Api-Key` or `Authorization` (with or without `Bearer `).
    static func presentedKey(_ request: Request, parameters: APIParameters) -> String? {
        if let key = parameters.values.nonEmpty("apiKey") { return key }
        if let key = request.headers.value(.xAPIKey)?.trimmingSpaces(), !key.isEmpty { return key }
        // A browser that gave the reader's password sends it as Basic: not an API key.
        if var value = request.headers[.authorization]?.trimmingSpaces(), !value.isEmpty, !value.lowercased().hasPrefix("basic ") {
            if value.lowercased().hasPrefix("bearer ") { value = String(value.dropFirst(7)).trimmingSpaces() }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Checks the key and its allowance; returns its owner, whose library the API answers from.
    func authenticate(_ request: Request, parameters: APIParameters) async throws -> UserID {
        guard let secret = Self.presentedKey(request, parameters: parameters) else {
            throw APIFailure(
                status: .unauthorized, code: .apiKeyMissing,
                message: "Your API key is missing. Send it as the apiKey parameter, or in the X-Api-Key or Authorization header."
            )
        }
        guard secret.utf8.count <= 256, let key = try await dependencies.apiKeys.key(forSecret: secret, in: dependencies.store) else {
            throw APIFailure(
                status: .unauthorized, code: .apiKeyInvalid,
                message: "Your API key is invalid or incorrect. Check the key, or ask the server's owner for a new one."
            )
        }
        guard key.isEnabled else {
            throw APIFailure(
                status: .unauthorized, code: .apiKeyDisabled,
                message: "Your API key \"\(key.prefix)…\" has been disabled. Ask the server's owner to enable it again."
            )
        }
        if let limiter = dependencies.rateLimiter,
           case .limited(let seconds) = await limiter.admit(key: key.id, at: dependencies.now()) {
            var failure = APIFailure(
                status: .tooManyRequests, code: .rateLimited,
                message: "Your API key \"\(key.prefix)…\" has made more than \(limiter.requestsPerMinute) requests in the last minute. "
                    + "Wait \(counted(seconds, "second")) and try again, or ask the server's owner to raise the limit."
            )
            failure.headers[.retryAfter] = String(seconds)
            throw failure
        }
        return key.userID
    }

    // MARK: v2 articles

    func topHeadlines(_ parameters: APIParameters) async throws -> Response {
        let country = try parameters.country()
        let category = try parameters.category()
        if parameters.hasSources, country != nil || category != nil {
            throw APIFailure(
                code: .parametersIncompatible,
                message: "You cannot mix the sources parameter with the country or category parameters. Use either sources, or country and category."
            )
        }
        let query = ArticleQuery(
            sources: try await parameters.sources(in: dependencies.store),
            search: try parameters.search(),
            titleSearch: try parameters.titleSearch(),
            language: try parameters.language(),
            country: country,
            category: category,
            sourceDefaults: defaults,
            followedBy: parameters.followedBy,
            sortBy: .publishedAt,
            page: try parameters.page(),
            pageSize: try parameters.pageSize(default: 20),
            includesContent: false,
            countLimit: ArticleQuery.standardCountLimit
        )
        return try await articlesResponse(query, baseURL: parameters.baseURL)
    }

    func everything(_ parameters: APIParameters) async throws -> Response {
        guard parameters.hasSearch || parameters.hasTitleSearch || parameters.hasSources
            || parameters.values.nonEmpty("domains") != nil || parameters.values.nonEmpty("language") != nil else {
            throw APIFailure(
                code: .parametersMissing,
                message: "Required parameters are missing: set at least one of q, qInTitle, sources, domains, language and try again."
            )
        }
        let from = try parameters.date("from", endOfDay: false)
        let to = try parameters.date("to", endOfDay: true)
        if let from, let to, from > to {
            throw APIFailure.invalid("The from parameter must not be later than the to parameter.")
        }
        let query = ArticleQuery(
            sources: try await parameters.sources(in: dependencies.store),
            search: try parameters.search(),
            searchIn: try parameters.searchFields(),
            titleSearch: try parameters.titleSearch(),
            domains: try parameters.domains("domains"),
            excludedDomains: try parameters.domains("excludeDomains"),
            from: from,
            to: to,
            language: try parameters.language(),
            sourceDefaults: defaults,
            followedBy: parameters.followedBy,
            sortBy: try parameters.sortOrder(),
            page: try parameters.page(),
            pageSize: try parameters.pageSize(default: 100),
            includesContent: false,
            countLimit: ArticleQuery.standardCountLimit
        )
        return try await articlesResponse(query, baseURL: parameters.baseURL)
    }

    private func articlesResponse(_ query: ArticleQuery, baseURL: String) async throws -> Response {
        try APIParameters.checkDepth(page: query.page, pageSize: query.pageSize)
        let results = try await dependencies.store.articles(matching: query)
        let mapper = APIArticleMapper(baseURL: baseURL, sourceNames: results.sourceNames)
        return .json(ArticlesResponse(totalResults: results.totalResults, articles: results.articles.map(mapper.dto)))
    }

    // MARK: v2 sources

    func sources(_ parameters: APIParameters) async throws -> Response {
        let query = SourceQuery(
            category: try parameters.category(), language: try parameters.language(), country: try parameters.country(),
            defaults: defaults,
            followedBy: parameters.followedBy
        )
        let sources = try await dependencies.store.sources(matching: query)
        let mapper = APIArticleMapper(baseURL: parameters.baseURL, sourceNames: [:])
        return .json(SourcesResponse(sources: sources.map { mapper.sourceDTO($0, defaults: defaults) }))
    }

    // MARK: v1

    static let legacyCategories = ["business", "entertainment", "gaming", "general", "music", "politics", "science-and-nature", "sport", "technology"]
    static let legacyLanguages = ["en", "de", "fr"]
    static let legacyCountries = ["au", "de", "gb", "in", "it", "us"]
    static let legacySorts = ["top", "latest", "popular"]

    func legacySources(_ parameters: APIParameters) async throws -> Response {
        let category = try legacyValue(parameters, "category", allowed: Self.legacyCategories)
        let language = try legacyValue(parameters, "language", allowed: Self.legacyLanguages)
        let country = try legacyValue(parameters, "country", allowed: Self.legacyCountries)
        let sources = try await dependencies.store.sources(matching: SourceQuery(
            language: language.flatMap(Language.init(rawValue:)),
            country: country.flatMap(Country.init(rawValue:)),
            defaults: defaults,
            followedBy: parameters.followedBy
        ))
        let mapper = APIArticleMapper(baseURL: parameters.baseURL, sourceNames: [:])
        let legacy = sources
            .filter { category == nil || APIArticleMapper.legacyCategory($0.resolvedCategory(defaults)) == category }
            .map { mapper.legacySourceDTO($0, defaults: defaults, sorts: Self.legacySorts) }
        return .json(LegacySourcesResponse(sources: legacy))
    }

    func legacyArticles(_ parameters: APIParameters) async throws -> Response {
        guard let sourceName = parameters.values.nonEmpty("source") else {
            throw APIFailure(code: .parametersMissing, message: "The source parameter is required; /v1/sources lists the ids.")
        }
        guard let id = SourceID(rawValue: sourceName.lowercased()), let source = try await dependencies.store.source(id) else {
            throw APIFailure(code: .sourceDoesNotExist, message: "You have requested a source which does not exist: \"\(String(sourceName.prefix(80)))\". /v1/sources lists the ids.")
        }
        let sortBy = parameters.values.nonEmpty("sortBy") ?? "top"
        guard Self.legacySorts.contains(sortBy) else {
            throw APIFailure(
                code: .sourceUnavailableSortedBy,
                message: "The source \(source.id.rawValue) is not available sorted by \"\(String(sortBy.prefix(40)))\"; use one of \(Self.legacySorts.joined(separator: ", "))."
            )
        }
        let order: NewsModel.SortOrder = sortBy == "popular" ? .popularity : .publishedAt
        let results = try await dependencies.store.articles(matching: ArticleQuery(
            sources: [id], followedBy: parameters.followedBy, sortBy: order, page: 1, pageSize: 20, includesContent: false
        ))
        let mapper = APIArticleMapper(baseURL: parameters.baseURL, sourceNames: [id: source.name])
        return .json(LegacyArticlesResponse(source: source.id.rawValue, sortBy: sortBy, articles: results.articles.map(mapper.legacyDTO)))
    }

    private func legacyValue(_ parameters: APIParameters, _ name: String, allowed: [String]) throws(APIFailure) -> String? {
        guard let text = parameters.values.nonEmpty(name) else { return nil }
        let value = text.lowercased()
        guard allowed.contains(value) else {
            throw .invalid("The \(name) parameter must be one of \(allowed.joined(separator: ", ")); you gave \"\(String(text.prefix(80)))\".")
        }
        return value
    }
}
