import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SQLiteStorage
import Testing
@testable import WebApp

/// Requests the server cannot even parse are answered at the connection, before the
/// router: the answer still carries the security headers and says what was wrong.
@Suite struct MalformedRequestTests {
    @Test func aHundredKilobyteURLGetsAReadableRefusalWithTheSecurityHeaders() async throws {
        let store = try SQLiteStore.temporary()
        var logger = Logger(label: "malformed-request-tests")
        logger.logLevel = .critical
        let application = buildApplication(store: store, readerViews: nil, configuration: WebAppConfiguration(port: 0), logger: logger)
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let request = "GET /search?q=" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            let answer = try await RawHTTPExchange.send(request, port: port)
            #expect(answer.hasPrefix("HTTP/1.1 400"))
            let lowered = answer.lowercased()
            #expect(lowered.contains("content-security-policy: default-src 'none'"))
            #expect(lowered.contains("x-content-type-options: nosniff"))
            #expect(lowered.contains("x-frame-options: deny"))
            #expect(answer.contains("could not read this request"))

            // An ordinary request on a new connection is unaffected.
            let fine = try await RawHTTPExchange.send("GET /search?q=a HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
            #expect(fine.hasPrefix("HTTP/1.1 200"))
        }
    }
}
