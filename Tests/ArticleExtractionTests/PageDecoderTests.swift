import Testing
@testable import ArticleExtraction

struct PageDecoderTests {
    @Test func keepsUTF8WithAFewBrokenBytes() {
        // One stray Latin-1 byte in a UTF-8 page: the page stays UTF-8, the byte is replaced.
        let bytes = Array("<meta charset=utf-8><p>Zażółć gęślą jaźń, Straße, café, naïve — ".utf8) + [0xE9]
            + Array(" und noch ein Satz über Brücken.</p>".utf8)
        var problems: [String] = []
        let decoded = String(decoding: PageDecoder.utf8Bytes(of: bytes, contentType: nil, problems: &problems), as: UTF8.self)
        #expect(decoded.contains("Zażółć gęślą jaźń, Straße"))
        #expect(decoded.contains("\u{FFFD}"))
        #expect(!problems.isEmpty)
    }

    @Test func readsLatin1ThatIsNotUTF8AsWindows1252() {
        let bytes = Array("<p>Caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me ".utf8) + [0x93] + Array("br".utf8)
            + [0xFB] + Array("l".utf8) + [0xE9] + [0x94] + Array("</p>".utf8)
        var problems: [String] = []
        let decoded = String(decoding: PageDecoder.utf8Bytes(of: bytes, contentType: nil, problems: &problems), as: UTF8.self)
        #expect(decoded == "<p>Café crème “brûlé”</p>")
    }
}
