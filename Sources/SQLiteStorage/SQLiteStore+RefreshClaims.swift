import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// The due sources in refresh order, as queries an index walks in that order, so that a
    /// claim reads about as many rows as it takes, however large the library: a scheduler
    /// claims each time a refresh ends, and one sort of every due source per claim made a
    /// pass over 10,000 unchanged feeds cost 16 ms of CPU per feed (`scripts/refresh-at-scale.py`).
    /// First the sources never fetched (no state row), oldest added first
    /// (`sources_by_added_at`); then those fetched with no next time; then the most overdue
    /// (`feed_state_by_next_refresh_at`). Each takes `?` for now (unused by the first two),
    /// a page size and an offset.
    static let dueSourcesInRefreshOrder = [
        """
        SELECT \(Source.selection(from: "s")) FROM sources s
        WHERE s.is_demo = 0 AND ? IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM feed_state f WHERE f.source_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id)
          AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
        ORDER BY s.added_at, s.id
        LIMIT ? OFFSET ?
        """,
        """
        SELECT \(Source.selection(from: "s")) FROM feed_state f JOIN sources s ON s.id = f.source_id
        WHERE f.next_refresh_at IS NULL AND ? IS NOT NULL AND s.is_demo = 0
          AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id)
          AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
        ORDER BY f.source_id
        LIMIT ? OFFSET ?
        """,
        """
        SELECT \(Source.selection(from: "s")) FROM feed_state f JOIN sources s ON s.id = f.source_id
        WHERE f.next_refresh_at <= ? AND s.is_demo = 0
          AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id)
          AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
        ORDER BY f.next_refresh_at, f.source_id
        LIMIT ? OFFSET ?
        """,
    ]

    /// One write transaction: SQLite runs one writer at a time, so the claims it reads
    /// are all there are while it adds its own.
    public func claimSourcesForRefresh(_ request: RefreshClaimRequest) async throws -> [Source] {
        guard request.limit > 0 else { return [] }
        let now = StoredDate.microseconds(request.now)
        let expiresAt = StoredDate.microseconds(request.expiresAt)
        return try await pool.write { db in
            try db.execute(sql: "DELETE FROM refresh_claims WHERE expires_at <= ?", arguments: [now])
            var liveClaimsByHost: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT feed_host, count(*) AS claims FROM refresh_claims GROUP BY feed_host") {
                liveClaimsByHost[try row.decode(forColumn: "feed_host")] = try row.decode(forColumn: "claims")
            }
            let insert = try db.cachedStatement(sql: """
                INSERT INTO refresh_claims (source_id, claimant, feed_host, expires_at) VALUES (?, ?, ?, ?)
                """)
            // Every source has a state row once fetched (demo sources too): equal counts, a
            // b-tree count each, say there is no never-fetched source to look for.
            let someNeverFetched = try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT (SELECT count(*) FROM sources) > (SELECT count(*) FROM feed_state)
                """)) ?? true
            var claimed: [Source] = []
            // Enough rows that sources of hosts at their limit rarely need a second page,
            // few enough that a claim of one source decodes a handful.
            let pageSize = min(256, request.limit * 4 + 16)
            for (position, sql) in Self.dueSourcesInRefreshOrder.enumerated() where claimed.count < request.limit {
                if position == 0, !someNeverFetched { continue }
                let candidates = try db.cachedStatement(sql: sql)
                var offset = 0
                // Pages of candidates, in refresh order, until enough are claimed: sources
                // of a host at its limit are passed over, not waited for.
                while claimed.count < request.limit {
                    let page = try Row.fetchAll(candidates, arguments: [now, pageSize, offset]).map(Source.init(row:))
                    let claimedBefore = claimed.count
                    for source in page where claimed.count < request.limit {
                        let host = RefreshClaimRequest.politenessKey(feedURL: source.feedURL, sourceID: source.id.rawValue)
                        guard liveClaimsByHost[host, default: 0] < max(1, request.perHostLimit) else { continue }
                        try insert.execute(arguments: [source.id.rawValue, request.claimant, host, expiresAt])
                        liveClaimsByHost[host, default: 0] += 1
                        claimed.append(source)
                    }
                    if page.count < pageSize { break }
                    // The sources just claimed drop out of the query's next run.
                    offset += pageSize - (claimed.count - claimedBefore)
                }
            }
            return claimed
        }
    }

    public func releaseRefreshClaims(_ sources: [SourceID], of claimant: String) async throws {
        guard !sources.isEmpty else { return }
        try await pool.write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM refresh_claims WHERE source_id = ? AND claimant = ?")
            for source in sources { try statement.execute(arguments: [source.rawValue, claimant]) }
        }
    }

    public func nextRefreshDate(now: Date) async throws -> Date? {
        let sql = """
            SELECT min(coalesce(f.next_refresh_at, ?)) FROM sources s
            LEFT JOIN feed_state f ON f.source_id = s.id
            WHERE s.is_demo = 0 AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
              AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id AND c.expires_at > ?)
            """
        let nowMicroseconds = StoredDate.microseconds(now)
        return try await pool.read { db in
            StoredDate.date(try Int64.fetchOne(db, sql: sql, arguments: [nowMicroseconds, nowMicroseconds]))
        }
    }
}
