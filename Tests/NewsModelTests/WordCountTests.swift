import NewsModel
import Testing

struct WordCountTests {
    @Test func countsRunsBetweenWhiteSpace() {
        #expect(WordCount.of("") == 0)
        #expect(WordCount.of("   \n\t ") == 0)
        #expect(WordCount.of("one") == 1)
        #expect(WordCount.of("  two words  ") == 2)
        #expect(WordCount.of("line one\nline two\r\nthird\tfourth\u{0C}fifth") == 7)
        #expect(WordCount.of("café déjà-vu naïve") == 3, "letters beyond ASCII are inside words")
        #expect(WordCount.of("no\u{A0}break\u{2009}thin") == 3, "no-break and thin spaces part words")
        #expect(WordCount.of("rocket 🚀 launch 𝒳") == 4, "scalars of four bytes are read whole")
        #expect(WordCount.of("a–b — c") == 3, "a dash of three bytes parts words")
    }

    @Test func countsEveryCharacterOfChineseAndJapanese() {
        #expect(WordCount.of("纪念币 发行") == 5)
        #expect(WordCount.of("中国人民银行发行纪念币。") == 11, "punctuation is not a word")
        #expect(WordCount.of("東京都に住む") == 6, "kana count as Han does")
        #expect(WordCount.of("iPhone 17の発売日") == 6, "a Latin word among them counts once")
        #expect(WordCount.of("2026年11月") == 4, "digits form a word, each character another")
    }

    @Test func countsKoreanBySpaces() {
        #expect(WordCount.of("서울 시민들이 모였다") == 3)
    }
}
