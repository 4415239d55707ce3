import Fetching
import Foundation
import Logging

/// Fetches the images of articles, lists and icons on the reader's behalf, so opening a page
/// sends nothing to any other site. Every fetch goes through `Fetching` (the private-address
/// guard on every hop, the time limit, the size limit); only bytes that sniff as a picture
/// (`ImageKind`) are passed on, whatever the server called them; SVG is refused. Images are
/// kept on disk (`ImageDiskCache`), failures remembered for a while (so a broken picture on
/// every page of a list is not fetched again for each), and concurrent requests for one
/// image share one fetch. Every refusal is logged with its reason.
public actor ImageProxy {
    public struct Configuration: Sendable {
        /// The largest image accepted, after decompression.
        public var maximumImageBytes: Int
        /// How long a failed image is answered from memory before it is tried again.
        public var failureMemorySeconds: Double
        /// At most this many failures are remembered.
        public var rememberedFailures: Int
        /// At most this many images are fetched at once (each may hold `maximumImageBytes`
        /// in memory); the rest wait their turn. The fetcher's per-host limit applies too.
        public var concurrentFetches: Int

        public init(maximumImageBytes: Int = 10 * 1_048_576, failureMemorySeconds: Double = 600, rememberedFailures: Int = 4_096,
                    concurrentFetches: Int = 8) {
            self.maximumImageBytes = maximumImageBytes
            self.failureMemorySeconds = failureMemorySeconds
            self.rememberedFailures = rememberedFailures
            self.concurrentFetches = max(1, concurrentFetches)
        }
    }

    /// What `Accept` says: the kinds passed on, best first.
    public static let accept = "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8"

    private let fetcher: any HTTPFetching
    private let cache: ImageDiskCache?
    private let configuration: Configuration
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var failures: [String: (refusal: ImageRefusal, until: Date)] = [:]
    private var inFlight: [String: Task<Result<ProxiedImage, ImageRefusal>, Never>] = [:]
    private var fetching = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(
        fetcher: any HTTPFetching, cache: ImageDiskCache?, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "broadsheet.images"), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.fetcher = fetcher
        self.cache = cache
        self.configuration = configuration
        self.logger = logger
        self.now = now
    }

    /// The image at `url`, from the disk cache or fetched now, or why it is refused.
    public func image(for url: String) async -> Result<ProxiedImage, ImageRefusal> {
        if let cached = await cache?.image(for: url) {
            return .success(ProxiedImage(bytes: cached.bytes, kind: cached.kind))
        }
        let moment = now()
        if let failure = failures[url] {
            if failure.until > moment { return .failure(failure.refusal) }
            failures[url] = nil
        }
        if let running = inFlight[url] { return await running.value }
        let task = Task { await self.fetch(url) }
        inFlight[url] = task
        let result = await task.value
        inFlight[url] = nil
        if case .failure(let refusal) = result { remember(refusal, for: url, at: moment) }
        return result
    }

    private func fetch(_ url: String) async -> Result<ProxiedImage, ImageRefusal> {
        await takeTurn()
        defer { endTurn() }
        let response: FetchResponse
        do throws(FetchError) {
            response = try await fetcher.fetch(FetchRequest(url: url, accept: Self.accept, maximumBodyBytes: configuration.maximumImageBytes))
        } catch {
            return refuse(url, ImageRefusal(error))
        }
        guard let kind = ImageKind.sniff(response.body) else {
            let looksLike = ImageKind.describeNonImage(response.body)
            return refuse(url, looksLike == "an SVG image" ? .svg : .notAnImage(looksLike: looksLike), declaredType: response.contentType)
        }
        await cache?.store(response.body, kind: kind, for: url)
        return .success(ProxiedImage(bytes: response.body, kind: kind))
    }

    /// Waits until fewer than `concurrentFetches` fetches run.
    private func takeTurn() async {
        if fetching < configuration.concurrentFetches {
            fetching += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the next waiting fetch, if any.
    private func endTurn() {
        if waiting.isEmpty {
            fetching -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    private func refuse(_ url: String, _ refusal: ImageRefusal, declaredType: String? = nil) -> Result<ProxiedImage, ImageRefusal> {
        var metadata: Logger.Metadata = ["image.url": .string(url), "reason": .string(refusal.description)]
        if let declaredType { metadata["image.declared-type"] = .string(declaredType) }
        logger.notice("image refused", metadata: metadata)
        return .failure(refusal)
    }

    private func remember(_ refusal: ImageRefusal, for url: String, at moment: Date) {
        if failures.count >= configuration.rememberedFailures {
            failures = failures.filter { $0.value.until > moment }
            // Still full of live failures: forget them all rather than grow.
            if failures.count >= configuration.rememberedFailures { failures.removeAll() }
        }
        failures[url] = (refusal, moment.addingTimeInterval(configuration.failureMemorySeconds))
    }
}

/// A picture the proxy passes on: its bytes and its sniffed kind.
public struct ProxiedImage: Sendable {
    public var bytes: [UInt8]
    public var kind: ImageKind

    public init(bytes: [UInt8], kind: ImageKind) {
        self.bytes = bytes
        self.kind = kind
    }
}
