import DemoEdition
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

@Suite struct StaticAssetTests {
    @Test func manifestDescribesTheInstallableApp() async throws {
        let fixture = try await WebAppFixture(empty: true)
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(manifest["name"] as? String == "Broadsheet")
            #expect(manifest["short_name"] as? String == "Broadsheet")
            #expect(manifest["display"] as? String == "standalone")
            #expect((manifest["start_url"] as? String)?.hasPrefix("/") == true)
            #expect(manifest["theme_color"] as? String != nil)
            #expect(manifest["background_color"] as? String != nil)
            let icons = try #require(manifest["icons"] as? [[String: Any]])
            let sizes = Set(icons.compactMap { $0["sizes"] as? String })
            #expect(sizes.isSuperset(of: ["192x192", "512x512", "any"]))
            #expect(icons.contains { $0["purpose"] as? String == "maskable" })
            for icon in icons {
                let source = try #require(icon["src"] as? String)
                let iconResponse = try await client.execute(uri: source, method: .get)
                #expect(iconResponse.status == .ok, "\(source)")
                #expect(iconResponse.headers[.contentType] == icon["type"] as? String)
                if icon["type"] as? String == "image/png", let sizeText = icon["sizes"] as? String {
                    let decoded = try DecodedPNG(Array(buffer: iconResponse.body))
                    #expect("\(decoded.width)x\(decoded.height)" == sizeText)
                }
            }
        }
    }

    @Test func serviceWorkerKeepsPagesAndCurrentAssetsButNeverTheAPI() async throws {
        let fixture = try await WebAppFixture(empty: true)
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/sw.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            let script = response.text
            // Every asset it pre-caches is served, under the version the pages link to.
            for asset in [StaticAssets.styleSheet, StaticAssets.script, StaticAssets.icon192] {
                #expect(script.contains("\"\(asset.versionedPath)\""))
            }
            #expect(script.contains(#"var OFFLINE_PAGE = "/offline";"#))
            #expect(script.contains(#"if (/^\/v[12](\/|$)/.test(url.pathname)) { return; }"#))
            #expect(script.contains(#"if (request.method !== "GET") { return; }"#))
            #expect(script.contains("if (url.origin !== self.location.origin) { return; }"))

            let offline = try await client.execute(uri: "/offline", method: .get)
            #expect(offline.status == .ok)
            #expect(offline.text.contains("You are offline"))

            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.headers[.contentSecurityPolicy]?.contains("connect-src 'self'") == true)
        }
        // A new stylesheet means new bytes for the worker, so browsers install it again.
        let before = ServiceWorkerScript.source(assetPaths: ["/static/a.css?v=1"], offlinePath: "/offline")
        let after = ServiceWorkerScript.source(assetPaths: ["/static/a.css?v=2"], offlinePath: "/offline")
        #expect(before != after)
    }

    @Test func assetsAreCachedAndRevalidated() async throws {
        let fixture = try await WebAppFixture(empty: true)
        try await fixture.application().test(.router) { client in
            let css = try await client.execute(uri: StaticAssets.styleSheet.versionedPath, method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl]?.contains("immutable") == true)
            let etag = try #require(css.headers[.eTag])
            let revalidated = try await client.execute(uri: "/static/broadsheet.css", method: .get, headers: [.ifNoneMatch: etag])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.body.readableBytes == 0)
            let touch = try await client.execute(uri: "/icons/apple-touch-icon.png", method: .get)
            #expect(try DecodedPNG(Array(buffer: touch.body)).width == 180)
            let script = try await client.execute(uri: "/static/broadsheet.js", method: .get)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
        }
    }

    @Test func demoImagesAreServedAndUnknownOnesAreNotFound() async throws {
        let fixture = try await WebAppFixture(empty: true)
        let name = try #require(DemoEdition.imageNames.first)
        try await fixture.application().test(.router) { client in
            let image = try await client.execute(uri: "/demo/images/\(name)", method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/svg+xml")
            #expect(image.text.hasPrefix("<svg"))
            let missing = try await client.execute(uri: "/demo/images/nothing.svg", method: .get)
            #expect(missing.status == .notFound)
        }
    }
}
