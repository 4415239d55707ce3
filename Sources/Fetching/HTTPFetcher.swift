import AsyncHTTPClient
import Logging
import Markup
import NIOCore

/// Fetches web resources the polite and safe way: conditional requests, gzip, redirects
/// followed one by one (each target checked), a per-host concurrency limit, size and time
/// limits, and no connection to an internal address unless the operator allowed it.
public final class HTTPFetcher: HTTPFetching {
    private let client: HTTPClient
    private let configuration: FetchConfiguration
    private let limiter: HostConcurrencyLimiter
    private let logger: Logger

    public init(configuration: FetchConfiguration = FetchConfiguration(), logger: Logger = Logger(label: "broadsheet.fetching")) {
        self.configuration = configuration
        self.limiter = HostConcurrencyLimiter(limit: configuration.connectionsPerHost)
        self.logger = logger
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(Int64(configuration.timeoutSeconds))),
            decompression: .enabled(limit: .size(configuration.maximumBodyBytes))
        )
        if !configuration.allowsPrivateAddresses {
            // The name was checked before connecting; this checks the address actually
            // connected to, so a DNS answer that changes in between (rebinding) is caught too.
            let guardConnection: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
                if let address = channel.remoteAddress?.ipAddress, let parsed = NetworkAddress(address), !parsed.isPublic {
                    return channel.eventLoop.makeFailedFuture(PrivateAddressRefused(address: address))
                }
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            clientConfiguration.http1_1ConnectionDebugInitializer = guardConnection
            clientConfiguration.http2ConnectionDebugInitializer = guardConnection
        }
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
    }

    /// Closes the connection pool; call once when done with the fetcher.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        var url = URLResolver.clean(request.url)
        let limit = request.maximumBodyBytes ?? configuration.maximumBodyBytes
        for _ in 0...configuration.maximumRedirects {
            let host = try await checkedHost(of: url)
            await limiter.acquire(host)
            let outcome: Outcome
            do throws(FetchError) {
                outcome = try await fetchOnce(url: url, request: request, limit: limit)
                await limiter.release(host)
            } catch {
                await limiter.release(host)
                throw error
            }
            switch outcome {
            case .response(let response):
                return response
            case .redirect(let location):
                url = URLResolver.resolve(location, against: url)
            }
        }
        throw .tooManyRedirects(url: request.url, limit: configuration.maximumRedirects)
    }

    private enum Outcome {
        case response(FetchResponse)
        case redirect(String)
    }

    private func fetchOnce(url: String, request: FetchRequest, limit: Int) async throws(FetchError) -> Outcome {
        var httpRequest = HTTPClientRequest(url: url)
        httpRequest.method = .GET
        httpRequest.headers.add(name: "User-Agent", value: configuration.userAgent)
        httpRequest.headers.add(name: "Accept", value: request.accept)
        httpRequest.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        if let etag = request.etag { httpRequest.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = request.lastModified { httpRequest.headers.add(name: "If-Modified-Since", value: lastModified) }

        let timeout = TimeAmount.seconds(Int64(configuration.timeoutSeconds))
        do {
            let response = try await client.execute(httpRequest, timeout: timeout, logger: logger)
            let status = Int(response.status.code)
            var headers: [String: String] = [:]
            for header in response.headers {
                let name = header.name.lowercased()
                headers[name] = headers[name].map { $0 + ", " + header.value } ?? header.value
            }
            if [301, 302, 303, 307, 308].contains(status), let location = headers["location"], !location.isEmpty {
                return .redirect(location)
            }
            if status == 304 {
                return .response(FetchResponse(url: url, statusCode: status, headers: headers, body: []))
            }
            guard (200..<300).contains(status) else {
                throw FetchError.httpStatus(url: url, code: status)
            }
            if let declared = headers["content-length"].flatMap(Int.init), declared > limit {
                throw FetchError.tooLarge(url: url, limit: limit)
            }
            var body: [UInt8] = []
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= limit else {
                    throw FetchError.tooLarge(url: url, limit: limit)
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
            return .response(FetchResponse(url: url, statusCode: status, headers: headers, body: body))
        } catch let error as FetchError {
            throw error
        } catch {
            throw translate(error, url: url)
        }
    }

    /// The URL's host once it is known to be an allowed destination.
    private func checkedHost(of url: String) async throws(FetchError) -> String {
        guard let scheme = URLResolver.scheme(of: url) else { throw .invalidURL(url) }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(url) }
        guard let host = URLResolver.host(of: url) else { throw .invalidURL(url) }
        if configuration.allowsPrivateAddresses { return host }
        let addresses = await HostResolver.addresses(of: host)
        guard !addresses.isEmpty else { throw .hostNotFound(host) }
        if let internalAddress = addresses.first(where: { !$0.isPublic }) {
            throw .privateAddress(host: host, address: internalAddress.description)
        }
        return host
    }

    private func translate(_ error: any Error, url: String) -> FetchError {
        if let refused = error as? PrivateAddressRefused {
            return .privateAddress(host: URLResolver.host(of: url) ?? url, address: refused.address)
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return .timedOut(url: url, seconds: configuration.timeoutSeconds)
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidURL(url)
            default:
                break
            }
        }
        let reason = String(describing: error)
        if reason.contains("PrivateAddressRefused") {
            return .privateAddress(host: URLResolver.host(of: url) ?? url, address: "an internal address")
        }
        if reason.contains("decompression") || reason.contains("limit") {
            return .tooLarge(url: url, limit: configuration.maximumBodyBytes)
        }
        return .network(url: url, reason: reason)
    }
}

/// Raised inside the connection pool when a connection lands on an internal address.
struct PrivateAddressRefused: Error, Sendable {
    let address: String
}
