import NewsModel
import Storage

/// A `SearchQuery` translated to an FTS5 `MATCH` expression.
///
/// No user text is ever FTS5 syntax: every word or phrase becomes one FTS5 string in double
/// quotes, with `"` inside doubled, so `NEAR(`, `title:`, `*`, `AND` or `)` are just words
/// for the tokenizer. Only this type writes the operators, parentheses and column filter.
///
/// FTS5 has no unary NOT (`NOT x` alone is a syntax error), so the translation tracks
/// polarity: every query becomes either "rows that match E" or "rows that do not match E"
/// for a positive FTS5 expression E, using
/// `a AND NOT b = a NOT b`, `NOT a AND NOT b = NOT (a OR b)` and
/// `a OR NOT b = NOT (b NOT a)`. The store turns an excluding search into
/// `id NOT IN (SELECT rowid … MATCH E)`, which handles a query such as `-crypto`.
struct FullTextSearch: Hashable {
    enum Polarity: Hashable {
        /// The rows that match `expression`.
        case matching
        /// The rows that do not match `expression`.
        case excluding
    }

    /// The FTS5 expression, bound as a parameter to `MATCH`.
    let expression: String
    let polarity: Polarity

    /// The FTS5 column each field searches.
    static func column(for field: SearchField) -> String {
        switch field {
        case .title: "title"
        case .description: "summary"
        case .content: "content_text"
        }
    }

    /// nil when the query holds no searchable word (for example only `*`): such a search
    /// matches nothing.
    init?(_ query: SearchQuery, in fields: Set<SearchField>) {
        guard let translated = Self.translate(query) else { return nil }
        let selectedFields = fields.isEmpty ? Set(SearchField.allCases) : fields
        if selectedFields.count < SearchField.allCases.count {
            let columns = SearchField.allCases.filter(selectedFields.contains).map(Self.column(for:))
            expression = "{\(columns.joined(separator: " "))} : (\(translated.expression))"
        } else {
            expression = translated.expression
        }
        polarity = translated.polarity
    }

    /// The rows that match `query` in `fields` and `titleQuery` in the title (NewsAPI's `q`
    /// with `searchIn`, and `qInTitle`); either may be absent, not both. nil when either
    /// holds no searchable word: it matches nothing, so neither does the whole.
    init?(_ query: SearchQuery?, in fields: Set<SearchField>, titleQuery: SearchQuery?) {
        var parts: [FullTextSearch] = []
        if let query {
            guard let translated = FullTextSearch(query, in: fields) else { return nil }
            parts.append(translated)
        }
        if let titleQuery {
            guard let translated = FullTextSearch(titleQuery, in: [.title]) else { return nil }
            parts.append(translated)
        }
        guard let combined = Self.conjunction(parts) else { return nil }
        self = combined
    }

    init(expression: String, polarity: Polarity) {
        self.expression = expression
        self.polarity = polarity
    }

    /// One FTS5 string: the text in double quotes, inner quotes doubled. NUL characters
    /// are replaced because C strings end there.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\"\""
            case "\0": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// FTS5's prefix mark for a search ending in a lone Chinese, Japanese or Korean
    /// character, which the index holds only as the first of a pair (`SpacelessScript`).
    private static func prefixMark(_ text: String) -> String {
        SpacelessScript.endsWithLoneCharacter(text) ? " *" : ""
    }

    private static func translate(_ query: SearchQuery) -> FullTextSearch? {
        switch query {
        case .term(let word):
            guard SearchQuery.isSearchable(word) else { return nil }
            return FullTextSearch(expression: quoted(word) + prefixMark(word), polarity: .matching)
        case .phrase(let words):
            let searchable = words.filter(SearchQuery.isSearchable)
            guard !searchable.isEmpty else { return nil }
            let text = searchable.joined(separator: " ")
            return FullTextSearch(expression: quoted(text) + prefixMark(text), polarity: .matching)
        case .not(let inner):
            guard let translated = translate(inner) else { return nil }
            return FullTextSearch(expression: translated.expression, polarity: translated.polarity == .matching ? .excluding : .matching)
        case .all(let parts):
            return conjunction(parts.compactMap(translate))
        case .any(let parts):
            let (matching, excluding) = split(parts)
            if matching.isEmpty && excluding.isEmpty { return nil }
            if excluding.isEmpty {
                return FullTextSearch(expression: group(matching, joinedBy: "OR"), polarity: .matching)
            }
            // a OR NOT c OR NOT d = NOT ((c AND d) NOT (a))
            var expression = group(excluding, joinedBy: "AND")
            if !matching.isEmpty { expression += " NOT " + group(matching, joinedBy: "OR") }
            return FullTextSearch(expression: expression, polarity: .excluding)
        }
    }

    /// The rows every part selects; nil without parts.
    private static func conjunction(_ parts: [FullTextSearch]) -> FullTextSearch? {
        let (matching, excluding) = split(parts)
        if matching.isEmpty && excluding.isEmpty { return nil }
        if matching.isEmpty {
            // NOT a AND NOT b = NOT (a OR b)
            return FullTextSearch(expression: group(excluding, joinedBy: "OR"), polarity: .excluding)
        }
        // a AND b AND NOT c AND NOT d = (a AND b) NOT (c) NOT (d)
        let expression = excluding.reduce(group(matching, joinedBy: "AND")) { $0 + " NOT (\($1))" }
        return FullTextSearch(expression: expression, polarity: .matching)
    }

    private static func split(_ parts: [SearchQuery]) -> (matching: [String], excluding: [String]) {
        split(parts.compactMap(translate))
    }

    private static func split(_ parts: [FullTextSearch]) -> (matching: [String], excluding: [String]) {
        var matching: [String] = []
        var excluding: [String] = []
        for translated in parts {
            switch translated.polarity {
            case .matching: matching.append(translated.expression)
            case .excluding: excluding.append(translated.expression)
            }
        }
        return (matching, excluding)
    }

    private static func group(_ expressions: [String], joinedBy keyword: String) -> String {
        "(" + expressions.map { "(\($0))" }.joined(separator: " \(keyword) ") + ")"
    }
}
