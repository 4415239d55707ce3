import Foundation
import GRDB

/// A page of a search's matches, newest first, without sorting every match.
///
/// The plain way (join the search index to the articles, sort every match by date, keep a
/// page) costs a row lookup per match: a word found in a quarter of a million articles
/// took a second. This way walks the articles newest first (the date index, with the
/// query's other filters) and keeps those the search matches, until it has the page. To
/// know whether an article matches, it reads the search index's matches from the highest
/// id down into a set, in growing chunks: ids grow as articles arrive, so the newest
/// articles' ids are mostly among the first read. An article with an id below the lowest
/// read either makes it read further (until `readLimit` ids are read; past that, or once
/// every match is read, the set answers alone) or, past the limit, is looked up in the
/// index by itself (at most `lookupLimit` times).
///
/// The walk reads about `(offset + limit) × articles / matches` articles, so it is used
/// when that is small, and smaller than the plain way's work for the matches
/// (`walkEstimate`); it gives up (the caller then takes the plain way)
/// when it reads far more than that, or needs too many lookups. Either way the page is the
/// plain way's, article for article.
struct NewestMatches {
    let statement: ArticleQueryStatement
    let expression: String

    /// Matches read into the set before single lookups take over.
    var readLimit = 50_000
    /// Single lookups (each walks the index's lists for one id) before giving up.
    var lookupLimit = 200
    /// The longest walk worth starting.
    static let walkLimit = 50_000
    /// How far a search's matches are counted to choose between the walk and the sort,
    /// whatever `totalResults` reports: at a million articles, a page of 100 is walked when
    /// a word is in at least 2,000 of them, and the count must reach past that to tell.
    static let planningCount = 10_000

    /// How far a search's matches must be counted to choose between the walk and the sort
    /// for a page ending at `needed`: the smallest count at which `walkEstimate` walks
    /// (denser searches walk too, each reading fewer articles, so a count past it changes
    /// nothing), and never past `planningCount`. A phrase of two common words was counted to
    /// 10,000 matches to learn what 2,237 already told, at a million articles and a page of
    /// 20: 23 ms, two thirds of them counting.
    static func planningCount(needed: Int, articleCount: Int) -> Int {
        let steps = Double(max(needed, 0)) * Double(max(articleCount, 1))
        // The two bounds of `walkEstimate`, solved for the count; past the fixed count's
        // reach, counting further could not make the walk worth it.
        let lowest = max(steps / Double(walkLimit), (steps / walkStepsPerSortedMatch).squareRoot())
        guard lowest < Double(planningCount) else { return planningCount }
        // Then rounding settled.
        var count = max(1, Int(lowest))
        while count < planningCount, walkEstimate(matchCount: count, needed: needed, articleCount: articleCount) == nil {
            count += 1
        }
        return min(count, planningCount)
    }

    /// About as many steps of the walk (an entry of the date index, checked against the
    /// matches read) as the plain way spends on one match (its row looked up by id, then
    /// sorted).
    static let walkStepsPerSortedMatch = 4.0

    /// About how many articles the walk reads: nil when it is not worth starting, because it
    /// would be long or because sorting every match costs less. A word in 660 of a million
    /// articles, spread over the years, made the walk read some 30,000 articles (18–22 ms)
    /// where sorting its 660 matches takes about a millisecond. (`matchCount` is capped: when
    /// it is, the true count and the plain way's cost are higher still, and the walk's lower.)
    static func walkEstimate(matchCount: Int, needed: Int, articleCount: Int) -> Int? {
        guard matchCount > 0 else { return nil }
        let estimate = Double(needed) * Double(max(articleCount, 1)) / Double(matchCount)
        guard estimate <= Double(walkLimit), estimate <= walkStepsPerSortedMatch * Double(matchCount) else { return nil }
        return Int(estimate)
    }

    /// The ids of matches `offset ..< offset + limit`, newest first; nil when the plain way
    /// is the better one. `matchCount` is the (capped) count of matches, `articleCount` about
    /// how many articles the library holds.
    /// `read` is the set already read, if any (a count may have read it).
    func ids(offset: Int, limit: Int, matchCount: Int, articleCount: Int, read: MatchSet? = nil, in db: Database) throws -> [Int64]? {
        let needed = offset + limit
        guard let estimate = Self.walkEstimate(matchCount: matchCount, needed: needed, articleCount: articleCount) else { return nil }
        let walkBudget = 4 * estimate + 1_000
        var matches = read ?? MatchSet(expression: expression, firstChunk: max(64, 2 * needed))
        if read == nil { try matches.readMore(in: db) }

        let from = statement.filterFrom.replacingOccurrences(
            of: "FROM articles a", with: "FROM articles a INDEXED BY articles_by_published_at", options: [.anchored]
        )
        let conditions = statement.filterConditions.isEmpty ? "" : "WHERE " + statement.filterConditions.joined(separator: " AND ")
        let newestFirst = try Int64.fetchCursor(
            db.cachedStatement(sql: "SELECT a.id \(from) \(conditions) ORDER BY a.published_at DESC, a.id DESC"),
            arguments: statement.filterArguments
        )
        var found: [Int64] = []
        var walked = 0
        var lookups = 0
        while found.count < needed, let id = try newestFirst.next() {
            walked += 1
            if walked > walkBudget { return nil }
            while !matches.isComplete, id < matches.floor, matches.read < readLimit {
                try matches.readMore(in: db)
            }
            let isMatch: Bool
            if matches.isComplete || id >= matches.floor {
                isMatch = matches.contains(id)
            } else {
                lookups += 1
                if lookups > lookupLimit { return nil }
                isMatch = try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM articles_search WHERE articles_search MATCH ? AND rowid = ?)"),
                    arguments: [expression, id]
                ) ?? false
            }
            if isMatch { found.append(id) }
        }
        guard offset < found.count else { return [] }
        return Array(found[offset...])
    }

    /// The search index's matches from the highest id down, read a chunk at a time.
    struct MatchSet {
        let expression: String
        /// Highest first, as read.
        private(set) var ids: [Int64] = []
        /// Every match with an id at or above this has been read.
        private(set) var floor = Int64.max
        var read: Int { ids.count }
        private(set) var isComplete = false
        private var chunk: Int

        init(expression: String, firstChunk: Int) {
            self.expression = expression
            chunk = firstChunk
        }

        mutating func readMore(in db: Database) throws {
            let before = ids.count
            let rowids = try Int64.fetchCursor(
                db.cachedStatement(sql: """
                    SELECT rowid FROM articles_search WHERE articles_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?
                    """),
                arguments: [expression, floor, chunk]
            )
            while let rowid = try rowids.next() { ids.append(rowid) }
            if ids.count - before < chunk {
                isComplete = true
            } else if let lowest = ids.last {
                floor = lowest
            }
            chunk = min(chunk * 2, 20_000)
        }

        /// Whether `id` was read (the ids are in descending order: a binary search).
        func contains(_ id: Int64) -> Bool {
            var low = 0
            var high = ids.count
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] > id { low = middle + 1 } else { high = middle }
            }
            return low < ids.count && ids[low] == id
        }
    }
}
