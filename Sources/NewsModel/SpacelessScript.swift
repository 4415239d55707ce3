/// Scripts written without spaces between words — Chinese, Japanese, and Korean runs
/// glued to their particles — where a full-text index that cuts text at spaces and
/// punctuation would keep a whole sentence as one word, so that `纪念币` finds nothing in
/// `中国发行纪念币`. Both backends index such runs as overlapping pairs of characters
/// (the classic CJK bigrams) and search them the same way, so any two or more
/// consecutive characters are found wherever they appear.
///
/// A run of n ≥ 2 characters becomes n − 1 pairs, and in a document also its last
/// character on its own (at the same position as the last pair where the backend can
/// say so), so that a search for one character finds it as the first of a pair or as
/// that last character (the single character is searched as a prefix).
public enum SpacelessScript {
    public struct Piece: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// Letters and digits of other scripts, kept whole.
            case word
            /// Two consecutive characters of a run.
            case pair
            /// A run's last character on its own, after its last pair (documents only).
            case lastCharacter
            /// A run of exactly one character.
            case single
        }

        public var text: Substring
        public var kind: Kind

        public init(text: Substring, kind: Kind) {
            self.text = text
            self.kind = kind
        }
    }

    /// True for the characters of Han, Hiragana, Katakana and Hangul (and their
    /// iteration and prolonged-sound marks).
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        if isHangul(scalar) { return true }
        return switch scalar.value {
        case 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x303B...0x303C: true  // marks and numerals
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true  // kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: true  // Han
        case 0x20000...0x2FA1F, 0x30000...0x323AF: true  // Han, supplementary planes
        default: false
        }
    }

    /// True for the characters of the scripts that put no spaces between words at all:
    /// Han and kana. Korean is left out: Hangul is indexed in pairs like them, but its
    /// words are spaced, so counting its words by spaces is right.
    public static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        !isHangul(scalar) && contains(scalar)
    }

    /// Hangul: its letters (jamo) and syllables.
    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: true
        default: false
        }
    }

    /// Quick test: does `word` hold any character of these scripts?
    public static func occurs(in word: some StringProtocol) -> Bool {
        word.unicodeScalars.contains { $0.value >= 0x1100 && contains($0) }
    }

    /// True when the last letter of `text` is one of these scripts' characters standing
    /// alone (its neighbour before it is not one of them): such a search term is a
    /// prefix of the pairs that start with it, and backends search it as one.
    public static func endsWithLoneCharacter(_ text: some StringProtocol) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let last = scalars.lastIndex(where: { isLetterOrDigit($0) }), contains(scalars[last]) else { return false }
        return last == 0 || !contains(scalars[last - 1])
    }

    /// The characters full-text tokenizers keep in words: letters, digits and marks
    /// (and private-use characters, as SQLite's tokenizer does).
    public static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }

    /// Cuts one word (a run of letters and digits, as a tokenizer gives it) into the
    /// pieces an index holds: other scripts' letters whole, these scripts' runs as pairs.
    /// `forQuery` leaves out the run's last character, which a search does not need.
    public static func pieces(of word: Substring, forQuery: Bool) -> [Piece] {
        guard occurs(in: word) else { return [Piece(text: word, kind: .word)] }
        var pieces: [Piece] = []
        var runStart: String.Index?
        var otherStart: String.Index?
        var index = word.startIndex
        while index < word.endIndex {
            let scalar = word.unicodeScalars[index]
            let next = word.unicodeScalars.index(after: index)
            if contains(scalar) {
                if let start = otherStart {
                    pieces.append(Piece(text: Substring(word.unicodeScalars[start..<index]), kind: .word))
                    otherStart = nil
                }
                if runStart == nil { runStart = index }
            } else {
                if let start = runStart {
                    appendRun(Substring(word.unicodeScalars[start..<index]), forQuery: forQuery, to: &pieces)
                    runStart = nil
                }
                if otherStart == nil { otherStart = index }
            }
            index = next
        }
        if let start = runStart { appendRun(Substring(word.unicodeScalars[start...]), forQuery: forQuery, to: &pieces) }
        if let start = otherStart { pieces.append(Piece(text: Substring(word.unicodeScalars[start...]), kind: .word)) }
        return pieces
    }

    private static func appendRun(_ run: Substring, forQuery: Bool, to pieces: inout [Piece]) {
        let scalars = run.unicodeScalars
        var first = scalars.startIndex
        var second = scalars.index(after: first)
        guard second < scalars.endIndex else {
            pieces.append(Piece(text: run, kind: .single))
            return
        }
        while second < scalars.endIndex {
            let end = scalars.index(after: second)
            pieces.append(Piece(text: Substring(scalars[first..<end]), kind: .pair))
            first = second
            second = end
        }
        if !forQuery { pieces.append(Piece(text: Substring(scalars[first...]), kind: .lastCharacter)) }
    }
}
