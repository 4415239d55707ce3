import NewsModel

// Interim: the storage branch owns `SearchQuery(parsing:)` in NewsModel. This file is
// deleted when that branch is merged; until then a query is read as words that must all match.
extension SearchQuery {
    init(parsing text: String) throws {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { String($0).lowercased() }
        self = .all(words.map { .term($0) })
    }
}
