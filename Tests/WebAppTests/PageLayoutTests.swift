import Testing
@testable import WebApp

/// The frame every page shares.
struct PageLayoutTests {
    @Test func theNavigationMarksThePagesOwnSectionAndNoOther() {
        let pages: [(title: String?, bodyClass: String, current: String?)] = [
            (nil, "page-sources", "/"), ("All unread", "page-list", "/unread"), ("Starred", "page-list", "/starred"),
            ("Search", "page-search", "/search"), ("Settings", "page-settings", "/settings"),
            ("A headline", "page-article", nil), ("Harbour Ledger", "page-list", nil),
        ]
        for page in pages {
            let html = PageLayout.document(title: page.title, bodyClass: page.bodyClass, content: "<p>x</p>").rendered
            let marked = html.components(separatedBy: #"aria-current="page""#).count - 1
            #expect(marked == (page.current == nil ? 0 : 1), "\(page)")
            if let current = page.current {
                #expect(html.contains(#"<a href="\#(current)" aria-current="page">"#), "\(page)")
            }
            for path in ["/", "/unread", "/starred", "/search", "/settings"] {
                #expect(html.contains(#"<a href="\#(path)""#), "every page links every section: \(path)")
            }
        }
    }
}
