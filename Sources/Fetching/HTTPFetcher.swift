import AsyncHTTPClient
import Logging
import Markup
import NIOCore
import Synchronization

/// Fetches web resources the polite and safe way: conditional requests, gzip, redirects
/// followed one by one (each target checked), a per-host concurrency limit, size limits,
/// one deadline for the whole fetch (headers and body), and no connection to an internal
/// address unless the operator allowed it. `stopFetching()` cancels every fetch in flight.
public final class HTTPFetcher: HTTPFetching {
    private let client: HTTPClient
    private let configuration: FetchConfiguration
    private let limiter: HostConcurrencyLimiter
    private let logger: Logger
    private let inFlight = InFlightFetches()
    /// Which addresses a fetch may connect to when private ones are not allowed.
    private let isAllowedAddress: @Sendable (NetworkAddress) -> Bool

    public convenience init(configuration: FetchConfiguration = FetchConfiguration(), logger: Logger = Logger(label: "broadsheet.fetching")) {
        self.init(configuration: configuration, logger: logger, isAllowedAddress: { $0.isPublic })
    }

    /// `isAllowedAddress` stands for "is public" in tests, which need one loopback server
    /// treated as the public internet to check that a redirect from it to an internal
    /// address is refused.
    init(configuration: FetchConfiguration, logger: Logger, isAllowedAddress: @escaping @Sendable (NetworkAddress) -> Bool) {
        self.isAllowedAddress = isAllowedAddress
        self.configuration = configuration
        self.limiter = HostConcurrencyLimiter(limit: configuration.connectionsPerHost)
        self.logger = logger
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(Int64(configuration.timeoutSeconds))),
            // Bodies are decoded by `ContentDecoder`, which reads gzip's later members too.
            decompression: .disabled
        )
        // A connection that fails fails the fetch at once. With the client's default, a feed
        // whose server refused the connection (or an address the guard below refused) was
        // tried again with backoff until the 10 s connect timeout: a refresh slot held for
        // 10 s per site that is down. The next refresh asks again; the source's health says
        // how long it has been failing.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        if !configuration.allowsPrivateAddresses {
            // The name was checked before connecting; this checks the address actually
            // connected to, so a DNS answer that changes in between (rebinding) is caught too.
            let guardConnection: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
                if let address = channel.remoteAddress?.ipAddress, let parsed = NetworkAddress(address), !isAllowedAddress(parsed) {
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
        stopFetching()
        try await client.shutdown()
    }

    /// Cancels every fetch in flight and refuses new ones (they fail with `.stopped`): called
    /// when the server starts shutting down, so no slow site holds the shutdown up.
    public func stopFetching() {
        inFlight.stopAll()
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let task = Task { await self.fetchWithinDeadline(request) }
        guard let id = inFlight.add(task) else {
            task.cancel()
            throw .stopped(url: request.url)
        }
        defer { inFlight.remove(id) }
        let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        return try result.get()
    }

    /// The fetch raced against its deadline: whichever ends first ends both.
    private func fetchWithinDeadline(_ request: FetchRequest) async -> Result<FetchResponse, FetchError> {
        let seconds = configuration.timeoutSeconds
        let deadline = ContinuousClock.now + .seconds(seconds)
        let result = await withTaskGroup(of: Result<FetchResponse, FetchError>?.self) { group in
            group.addTask {
                do throws(FetchError) {
                    return .success(try await self.fetchFollowingRedirects(request, deadline: deadline))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                // nil when cancelled: the fetch ended first, or the whole fetch was stopped.
                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return nil }
                return .failure(.timedOut(url: request.url, seconds: seconds))
            }
            var first: Result<FetchResponse, FetchError>?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first
        }
        guard let result else { return .failure(.stopped(url: request.url)) }
        // Stopped from outside (shutdown): say so, whatever error the cancellation caused.
        if case .failure = result, Task.isCancelled { return .failure(.stopped(url: request.url)) }
        return result
    }

    private func fetchFollowingRedirects(_ request: FetchRequest, deadline: ContinuousClock.Instant) async throws(FetchError) -> FetchResponse {
        var url = URLResolver.clean(request.url)
        let limit = request.maximumBodyBytes ?? configuration.maximumBodyBytes
        for _ in 0...configuration.maximumRedirects {
            let host = try await checkedHost(of: url)
            guard await limiter.acquire(host) else { throw .stopped(url: url) }
            let outcome: Outcome
            do throws(FetchError) {
                outcome = try await fetchOnce(url: url, request: request, limit: limit, deadline: deadline)
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

    private func fetchOnce(url: String, request: FetchRequest, limit: Int, deadline: ContinuousClock.Instant) async throws(FetchError) -> Outcome {
        var httpRequest = HTTPClientRequest(url: url)
        httpRequest.method = .GET
        httpRequest.headers.add(name: "User-Agent", value: configuration.userAgent)
        httpRequest.headers.add(name: "Accept", value: request.accept)
        httpRequest.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        if let form = request.form {
            httpRequest.method = .POST
            httpRequest.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            httpRequest.body = .bytes(ByteBuffer(bytes: form))
        } else {
            if let etag = request.etag { httpRequest.headers.add(name: "If-None-Match", value: etag) }
            if let lastModified = request.lastModified { httpRequest.headers.add(name: "If-Modified-Since", value: lastModified) }
        }

        // The client's own deadline covers the connection and the headers; the body is
        // bounded by the same instant below and by the race in `fetchWithinDeadline`.
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw .timedOut(url: request.url, seconds: configuration.timeoutSeconds) }
        let remainingNanoseconds = remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000
        do {
            let response = try await client.execute(httpRequest, deadline: .now() + .nanoseconds(remainingNanoseconds), logger: logger)
            let status = Int(response.status.code)
            var headers: [String: String] = [:]
            for header in response.headers {
                let name = header.name.lowercased()
                headers[name] = headers[name].map { $0 + ", " + header.value } ?? header.value
            }
            if request.form == nil, [301, 302, 303, 307, 308].contains(status), let location = headers["location"], !location.isEmpty {
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
                if ContinuousClock.now >= deadline { throw FetchError.timedOut(url: request.url, seconds: configuration.timeoutSeconds) }
                try Task.checkCancellation()
            }
            let transferredBytes = body.count
            do throws(ContentDecoder.Failure) {
                body = try ContentDecoder.decode(body, contentEncoding: headers["content-encoding"], limit: limit)
            } catch .tooLarge {
                throw FetchError.tooLarge(url: url, limit: limit)
            } catch {
                throw FetchError.network(url: url, reason: "its compressed body is corrupt")
            }
            return .response(FetchResponse(url: url, statusCode: status, headers: headers, body: body, transferredBytes: transferredBytes))
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
        if let internalAddress = addresses.first(where: { !isAllowedAddress($0) }) {
            throw .privateAddress(host: host, address: internalAddress.description)
        }
        return host
    }

    private func translate(_ error: any Error, url: String) -> FetchError {
        if let refused = error as? PrivateAddressRefused {
            return .privateAddress(host: URLResolver.host(of: url) ?? url, address: refused.address)
        }
        if error is CancellationError {
            return .stopped(url: url)
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                return .stopped(url: url)
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
        // NIO words it "connection reset (error set): Connection refused) (errno: 111)".
        if reason.contains("errno: 111") || reason.contains("Connection refused") {
            return .network(url: url, reason: "the server refused the connection (the site may be down, or the address or port may be wrong); Broadsheet tries again at the next refresh")
        }
        return .network(url: url, reason: reason)
    }
}

/// Raised inside the connection pool when a connection lands on an internal address.
struct PrivateAddressRefused: Error, Sendable {
    let address: String
}

/// The fetches running now, so shutdown can cancel them all.
final class InFlightFetches: Sendable {
    private struct State {
        var tasks: [Int: Task<Result<FetchResponse, FetchError>, Never>] = [:]
        var nextID = 0
        var isStopped = false
    }

    private let state = Mutex(State())

    /// Registers `task`; nil (and nothing registered) once stopped.
    func add(_ task: Task<Result<FetchResponse, FetchError>, Never>) -> Int? {
        state.withLock { state in
            guard !state.isStopped else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.tasks[id] = task
            return id
        }
    }

    func remove(_ id: Int) {
        _ = state.withLock { $0.tasks.removeValue(forKey: id) }
    }

    func stopAll() {
        let tasks = state.withLock { state in
            state.isStopped = true
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
    }
}
