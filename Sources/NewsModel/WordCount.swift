/// How many words a text has, for reading times and for comparing an extracted page with
/// its feed: runs of bytes between ASCII white space, counted on the UTF-8 bytes. A split
/// over `Character`s looks up Unicode properties for every character, which cost a tenth of
/// `broadsheet extract --summary` and a few percent of every article page.
public enum WordCount {
    public static func of(_ text: String) -> Int {
        var words = 0
        var inWord = false
        for byte in text.utf8 {
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
            if !isSpace, !inWord { words += 1 }
            inWord = !isSpace
        }
        return words
    }
}
