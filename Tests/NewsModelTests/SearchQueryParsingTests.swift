import NewsModel
import Testing

@Suite struct SearchQueryParsingTests {
    private func parse(_ text: String) throws -> SearchQuery {
        try SearchQuery(parsing: text)
    }

    @Test func singleWord() throws {
        #expect(try parse("bitcoin") == .term("bitcoin"))
    }

    @Test func adjacentWordsMustAllMatch() throws {
        #expect(try parse("apple  banana\tcherry") == .all([.term("apple"), .term("banana"), .term("cherry")]))
    }

    @Test func quotedPhrase() throws {
        #expect(try parse("\"climate change\" policy") == .all([.phrase(["climate", "change"]), .term("policy")]))
    }

    @Test func oneWordPhraseIsATerm() throws {
        #expect(try parse("\"apple\"") == .term("apple"))
    }

    @Test func plusAndMinusPrefixes() throws {
        #expect(try parse("+bitcoin -ethereum crypto") == .all([.term("bitcoin"), .not(.term("ethereum")), .term("crypto")]))
    }

    @Test func minusBeforePhraseAndGroup() throws {
        #expect(try parse("-\"big tech\" -(a OR b)") == .all([
            .not(.phrase(["big", "tech"])), .not(.any([.term("a"), .term("b")])),
        ]))
    }

    @Test func dashesInsideWordsAreLetters() throws {
        #expect(try parse("e-mail c++") == .all([.term("e-mail"), .term("c++")]))
    }

    @Test func keywordsAreUpperCaseOnly() throws {
        #expect(try parse("rock and roll") == .all([.term("rock"), .term("and"), .term("roll")]))
        #expect(try parse("rock or roll") == .all([.term("rock"), .term("or"), .term("roll")]))
        #expect(try parse("rock AND roll") == .all([.term("rock"), .term("roll")]))
    }

    @Test func andBindsTighterThanOr() throws {
        #expect(try parse("a OR b AND c") == .any([.term("a"), .all([.term("b"), .term("c")])]))
        #expect(try parse("a b OR c") == .any([.all([.term("a"), .term("b")]), .term("c")]))
    }

    @Test func notBindsTighterThanAnd() throws {
        #expect(try parse("a NOT b c") == .all([.term("a"), .not(.term("b")), .term("c")]))
        #expect(try parse("NOT a OR b") == .any([.not(.term("a")), .term("b")]))
    }

    @Test func parenthesesGroup() throws {
        #expect(try parse("crypto AND (ethereum OR litecoin) NOT bitcoin") == .all([
            .term("crypto"), .any([.term("ethereum"), .term("litecoin")]), .not(.term("bitcoin")),
        ]))
    }

    @Test func nestedListsOfTheSameKindFlatten() throws {
        #expect(try parse("a OR (b OR c)") == .any([.term("a"), .term("b"), .term("c")]))
        #expect(try parse("a (b c)") == .all([.term("a"), .term("b"), .term("c")]))
    }

    @Test func doubleNegationCancels() throws {
        #expect(try parse("NOT NOT a") == .term("a"))
        #expect(try parse("NOT -a") == .term("a"))
        #expect(try parse("--a") == .term("a"))
    }

    @Test func pureNegation() throws {
        #expect(try parse("-bitcoin") == .not(.term("bitcoin")))
        #expect(try parse("NOT bitcoin") == .not(.term("bitcoin")))
    }

    // MARK: Lenient reading of malformed text

    @Test func unclosedQuoteRunsToTheEnd() throws {
        #expect(try parse("news \"climate change") == .all([.term("news"), .phrase(["climate", "change"])]))
    }

    @Test func unclosedParenthesisClosesAtTheEnd() throws {
        #expect(try parse("a AND (b OR c") == .all([.term("a"), .any([.term("b"), .term("c")])]))
    }

    @Test func strayClosingParenthesisIsIgnored() throws {
        #expect(try parse("a) b") == .all([.term("a"), .term("b")]))
        #expect(try parse(")") == .all([]))
    }

    @Test func danglingOperatorsAreIgnored() throws {
        #expect(try parse("AND a") == .term("a"))
        #expect(try parse("a AND") == .term("a"))
        #expect(try parse("a OR OR b") == .any([.term("a"), .term("b")]))
        #expect(try parse("a NOT") == .term("a"))
        #expect(try parse("a - b") == .all([.term("a"), .term("b")]))
        #expect(try parse("OR") == .all([]))
    }

    @Test func punctuationAloneIsDropped() throws {
        #expect(try parse("* apple :") == .term("apple"))
        #expect(try parse("\"*\"").isEmpty)
    }

    @Test func hostileTextParsesAsWords() throws {
        #expect(try parse("NEAR(a b)") == .all([.term("NEAR"), .term("a"), .term("b")]))
        #expect(try parse("title:secret") == .term("title:secret"))
        #expect(try parse("'; DROP TABLE articles; --") == .all([.term("DROP"), .term("TABLE"), .term("articles;")]))
        #expect(try parse("\"\"\"\"") == .all([]))
    }

    @Test func emptyText() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse("   ").isEmpty)
        #expect(try parse("()").isEmpty)
        #expect(try !parse("a").isEmpty)
    }

    @Test func nonLatinWords() throws {
        #expect(try parse("café 東京 Москва") == .all([.term("café"), .term("東京"), .term("Москва")]))
    }

    // MARK: Limits

    @Test func fiveHundredCharactersAreAccepted() throws {
        let text = String(repeating: "ab ", count: 166) + "ab"
        #expect(text.count == 500)
        #expect(try !parse(text).isEmpty)
    }

    @Test func longerTextIsRefusedWithItsLength() {
        let text = String(repeating: "é", count: 501)
        #expect(throws: SearchQueryError.tooLong(length: 501)) { try parse(text) }
        #expect(SearchQueryError.tooLong(length: 501).description.contains("500"))
    }

    @Test func hugeTextIsRefusedQuickly() {
        let text = String(repeating: "a", count: 5_000_000)
        #expect(throws: SearchQueryError.tooLong(length: 5_000_000)) { try parse(text) }
    }

    @Test func deepNestingIsRefused() throws {
        let allowed = String(repeating: "(", count: SearchQuery.maximumNestingDepth) + "a"
        #expect(try parse(allowed) == .term("a"))
        let tooDeep = String(repeating: "(", count: SearchQuery.maximumNestingDepth + 1) + "a"
        #expect(throws: SearchQueryError.nestedTooDeep) { try parse(tooDeep) }
    }

    @Test func longChainsOfPrefixOperatorsDoNotRecurse() throws {
        let text = String(repeating: "NOT ", count: 120) + "a"
        #expect(try parse(text) == .term("a"))
    }

    /// Random bytes never crash, hang or exceed the limits: every outcome is a query or a
    /// `SearchQueryError`.
    @Test func randomTextNeverCrashes() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("ab \"()+-ANDORNOT\t*:é")
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 80)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            do {
                _ = try SearchQuery(parsing: text)
            } catch {
                #expect(error == .nestedTooDeep)
            }
        }
    }
}

/// A small seeded generator, so the random test is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
