import Foundation
import Testing
@testable import DemoEdition

@Suite("The demo body outline")
struct DemoMarkupTests {
    @Test func rendersEveryBlockKind() {
        let outline = """
        A first paragraph
        over two lines.

        ## A subheading

        > A quotation
        > that continues.

        - one
        - two

        [figure] A caption.

        Last *emphasised* words.
        """
        let blocks = DemoMarkup.blocks(in: outline)
        #expect(blocks == [
            .paragraph("A first paragraph over two lines."),
            .heading("A subheading"),
            .quotation("A quotation that continues."),
            .list(["one", "two"]),
            .figure(caption: "A caption."),
            .paragraph("Last *emphasised* words."),
        ])
        let html = DemoMarkup.html(for: blocks, figureImageURL: "/demo/images/x-figure.svg")
        #expect(html == """
        <p>A first paragraph over two lines.</p>
        <h2>A subheading</h2>
        <blockquote><p>A quotation that continues.</p></blockquote>
        <ul><li>one</li><li>two</li></ul>
        <figure><img src="/demo/images/x-figure.svg" alt="" width="640" height="360" /><figcaption>A caption.</figcaption></figure>
        <p>Last <em>emphasised</em> words.</p>
        """)
        #expect(DemoMarkup.plainText(for: blocks) == """
        A first paragraph over two lines.

        A subheading

        A quotation that continues.

        • one
        • two

        A caption.

        Last emphasised words.
        """)
    }

    @Test func escapesTextAndLeavesLoneAsterisks() {
        #expect(DemoMarkup.inlineHTML("<script>alert(\"x\")</script> & co") == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co")
        #expect(DemoMarkup.inlineHTML("5 * 3 = 15") == "5 * 3 = 15")
        #expect(DemoMarkup.inlineHTML("*a* and *b*") == "<em>a</em> and <em>b</em>")
    }

    @Test func ignoresExtraBlankLinesAndIndentation() {
        #expect(DemoMarkup.blocks(in: "\n\n   First.  \n\n\n\tSecond.\n") == [.paragraph("First."), .paragraph("Second.")])
        #expect(DemoMarkup.blocks(in: "").isEmpty)
    }

    @Test func everyBodyIsWellFormedWithOnlySimpleTags() {
        let allowed: Set<String> = ["div", "p", "h2", "blockquote", "ul", "li", "figure", "img", "figcaption", "em"]
        for source in DemoEdition.sources {
            for article in source.articles {
                let html = article.bodyHTML(in: source)
                let collector = ElementNameCollector()
                let parser = XMLParser(data: Data("<div>\(html)</div>".utf8))
                parser.delegate = collector
                #expect(parser.parse(), "\(article.slug) body is not well-formed")
                #expect(collector.names.isSubset(of: allowed), "\(article.slug) uses \(collector.names.subtracting(allowed))")
                #expect(!hasEventAttribute(html.lowercased()))
            }
        }
    }

    @Test func demoNoteFollowsTheLanguage() {
        #expect(DemoMarkup.demoNoteHTML(for: .en).contains("demo edition"))
        #expect(DemoMarkup.demoNoteHTML(for: .fr).contains("démonstration"))
    }
}

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Records the element names a parse meets.
final class ElementNameCollector: NSObject, XMLParserDelegate {
    var names = Set<String>()

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        names.insert(elementName)
    }
}
