import NewsModel
import Testing
@testable import WebApp

struct SearchHighlighterTests {
    private func marked(_ query: String, _ text: String) throws -> String {
        SearchHighlighter(query: try SearchQuery(parsing: query)).html(text).rendered
    }

    @Test func marksSearchedWordsAndTheirShortFormsOnly() throws {
        #expect(try marked("market", "Markets rally as the market opens; marketplace waits.")
            == "<mark>Markets</mark> rally as the <mark>market</mark> opens; marketplace waits.")
        #expect(try marked("cafe", "Le Café du Port") == "Le <mark>Café</mark> du Port")
    }

    @Test func marksPhraseWordsButNotExcludedOnes() throws {
        #expect(try marked(#""solar power" -nuclear"#, "Solar power beats nuclear power")
            == "<mark>Solar</mark> <mark>power</mark> beats nuclear <mark>power</mark>")
        #expect(try marked("NOT war", "War and peace") == "War and peace")
    }

    @Test func escapesTheTextAroundAndInsideMarks() throws {
        #expect(try marked("script", "<script>alert(1)</script> & more")
            == "&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; &amp; more")
    }

    @Test func ignoresOneLetterWords() throws {
        #expect(try marked("a", "A day at a farm") == "A day at a farm")
    }
}

struct SearchExcerptTests {
    @Test func cutsAroundTheFirstSearchedWordOnWordBoundaries() throws {
        let highlighter = SearchHighlighter(query: try SearchQuery(parsing: "harbour"))
        let text = String(repeating: "Earlier words fill the opening lines here. ", count: 10)
            + "Then the harbour froze over for the first time. " + String(repeating: "More words follow. ", count: 20)
        let excerpt = try #require(highlighter.excerpt(of: text, length: 120))
        #expect(excerpt.hasPrefix("…"))
        #expect(excerpt.hasSuffix("…"))
        #expect(excerpt.contains("Then the harbour froze"))
        #expect(!excerpt.dropFirst().hasPrefix(" "))
        #expect(excerpt.count <= 122)
        #expect(highlighter.excerpt(of: "Nothing about it here.") == nil)
        #expect(highlighter.excerpt(of: "Harbour news") == "Harbour news")
        #expect(highlighter.excerpt(of: "Sun on the harbour\n\nTwo years ago") == "Sun on the harbour · Two years ago")
    }
}

/// ASCII text is scanned on its bytes; other text the general way. The two must mark the
/// same words: an ASCII text and the same text with a non-ASCII word after it (which takes
/// the general way) are compared on random words and searches.
struct SearchHighlighterASCIITests {
    @Test func bytesAndCharactersMarkTheSameWords() throws {
        let vocabulary = ["market", "Markets", "MARKETING", "marketplace", "harbour", "harbours", "Harbouring", "a", "to", "x1",
                          "1999", "café", "Cafe", "don't", "e-mail", "<b>", "&", "solar", "Solar-power", "powered", "  ", "\n"]
        let searches = ["market", "harbour OR cafe", "\"solar power\"", "mail -market", "1999", "to", "e"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...25, using: &generator))
                .map { _ in vocabulary.randomElement(using: &generator) ?? "" }
                .filter { $0.utf8.allSatisfy { $0 < 0x80 } }
                .joined(separator: Bool.random(using: &generator) ? " " : ", ")
            for search in searches {
                let highlighter = SearchHighlighter(query: try SearchQuery(parsing: search))
                #expect(highlighter.html(text + " é").rendered == highlighter.html(text).rendered + " é", "\(search): \(text)")
                #expect(highlighter.marks(text + " é") == highlighter.marks(text))
            }
        }
    }
}
