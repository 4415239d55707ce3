/// The start of an article's plain text, as lists and NewsAPI's `content` show it: every run
/// of whitespace made one space, cut after `length` characters, with the length of the
/// whole folded text. It depends only on the text, so stores work it out once, when the
/// article is stored, and answers never touch the whole text again.
public struct TextExcerpt: Sendable, Codable, Hashable {
    /// Characters kept (NewsAPI cuts `content` at about 200).
    public static let length = 200

    /// At most `length` characters of the folded text.
    public var text: String
    /// Characters (grapheme clusters) in the whole folded text: `text`'s own count when the
    /// text was not cut.
    public var characterCount: Int

    public init(text: String, characterCount: Int) {
        self.text = text
        self.characterCount = characterCount
    }

    /// The excerpt of `text`; nil when it has nothing but whitespace.
    ///
    /// Whitespace is what `Character.isWhitespace` says (a character whose first scalar has
    /// Unicode's White_Space property). Most text is read on its UTF-8 bytes: when every
    /// scalar is one that forms a character on its own (ASCII, Latin, Greek, Cyrillic,
    /// general punctuation, CJK ideographs, …), characters are scalars. Anything else
    /// (combining marks, emoji sequences, …) takes the standard library's character walk,
    /// which gives the same answer (the one NewsAPI answers gave before excerpts were
    /// stored) more slowly.
    public init?(of text: String) {
        switch Self.foldedOnScalars(text) {
        case .whole(let excerpt):
            guard excerpt.characterCount > 0 else { return nil }
            self = excerpt
        case .head(let head, let restStart):
            // The words before the first joining scalar's word were read on their bytes;
            // the rest takes the character walk. A character ends where the rest begins
            // (between a scalar that stands alone and white space), so the folded text is
            // the head's, a space, and the rest's.
            let rest = text.utf8.index(text.utf8.startIndex, offsetBy: restStart)
            let restFolded = Self.foldedOnCharacters(text[rest...])
            guard !restFolded.isEmpty else {
                guard head.characterCount > 0 else { return nil }
                self = head
                return
            }
            guard head.characterCount > 0 else {
                self.init(text: String(restFolded.prefix(Self.length)), characterCount: restFolded.count)
                return
            }
            // Counted with the space before it: the space may join what follows it.
            let tail = " " + restFolded
            let kept = head.characterCount >= Self.length
                ? head.text : head.text + String(tail.prefix(Self.length - head.characterCount))
            self.init(text: kept, characterCount: head.characterCount + tail.count)
        }
    }

    /// White space folded the character walk's way. Folded first and counted after: a
    /// space put between two words may join what follows it (a combining mark, a joiner)
    /// into one character.
    private static func foldedOnCharacters(_ text: Substring) -> String {
        text.split(whereSeparator: { isWhitespace($0.unicodeScalars.first) }).joined(separator: " ")
    }

    /// What reading scalar by scalar gives.
    private enum ScalarFold {
        /// The excerpt of the whole text (a zero count means only white space).
        case whole(TextExcerpt)
        /// The excerpt of the text before `restStart` (a UTF-8 offset where a run of white
        /// space after a word begins), past which a scalar may join its neighbours.
        case head(TextExcerpt, restStart: Int)
    }

