/// Eight bytes of text read at once by `TextExcerpt`, when every one is a printable ASCII
/// character or a space (0x20…0x7F): what they add to the folded text's count, read as
/// the scalar walk reads them (a run of spaces is one space, counted when a word follows).
struct AsciiChunk {
    /// Characters the eight bytes add: their non-space bytes, and one space before each word
    /// that follows spaces (also spaces before the chunk, `afterSpace`).
    var characters: Int
    /// Whether the last byte is a space (a space is pending when the next word comes).
    var endsInSpace: Bool
    /// The last run of spaces that starts after a word inside the chunk: its byte offset in
    /// the chunk, and the characters the chunk had added before it.
    var lastGapStart: (offset: Int, charactersBefore: Int)?

    /// Each byte's high bit (byte k of the little-endian word is bits 8k…8k+7).
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    /// Added to a byte below 0x80, it carries into the high bit exactly when the byte is
    /// 0x21 or more; 0x60 does when it is 0x20 or more.
    private static let fromExclamationMark: UInt64 = 0x5F5F_5F5F_5F5F_5F5F
    private static let fromSpace: UInt64 = 0x6060_6060_6060_6060

    /// Nil when a byte is outside ASCII or below the space (a control or other white space):
    /// those take the scalar walk.
    init?(_ word: UInt64, afterSpace: Bool) {
        guard word & Self.highBits == 0, (word &+ Self.fromSpace) & Self.highBits == Self.highBits else { return nil }
        let printable = (word &+ Self.fromExclamationMark) & Self.highBits
        let spaces = ~printable & Self.highBits
        let carried: UInt64 = 0x80
        let afterSpaces = (spaces << 8) | (afterSpace ? carried : 0)
        let afterWords = (printable << 8) | (afterSpace ? 0 : carried)
        let wordStarts = printable & afterSpaces
        characters = printable.nonzeroBitCount + wordStarts.nonzeroBitCount
        endsInSpace = spaces >> 63 != 0
        let gapStarts = spaces & afterWords
        if gapStarts != 0 {
            let bit = UInt64.bitWidth - 1 - gapStarts.leadingZeroBitCount
            let before: UInt64 = (1 << UInt64(bit - 7)) - 1
            lastGapStart = (bit / 8, (printable & before).nonzeroBitCount + (wordStarts & before).nonzeroBitCount)
        } else {
            lastGapStart = nil
        }
    }
}
