import Testing
@testable import Markup

struct HTMLEntitiesTests {
    @Test func decodesNamedReferences() {
        #expect(HTMLEntities.decode("caf&eacute; &amp; cr&egrave;me") == "café & crème")
        #expect(HTMLEntities.decode("&NotEqualTilde;") == "\u{2242}\u{338}")
        #expect(HTMLEntities.value(forName: "hellip") == "…")
        #expect(HTMLEntities.value(forName: "nosuchthing") == nil)
    }

    @Test func decodesNumericReferencesWithBrowserRules() {
        #expect(HTMLEntities.decode("&#233;&#xE9;&#XE9") == "ééé")
        #expect(HTMLEntities.decode("&#150;&#x80;") == "\u{2013}€")
        #expect(HTMLEntities.decode("&#0;&#xD800;&#x110000;&#99999999999;") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(HTMLEntities.decode("&#;&#x;&#a") == "&#;&#x;&#a")
    }

    @Test func acceptsLegacyNamesWithoutSemicolonOutsideAttributes() {
        #expect(HTMLEntities.decode("&copy 2024") == "© 2024")
        #expect(HTMLEntities.decode("&notit;") == "¬it;")
        #expect(HTMLEntities.decode("&hellip") == "&hellip")
        #expect(HTMLEntities.decode("a=1&copy=2", inAttribute: true) == "a=1&copy=2")
        #expect(HTMLEntities.decode("&copy;=2", inAttribute: true) == "©=2")
        #expect(HTMLEntities.acceptsWithoutSemicolon("amp"))
        #expect(!HTMLEntities.acceptsWithoutSemicolon("hellip"))
    }

    @Test func leavesBareAmpersandsAndOverlongNamesAlone() {
        #expect(HTMLEntities.decode("Q&A & more &") == "Q&A & more &")
        let long = "&" + String(repeating: "a", count: 10_000) + ";"
        #expect(HTMLEntities.decode(long) == long)
    }
}
