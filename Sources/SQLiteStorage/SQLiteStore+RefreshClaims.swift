import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Never-fetched sources first (oldest added first), then the most overdue.
    static let refreshOrder = "f.source_id IS NOT NULL, f.next_refresh_at, s.added_at, s.id"

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
            let candidates = try db.cachedStatement(sql: """
                SELECT \(Source.selection(from: "s"))
                FROM sources s LEFT JOIN feed_state f ON f.source_id = s.id
                WHERE s.is_demo = 0 AND (f.next_refresh_at IS NULL OR f.next_refresh_at <= ?)
                  AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id)
                  AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
                ORDER BY \(Self.refreshOrder)
                LIMIT ? OFFSET ?
                """)
            let insert = try db.cachedStatement(sql: """
                INSERT INTO refresh_claims (source_id, claimant, feed_host, expires_at) VALUES (?, ?, ?, ?)
                """)
            var claimed: [Source] = []
            var offset = 0
            let pageSize = 256
            // Pages of candidates, in refresh order, until enough are claimed: sources of a
            // host at its limit are passed over, not waited for.
            while claimed.count < request.limit {
                let page = try Row.fetchAll(candidates, arguments: [now, pageSize, offset]).map(Source.init(row:))
                for source in page where claimed.count < request.limit {
                    let host = RefreshClaimRequest.politenessKey(feedURL: source.feedURL, sourceID: source.id.rawValue)
                    guard liveClaimsByHost[host, default: 0] < max(1, request.perHostLimit) else { continue }
                    try insert.execute(arguments: [source.id.rawValue, request.claimant, host, expiresAt])
                    liveClaimsByHost[host, default: 0] += 1
                    claimed.append(source)
                }
                if page.count < pageSize { break }
                offset += pageSize
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
