import Fetching
import Testing

@Suite struct LinkHeaderTests {
    @Test func readsRelationsAndResolvesAddresses() {
        let header = LinkHeader(
            #"<https://hub.example/>; rel="hub", </feeds/news.xml>; rel="self"; type="application/atom+xml", <https://x.example/a,b>; rel="alternate Next""#,
            baseURL: "https://news.example/feeds/old.xml"
        )
        #expect(header.first("hub") == "https://hub.example/")
        #expect(header.first("self") == "https://news.example/feeds/news.xml")
        #expect(header.first("next") == "https://x.example/a,b", "a comma inside <> and relations in any case")
        #expect(header.first("alternate") == "https://x.example/a,b")
        #expect(header.first("license") == nil)
    }

    @Test func skipsWhatIsMalformed() {
        #expect(LinkHeader("", baseURL: "https://a.example/").links.isEmpty)
        #expect(LinkHeader("https://hub.example/; rel=hub", baseURL: "https://a.example/").links.isEmpty, "no angle brackets")
        #expect(LinkHeader("<https://hub.example/>", baseURL: "https://a.example/").links.isEmpty, "no relation")
        #expect(LinkHeader("<https://hub.example/; rel=hub", baseURL: "https://a.example/").links.isEmpty, "never closed")
        #expect(LinkHeader("<https://hub.example/>; rel=hub", baseURL: "https://a.example/").first("hub") == "https://hub.example/", "unquoted")
        let many = (0..<100).map { "<https://h\($0).example/>; rel=hub" }.joined(separator: ", ")
        #expect(LinkHeader(many, baseURL: "https://a.example/").links.count == 32)
    }
}
