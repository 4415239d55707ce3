import Foundation
import Testing
@testable import WebSub

@Suite struct HubSignatureTests {
    let body = Array("<feed>new things</feed>".utf8)
    let secret = "a0b1c2d3e4f5a0b1c2d3e4f5a0b1c2d3"

    @Test(arguments: HubSignature.Method.allCases)
    func acceptsEveryMethodWebSubNames(_ method: HubSignature.Method) throws {
        let header = HubSignature.header(for: body, secret: secret, method: method)
        #expect(header.hasPrefix(method.rawValue + "="))
        try HubSignature.verify(header: header, body: body, secret: secret)
        // Hubs write the method in any case and hex digits in either case.
        try HubSignature.verify(header: header.uppercased(), body: body, secret: secret)
    }

    @Test func knownDigest() throws {
        // HMAC-SHA256 of "hello" keyed with "key", as Python's hmac module computes it.
        #expect(HubSignature.header(for: Array("hello".utf8), secret: "key")
            == "sha256=9307b3b915efb5171ff14d8cb55fbcc798c6c0ef1456d66ded1a6aa723a58b7b")
    }

    @Test func refusesWhatIsNotSignedWithTheSecret() {
        let good = HubSignature.header(for: body, secret: secret)
        #expect(throws: HubSignature.Failure.missing) { try HubSignature.verify(header: nil, body: body, secret: secret) }
        #expect(throws: HubSignature.Failure.missing) { try HubSignature.verify(header: "", body: body, secret: secret) }
        #expect(throws: HubSignature.Failure.mismatch) { try HubSignature.verify(header: good, body: body + [0x20], secret: secret) }
        #expect(throws: HubSignature.Failure.mismatch) {
            try HubSignature.verify(header: HubSignature.header(for: body, secret: "another secret"), body: body, secret: secret)
        }
        #expect(throws: HubSignature.Failure.malformed) { try HubSignature.verify(header: "sha256", body: body, secret: secret) }
        #expect(throws: HubSignature.Failure.malformed) { try HubSignature.verify(header: "sha256=xyz", body: body, secret: secret) }
        // A SHA-1-length digest under the SHA-256 name.
        let sha1Digest = HubSignature.header(for: body, secret: secret, method: .sha1).dropFirst(5)
        #expect(throws: HubSignature.Failure.malformed) { try HubSignature.verify(header: "sha256=" + sha1Digest, body: body, secret: secret) }
        #expect(throws: HubSignature.Failure.unsupportedMethod("md5")) {
            try HubSignature.verify(header: "md5=0123456789abcdef0123456789abcdef", body: body, secret: secret)
        }
    }
}

@Suite struct CallbackQueryTests {
    @Test func decodesExactly() {
        let fields = CallbackQuery("hub.mode=subscribe&hub.topic=https%3A%2F%2Fexample.org%2Ffeed%3Fa%3D1%26b%3D2&hub.challenge=a+b%2Bc&empty=&hub.mode=unsubscribe")
        #expect(fields["hub.mode"] == "subscribe")
        #expect(fields["hub.topic"] == "https://example.org/feed?a=1&b=2")
        #expect(fields["hub.challenge"] == "a b+c")
        #expect(fields["empty"] == "")
        #expect(fields["missing"] == nil)
        #expect(CallbackQuery("broken=%zz%4")["broken"] == "%zz%4")
    }

    @Test func encodingRoundTrips() {
        let topic = "https://example.org/feed?a=1&b=2 c/é"
        let encoded = String(decoding: HubClient.formEncoded([("hub.topic", topic), ("hub.mode", "subscribe")]), as: UTF8.self)
        #expect(encoded == "hub.topic=https%3A%2F%2Fexample.org%2Ffeed%3Fa%3D1%26b%3D2+c%2F%C3%A9&hub.mode=subscribe")
        #expect(CallbackQuery(encoded)["hub.topic"] == topic)
    }
}

@Suite struct PushConfigurationTests {
    let configuration = PushConfiguration(publicBaseURL: "https://news.example.org/")
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func callbackAddressesLiveUnderThePublicURL() {
        #expect(configuration.callbackURL(for: "abc") == "https://news.example.org/websub/abc")
    }

    @Test func renewsBeforeTheLeaseEnds() {
        let tenDays = configuration.lease(granted: 864_000, at: now)
        #expect(tenDays.expiresAt == now.addingTimeInterval(864_000))
        #expect(tenDays.renewAt == now.addingTimeInterval(864_000 - 86_400), "a tenth of the lease before its end")
        let twoHours = configuration.lease(granted: 7_200, at: now)
        #expect(twoHours.renewAt == now.addingTimeInterval(3_600), "at least an hour before, at most half the lease")
        let seconds = configuration.lease(granted: 5, at: now)
        #expect(seconds.expiresAt == now.addingTimeInterval(5))
        #expect(seconds.renewAt == now.addingTimeInterval(600), "never asked again sooner than ten minutes")
        #expect(configuration.lease(granted: nil, at: now).expiresAt == now.addingTimeInterval(864_000), "the lease asked for")
    }

    @Test func retriesWaitLongerEachTime() {
        #expect(PushConfiguration.retryDelay(afterFailures: 1) == 300)
        #expect(PushConfiguration.retryDelay(afterFailures: 2) == 600)
        #expect(PushConfiguration.retryDelay(afterFailures: 30) == 86_400)
    }
}
