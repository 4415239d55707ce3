import NewsModel
@testable import SQLiteStorage
import Testing

/// The FTS5 text the translation writes. Behaviour is checked by the conformance suite;
/// these pin the quoting and the polarity rules.
@Suite struct FullTextSearchTests {
    private func translate(_ query: SearchQuery, in fields: Set<SearchField> = Set(SearchField.allCases)) -> FullTextSearch? {
        FullTextSearch(query, in: fields)
    }

    @Test func wordsArePhrasesInDoubleQuotesWithInnerQuotesDoubled() {
        #expect(translate(.term("apple")) == FullTextSearch(expression: "\"apple\"", polarity: .matching))
        #expect(translate(.term("say\"what")) == FullTextSearch(expression: "\"say\"\"what\"", polarity: .matching))
        #expect(translate(.term("NEAR(")) == FullTextSearch(expression: "\"NEAR(\"", polarity: .matching))
        #expect(translate(.phrase(["big", "tech"])) == FullTextSearch(expression: "\"big tech\"", polarity: .matching))
        #expect(FullTextSearch.quoted("a\u{0}b") == "\"a b\"")
    }

    @Test func columnFilterWrapsTheWholeExpression() {
        #expect(translate(.term("apple"), in: [.title, .content])?.expression == "{title content_text} : (\"apple\")")
        #expect(translate(.term("apple"), in: [])?.expression == "\"apple\"")
    }

    @Test func negationsBecomeBinaryNotOrAnExcludingSearch() {
        #expect(translate(.all([.term("a"), .not(.term("b"))])) == FullTextSearch(expression: "((\"a\")) NOT (\"b\")", polarity: .matching))
        #expect(translate(.not(.term("a"))) == FullTextSearch(expression: "\"a\"", polarity: .excluding))
        #expect(translate(.all([.not(.term("a")), .not(.term("b"))])) == FullTextSearch(expression: "((\"a\") OR (\"b\"))", polarity: .excluding))
        #expect(translate(.any([.term("a"), .not(.term("b"))])) == FullTextSearch(expression: "((\"b\")) NOT ((\"a\"))", polarity: .excluding))
        #expect(translate(.not(.not(.term("a")))) == FullTextSearch(expression: "\"a\"", polarity: .matching))
    }

    @Test func wordlessPartsAreSkipped() {
        #expect(translate(.term("*")) == nil)
        #expect(translate(.all([.term("*"), .term("a")])) == FullTextSearch(expression: "((\"a\"))", polarity: .matching))
        #expect(translate(.any([])) == nil)
    }
}
