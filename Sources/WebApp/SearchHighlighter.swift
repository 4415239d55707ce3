import Foundation
import NewsModel

/// Marks the searched words in a result's title and summary, so a person sees why it
/// matched. The store stems words ("markets" finds "market"), so a word counts as matching
/// when it is a searched word or a searched word plus a short ending; words under `NOT`
/// or `-` are never marked.
struct SearchHighlighter: Sendable {
    /// The searched words, lower-cased and without diacritics.
    let words: Set<String>

    /// Letters an ending may add to a searched word and still be its form ("s", "es", "ing").
    static let maximumEndingLength = 3
    /// Words shorter than this are not marked on their own: "a" would light up everything.
    static let minimumWordLength = 2

    /// `words` as UTF-8, for the scan of ASCII text.
    private let wordBytes: [[UInt8]]

    init(query: SearchQuery) {
        var words: Set<String> = []
        Self.collect(query, into: &words)
        self.words = words.filter { $0.count >= Self.minimumWordLength }
        wordBytes = self.words.map { Array($0.utf8) }
    }

    private static func collect(_ query: SearchQuery, into words: inout Set<String>) {
        switch query {
        case .term(let word): words.insert(folded(word))
        case .phrase(let phrase): words.formUnion(phrase.map(folded))
        case .all(let parts), .any(let parts): parts.forEach { collect($0, into: &words) }
        case .not: break
        }
    }

    static func folded(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `text` escaped, with each matching word in `<mark>`.
    func html(_ text: String) -> HTML {
        var result = HTML.empty
        var plainStart = text.startIndex
        for match in matches(in: text) {
            result += HTML(escaping: String(text[plainStart..<match.lowerBound]))
            result += "<mark>\(String(text[match]))</mark>"
            plainStart = match.upperBound
        }
        result += HTML(escaping: String(text[plainStart...]))
        return result
    }

    /// Whether any searched word appears in `text`.
    func marks(_ text: String) -> Bool {
        firstMatch(in: text) != nil
    }

    /// About `length` characters of `text` around its first searched word, with "…" where
    /// it was cut: shown when the title and summary do not say why an article matched.
    func excerpt(of text: String, length: Int = 240) -> String? {
        guard let match = firstMatch(in: text) else { return nil }
        let lead = length / 4
        var start = text.index(match.lowerBound, offsetBy: -lead, limitedBy: text.startIndex) ?? text.startIndex
        // Start on a word boundary.
        if start > text.startIndex {
            while start < match.lowerBound, !text[start].isWhitespace { start = text.index(after: start) }
        }
        let end = text.index(start, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
        // Blocks of the plain text are lines; on one line they would run together
        // ("warmth in the water Two years ago"), so a dot marks where one ends.
        var excerpt = text[start..<end].split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " · ")
        if start > text.startIndex { excerpt = "…" + excerpt }
        if end < text.endIndex { excerpt += "…" }
        return excerpt
    }

    private func firstMatch(in text: String) -> Range<String.Index>? {
        matches(in: text, limit: 1).first
    }

    /// The ranges of the words in `text` that match, in order (at most `limit`).
    private func matches(in text: String, limit: Int = .max) -> [Range<String.Index>] {
        guard !words.isEmpty else { return [] }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiMatches(in: text, limit: limit) }
        var found: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex, found.count < limit {
            guard Self.isWordCharacter(text[index]) else {
                index = text.index(after: index)
                continue
            }
            var end = index
            while end < text.endIndex, Self.isWordCharacter(text[end]) { end = text.index(after: end) }
            if matches(Self.folded(String(text[index..<end]))) { found.append(index..<end) }
            index = end
        }
        return found
    }

    private func matches(_ word: String) -> Bool {
        if words.contains(word) { return true }
        for searched in words where word.count > searched.count && word.count - searched.count <= Self.maximumEndingLength
            && word.hasPrefix(searched) {
            return true
        }
        return false
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// `matches(in:limit:)` for ASCII text, on its bytes: there the letters and digits are
    /// `[A-Za-z0-9]`, each byte is a character, and folding a word is lower-casing it. Search
    /// pages mark words in every listed title, summary and text, and the general way (a
    /// Foundation folding per word of the text) cost most of the page's time.
    private func asciiMatches(in text: String, limit: Int) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        let utf8 = text.utf8
        let bytes = Array(utf8)
        var word: [UInt8] = []
        var index = 0
        while index < bytes.count, found.count < limit {
            guard Self.isASCIIWordByte(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            word.removeAll(keepingCapacity: true)
            while end < bytes.count, Self.isASCIIWordByte(bytes[end]) {
                let byte = bytes[end]
                word.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                end += 1
            }
            if matchesFolded(word) {
                found.append(utf8.index(utf8.startIndex, offsetBy: index)..<utf8.index(utf8.startIndex, offsetBy: end))
            }
            index = end
        }
        return found
    }

    /// `matches(_:)` for a folded ASCII word given as bytes (each byte a character).
    private func matchesFolded(_ word: [UInt8]) -> Bool {
        for searched in wordBytes where word.count >= searched.count && word.count - searched.count <= Self.maximumEndingLength {
            if word.starts(with: searched) { return true }
        }
        return false
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