    /// The excerpt read scalar by scalar, up to the word that holds the first scalar that
    /// may join its neighbours into one character, if there is one.
    private static func foldedOnScalars(_ text: String) -> ScalarFold {
        var text = text
        return text.withUTF8 { bytes -> ScalarFold in
            var kept: [UInt8] = []
            kept.reserveCapacity(min(bytes.count, length * 3))
            var count = 0
            var pendingSpace = false
            // Where the last run of white space after a word began, and what was read by then.
            var lastGap = (offset: 0, count: 0, keptBytes: 0)
            var index = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while index < bytes.count {
                if count >= length {
                    // Past the excerpt only the count is left to make, eight bytes at a time
                    // while they are ASCII with no control character: most of a long text.
                    while index + 8 <= bytes.count {
                        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        guard let chunk = AsciiChunk(word, afterSpace: pendingSpace) else { break }
                        if let gap = chunk.lastGapStart {
                            lastGap = (index + gap.offset, count + gap.charactersBefore, kept.count)
                        }
                        count += chunk.characters
                        pendingSpace = chunk.endsInSpace
                        index += 8
                    }
                    if index >= bytes.count { break }
                }
                let lead = bytes[index]
                var scalar = UInt32(lead)
                var width = 1
                if lead >= 0x80 {
                    // The String is valid UTF-8, so the continuation bytes are there.
                    if lead < 0xE0 {
                        width = 2
                        scalar = (UInt32(lead & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F)
                    } else if lead < 0xF0 {
                        width = 3
                        scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                    } else {
                        width = 4
                        scalar = (UInt32(lead & 0x07) << 18) | (UInt32(bytes[index + 1] & 0x3F) << 12)
                            | (UInt32(bytes[index + 2] & 0x3F) << 6) | UInt32(bytes[index + 3] & 0x3F)
                    }
                    guard standsAlone(scalar) else {
                        let head = TextExcerpt(
                            text: String(decoding: kept[..<lastGap.keptBytes], as: UTF8.self), characterCount: lastGap.count
                        )
                        return .head(head, restStart: lastGap.offset)
                    }
                }
                if isWhitespace(scalar) {
                    if count > 0, !pendingSpace { lastGap = (index, count, kept.count) }
                    pendingSpace = count > 0
                } else {
                    if pendingSpace {
                        if count < length { kept.append(0x20) }
                        count += 1
                        pendingSpace = false
                    }
                    if count < length {
                        kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + width)]))
                    }
                    count += 1
                }
                index += width
            }
            return .whole(TextExcerpt(text: String(decoding: kept, as: UTF8.self), characterCount: count))
        }
    }

    /// Unicode's White_Space property, the test `Character.isWhitespace` makes of a
    /// character's first scalar.
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { isWhitespace($0.value) } ?? false
    }

    /// Scalars whose grapheme-break property is "other" or "control": they never join a
    /// neighbour into one character (no combining marks, joiners, prepended signs, Hangul
    /// jamo, regional indicators, emoji modifiers, variation selectors). Pictographs join
    /// only through such scalars (a joiner, a modifier), which take the slow path. Only CR LF
    /// joins among them, and both are whitespace. Ranges are conservative; a scalar outside
    /// them only means the slow path (stars and arrows in feeds took it before they were in).
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x80..<0x300,          // Latin-1 (with its controls), Latin Extended-A and B, IPA, spacing modifiers
             0x370..<0x483,         // Greek, Cyrillic letters (0x483… are combining)
             0x48A..<0x530,         // the rest of Cyrillic and its supplement
             0x1E00..<0x200B,       // Latin Extended Additional, Greek Extended, spaces (0x200B… are format characters)
             0x2010..<0x2028,       // dashes, quotes, bullets, the ellipsis
             0x202F..<0x2060,       // narrow no-break space, per mille, primes, more punctuation, medium space
             0x20A0..<0x20C1,       // currency signs
             0x2100..<0x2190,       // letterlike symbols, number forms
             0x2190..<0x2C00,       // arrows, mathematical and technical signs, shapes, stars, dingbats
             0x3000..<0x302A,       // ideographic space and CJK punctuation (0x302A… are combining)
             0x3041..<0x3097,       // hiragana (0x3099 and 0x309A are combining)
             0x309B..<0x3100,       // kana marks, katakana
             0x4E00..<0xA000,       // CJK unified ideographs
             0xFF01..<0xFF61,       // full-width forms (0xFF9E and 0xFF9F are combining)
             0x1F000..<0x1F1E6,     // game pieces, enclosed letters (0x1F1E6… are regional indicators)
             0x1F200..<0x1F3FB,     // pictographs (0x1F3FB… are skin-tone modifiers, which join)
             0x1F400..<0x1FB00:     // more pictographs, emoticons, transport signs, symbols
            true
        default:
            false
        }
    }
}
