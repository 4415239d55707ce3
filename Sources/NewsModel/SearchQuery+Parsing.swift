/// Why a search text (NewsAPI's `q`) was refused, in words a person can act on.
public enum SearchQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is longer than `SearchQuery.maximumLength` characters.
    case tooLong(length: Int)
    /// Parentheses are nested deeper than `SearchQuery.maximumNestingDepth`.
    case nestedTooDeep

    public var description: String {
        switch self {
        case .tooLong(let length):
            "The search is \(length) characters long; shorten it to at most \(SearchQuery.maximumLength) characters."
        case .nestedTooDeep:
            "The search nests parentheses more than \(SearchQuery.maximumNestingDepth) deep; remove some parentheses."
        }
    }
}

extension SearchQuery {
    /// The longest search text accepted, in characters (NewsAPI's limit for `q`).
    public static let maximumLength = 500
    /// How deep parentheses may nest.
    public static let maximumNestingDepth = 16

    /// Parses NewsAPI's `q` syntax: words; `"exact phrase"`; `+must` and `-mustnot`;
    /// the upper-case keywords `AND`, `OR` and `NOT`; parentheses. Words side by side
    /// must all match (an implicit `AND`). `NOT` binds tighter than `AND`, which binds
    /// tighter than `OR`.
    ///
    /// Any text shorter than the limit parses; malformed parts are read leniently, never refused:
    /// - an unclosed `"` runs to the end of the text;
    /// - an unclosed `(` closes at the end of the text; a `)` with no `(` is ignored;
    /// - an operator with nothing to apply to (`AND` at either end, `a OR OR b`, a lone `-`)
    ///   is ignored;
    /// - `+` and `-` inside a word (`e-mail`, `c++`) are part of the word;
    /// - a word of punctuation alone (`*`, `:`) is dropped, since no index can find it.
    ///
    /// Text without any searchable word parses to an empty `.all([])`; `isEmpty` tells.
    /// Throws `SearchQueryError` only for text over `maximumLength` characters and for
    /// parentheses nested deeper than `maximumNestingDepth`.
    public init(parsing text: String) throws(SearchQueryError) {
        let length = Self.characterCount(of: text, upTo: Self.maximumLength + 1)
        if length > Self.maximumLength {
            throw .tooLong(length: text.count)
        }
        var parser = SearchQueryParser(tokens: SearchQueryTokenizer.tokens(in: text))
        self = try parser.parseQuery()
    }

    /// True when the query has no word or phrase to look for (for example `()` or `-`).
    public var isEmpty: Bool {
        switch self {
        case .term(let word): !Self.isSearchable(word)
        case .phrase(let words): !words.contains(where: Self.isSearchable)
        case .all(let parts), .any(let parts): parts.allSatisfy(\.isEmpty)
        case .not(let part): part.isEmpty
        }
    }

    /// True when a word holds at least one letter, digit or private-use character: the
    /// characters full-text indexes keep. Backends skip words for which this is false,
    /// since they cannot match anything.
    public static func isSearchable(_ word: String) -> Bool {
        word.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                true
            default:
                false
            }
        }
    }

    /// Counts characters but stops at `limit`, so a megabyte of hostile text costs little.
    private static func characterCount(of text: String, upTo limit: Int) -> Int {
        if text.utf8.count <= limit { return text.count }
        var count = 0
        for _ in text {
            count += 1
            if count >= limit { break }
        }
        return count
    }
}

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

/// A recursive-descent parser over the tokens, with the grammar
/// `or := and ("OR" and)*`, `and := unary (["AND"] unary)*`,
/// `unary := ("NOT" | "-" | "+") unary | primary`, `primary := word | phrase | "(" or ")"`.
/// Recursion is bounded: parentheses by `maximumNestingDepth`, prefix operators by folding
/// them in a loop.
struct SearchQueryParser {
    private let tokens: [SearchQueryToken]
    private var position = 0
    private var depth = 0

    init(tokens: [SearchQueryToken]) {
        self.tokens = tokens
    }

    mutating func parseQuery() throws(SearchQueryError) -> SearchQuery {
        var parts: [SearchQuery] = []
        while position < tokens.count {
            if tokens[position] == .closeParenthesis {
                // A `)` without its `(`: ignored.
                position += 1
                continue
            }
            if let part = try parseOr() { parts.append(part) }
        }
        return Self.combine(parts, all: true) ?? .all([])
    }

    private var current: SearchQueryToken? {
        position < tokens.count ? tokens[position] : nil
    }

    private mutating func parseOr() throws(SearchQueryError) -> SearchQuery? {
        var alternatives: [SearchQuery] = []
        if let first = try parseAnd() { alternatives.append(first) }
        while current == .or {
            position += 1
            if let next = try parseAnd() { alternatives.append(next) }
        }
        return Self.combine(alternatives, all: false)
    }

    private mutating func parseAnd() throws(SearchQueryError) -> SearchQuery? {
        var required: [SearchQuery] = []
        while let token = current {
            switch token {
            case .or, .closeParenthesis:
                return Self.combine(required, all: true)
            case .and:
                position += 1
            default:
                if let part = try parseUnary() { required.append(part) }
            }
        }
        return Self.combine(required, all: true)
    }

    private mutating func parseUnary() throws(SearchQueryError) -> SearchQuery? {
        var negated = false
        while let token = current, token == .not || token == .exclude || token == .require {
            if token != .require { negated.toggle() }
            position += 1
        }
        guard let operand = try parsePrimary() else { return nil }
        return negated ? .not(operand) : operand
    }

    private mutating func parsePrimary() throws(SearchQueryError) -> SearchQuery? {
        guard let token = current else { return nil }
        switch token {
        case .word(let word):
            position += 1
            return .term(word)
        case .phrase(let words):
            position += 1
            if words.isEmpty { return nil }
            return words.count == 1 ? .term(words[0]) : .phrase(words)
        case .openParenthesis:
            position += 1
            depth += 1
            if depth > SearchQuery.maximumNestingDepth { throw .nestedTooDeep }
            let inner = try parseOr()
            if current == .closeParenthesis { position += 1 }
            depth -= 1
            return inner
        case .and, .or, .closeParenthesis, .not, .exclude, .require:
            // An operator where an operand belongs: the caller skips it.
            return nil
        }
    }

    /// One part stays itself; nested lists of the same kind are flattened.
    private static func combine(_ parts: [SearchQuery], all: Bool) -> SearchQuery? {
        var flattened: [SearchQuery] = []
        for part in parts {
            switch (part, all) {
            case (.all(let inner), true), (.any(let inner), false): flattened.append(contentsOf: inner)
            default: flattened.append(part)
            }
        }
        switch flattened.count {
        case 0: return nil
        case 1: return flattened[0]
        default: return all ? .all(flattened) : .any(flattened)
        }
    }
}
