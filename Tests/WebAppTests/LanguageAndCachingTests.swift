import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
import NewsModel
import Testing
@testable import WebApp

/// Pages say which language each article is in, and come back as 304 or compressed.
@Suite struct LanguageAndCachingTests {
    @Test func languageAttributesNameTheFeedsLanguageAndItsDirection() {
        #expect(LanguageAttributes.attributes(for: .de).rendered == #" lang="de""#)
        #expect(LanguageAttributes.attributes(for: .ar).rendered == #" lang="ar" dir="rtl""#)
        #expect(LanguageAttributes.attributes(for: .ud).rendered == #" lang="ur" dir="rtl""#)
        #expect(LanguageAttributes.attributes(for: .en) == .empty)
        #expect(LanguageAttributes.attributes(for: nil) == .empty)
        #expect(LanguageAttributes.pageLanguageAttribute(inside: .de).rendered == #" lang="en" dir="ltr""#)
        #expect(LanguageAttributes.pageLanguageAttribute(inside: nil) == .empty)
    }

    @Test func listsAndArticlesFromAGermanFeedSayLangDe() async throws {
        let fixture = try await WebAppFixture()
        // Teaser Weekly is German; its articles carry no language of their own.
        try await fixture.application().test(.router) { client in
            let list = try await client.execute(uri: "/sources/teaser-weekly", method: .get).text
            #expect(list.contains(#"<li class="article-row no-image" lang="de">"#))
            #expect(list.contains(#"<div class="row-footer" lang="en" dir="ltr">"#))
            #expect(list.contains(#"<html lang="en">"#))
            let article = try #require(try await fixture.article(titled: "Teaser without link"))
            let page = try await client.execute(uri: "/articles/\(article.id)", method: .get).text
            #expect(page.contains(#"<article class="article" lang="de">"#))
            // The Daily is English, like the pages: no attribute at all.
            let english = try await client.execute(uri: "/sources/the-daily", method: .get).text
            #expect(english.contains(#"<li class="article-row">"#))
        }
    }

    @Test func aRepeatedPageRequestWithItsETagGets304() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.router) { client in
            // A browser that keeps its cookies (the form tokens in the page are bound to one).
            let browser = try await BrowserSession.open("/sources/new", client: client)
            let cookie: HTTPFields = [.cookie: "broadsheet_launched=1; " + browser.cookie]
            let first = try await client.execute(uri: "/sources/the-daily", method: .get, headers: cookie)
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("W/\""))
            var conditional = cookie
            conditional[.ifNoneMatch] = etag
            let repeated = try await client.execute(uri: "/sources/the-daily", method: .get, headers: conditional)
            #expect(repeated.status == .notModified)
            #expect(repeated.body.readableBytes == 0)
            #expect(repeated.headers[.eTag] == etag)
            // A strong form of the same tag matches too (weak comparison), a list as well.
            conditional[.ifNoneMatch] = "\"nope\", " + String(etag.dropFirst(2))
            #expect(try await client.execute(uri: "/sources/the-daily", method: .get, headers: conditional).status == .notModified)
            // Another page, or the same one changed, does not match.
            conditional[.ifNoneMatch] = etag
            #expect(try await client.execute(uri: "/sources/the-daily?page=2", method: .get, headers: conditional).status == .ok)
            #expect(try await client.execute(uri: "/sources/teaser-weekly", method: .get, headers: conditional).status == .ok)
        }
    }

    @Test func compressesPagesForBrowsersThatAcceptIt() async throws {
        let fixture = try await WebAppFixture()
        try await fixture.application().test(.live) { client in
            let plain = try await client.execute(uri: "/sources/the-daily", method: .get, headers: [.acceptEncoding: "identity"])
            #expect(plain.headers[.contentEncoding] == nil)
            let compressed = try await client.execute(uri: "/sources/the-daily", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(compressed.headers[.contentEncoding] == "gzip")
            #expect(compressed.headers[.vary] == "Accept-Encoding")
            #expect(Array(compressed.body.readableBytesView.prefix(2)) == [0x1F, 0x8B])
            #expect(compressed.body.readableBytes * 3 < plain.body.readableBytes)
            // What browsers send: one of the two NIO's compressor writes.
            let browser = try await client.execute(uri: "/sources/the-daily", method: .get, headers: [.acceptEncoding: "gzip, deflate, br, zstd"])
            #expect(["gzip", "deflate"].contains(browser.headers[.contentEncoding] ?? ""))
            // Tiny answers and images are left alone.
            let icon = try await client.execute(uri: "/icons/icon-192.png", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(icon.headers[.contentEncoding] == nil)
        }
    }

    @Test func onlyTextOfSomeSizeIsCompressed() {
        func head(_ type: String?, length: Int?, status: HTTPResponseStatus = .ok, etag: String? = nil) -> HTTPResponseHead {
            var headers = HTTPHeaders()
            if let type { headers.add(name: "Content-Type", value: type) }
            if let length { headers.add(name: "Content-Length", value: String(length)) }
            if let etag { headers.add(name: "ETag", value: etag) }
            return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        }
        var page = head("text/html; charset=utf-8", length: 20_000, etag: "\"abc\"")
        #expect(ResponseCompression.prepare(&page) == .compressIfPossible)
        #expect(page.headers.first(name: "ETag") == "W/\"abc\"")
        #expect(page.headers.first(name: "Vary") == "Accept-Encoding")
        var json = head("application/json", length: nil)
        #expect(ResponseCompression.prepare(&json) == .compressIfPossible)
        var small = head("text/css", length: 200)
        #expect(ResponseCompression.prepare(&small) == .doNotCompress)
        var image = head("image/png", length: 20_000)
        #expect(ResponseCompression.prepare(&image) == .doNotCompress)
        var notModified = head("text/html", length: nil, status: .notModified)
        #expect(ResponseCompression.prepare(&notModified) == .doNotCompress)
        var shouted = head(" Application/JSON ;charset=utf-8", length: nil)
        #expect(ResponseCompression.prepare(&shouted) == .compressIfPossible)
    }

    @Test func aMediaTypeIsReadWithoutItsParametersCaseOrSpaces() {
        #expect(ResponseCompression.mediaType(of: "text/html; charset=utf-8") == "text/html")
        #expect(ResponseCompression.mediaType(of: "\tImage/SVG+XML ") == "image/svg+xml")
        #expect(ResponseCompression.mediaType(of: "application/json") == "application/json")
        #expect(ResponseCompression.mediaType(of: " ; charset=utf-8") == "")
        #expect(ResponseCompression.mediaType(of: "") == "")
    }
}
