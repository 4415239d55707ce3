import NewsModel
import Testing

@Suite struct TextExcerptTests {
    /// What NewsAPI's `content` was made of before excerpts were stored: the standard
    /// library's character walk, folding whitespace and counting characters.
    static func reference(_ text: String) -> TextExcerpt? {
        let folded = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard !folded.isEmpty else { return nil }
        return TextExcerpt(text: String(folded.prefix(TextExcerpt.length)), characterCount: folded.count)
    }

    @Test func foldsWhitespaceAndKeepsShortTextWhole() {
        #expect(TextExcerpt(of: "  Hello\n\n world  ") == TextExcerpt(text: "Hello world", characterCount: 11))
        #expect(TextExcerpt(of: "one\ttwo\r\nthree\u{00A0}four\u{3000}five") == TextExcerpt(text: "one two three four five", characterCount: 23))
        #expect(TextExcerpt(of: " \n\t\u{2028} ") == nil)
        #expect(TextExcerpt(of: "") == nil)
    }

    @Test func cutsAfterTwoHundredCharactersAndCountsTheRest() throws {
        let text = String(repeating: "word ", count: 100)
        let excerpt = try #require(TextExcerpt(of: text))
        #expect(excerpt.text.count == 200)
        #expect(excerpt.characterCount == 499)
        #expect(excerpt == Self.reference(text))
    }

    @Test func countsCharactersNotScalarsOrBytes() throws {
        // é as one scalar and as e + a combining accent; a family emoji of seven scalars;
        // a flag of two regional indicators; Hangul jamo that compose.
        for text in ["café crème", "cafe\u{301} cre\u{300}me", "we 👨‍👩‍👧 are", "go 🇫🇷 now", "\u{1100}\u{1161}\u{11A8} x"] {
            #expect(TextExcerpt(of: text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let long = String(repeating: "e\u{301}", count: 300) + " " + String(repeating: "“quoted” — ", count: 40)
        #expect(TextExcerpt(of: long) == Self.reference(long))
    }

    /// Whitespace that is part of a larger character (a space with a combining mark on it,
    /// a sign prepended to a space) is handled as the character walk handles it.
    @Test func whitespaceInsideACharacterFollowsTheCharacter() {
        for text in ["a \u{301}b", "a\u{0600} b", "x\r\ny", "x \u{200D} y", "tab\t\u{300}end"] {
            #expect(TextExcerpt(of: text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Random text over an alphabet mixing the fast path's scalars with ones that join
    /// their neighbours, compared with the character walk.
    @Test func agreesWithTheCharacterWalkOnRandomText() {
        let alphabet: [String] = [
            "a", "Z", "ä", "ß", "Ω", "ж", "中", "か", "’", "—", "€", "™", "…", " ", " ", "\n", "\r", "\t", "\u{00A0}",
            "\u{2009}", "\u{3000}", "★", "→", "↩", "∞", "😀", "❤", "🀄", "\u{301}", "\u{200D}", "\u{FE0F}", "👍", "\u{1F3FD}", "🇫", "🇷", "\u{1100}", "\u{1161}",
            "\u{0600}", "\u{00AD}", "\u{0085}", "\u{2028}",
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            let length = Int.random(in: 0...(round % 10 == 0 ? 600 : 40), using: &generator)
            var text = ""
            let simple = round % 2 == 0
            for _ in 0..<length {
                // Half the rounds use only scalars of the fast path.
                let pick = simple ? Int.random(in: 0..<28, using: &generator) : Int.random(in: 0..<alphabet.count, using: &generator)
                text += alphabet[pick]
            }
            #expect(TextExcerpt(of: text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Long texts of long ASCII words, as most articles are, with now and then a letter
    /// outside ASCII, a control character or white space of another kind: past the first two
    /// hundred characters these are counted eight bytes at a time.
    @Test func agreesWithTheCharacterWalkOnLongWords() {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"()-~\u{7F}").map(String.init)
        let others: [String] = [" ", "  ", "\n", "\r\n", "\t", "\u{00A0}", "é", "中", "\u{1}", "😀", "\u{301}", "\u{2028}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...400, using: &generator) {
                let wordLength = Int.random(in: 1...24, using: &generator)
                for _ in 0..<wordLength { text += letters[Int.random(in: 0..<letters.count, using: &generator)] }
                text += Int.random(in: 0..<6, using: &generator) == 0 ? others.randomElement(using: &generator) ?? " " : " "
            }
            #expect(TextExcerpt(of: text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Text of the fast path's scalars with joining ones only from some point on (as in
    /// most articles that have any: an emoji or an accent late in the text), so that the
    /// words before are read on their bytes and the rest by the character walk; the point
    /// falls before, inside and after the first two hundred characters.
    @Test func agreesWithTheCharacterWalkWhenJoiningScalarsComeLate() {
        let simple: [String] = ["a", "Z", "ä", "ж", "中", "—", " ", " ", " ", "\n", "\r", "\t", "\u{00A0}", "\u{3000}", "\u{0085}"]
        let joining: [String] = ["\u{301}", "\u{200D}", "\u{FE0F}", "👍", "\u{1F3FD}", "🇫", "🇷", "\u{1100}", "\u{1161}", "\u{0600}", "\u{2028}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...320, using: &generator) {
                text += simple[Int.random(in: 0..<simple.count, using: &generator)]
            }
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let fromJoining = Int.random(in: 0..<4, using: &generator) == 0
                text += fromJoining ? joining.randomElement(using: &generator) ?? "" : simple.randomElement(using: &generator) ?? ""
            }
            #expect(TextExcerpt(of: text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for text in ["word \u{301}x", "ab  \u{301}", "a b\u{301} c", "x\u{301}", " \u{301}", String(repeating: "ab ", count: 80) + "c\u{301}d e"] {
            #expect(TextExcerpt(of: text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
