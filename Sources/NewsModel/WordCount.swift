/// How many words a text has, for reading times and for comparing an extracted page with
/// its feed: runs of characters between white space, and in Chinese and Japanese, which
/// put no spaces between words, every character (as word processors count them: a
/// character is about a word's reading time, 255 characters a minute in Chinese against
/// 228 words in English in the standard reading tests). Without that a Chinese article
/// of a thousand characters counted as a dozen words, too few for a reading time and too
/// few for the reader view, which refuses a page that says no more than its feed.
///
/// It walks the UTF-8 bytes, decoding a scalar only where a byte is not ASCII: a split over
/// `Character`s looks up grapheme properties for every character, which cost a tenth of
/// `broadsheet extract --summary`, and even a walk over `unicodeScalars` (decoding every
/// one) was 1 % of every article page's CPU.
public enum WordCount {
    public static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8(count)
    }

    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var words = 0
        var inWord = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let value: UInt32
            if lead < 0x80 {
                value = UInt32(lead)
                index += 1
            } else {
                // A Swift string's bytes are valid UTF-8, so a lead byte says how many follow.
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length where index + offset < bytes.count {
                    scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
                }
                value = scalar
                index += length
            }
            if value < 0x80 {
                let isSpace = value == 0x20 || value == 0x0A || value == 0x09 || value == 0x0D || value == 0x0C
                if !isSpace, !inWord { words += 1 }
                inWord = !isSpace
            } else if value >= 0x3005, let scalar = Unicode.Scalar(value), SpacelessScript.isWrittenWithoutSpaces(scalar) {
                words += 1
                inWord = false
            } else if isSpaceOrPunctuation(value) {
                inWord = false
            } else {
                if !inWord { words += 1 }
                inWord = true
            }
        }
        return words
    }

    /// The no-break space, general punctuation (typographic spaces, dashes, quotation
    /// marks), and the ideographic space and punctuation of Chinese and Japanese (、。「」,
    /// fullwidth ！，：): none of them is a word, and a full stop after a Han character must
    /// not count as one.
    private static func isSpaceOrPunctuation(_ value: UInt32) -> Bool {
        switch value {
        case 0xA0, 0x2000...0x206F, 0x3000...0x3004, 0x3008...0x3020, 0x3030, 0x303D...0x303F: true
        case 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: true
        default: false
        }
    }
}
