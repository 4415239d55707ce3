import Testing
@testable import Markup

/// Article content is shown inside Broadsheet's own page: nothing in it may submit to
/// that page or set a link through an animation (the sanitizer is the first wall; the
/// Content-Security-Policy only the second).
@Suite("HTMLSanitizer: nothing submits, nothing animates a link")
struct HTMLSanitizerSubmissionTests {
    func clean(_ html: String) -> String {
        HTMLSanitizer.sanitize(html, baseURL: "https://example.com/a/b.html")
    }

    /// The issue's article: "Continue reading" was a form that removed a source.
    @Test func dropsFormsAndWhatTiesControlsToThem() {
        let output = clean("""
            <p>Teaser.</p><form action="/sources/the-daily/remove" method="post" enctype="multipart/form-data">\
            <input type="hidden" name="x" value="1"><button type="submit">Continue reading</button></form>\
            <button form="remove-form" type="submit">Also</button><a href="/story" ping="/sources/x/remove">Story</a>
            """)
        #expect(!output.contains("<form"))
        #expect(!output.contains("action="))
        #expect(!output.contains("method="))
        #expect(!output.contains("enctype="))
        #expect(!output.contains("form="))
        #expect(!output.contains("ping="))
        #expect(output.contains("Continue reading"))
        #expect(output.contains(#"<a href="https://example.com/story">Story</a>"#))
        #expect(!clean("<FORM ACTION=x><FoRm>t</fOrM></FORM>").lowercased().contains("form"))
    }

    @Test func dropsAnimationsThatSetLinksOrHandlers() {
        let attacks = [
            #"<svg><a><set attributeName="href" to="javascript:alert(1)"/><text y="20">click</text></a></svg>"#,
            #"<svg><a><animate attributeName="xlink:href" values="javascript:alert(1)" begin="0s"/><text>t</text></a></svg>"#,
            #"<svg><a><animate attributename=" XLink:HREF " from="javascript:alert(1)" to="javascript:alert(2)"/></a></svg>"#,
            #"<svg><rect><set attributeName="onclick" to="alert(1)"/></rect></svg>"#,
            #"<svg><image><set attributeName="src" to="javascript:alert(1)"/></image></svg>"#,
            #"<svg><a><animateTransform attributeName="href" by="javascript:alert(1)"/></a></svg>"#,
        ]
        for attack in attacks {
            let output = clean(attack).lowercased()
            #expect(!output.contains("javascript:"), "\(attack)")
            #expect(!output.contains("alert("), "\(attack)")
            #expect(!output.contains("attributename"), "\(attack)")
        }
        // Animations of presentation attributes stay.
        #expect(clean(#"<svg><circle r="5"><animate attributeName="r" from="5" to="10" dur="1s"/></circle></svg>"#)
            .contains(#"<animate attributeName="r" dur="1s" from="5" to="10"></animate>"#))
    }
}
