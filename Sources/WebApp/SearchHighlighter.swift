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

    init(query: SearchQuery) {
        var words: Set<String> = []
        Self.collect(query, into: &words)
        self.words = words.filter { $0.count >= Self.minimumWordLength }
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
}
