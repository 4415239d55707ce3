import NewsModel
import Storage

/// A `SearchQuery` turned into a PostgreSQL `tsquery` by code: the tree's shape becomes
/// operators written here (`&`, `|`, `!`, `<->`, weights), and every searched word
/// becomes a lexeme — the server's stem of it, asked for separately — written as a quoted
/// `tsquery` literal. No user text is ever read by PostgreSQL as query syntax.
///
/// Fields are the vector's weights (title A, summary B, text C). A phrase is matched
/// within one field (the phrase is repeated per field, each lexeme restricted to that
/// field's weight), never across the end of the title and the start of the summary.
struct PostgresTextSearch {
    /// The searched pieces, per leaf of the tree, in order.
    private(set) var pieceTexts: [String] = []
    private let query: SearchQuery
    private let weights: String

    init(_ query: SearchQuery, in fields: Set<SearchField>) {
        self.query = query
        let selected = fields.isEmpty ? Set(SearchField.allCases) : fields
        weights = SearchField.allCases.filter(selected.contains).map(Self.weight(of:)).joined()
        collect(query)
    }

    static func weight(of field: SearchField) -> String {
        switch field {
        case .title: "A"
        case .description: "B"
        case .content: "C"
        }
    }

    /// Every piece to ask the server's lexeme of, once each.
    var uniquePieceTexts: [String] {
        var seen = Set<String>()
        return pieceTexts.filter { seen.insert($0).inserted }
    }

    private mutating func collect(_ query: SearchQuery) {
        switch query {
        case .term(let word):
            pieceTexts += PostgresSearchText.queryPieces(of: word).map { String($0.text) }
        case .phrase(let words):
            pieceTexts += PostgresSearchText.queryPieces(of: words.joined(separator: " ")).map { String($0.text) }
        case .all(let parts), .any(let parts):
            for part in parts { collect(part) }
        case .not(let part):
            collect(part)
        }
    }

    /// The `tsquery` text, given each piece's lexemes (in order); nil when no part of the
    /// query holds a word the index knows (such a search matches nothing).
    func tsquery(lexemes: [String: [String]]) -> String? {
        render(query, lexemes: lexemes)
    }

    private func render(_ query: SearchQuery, lexemes: [String: [String]]) -> String? {
        switch query {
        case .term(let word):
            leaf(PostgresSearchText.queryPieces(of: word), lexemes: lexemes)
        case .phrase(let words):
            leaf(PostgresSearchText.queryPieces(of: words.joined(separator: " ")), lexemes: lexemes)
        case .all(let parts):
            group(parts.compactMap { render($0, lexemes: lexemes) }, joinedBy: " & ")
        case .any(let parts):
            group(parts.compactMap { render($0, lexemes: lexemes) }, joinedBy: " | ")
        case .not(let part):
            render(part, lexemes: lexemes).map { "!" + $0 }
        }
    }

    /// A weaker query that every match of `tsquery` also matches and that is cheaper to
    /// test, when the query holds a phrase (or a word cut into several lexemes): phrases
    /// become their lexemes in any order and place, weights go, and a negated part becomes
    /// "anything". A walk tests it first, so only articles holding every word of a phrase
    /// have their positions compared, once per field: in 12,800 articles the phrase of two
    /// words took 7.5 ms, its words alone 4.8. nil when there is no phrase.
    func precheck(lexemes: [String: [String]]) -> String? {
        var hasPhrase = false
        guard case .query(let text) = relaxed(query, lexemes: lexemes, hasPhrase: &hasPhrase), hasPhrase else { return nil }
        return text
    }

    private enum Relaxed {
        /// No word the index knows: the strict query leaves this part out too.
        case absent
        /// Matches every article.
        case anything
        case query(String)

        var text: String? {
            if case .query(let text) = self { text } else { nil }
        }

        var isAnything: Bool {
            if case .anything = self { true } else { false }
        }
    }

