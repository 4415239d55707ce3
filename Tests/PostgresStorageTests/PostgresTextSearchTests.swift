import NewsModel
@testable import PostgresStorage
import Testing

/// The weaker query a walk tests before a phrase's positions, which needs no server: it
/// must hold for every match of the strict query, so a negation never narrows it.
struct PostgresTextSearchTests {
    let lexemes = ["storm": ["storm"], "warning": ["warn"], "tide": ["tide"]]

    @Test("a phrase is checked first as its words anywhere, in any field")
    func phraseBecomesItsWords() {
        let search = PostgresTextSearch(.phrase(["storm", "warning"]), in: [])
        #expect(search.tsquery(lexemes: lexemes) == "(('storm':A <-> 'warn':A) | ('storm':B <-> 'warn':B) | ('storm':C <-> 'warn':C))")
        #expect(search.precheck(lexemes: lexemes) == "('storm' & 'warn')")
    }

    @Test("a negated part is left out of a conjunction, and an alternative with one checks nothing first")
    func negationsNeverNarrow() {
        let both = PostgresTextSearch(.all([.phrase(["storm", "warning"]), .not(.term("tide"))]), in: [])
        #expect(both.precheck(lexemes: lexemes) == "(('storm' & 'warn'))")
        let either = PostgresTextSearch(.any([.phrase(["storm", "warning"]), .not(.term("tide"))]), in: [])
        #expect(either.precheck(lexemes: lexemes) == nil)
        let alternatives = PostgresTextSearch(.any([.phrase(["storm", "warning"]), .term("tide")]), in: [.title])
        #expect(alternatives.precheck(lexemes: lexemes) == "(('storm' & 'warn') | 'tide')")
    }

    @Test("without a phrase there is nothing cheaper to check first")
    func wordsNeedNoPrecheck() {
        #expect(PostgresTextSearch(.all([.term("storm"), .term("tide")]), in: []).precheck(lexemes: lexemes) == nil)
        #expect(PostgresTextSearch(.phrase(["storm", "unknown"]), in: []).precheck(lexemes: lexemes) == nil, "one word the index knows is no phrase")
    }
}
