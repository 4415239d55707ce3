import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import Fetching
@testable import ImageProxy

/// Log lines kept for the tests to read.
final class RecordedLog: Sendable {
    let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(label: "test.images") { _ in RecordingHandler(log: self) }
    }

    var all: [String] { lines.withLock { $0 } }

    struct RecordingHandler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            log.lines.withLock { $0.append("\(event.level) \(event.message) \(fields)") }
        }
    }
}

enum Pictures {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 7, count: 200)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 120)
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
    static let webp: [UInt8] = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 20)
    static let avif: [UInt8] = [0, 0, 0, 0x1C] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1avifmiaf".utf8) + [0, 0, 0, 0]
    static let icon: [UInt8] = [0, 0, 1, 0, 1, 0, 16, 16, 0, 0] + [UInt8](repeating: 0, count: 30)
    static let bmp: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0] + [UInt8](repeating: 0, count: 40)
    static let svgWithScript = Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(document.cookie)</script></svg>".utf8)
    static let html = Array("<!DOCTYPE html><html><head><title>Not found</title></head><body>Gone</body></html>".utf8)
}

@Suite("Image kinds")
struct ImageKindTests {
    @Test func sniffsThePicturesBrowsersShow() {
        #expect(ImageKind.sniff(Pictures.jpeg) == .jpeg)
        #expect(ImageKind.sniff(Pictures.png) == .png)
        #expect(ImageKind.sniff(Pictures.gif) == .gif)
        #expect(ImageKind.sniff(Pictures.webp) == .webp)
        #expect(ImageKind.sniff(Pictures.avif) == .avif)
        #expect(ImageKind.sniff(Pictures.icon) == .icon)
        #expect(ImageKind.sniff(Pictures.bmp) == .bmp)
    }

    @Test func namesWhatIsNoPicture() {
        #expect(ImageKind.sniff(Pictures.svgWithScript) == nil)
        #expect(ImageKind.describeNonImage(Pictures.svgWithScript) == "an SVG image")
        #expect(ImageKind.sniff(Pictures.html) == nil)
        #expect(ImageKind.describeNonImage(Pictures.html) == "an HTML page")
        #expect(ImageKind.describeNonImage(Array("{\"error\": 1}".utf8)) == "JSON")
        #expect(ImageKind.describeNonImage(Array("%PDF-1.7".utf8)) == "a PDF")
        #expect(ImageKind.describeNonImage([]) == "empty")
        // Truncated signatures are no pictures.
        #expect(ImageKind.sniff([0xFF, 0xD8]) == nil)
        #expect(ImageKind.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageKind.sniff([0, 0, 1, 0, 0, 0]) == nil)
    }
}

@Suite("Image URL signing")
struct ImageURLSignerTests {
    let signer = ImageURLSigner(secret: [UInt8](repeating: 42, count: 32))

    @Test func signsAndChecksAddresses() throws {
        let url = "https://cdn.news.example/photos/harbour.jpg?w=620&h=413"
        let path = try #require(signer.path(for: url))
        #expect(path.hasPrefix("/images/"))
        let parts = path.dropFirst("/images/".count).split(separator: "/").map(String.init)
        #expect(parts.count == 2)
        #expect(signer.url(signature: parts[0], encodedURL: parts[1]) == url)
        // The same path every time, so browsers and the offline copy can keep it.
        #expect(signer.path(for: url) == path)
    }

    @Test func refusesForgedAndAlteredPaths() throws {
        let path = try #require(signer.path(for: "https://cdn.news.example/a.jpg"))
        let parts = path.dropFirst("/images/".count).split(separator: "/").map(String.init)
        let other = try #require(signer.path(for: "https://cdn.news.example/b.jpg"))
        let otherParts = other.dropFirst("/images/".count).split(separator: "/").map(String.init)
        #expect(signer.url(signature: parts[0], encodedURL: otherParts[1]) == nil)
        #expect(signer.url(signature: otherParts[0], encodedURL: parts[1]) == nil)
        #expect(signer.url(signature: "AAAAAAAAAAAAAAAAAAAAAA", encodedURL: parts[1]) == nil)
        #expect(signer.url(signature: parts[0] + "A", encodedURL: parts[1]) == nil)
        #expect(signer.url(signature: "not base64!", encodedURL: parts[1]) == nil)
        let stranger = ImageURLSigner(secret: [UInt8](repeating: 7, count: 32))
        #expect(stranger.url(signature: parts[0], encodedURL: parts[1]) == nil)
        // Only web addresses are signed at all.
        #expect(signer.path(for: "file:///etc/passwd") == nil)
        #expect(signer.path(for: "javascript:alert(1)") == nil)
        #expect(signer.path(for: "/relative.png") == nil)
        #expect(signer.path(for: "https://x.example/" + String(repeating: "a", count: 5_000)) == nil)
    }

