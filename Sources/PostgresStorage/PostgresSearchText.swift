import Foundation
import NewsModel
import Storage

/// Text as the PostgreSQL search index reads it, prepared here rather than by the server
/// so that it does not depend on the server's locale or extensions: lower-cased, accents
/// of Latin, Greek and Cyrillic letters removed (SQLite's `remove_diacritics`), cut into
/// words of letters and digits separated by single spaces, with Chinese, Japanese and
/// Korean runs cut into pairs of characters (`SpacelessScript`). Searched words go
/// through the same steps (`PostgresTextSearch`), so both sides agree.
enum PostgresSearchText {
    /// The most UTF-8 bytes of one field that are indexed: PostgreSQL refuses a search
    /// vector over 1 MB, and a refresh must never fail on a long article.
    static let titleLimit = 8_192
    static let summaryLimit = 131_072
    static let contentLimit = 524_288

    /// The words of a field's text, spaced, with a run's last character after its pairs.
    static func document(_ text: String?, limit: Int) -> String {
        guard let text, !text.isEmpty else { return "" }
        var result = ""
        result.reserveCapacity(min(text.utf8.count, limit) + 16)
        for word in words(in: fold(text)) {
            for piece in SpacelessScript.pieces(of: word, forQuery: false) {
                if result.utf8.count + piece.text.utf8.count + 1 > limit { return result }
                if !result.isEmpty { result.append(" ") }
                result.append(contentsOf: piece.text)
            }
        }
        return result
    }

    /// The pieces a searched word (or several, for a phrase) stands for, in order.
    static func queryPieces(of text: String) -> [SpacelessScript.Piece] {
        words(in: fold(text)).flatMap { SpacelessScript.pieces(of: $0, forQuery: true) }
    }

    /// Lower-cased, without the accents of Latin, Greek and Cyrillic letters (other
    /// scripts keep their marks: a Japanese voicing mark changes the word).
    static func fold(_ text: String) -> String {
        let lowered = text.lowercased()
        guard !lowered.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered }
        var kept = String.UnicodeScalarView()
        var previousBase: UInt32 = 0
        for scalar in lowered.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark {
                let accentsLetter = previousBase < 0x0530 || (0x1E00...0x1FFF).contains(previousBase)
                if accentsLetter { continue }
            } else {
                previousBase = scalar.value
            }
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Runs of letters and digits; everything else separates words.
    static func words(in text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            let isWordScalar = SpacelessScript.isLetterOrDigit(text.unicodeScalars[index])
            if isWordScalar, start == nil { start = index }
            if !isWordScalar, let wordStart = start {
                words.append(Substring(text.unicodeScalars[wordStart..<index]))
                start = nil
            }
            index = text.unicodeScalars.index(after: index)
        }
        if let wordStart = start { words.append(Substring(text.unicodeScalars[wordStart...])) }
        return words
    }
}
