import GRDB

/// A page of a search's matches, newest first, without sorting every match.
///
/// The plain way (join the search index to the articles, sort all matches by date, keep a
/// page) costs a row lookup per match: a word found in a quarter of a million articles
/// took a second. Article ids grow as articles arrive, and arrival follows publication
/// closely, so the index's own order (by id, newest last) nearly gives the answer:
///
/// 1. Read the index's matches from the highest id down, in growing chunks, and keep those
///    that pass the other filters, until `offset + limit` are in hand (or the index has no
///    more; then they are all the matches and sorting them is the answer).
/// 2. Every match not read has an id below the lowest read (`floor`). One could still be
///    newer than the `offset + limit`-th kept one (`threshold`): an article whose date came
///    late or was changed. Those are found by walking the articles newer than the threshold
///    by date (an index range) and checking the few with an id below the floor against the
///    index and the filters.
/// 3. The kept ones and any found in step 2, sorted by date, give the page: exactly the page
///    the plain way gives.
///
/// Step 2 walks as many articles as were published since the threshold: few for a common
/// word. When that walk would be long (a word whose matches are all old), the plain way is
/// used instead (`nil`).
struct NewestMatches {
    let statement: ArticleQueryStatement
    let expression: String

    /// Articles walked in step 2 before giving up for the plain way.
    static let walkLimit = 50_000

    /// The ids of matches `offset ..< offset + limit`, newest first; nil when the plain way
    /// is the better one.
    func ids(offset: Int, limit: Int, in db: Database) throws -> [Int64]? {
        let needed = offset + limit
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
        if !exhausted, kept.count >= needed {
            guard let intruders = try newerBelowFloor(than: kept[needed - 1], floor: floor, in: db) else { return nil }
            if !intruders.isEmpty {
                kept += intruders
                kept.sort(by: Candidate.newerFirst)
            }
        }
        guard offset < kept.count else { return [] }
        return kept[offset..<min(kept.count, needed)].map(\.id)
    }

    struct Candidate {
        var id: Int64
        var publishedAt: Int64

        /// The lists' order: newest first, the later stored first among equal dates.
        static func newerFirst(_ first: Candidate, _ second: Candidate) -> Bool {
            first.publishedAt != second.publishedAt ? first.publishedAt > second.publishedAt : first.id > second.id
        }
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

    /// Matches with an id below `floor` and newer than `threshold` (step 2); nil when more
    /// than `walkLimit` articles are newer than the threshold.
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
            if candidate.id < floor { belowFloor.append(candidate.id) }
        }
        guard !belowFloor.isEmpty else { return [] }
        let matching = try belowFloor.filter { id in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM articles_search WHERE articles_search MATCH ? AND rowid = ?)"),
                arguments: [expression, id]
            ) ?? false
        }
        return try passingFilters(matching, in: db)
    }
}