    @Test func encodesBase64URLLikeFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            var expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            while expected.hasSuffix("=") { expected.removeLast() }
            #expect(ImageURLSigner.base64URL(bytes) == expected)
            if length > 0 { #expect(ImageURLSigner.bytes(fromBase64URL: expected) == bytes) }
        }
    }
}

@Suite("Image disk cache")
struct ImageDiskCacheTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-image-cache-\(UUID().uuidString)")
    }

    @Test func keepsImagesAcrossRestartsAndEvictsTheLeastRecentlyUsed() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ImageDiskCache(directory: directory, capacityBytes: 1_000)
        let picture = [UInt8](repeating: 9, count: 300)
        await cache.store(picture, kind: .png, for: "https://x.example/1.png")
        await cache.store(picture, kind: .png, for: "https://x.example/2.png")
        await cache.store(picture, kind: .jpeg, for: "https://x.example/3.jpg")
        // 1 is used again, so 2 is the least recently used when 4 pushes the total past the cap.
        #expect(await cache.image(for: "https://x.example/1.png")?.bytes == picture)
        await cache.store(picture, kind: .gif, for: "https://x.example/4.gif")
        #expect(await cache.image(for: "https://x.example/2.png") == nil)
        #expect(await cache.image(for: "https://x.example/1.png")?.kind == .png)
        #expect(await cache.image(for: "https://x.example/4.gif")?.kind == .gif)
        #expect(await cache.usage.bytes <= 900)
        // Larger than the whole cap: not kept.
        await cache.store([UInt8](repeating: 1, count: 2_000), kind: .png, for: "https://x.example/huge.png")
        #expect(await cache.image(for: "https://x.example/huge.png") == nil)

        let reopened = try ImageDiskCache(directory: directory, capacityBytes: 1_000)
        #expect(await reopened.image(for: "https://x.example/4.gif")?.bytes == picture)
        #expect(await reopened.usage.images == (await cache.usage.images))
        // A file removed behind its back is a miss, not an error.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for file in files { try FileManager.default.removeItem(at: directory.appendingPathComponent(file)) }
        #expect(await reopened.image(for: "https://x.example/4.gif") == nil)
    }
}

/// The proxy against a real HTTP server on loopback, through the real fetcher.
@Suite("Image proxy")
struct ImageProxyTests {
    final class HitCounter: Sendable {
        let hits = Mutex<[String: Int]>([:])
        /// Requests being answered now, and the most at once.
        let running = Mutex<(now: Int, most: Int)>((0, 0))
        func hit(_ path: String) { hits.withLock { $0[path, default: 0] += 1 } }
        func count(_ path: String) -> Int { hits.withLock { $0[path] ?? 0 } }
    }

