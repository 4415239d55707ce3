import Foundation
import Testing
@testable import Fetching

/// Response bodies are decoded by Broadsheet itself, within the size limit.
struct ContentDecoderTests {
    static func bytes(_ base64: String) -> [UInt8] {
        Array(Data(base64Encoded: base64) ?? Data())
    }

    /// Two gzip members one after the other (what `cat a.gz b.gz` makes): both are read.
    static let twoMembers = bytes("H4sIAAAAAAACA7MpKi62s0nOSMzLS82xsynJLMlJtUvLLCouUchNzU1KLQIAJUgFmSEAAAAfiwgAAAAAAAIDU0jMS1EoTk3OB1K5qblJqUU2+iWZJTmpdjb6yRmJeXmpOUBWUXGxHQCGAAq1KgAAAA==")
    /// 300,000 bytes of "x" in 325 gzip bytes.
    static let expandsToThreeHundredKilobytes = bytes("H4sIAAAAAAACA+3BAQ0AAADCoNqPbw8HFAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/BjNKsiz4JMEAA==")

    @Test func readsEveryGzipMember() throws {
        let body = try ContentDecoder.decode(Self.twoMembers, contentEncoding: "gzip", limit: 1_000)
        #expect(String(decoding: body, as: UTF8.self) == "<rss><channel><title>first member and second member</title></channel></rss>")
    }

    @Test func readsBothKindsOfDeflate() throws {
        let wrapped = try ContentDecoder.decode(Self.bytes("eJyzKSoutktJTctJLElNsdEH8QBHXwcN"), contentEncoding: "deflate", limit: 1_000)
        #expect(String(decoding: wrapped, as: UTF8.self) == "<rss>deflated</rss>")
        let raw = try ContentDecoder.decode(Self.bytes("sykqLrYrSixXSElNy0ksSbXRBwkAAA=="), contentEncoding: " Deflate ", limit: 1_000)
        #expect(String(decoding: raw, as: UTF8.self) == "<rss>raw deflate</rss>")
    }

    @Test func holdsTheLimitHoweverSmallTheInput() throws {
        #expect(throws: ContentDecoder.Failure.tooLarge) {
            try ContentDecoder.decode(Self.expandsToThreeHundredKilobytes, contentEncoding: "gzip", limit: 200_000)
        }
        #expect(try ContentDecoder.decode(Self.expandsToThreeHundredKilobytes, contentEncoding: "gzip", limit: 300_000).count == 300_000)
    }

    @Test func refusesCorruptBodiesAndPassesOthersThrough() throws {
        #expect(throws: ContentDecoder.Failure.corrupt) {
            try ContentDecoder.decode(Array("not gzip at all".utf8), contentEncoding: "gzip", limit: 1_000)
        }
        #expect(try ContentDecoder.decode(Array("plain".utf8), contentEncoding: nil, limit: 1_000) == Array("plain".utf8))
        #expect(try ContentDecoder.decode(Array("plain".utf8), contentEncoding: "identity", limit: 1_000) == Array("plain".utf8))
        // A body cut off mid-stream keeps what was decoded.
        let truncated = Array(Self.twoMembers.prefix(20))
        #expect(try ContentDecoder.decode(truncated, contentEncoding: "gzip", limit: 1_000).count < 40)
    }
}
