import Testing

@testable import Stories

@Suite("TermExtractor")
struct TermExtractorTests {
    private func terms(_ text: String, prefix: Int = 5) -> [UInt64] {
        var extractor = TermExtractor(prefixLength: prefix)
        extractor.add(text)
        return extractor.terms
    }

    @Test("case does not matter, and words are cut to their prefix")
    func caseAndPrefix() {
        #expect(terms("Harbour Bridge") == terms("harbour BRIDGE"))
        #expect(terms("reopened") == terms("reopens"))
        #expect(terms("reopened", prefix: 8) != terms("reopens", prefix: 8))
    }

    @Test("Latin accents are folded, so spellings with and without them meet")
    func accents() {
        #expect(terms("Zürich café") == terms("Zurich cafe"))
        #expect(terms("Łódź") == terms("lodz"))
        // A decomposed accent (e + U+0301) reads like the composed one.
        #expect(terms("Cafe\u{301}") == terms("Café"))
    }

    @Test("Greek and Cyrillic are lowercased")
    func otherAlphabets() {
        #expect(terms("ΑΘΗΝΑ") == terms("αθηνα"))
        #expect(terms("МОСКВА") == terms("москва"))
        #expect(terms("Ёлка") == terms("елка"))
    }

    @Test("lone letters are dropped, lone digits kept, punctuation separates")
    func loneCharacters() {
        #expect(terms("Tern's nest").count == 2)
        #expect(terms("phone 6").count == 2)
        #expect(terms("rail—strike…today") == terms("rail strike today"))
    }

    @Test("scripts without spaces are cut into overlapping pairs of characters")
    func unspacedScripts() {
        // Three characters: two pairs.
        #expect(terms("東京都").count == 2)
        // The same pair inside two different sentences is the same term.
        let first = Set(terms("東京で地震"))
        let second = Set(terms("大阪と東京"))
        #expect(!first.isDisjoint(with: second))
        // A lone character between punctuation is kept as itself.
        #expect(terms("「雨」").count == 1)
        // Thai has no spaces between words either.
        #expect(terms("ฝนตกหนัก").count == 7)
    }

    @Test("a mixed line keeps words and pairs apart")
    func mixedScripts() {
        let mixed = terms("Tokyo 東京 2024")
        #expect(mixed.count == 3)
        #expect(Set(mixed).isSuperset(of: terms("tokyo")))
    }

    @Test("the byte limit stops at a character boundary")
    func byteLimit() {
        var extractor = TermExtractor(prefixLength: 5)
        // "é" is two bytes: a limit inside it must not produce half a character.
        extractor.add("ab é cd", byteLimit: 4)
        #expect(extractor.terms == terms("ab"))
    }

    @Test("whole words are kept for copy sketches, uncut")
    func wholeWords() {
        var first = TermExtractor(prefixLength: 3)
        first.add("reopened")
        var second = TermExtractor(prefixLength: 3)
        second.add("reopens")
        #expect(first.terms == second.terms)
        #expect(first.words != second.words)
    }
}
