import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// In one transaction:
    /// 1. lock due, unclaimed sources in refresh order (`RefreshOrderPart`) with
    ///    `FOR UPDATE SKIP LOCKED`, so concurrent claimants pass over each other's
    ///    candidates instead of waiting;
    /// 2. look again, in a new snapshot, at whether the locked ones are still due and
    ///    unclaimed (a claim committed after the first statement's snapshot, or a whole
    ///    refresh claimed, finished and released by another process meanwhile);
    /// 3. take a transaction advisory lock per feed host (in one order, so never a
    ///    deadlock) and count the live claims per host, which now includes every other
    ///    claimant's committed ones, keeping each host under the politeness limit;
    /// 4. write the claims.
    public func claimSourcesForRefresh(_ request: RefreshClaimRequest) async throws -> [Source] {
        guard request.limit > 0 else { return [] }
        let now = StoredDate.microseconds(request.now)
        let expiresAt = StoredDate.microseconds(request.expiresAt)
        let perHost = max(1, request.perHostLimit)
        // Enough candidates that sources of hosts at their limit do not starve the rest.
        let candidateCount = min(1_000, request.limit * 4 + 16)
        return try await transaction { connection in
            // Every source has a state row once fetched: equal counts say there is no
            // never-fetched source to look for.
            let someNeverFetched = try await connection.rows("""
                SELECT (SELECT count(*) FROM sources) > (SELECT count(*) FROM feed_state) AS some
                """, logger: logger).first.map { try $0["some"].decode(Bool.self) } ?? true
            var candidates: [Source] = []
            var seen: Set<SourceID> = []
            for part in RefreshOrderPart.allCases where candidates.count < candidateCount {
                if part == .neverFetched, !someNeverFetched { continue }
                let statement = part.candidates(dueAt: now, limit: Int64(candidateCount - candidates.count))
                // A source fetched by another process between two of these statements may
                // come again in a later part (its row already locked by this transaction).
                candidates += try await connection.rows(statement.query, logger: logger).map(Source.init(postgresRow:))
                    .filter { seen.insert($0.id).inserted }
            }
            guard !candidates.isEmpty else { return [] }

            // Locking a source row does not see a refresh that another process claimed,
            // finished and released after this statement's snapshot (it writes feed_state and
            // refresh_claims, not the row): ask again, in a new snapshot, which are still due
            // and unclaimed.
            let stillDue = Set(try await connection.rows("""
                SELECT s.id FROM sources s LEFT JOIN feed_state f ON f.source_id = s.id
                WHERE s.id = ANY(\(candidates.map(\.id.rawValue)))
                  AND (f.next_refresh_at IS NULL OR f.next_refresh_at <= \(now))
                  AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id AND c.expires_at > \(now))
                """, logger: logger).map { try $0["id"].decode(String.self) })
            candidates.removeAll { !stillDue.contains($0.id.rawValue) }

            let hosts = candidates.map { RefreshClaimRequest.politenessKey(feedURL: $0.feedURL, sourceID: $0.id.rawValue) }
            let uniqueHosts = Array(Set(hosts))
            let hostKeys = Array(Set(uniqueHosts.map { PostgresMigrator.stableHash("broadsheet feed host " + $0) })).sorted()
            try await connection.run("""
                SELECT count(pg_advisory_xact_lock(k)) FROM (SELECT k FROM unnest(\(hostKeys)::bigint[]) AS k ORDER BY k) AS keys
                """, logger: logger)
            var liveClaims: [String: Int] = [:]
            for row in try await connection.rows("""
                SELECT feed_host, count(*) AS claims FROM refresh_claims
                WHERE feed_host = ANY(\(uniqueHosts)) AND expires_at > \(now)
                GROUP BY feed_host
                """, logger: logger) {
                liveClaims[try row["feed_host"].decode(String.self)] = Int(try row["claims"].decode(Int64.self))
            }

            var claimed: [Source] = []
            var claimedHosts: [String] = []
            for (source, host) in zip(candidates, hosts) where claimed.count < request.limit {
                guard liveClaims[host, default: 0] < perHost else { continue }
                liveClaims[host, default: 0] += 1
                claimed.append(source)
                claimedHosts.append(host)
            }
            guard !claimed.isEmpty else { return [] }
            try await connection.run("""
                INSERT INTO refresh_claims (source_id, claimant, feed_host, expires_at)
                SELECT source_id, \(request.claimant), feed_host, \(expiresAt)
                FROM unnest(\(claimed.map(\.id.rawValue))::text[], \(claimedHosts)::text[]) AS c(source_id, feed_host)
                ON CONFLICT (source_id) DO UPDATE SET
                    claimant = excluded.claimant, feed_host = excluded.feed_host, expires_at = excluded.expires_at
                """, logger: logger)
            return claimed
        }
    }

    public func releaseRefreshClaims(_ sources: [SourceID], of claimant: String) async throws {
        guard !sources.isEmpty else { return }
        _ = try await client.query("""
            DELETE FROM refresh_claims WHERE source_id = ANY(\(sources.map(\.rawValue))) AND claimant = \(claimant)
            """, logger: logger).collect()
    }

    public func nextRefreshDate(now: Date) async throws -> Date? {
        let nowMicroseconds = StoredDate.microseconds(now)
        let row = try await rows("""
            SELECT min(coalesce(f.next_refresh_at, \(nowMicroseconds))) AS next FROM sources s
            LEFT JOIN feed_state f ON f.source_id = s.id
            WHERE NOT s.is_demo AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
              AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id AND c.expires_at > \(nowMicroseconds))
            """).first
        return StoredDate.date(try row?["next"].decode(Int64?.self))
    }
}
