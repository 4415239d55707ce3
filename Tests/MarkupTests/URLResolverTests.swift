import Testing
@testable import Markup

struct URLResolverTests {
    static let base = "http://a/b/c/d;p?q"

    // RFC 3986 section 5.4.1 and 5.4.2.
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ])
    func resolvesTheRFCExamples(reference: String, expected: String) {
        #expect(URLResolver.resolve(reference, against: Self.base) == expected)
    }

    @Test func readsSameSchemeReferenceAsRelativeLikeBrowsers() {
        #expect(URLResolver.resolve("http:g", against: Self.base) == "http://a/b/c/g")
    }

    @Test func cleansWhitespaceAndBackslashes() {
        #expect(URLResolver.resolve("  /x/y\n ", against: "https://example.org/a/b") == "https://example.org/x/y")
        #expect(URLResolver.resolve("\\\\cdn.example.org\\i.png", against: "https://example.org/") == "https://cdn.example.org/i.png")
        #expect(URLResolver.resolve("img\\a.png?x=\\", against: "https://example.org/p/") == "https://example.org/p/img/a.png?x=\\")
    }

    @Test func keepsAbsoluteAndHandlesMissingBase() {
        #expect(URLResolver.resolve("https://Example.org/A", against: "http://other/") == "https://Example.org/A")
        #expect(URLResolver.resolve("/relative", against: nil) == "/relative")
        #expect(URLResolver.resolve("/relative", against: "not a base") == "/relative")
        #expect(URLResolver.resolve("mailto:someone@example.org", against: Self.base) == "mailto:someone@example.org")
        #expect(URLResolver.resolve("page", against: "https://example.org") == "https://example.org/page")
    }

    @Test func findsHostAndScheme() {
        #expect(URLResolver.host(of: "https://user:pw@News.Example.org:8443/a") == "news.example.org")
        #expect(URLResolver.host(of: "http://[::1]:80/") == "[::1]")
        #expect(URLResolver.host(of: "/just/a/path") == nil)
        #expect(URLResolver.scheme(of: "HTTPS://x") == "https")
        #expect(URLResolver.scheme(of: "1http://x") == nil)
        #expect(URLResolver.isWebURL("https://example.org"))
        #expect(!URLResolver.isWebURL("javascript:alert(1)"))
        #expect(!URLResolver.isWebURL("http:///nohost"))
    }
}