    func makeServer(_ counter: HitCounter) -> some ApplicationProtocol {
        let router = Router()
        func serve(_ path: String, type: String, _ bytes: [UInt8]) {
            router.get(RouterPath(path)) { _, _ -> Response in
                counter.hit(path)
                return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        serve("/photo.jpg", type: "image/jpeg", Pictures.jpeg)
        serve("/mislabelled", type: "text/plain", Pictures.png)
        serve("/page.html", type: "image/jpeg", Pictures.html)
        serve("/script.svg", type: "image/svg+xml", Pictures.svgWithScript)
        serve("/big.png", type: "image/png", Pictures.png + [UInt8](repeating: 0, count: 300_000))
        router.get("/slow.png") { _, _ -> Response in
            counter.hit("/slow.png")
            try await Task.sleep(for: .seconds(5))
            return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: Pictures.png)))
        }
        router.get("/to-private") { _, _ -> Response in
            counter.hit("/to-private")
            return Response(status: .found, headers: [.location: "http://169.254.169.254/latest/meta-data/avatar.png"])
        }
        router.get("/gallery/:number") { _, _ -> Response in
            counter.running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            try await Task.sleep(for: .milliseconds(150))
            counter.running.withLock { $0.now -= 1 }
            return Response(status: .ok, headers: [.contentType: "image/gif"], body: .init(byteBuffer: ByteBuffer(bytes: Pictures.gif)))
        }
        router.get("/gone.png") { _, _ -> Response in
            counter.hit("/gone.png")
            return Response(status: .notFound)
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// A proxy whose fetcher treats 127.0.0.1 (the test server) as the public internet and
    /// refuses every other internal address, as a real server refuses them all.
    func withProxy(
        cacheDirectory: URL? = nil, timeoutSeconds: Int = 30, concurrentFetches: Int = 8,
        _ body: @Sendable (ImageProxy, String, HitCounter, RecordedLog) async throws -> Void
    ) async throws {
        let counter = HitCounter()
        try await makeServer(counter).test(.live) { client in
            let loopback = NetworkAddress("127.0.0.1")
            let fetcher = HTTPFetcher(
                configuration: FetchConfiguration(allowsPrivateAddresses: false, timeoutSeconds: timeoutSeconds),
                logger: Logger(label: "test.fetching"),
                isAllowedAddress: { $0.isPublic || $0 == loopback }
            )
            let log = RecordedLog()
            let cache = try cacheDirectory.map { try ImageDiskCache(directory: $0, capacityBytes: 1_000_000) }
            let proxy = ImageProxy(
                fetcher: fetcher, cache: cache,
                configuration: ImageProxy.Configuration(maximumImageBytes: 100_000, failureMemorySeconds: 600, concurrentFetches: concurrentFetches),
                logger: log.logger
            )
            do {
                try await body(proxy, "http://127.0.0.1:\(client.port ?? 0)", counter, log)
            } catch {
                try await fetcher.shutdown()
                throw error
            }
            try await fetcher.shutdown()
        }
    }

    @Test func passesPicturesOnByWhatTheyAreNotWhatTheyAreCalled() async throws {
        try await withProxy { proxy, base, _, _ in
            let photo = try await proxy.image(for: base + "/photo.jpg").get()
            #expect(photo.kind == .jpeg && photo.bytes == Pictures.jpeg)
            let mislabelled = try await proxy.image(for: base + "/mislabelled").get()
            #expect(mislabelled.kind == .png)
        }
    }

    @Test func refusesEachKindOfBadImageWithALoggedReason() async throws {
        try await withProxy { proxy, base, _, log in
            let cases: [(path: String, expected: ImageRefusal, logged: String)] = [
                ("/page.html", .notAnImage(looksLike: "an HTML page"), "not an image (an HTML page)"),
                ("/script.svg", .svg, "SVG image, which can carry script"),
                ("/big.png", .tooLarge(limit: 100_000), "larger than"),
                ("/to-private", .privateAddress(host: "169.254.169.254", address: "169.254.169.254"), "internal address 169.254.169.254"),
            ]
            for item in cases {
                let result = await proxy.image(for: base + item.path)
                guard case .failure(let refusal) = result else {
                    Issue.record("\(item.path) was passed through")
                    continue
                }
                #expect(refusal == item.expected, "\(item.path)")
                #expect(log.all.contains { $0.contains("image refused") && $0.contains(item.path) && $0.contains(item.logged) },
                        "\(item.path): \(log.all)")
            }
            guard case .failure(.unavailable(let reason)) = await proxy.image(for: base + "/gone.png") else {
                Issue.record("a 404 must be refused")
                return
            }
            #expect(reason.contains("404"))
            #expect(ImageRefusal.svg.statusCode == 415 && ImageRefusal.tooLarge(limit: 1).statusCode == 502)
        }
    }

    @Test func refusesAnImageThatIsTooSlow() async throws {
        try await withProxy(timeoutSeconds: 1) { proxy, base, _, log in
            let result = await proxy.image(for: base + "/slow.png")
            guard case .failure(let refusal) = result else {
                Issue.record("a slow image was passed through")
                return
            }
            #expect(refusal == .timedOut(seconds: 1))
            #expect(log.all.contains { $0.contains("image refused") && $0.contains("/slow.png") && $0.contains("did not arrive within 1 seconds") })
        }
    }

    @Test func fetchesAFewImagesAtATime() async throws {
        try await withProxy(concurrentFetches: 1) { proxy, base, counter, _ in
            let kinds = await withTaskGroup(of: ImageKind?.self) { group in
                for number in 0..<5 { group.addTask { try? await proxy.image(for: base + "/gallery/\(number)").get().kind } }
                var kinds: [ImageKind?] = []
                for await kind in group { kinds.append(kind) }
                return kinds
            }
            #expect(kinds == [ImageKind?](repeating: .gif, count: 5))
            #expect(counter.running.withLock { $0.most } == 1)
        }
    }

    @Test func keepsImagesOnDiskAndRemembersFailures() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("broadsheet-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withProxy(cacheDirectory: directory) { proxy, base, counter, _ in
            for _ in 0..<3 { _ = await proxy.image(for: base + "/photo.jpg") }
            #expect(counter.count("/photo.jpg") == 1)
            for _ in 0..<3 { _ = await proxy.image(for: base + "/gone.png") }
            #expect(counter.count("/gone.png") == 1)
            // Several pages asking at once share one fetch.
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<5 { group.addTask { _ = await proxy.image(for: base + "/mislabelled") } }
            }
            #expect(counter.count("/mislabelled") == 1)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 2 && files.contains { $0.hasSuffix(".jpeg") } && files.contains { $0.hasSuffix(".png") })
    }
}