    private func relaxed(_ query: SearchQuery, lexemes: [String: [String]], hasPhrase: inout Bool) -> Relaxed {
        switch query {
        case .term(let word):
            return relaxedLeaf(PostgresSearchText.queryPieces(of: word), lexemes: lexemes, hasPhrase: &hasPhrase)
        case .phrase(let words):
            return relaxedLeaf(PostgresSearchText.queryPieces(of: words.joined(separator: " ")), lexemes: lexemes, hasPhrase: &hasPhrase)
        case .all(let parts):
            let relaxedParts = parts.map { relaxed($0, lexemes: lexemes, hasPhrase: &hasPhrase) }
            if let text = group(relaxedParts.compactMap(\.text), joinedBy: " & ") { return .query(text) }
            return relaxedParts.contains(where: \.isAnything) ? .anything : .absent
        case .any(let parts):
            let relaxedParts = parts.map { relaxed($0, lexemes: lexemes, hasPhrase: &hasPhrase) }
            if relaxedParts.contains(where: \.isAnything) { return .anything }
            return group(relaxedParts.compactMap(\.text), joinedBy: " | ").map(Relaxed.query) ?? .absent
        case .not(let part):
            var ignored = false
            if case .absent = relaxed(part, lexemes: lexemes, hasPhrase: &ignored) { return .absent }
            return .anything
        }
    }

    /// A leaf's lexemes, all of them, anywhere, in any field.
    private func relaxedLeaf(_ pieces: [SpacelessScript.Piece], lexemes: [String: [String]], hasPhrase: inout Bool) -> Relaxed {
        var operands: [String] = []
        for (index, piece) in pieces.enumerated() {
            guard let pieceLexemes = lexemes[String(piece.text)], !pieceLexemes.isEmpty else { continue }
            let isLast = index == pieces.count - 1
            for (lexemeIndex, lexeme) in pieceLexemes.enumerated() {
                let isPrefix = piece.kind == .single && isLast && lexemeIndex == pieceLexemes.count - 1
                operands.append(Self.literal(Operand(lexeme: lexeme, isPrefix: isPrefix, distanceToNext: 1), weights: ""))
            }
        }
        guard !operands.isEmpty else { return .absent }
        if operands.count > 1 { hasPhrase = true }
        return .query(operands.count == 1 ? operands[0] : "(" + operands.joined(separator: " & ") + ")")
    }

    private func group(_ parts: [String], joinedBy separator: String) -> String? {
        parts.isEmpty ? nil : "(" + parts.joined(separator: separator) + ")"
    }

    private struct Operand {
        var lexeme: String
        var isPrefix: Bool
        /// Positions from this operand to the next one in the document.
        var distanceToNext: Int
    }

    /// One word or phrase: its lexemes, consecutive; after a run's last pair the next
    /// word sits two positions on (the document holds the run's last character between).
    private func leaf(_ pieces: [SpacelessScript.Piece], lexemes: [String: [String]]) -> String? {
        var operands: [Operand] = []
        for (index, piece) in pieces.enumerated() {
            guard let pieceLexemes = lexemes[String(piece.text)], !pieceLexemes.isEmpty else { continue }
            let isLast = index == pieces.count - 1
            let endsRun = piece.kind == .pair && (isLast || pieces[index + 1].kind != .pair)
            for (lexemeIndex, lexeme) in pieceLexemes.enumerated() {
                let isLastOfPiece = lexemeIndex == pieceLexemes.count - 1
                operands.append(Operand(
                    lexeme: lexeme,
                    isPrefix: piece.kind == .single && isLast && isLastOfPiece,
                    distanceToNext: endsRun && isLastOfPiece ? 2 : 1
                ))
            }
        }
        guard !operands.isEmpty else { return nil }
        if operands.count == 1 {
            let allFields = weights.count == SearchField.allCases.count
            return Self.literal(operands[0], weights: allFields ? "" : weights)
        }
        let perField = weights.map { weight in
            var text = "("
            for (index, operand) in operands.enumerated() {
                text += Self.literal(operand, weights: String(weight))
                if index < operands.count - 1 { text += operand.distanceToNext == 1 ? " <-> " : " <\(operand.distanceToNext)> " }
            }
            return text + ")"
        }
        return perField.count == 1 ? perField[0] : "(" + perField.joined(separator: " | ") + ")"
    }

    /// A quoted lexeme (quotes and backslashes escaped) with its prefix and weight marks.
    private static func literal(_ operand: Operand, weights: String) -> String {
        var text = "'"
        for character in operand.lexeme {
            if character == "'" || character == "\\" { text.append(character) }
            text.append(character)
        }
        text += "'"
        if operand.isPrefix || !weights.isEmpty { text += ":" + (operand.isPrefix ? "*" : "") + weights }
        return text
    }
}
