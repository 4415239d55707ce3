/// One lexical unit of a search text.
enum SearchQueryToken: Equatable {
    case word(String)
    case phrase([String])
    case openParenthesis
    case closeParenthesis
    case and
    case or
    case not
    /// `+` directly before a word, phrase or parenthesis.
    case require
    /// `-` directly before a word, phrase or parenthesis.
    case exclude
}

/// Splits a search text into tokens. Whitespace separates words; `"` and parentheses
/// separate too; `+` and `-` are operators only at the start of a word.
enum SearchQueryTokenizer {
    static func tokens(in text: String) -> [SearchQueryToken] {
        var tokens: [SearchQueryToken] = []
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar.properties.isWhitespace || scalar == "\0" {
                scalars.removeFirst()
            } else if scalar == "(" {
                tokens.append(.openParenthesis)
                scalars.removeFirst()
            } else if scalar == ")" {
                tokens.append(.closeParenthesis)
                scalars.removeFirst()
            } else if scalar == "\"" {
                scalars.removeFirst()
                let closing = scalars.firstIndex(of: "\"") ?? scalars.endIndex
                let words = splitWords(scalars[..<closing])
                tokens.append(.phrase(words))
                scalars = closing == scalars.endIndex ? scalars[closing...] : scalars[scalars.index(after: closing)...]
            } else if (scalar == "+" || scalar == "-"), let next = scalars.dropFirst().first,
                      !next.properties.isWhitespace, next != ")" {
                tokens.append(scalar == "+" ? .require : .exclude)
                scalars.removeFirst()
            } else {
                let end = scalars.firstIndex(where: isWordBoundary) ?? scalars.endIndex
                let word = String(String.UnicodeScalarView(scalars[..<end]))
                scalars = scalars[end...]
                switch word {
                case "AND": tokens.append(.and)
                case "OR": tokens.append(.or)
                case "NOT": tokens.append(.not)
                default:
                    // Punctuation alone (`*`, `:`, a lone `-`) cannot be searched for: no token.
                    if SearchQuery.isSearchable(word) { tokens.append(.word(word)) }
                }
            }
        }
        return tokens
    }

    private static func isWordBoundary(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\0" || scalar == "(" || scalar == ")" || scalar == "\""
    }

    private static func splitWords(_ scalars: Substring.UnicodeScalarView.SubSequence) -> [String] {
        scalars
            .split(whereSeparator: { $0.properties.isWhitespace || $0 == "\0" })
            .map { String(String.UnicodeScalarView($0)) }
            .filter(SearchQuery.isSearchable)
    }
}
