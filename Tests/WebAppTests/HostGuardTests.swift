import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NewsModel
import SQLiteStorage
import Storage
import Testing
@testable import WebApp

/// DNS rebinding: a page on a name the attacker controls, resolved to this server, must
/// get nothing from it — no page, no form token, no change.
@Suite struct HostGuardTests {
    @Test func acceptsLoopbackNamesIPAddressesAndConfiguredNamesOnly() {
        let hosts = AllowedHosts(publicBaseURL: "https://News.Example.org/reader", extraNames: ["reader.lan", "box.example:8443", "http://other.example/"])
        for allowed in ["localhost", "localhost:8080", "LOCALHOST.", "app.localhost:3000", "127.0.0.1", "127.0.0.1:8080", "192.168.1.20:8080",
                        "[::1]", "[::1]:8080", "[fe80::1]:80", "news.example.org", "news.example.org:443", "reader.lan", "READER.LAN.", "box.example", "other.example:80"] {
            #expect(hosts.allows(authority: allowed), "\(allowed)")
        }
        for refused in ["attacker.example", "attacker.example:8080", "127.0.0.1.attacker.example", "localhost.attacker.example",
                        "news.example.org.attacker.example", "", ":8080", "[::1", "[attacker.example]", "localhost:80:80", "localhost:http",
                        "evil\u{0}.localhost", "a b", "127.1", "0x7f.0.0.1"] {
            #expect(!hosts.allows(authority: refused), "\(refused)")
        }
        #expect(!AllowedHosts().allows(authority: "news.example.org"))
    }

    @Test func checksOriginsAgainstTheSameHosts() {
        let hosts = AllowedHosts(publicBaseURL: "https://news.example.org")
        for allowed in ["http://localhost:8080", "https://news.example.org", "http://[::1]:8080", "http://10.0.0.2:8080"] {
            #expect(hosts.allows(origin: allowed), "\(allowed)")
        }
        for refused in ["null", "https://attacker.example", "http://news.example.org.attacker.example", "file://", "chrome-extension://abc", "", "https://news.example.org/path"] {
            #expect(!hosts.allows(origin: refused), "\(refused)")
        }
    }

    @Test func operatorNamesAreCheckedWhenGiven() {
        #expect(AllowedHosts.configuredHost("News.Example.org.") == "news.example.org")
        #expect(AllowedHosts.configuredHost("news.example.org:8443") == "news.example.org")
        #expect(AllowedHosts.configuredHost("https://news.example.org/x") == "news.example.org")
        #expect(AllowedHosts.configuredHost("not a name") == nil)
        #expect(AllowedHosts.configuredHost("") == nil)
    }

    static let opmlBoundary = "----RebindingBoundary"
    static let opml = """
        <?xml version="1.0"?><opml version="2.0"><body><outline text="Planted" type="rss" xmlUrl="https://planted.example/feed.xml"/></body></opml>
        """

    /// The request from the issue: a form post whose `Host` and `Origin` both name the
    /// attacker's domain (which resolves to this server), trusted by the old same-origin check.
    static func rebindingPost(port: Int, host: String = "attacker.example") -> String {
        let body = "--\(opmlBoundary)\r\nContent-Disposition: form-data; name=\"opml\"; filename=\"a.opml\"\r\nContent-Type: text/x-opml\r\n\r\n\(opml)\r\n--\(opmlBoundary)--\r\n"
        return "POST /sources/import HTTP/1.1\r\nHost: \(host):\(port)\r\nOrigin: http://\(host):\(port)\r\nSec-Fetch-Site: same-origin\r\n"
            + "Content-Type: multipart/form-data; boundary=\(opmlBoundary)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    @Test func refusesARebindingFormPostThatUsedToAddASource() async throws {
        let store = try SQLiteStore.temporary()
        var logger = Logger(label: "host-guard-tests")
        logger.logLevel = .critical
        let application = buildApplication(store: store, readerViews: nil, configuration: WebAppConfiguration(port: 0), logger: logger)
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let answer = try await RawHTTPExchange.send(Self.rebindingPost(port: port), port: port)
            #expect(answer.hasPrefix("HTTP/1.1 403"))
            #expect(answer.contains("--allowed-host attacker.example"))
            #expect(answer.lowercased().contains("content-security-policy:"))

            // Reading through the attacker's name fails the same way, and hands out no token.
            let page = try await RawHTTPExchange.send("GET /sources/new HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n", port: port)
            #expect(page.hasPrefix("HTTP/1.1 403"))
            #expect(!page.contains(CSRFProtection.fieldName))
            #expect(!page.lowercased().contains("set-cookie"))

            let api = try await RawHTTPExchange.send("GET /v2/top-headlines HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n", port: port)
            #expect(api.hasPrefix("HTTP/1.1 403"))
            #expect(api.contains(#""status":"error""#))

            let byAddress = try await RawHTTPExchange.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
            #expect(byAddress.hasPrefix("HTTP/1.1 200"))
        }
        #expect(try await store.sources(matching: SourceQuery()).isEmpty)
    }

    @Test func servesTheNamesTheOperatorAllowed() async throws {
        let store = try SQLiteStore.temporary()
        let configuration = WebAppConfiguration(port: 0, publicBaseURL: "https://news.example.org", allowedHostNames: ["reader.lan"])
        let application = buildApplication(store: store, readerViews: nil, configuration: configuration, logger: Logger(label: "host-guard-tests"))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            for host in ["reader.lan", "news.example.org", "localhost"] {
                let answer = try await RawHTTPExchange.send("GET / HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n", port: port)
                #expect(answer.hasPrefix("HTTP/1.1 200"), "\(host)")
            }
            let other = try await RawHTTPExchange.send("GET / HTTP/1.1\r\nHost: reader.lan.attacker.example\r\nConnection: close\r\n\r\n", port: port)
            #expect(other.hasPrefix("HTTP/1.1 403"))
        }
    }
}
