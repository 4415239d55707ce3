import Testing
@testable import Markup

/// The two readings of what goes with a dropped `script`, `style` or `applet`
/// (`HTMLSanitizer.DroppedContentReading`). The feedparser outputs below were read off
/// feedparser 6.0.11 for these inputs.
@Suite("HTMLSanitizer dropped content")
struct HTMLSanitizerDroppedContentTests {
    func asBrowser(_ html: String) -> String {
        HTMLSanitizer.sanitize(html, baseURL: nil, keepingComments: true)
    }

    func asFeedparser(_ html: String) -> String {
        HTMLSanitizer.sanitize(html, baseURL: nil, keepingComments: true, droppedContent: .feedparser)
    }

    @Test func aStrayEndTagHidesNoTextForReaders() {
        #expect(asBrowser("<p>a</p></script><p>b</p><script>c</script><p>d</p>") == "<p>a</p><p>b</p><p>d</p>")
        #expect(asBrowser("<p>one</p></style>gone<style>shown</style>back") == "<p>one</p>goneback")
    }

    @Test func aStrayEndTagHidesTextUntilTheNextStartTagAsFeedparserCounts() {
        #expect(asFeedparser("<p>a</p></script><p>b</p><script>c</script><p>d</p>") == "<p>a</p><p></p>c<p></p>")
        #expect(asFeedparser("<p>one</p></style>gone<style>shown</style>back") == "<p>one</p>shown")
    }

    @Test func nestedStartTagsCountAsFeedparserCounts() {
        #expect(asFeedparser("<script>x<script>y</script>z</script>after") == "after")
        // A browser ends the script at the first end tag.
        #expect(asBrowser("<script>x<script>y</script>z</script>after") == "zafter")
    }

    @Test func aScriptsContentIsMarkupAsFeedparserReadsIt() {
        #expect(asFeedparser("<p>keep</p><script>var s = \"<i>i</i>\";</script>") == "<p>keep</p><i></i>")
        #expect(asBrowser("<p>keep</p><script>var s = \"<i>i</i>\";</script>") == "<p>keep</p>")
    }

    @Test func referencesAndCommentsInsideADroppedElementStayAsFeedparserWritesThem() {
        #expect(asFeedparser("<p>x</p><script>a &amp; b <!-- note --> c</script><p>z</p>") == "<p>x</p>&amp;<!-- note --><p>z</p>")
        #expect(asBrowser("<p>x</p><script>a &amp; b <!-- note --> c</script><p>z</p>") == "<p>x</p><p>z</p>")
    }

    @Test func bothReadingsDropEveryScript() {
        for html in ["<script>alert(1)</script>", "</script><script>alert(1)</script>", "<script><script>alert(1)</script>",
                     "<style>p{}</style><applet>x</applet>"] {
            #expect(!asFeedparser(html).contains("<script"))
            #expect(!asBrowser(html).contains("<script"))
            #expect(!asFeedparser(html).contains("<style"))
        }
    }
}
