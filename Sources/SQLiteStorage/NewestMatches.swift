import Foundation
import GRDB

/// A page of a search's matches, newest first, without sorting every match.
///
/// The plain way (join the search index to the articles, sort every match by date, keep a
/// page) costs a row lookup per match: a word found in a quarter of a million articles
/// took a second. Two ways avoid it when a search matches many articles; both give exactly
/// the plain way's page, and each gives up (for the next, and last for the plain way)
/// when the library does not suit it.
///
/// **By the index's order.** Article ids grow as articles arrive, and new articles are
/// mostly the newest, so the index's own order (by id) nearly gives the answer:
/// 1. Read the index's matches from the highest id down, in growing chunks, keeping those
///    that pass the other filters, until `offset + limit` are in hand (or there are no more:
///    then sorting them is the answer).
/// 2. Every match not read has an id below the lowest read (`floor`); one could still be
///    newer than the `offset + limit`-th kept one (`threshold`), an article whose date came
///    late or was changed. Walking the articles newer than the threshold by date (an index
///    range) finds every such id; the few below the floor are checked against the index.
///    Many of them (a library just imported, where ids follow feeds rather than dates)
///    means this way does not suit: give up.
///
/// **By date.** Walk the articles passing the filters newest first (the date index) and
/// ask the search index about each until `offset + limit` match. It reads about
/// `(offset + limit) / share` articles, where `share` is the part of the library that
/// matches, so it is only tried for searches matching a good share (`isDense`).
struct NewestMatches {
    let statement: ArticleQueryStatement
    let expression: String

    /// Articles walked in step 2 of the index's order before giving up.
    static let walkLimit = 50_000
    /// Ids below the floor checked in step 2 before giving up.
    static let belowFloorLimit = 32

    /// The ids of matches `offset ..< offset + limit`, newest first; nil when the plain way
    /// is the better one. `matchCount` is the (capped) count of matches, `articleCount` about
    /// how many articles the library holds.
    func ids(offset: Int, limit: Int, matchCount: Int, articleCount: Int, in db: Database) throws -> [Int64]? {
        let needed = offset + limit
        if let ids = try byIndexOrder(offset: offset, needed: needed, in: db) { return ids }
        guard Self.isDense(matchCount: matchCount, needed: needed, articleCount: articleCount) else { return nil }
        return try byDate(offset: offset, needed: needed, matchCount: matchCount, articleCount: articleCount, in: db)
    }

    /// True when walking by date should find the page sooner than the plain way sorts all
    /// matches: it reads `needed × articles / matches` articles (each a question to the
    /// search index) where the plain way reads every match.
    static func isDense(matchCount: Int, needed: Int, articleCount: Int) -> Bool {
        guard matchCount > 0 else { return false }
        return Double(matchCount) * Double(matchCount) > 4 * Double(needed) * Double(max(articleCount, 1))
    }

    struct Candidate {
        var id: Int64
        var publishedAt: Int64

        /// The lists' order: newest first, the later stored first among equal dates.
        static func newerFirst(_ first: Candidate, _ second: Candidate) -> Bool {
            first.publishedAt != second.publishedAt ? first.publishedAt > second.publishedAt : first.id > second.id
        }
    }

    // MARK: By the index's order

    private func byIndexOrder(offset: Int, needed: Int, in db: Database) throws -> [Int64]? {
        var kept: [Candidate] = []
        var floor = Int64.max
        var chunk = max(64, 2 * needed)
        var exhausted = false
        while kept.count < needed {
            let rowids = try Int64.fetchAll(
                db.cachedStatement(sql: """
                    SELECT rowid FROM articles_search WHERE articles_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?
                    """),
                arguments: [expression, floor, chunk]
            )
            if let lowest = rowids.last { floor = lowest }
            kept += try passingFilters(rowids, in: db)
            if rowids.count < chunk {
                exhausted = true
                break
            }
            chunk = min(chunk * 2, 20_000)
        }
        kept.sort(by: Candidate.newerFirst)
        if !exhausted {
            guard let intruders = try newerBelowFloor(than: kept[needed - 1], floor: floor, in: db) else { return nil }
            if !intruders.isEmpty {
                kept += intruders
                kept.sort(by: Candidate.newerFirst)
            }
        }
        guard offset < kept.count else { return [] }
        return kept[offset..<min(kept.count, needed)].map(\.id)
    }

    /// Those of `ids` that pass the query's other filters, with their dates.
    private func passingFilters(_ ids: [Int64], in db: Database) throws -> [Candidate] {
        guard !ids.isEmpty else { return [] }
        let conditions = (["a.id IN \(SQLiteStore.idList)"] + statement.filterConditions).joined(separator: " AND ")
        return try db.rows(
            "SELECT a.id, a.published_at \(statement.filterFrom) WHERE \(conditions)",
            arguments: [SQLiteStore.jsonArray(ids)] + statement.filterArguments
        ) { row in Candidate(id: try row.decode(Int64.self, atIndex: 0), publishedAt: try row.decode(Int64.self, atIndex: 1)) }
    }

    /// Matches with an id below `floor` and newer than `threshold`; nil when this way does
    /// not suit (too many articles to walk, or too many below the floor).
    private func newerBelowFloor(than threshold: Candidate, floor: Int64, in db: Database) throws -> [Candidate]? {
        let newer = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT id, published_at FROM articles INDEXED BY articles_by_published_at
                WHERE published_at >= ? ORDER BY published_at DESC, id DESC
                """),
            arguments: [threshold.publishedAt]
        )
        var belowFloor: [Int64] = []
        var walked = 0
        while let row = try newer.next() {
            let candidate = Candidate(id: try row.decode(Int64.self, atIndex: 0), publishedAt: try row.decode(Int64.self, atIndex: 1))
            guard Candidate.newerFirst(candidate, threshold) else { break }
            walked += 1
            if walked > Self.walkLimit { return nil }
            if candidate.id < floor {
                belowFloor.append(candidate.id)
                if belowFloor.count > Self.belowFloorLimit { return nil }
            }
        }
        return try passingFilters(try belowFloor.filter { try matches($0, in: db) }, in: db)
    }

    /// Whether the article `id` matches the search (one step into the index's lists).
    private func matches(_ id: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM articles_search WHERE articles_search MATCH ? AND rowid = ?)"),
            arguments: [expression, id]
        ) ?? false
    }

    // MARK: By date

    /// Nil when far more articles had to be asked about than the share of matches promised
    /// (matches bunched in the past): the plain way is then the better one.
    private func byDate(offset: Int, needed: Int, matchCount: Int, articleCount: Int, in db: Database) throws -> [Int64]? {
        let expected = Double(needed) * Double(max(articleCount, 1)) / Double(max(matchCount, 1))
        let questionLimit = Int(min(8 * expected + 1_000, 1_000_000))
        let from = statement.filterFrom.replacingOccurrences(
            of: "FROM articles a", with: "FROM articles a INDEXED BY articles_by_published_at", options: [.anchored]
        )
        let conditions = statement.filterConditions.isEmpty ? "" : "WHERE " + statement.filterConditions.joined(separator: " AND ")
        let newestFirst = try Int64.fetchCursor(
            db.cachedStatement(sql: "SELECT a.id \(from) \(conditions) ORDER BY a.published_at DESC, a.id DESC"),
            arguments: statement.filterArguments
        )
        var found: [Int64] = []
        var questions = 0
        while found.count < needed, let id = try newestFirst.next() {
            questions += 1
            if questions > questionLimit { return nil }
            if try matches(id, in: db) { found.append(id) }
        }
        guard offset < found.count else { return [] }
        return Array(found[offset...])
    }
}
