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
