import NewsModel
import Testing

struct WordCountTests {
    @Test func countsRunsBetweenASCIIWhiteSpace() {
        #expect(WordCount.of("") == 0)
        #expect(WordCount.of("   \n\t ") == 0)
        #expect(WordCount.of("one") == 1)
        #expect(WordCount.of("  two words  ") == 2)
        #expect(WordCount.of("line one\nline two\r\nthird\tfourth\u{0C}fifth") == 7)
        #expect(WordCount.of("café déjà-vu naïve") == 3, "letters beyond ASCII are inside words")
        #expect(WordCount.of("纪念币 发行") == 2, "a run without spaces counts once")
    }
}
