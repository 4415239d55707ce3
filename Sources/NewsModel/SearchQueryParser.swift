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
