import Fetching
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ImageProxy
import NewsModel
import Storage
import Synchronization
import Testing
@testable import WebApp

/// Answers image fetches from a table, counting them; any other address fails as a 404.
final class ImageStubFetcher: HTTPFetching {
    let bodies: [String: [UInt8]]
    let fetched = Mutex<[String]>([])

    init(_ bodies: [String: [UInt8]]) { self.bodies = bodies }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        fetched.withLock { $0.append(request.url) }
        guard let body = bodies[request.url] else { throw .httpStatus(url: request.url, code: 404) }
        return FetchResponse(url: request.url, statusCode: 200, headers: ["content-type": "image/jpeg"], body: body)
    }
}

@Suite("Pages with the image proxy")
struct ImageProxyPageTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 3, count: 64)
    static let signer = ImageURLSigner(secret: [UInt8](repeating: 5, count: 32))

    func configuration(_ fetcher: ImageStubFetcher) -> WebAppConfiguration {
        var configuration = WebAppConfiguration(port: 0)
        configuration.imageProxy = WebImageProxy(signer: Self.signer, proxy: ImageProxy(fetcher: fetcher, cache: nil))
        return configuration
    }

    /// Every `src="…"` of an `<img>` in a page, outside comments.
    func imageSources(_ page: String) -> [String] {
        let uncommented = page.components(separatedBy: "<!--").enumerated().map { index, part in
            index == 0 ? part : (part.range(of: "-->").map { String(part[$0.upperBound...]) } ?? "")
        }.joined()
        return uncommented.components(separatedBy: "<img ").dropFirst().compactMap { tag in
            guard let start = tag.range(of: "src=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func pagesNameEveryImageByItsProxiedPath() async throws {
        let fixture = try await WebAppFixture()
        let daily = try #require(fixture.dailyArticles.first { $0.guid == "daily-3" })
        let photo = "https://cdn.daily.example.com/photos/harbour.jpg?w=620&h=413"
        _ = try await fixture.store.applyRefresh(RefreshResult(articles: [ArticleDraft(
            guid: "daily-3", title: daily.title, summary: daily.summary,
            contentHTML: #"<p>Text.</p><figure><img alt="The harbour" src="https://cdn.daily.example.com/photos/harbour.jpg?w=620&amp;h=413" /></figure><!-- <img src="https://tracker.example/x.gif"> --><img alt="" src="data:image/png;base64,AAAA" /><img alt="" src="/demo/images/sample.svg" /><table background="https://cdn.daily.example.com/bg.png"><tr><td>x</td></tr></table>"#,
            contentText: "Text.", url: daily.url, imageURL: "https://daily.example.com/img/3-lead.jpg", publishedAt: daily.publishedAt
        )], state: FeedState(lastSuccessAt: WebAppFixture.now)), to: daily.sourceID)
        let fetcher = ImageStubFetcher([photo: Self.jpeg])
        try await fixture.application(configuration: configuration(fetcher)).test(.router) { client in
            let article = try await client.execute(uri: "/articles/\(daily.id.description)", method: .get)
            #expect(article.headers[.contentSecurityPolicy]?.contains("img-src 'self' data:;") == true)
            let sources = imageSources(article.text)
            #expect(sources.contains(try #require(Self.signer.path(for: photo))))
            #expect(sources.contains(try #require(Self.signer.path(for: "https://daily.example.com/img/3-lead.jpg"))))
            #expect(sources.contains("/demo/images/sample.svg"))
            // No image on another site is named; the data: one is gone; the comment is untouched.
            #expect(!sources.contains { $0.hasPrefix("http") || $0.hasPrefix("data:") })
            #expect(article.text.contains(#"<!-- <img src="https://tracker.example/x.gif"> -->"#))
            #expect(article.text.contains("background=\"\(try #require(Self.signer.path(for: "https://cdn.daily.example.com/bg.png")))\""))

            let list = try await client.execute(uri: "/sources/the-daily", method: .get).text
            #expect(imageSources(list).contains(try #require(Self.signer.path(for: "https://daily.example.com/img/6.jpg"))))
            #expect(!imageSources(list).contains { $0.hasPrefix("http") })
        }
    }

    @Test func servesSignedImagesAndNothingElse() async throws {
        let fixture = try await WebAppFixture()
        let photo = "https://cdn.daily.example.com/photo.jpg"
        let fetcher = ImageStubFetcher([photo: Self.jpeg, "https://cdn.daily.example.com/page": Array("<html><body>no</body></html>".utf8)])
        try await fixture.application(configuration: configuration(fetcher)).test(.router) { client in
            let path = try #require(Self.signer.path(for: photo))
            let image = try await client.execute(uri: path, method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/jpeg")
            #expect(image.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(Array(image.body.readableBytesView) == Self.jpeg)
            let etag = try #require(image.headers[.eTag])
            let again = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(fetcher.fetched.withLock { $0 } == [photo])

            // A path Broadsheet did not sign is no proxy for anything.
            let parts = path.split(separator: "/")
            let forged = "/images/AAAAAAAAAAAAAAAAAAAAAA/\(parts[2])"
            #expect(try await client.execute(uri: forged, method: .get).status == .notFound)
            let other = try #require(ImageURLSigner(secret: [UInt8](repeating: 9, count: 32)).path(for: "https://evil.example/x.png"))
            #expect(try await client.execute(uri: other, method: .get).status == .notFound)
            #expect(fetcher.fetched.withLock { $0 } == [photo])

            // What is no picture is refused, with a reason, and kept only a while.
            let page = try await client.execute(uri: try #require(Self.signer.path(for: "https://cdn.daily.example.com/page")), method: .get)
            #expect(page.status == .unsupportedMediaType)
            #expect(page.text.contains("not an image (an HTML page)"))
            #expect(page.headers[.cacheControl] == "private, max-age=600")
            let missing = try await client.execute(uri: try #require(Self.signer.path(for: "https://cdn.daily.example.com/gone.jpg")), method: .get)
            #expect(missing.status == .badGateway)
        }
    }

    @Test func withoutTheProxyImagesComeFromTheirSites() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            let list = try await client.execute(uri: "/sources/the-daily", method: .get)
            #expect(list.headers[.contentSecurityPolicy]?.contains("img-src 'self' https: http: data:") == true)
            #expect(imageSources(list.text).contains("https://daily.example.com/img/6.jpg"))
            let path = try #require(Self.signer.path(for: "https://daily.example.com/img/6.jpg"))
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
        }
    }
}

@Suite("Image addresses in article HTML")
struct ProxiedImagesTests {
    let signer = ImageURLSigner(secret: [UInt8](repeating: 1, count: 32))

    func rewrite(_ html: String) -> String {
        ProxiedImages.$signer.withValue(signer) { ProxiedImages.rewritingImages(in: html) }
    }

    @Test func rewritesImageAddressesOnly() throws {
        let path = try #require(signer.path(for: "https://x.example/a.jpg?b=1&c=2"))
        #expect(rewrite(#"<p>a <img alt="x" src="https://x.example/a.jpg?b=1&amp;c=2" /> b</p>"#) == #"<p>a <img alt="x" src="\#(path)" /> b</p>"#)
        // Links, audio and text that merely looks like markup stay as they are.
        let untouched = #"<p><a href="https://x.example/a.jpg">a</a> &lt;img src="https://x.example/a.jpg"&gt; <audio src="https://x.example/a.mp3"></audio></p>"#
        #expect(rewrite(untouched) == untouched)
        #expect(rewrite(#"<video poster="https://x.example/p.png" src="https://x.example/v.mp4"></video>"#)
            == #"<video poster="\#(try #require(signer.path(for: "https://x.example/p.png")))" src="https://x.example/v.mp4"></video>"#)
        // An image no browser should fetch from here goes; one on this server stays.
        #expect(rewrite(#"a<img alt="" src="ftp://x.example/a.png" />b"#) == "ab")
        #expect(rewrite(#"<img alt="" src="/demo/images/x.svg" />"#) == #"<img alt="" src="/demo/images/x.svg" />"#)
        #expect(rewrite("<p>no images</p>") == "<p>no images</p>")
        // Without a signer (the proxy off) nothing changes.
        #expect(ProxiedImages.rewritingImages(in: #"<img src="https://x.example/a.jpg" />"#) == #"<img src="https://x.example/a.jpg" />"#)
    }
}
