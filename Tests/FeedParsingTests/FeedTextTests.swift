import Testing

@testable import FeedParsing

@Suite struct FeedTextTests {
    @Test func repairsUTF8ReadAsLatin1() {
        #expect(FeedText.repairingMojibake("CafÃ© au lait") == "Café au lait")
        #expect(FeedText.repairingMojibake("Ã©tÃ© â€” summer") == "Ã©tÃ© â€” summer")  // has a character past U+00FF: left alone
        #expect(FeedText.repairingMojibake("Ã©tÃ©") == "été")
    }

    @Test func leavesCorrectTextAlone() {
        for text in ["plain ascii", "Café au lait", "naïve", "a\u{00A0}b CafÃ©", "price: 5 €", "São Paulo", "©2026"] {
            #expect(FeedText.repairingMojibake(text) == text)
        }
    }

    @Test func escapesMarkupCharactersAndCopiesTheRest() {
        var output: [UInt8] = []
        Array("a < b && c > d, “quoted”".utf8).withUnsafeBufferPointer { FeedText.appendEscaped($0, to: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "a &lt; b &amp;&amp; c &gt; d, “quoted”")
        var attributes: [UInt8] = []
        FeedText.appendSerializedAttributes([("href", "/a?b=1&c=\"2\""), ("title", "plain")], to: &attributes)
        #expect(String(decoding: attributes, as: UTF8.self) == " href=\"/a?b=1&amp;c=&quot;2&quot;\" title=\"plain\"")
    }
}
