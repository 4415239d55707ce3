import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore: PushSubscriptionStore {
    static let pushSubscriptionColumns = """
        source_id, hub_url, topic_url, callback_id, secret, requested_at, verified_at, lease_expires_at, last_push_at,
        quiet_since, failures, last_error, next_attempt_at
        """

    /// One write transaction: SQLite runs one writer at a time, so what it reads is all
    /// there is while it marks its claims.
    public func claimPushSubscriptionRequests(_ claim: PushRequestClaim) async throws -> [PushSubscription] {
        let now = StoredDate.microseconds(claim.now)
        let retryAt = StoredDate.microseconds(claim.retryAt)
        return try await pool.write { db in
            // Feeds that no longer name a hub (or are gone from every library) keep no subscription.
            try db.execute(sql: """
                DELETE FROM push_subscriptions WHERE source_id IN (
                    SELECT p.source_id FROM push_subscriptions p LEFT JOIN feed_state f ON f.source_id = p.source_id
                    WHERE f.hub_url IS NULL OR NOT EXISTS (SELECT 1 FROM subscriptions WHERE source_id = p.source_id))
                """)
            // New hubs, and hubs or topics that changed: a subscription of their own.
            let wanted = try Row.fetchAll(db, sql: """
                SELECT s.id AS source_id, f.hub_url, f.topic_url
                FROM sources s JOIN feed_state f ON f.source_id = s.id
                LEFT JOIN push_subscriptions p ON p.source_id = s.id
                WHERE s.is_demo = 0 AND f.hub_url IS NOT NULL AND f.topic_url IS NOT NULL
                  AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
                  AND (p.source_id IS NULL OR p.hub_url <> f.hub_url OR p.topic_url <> f.topic_url)
                """)
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO push_subscriptions (\(Self.pushSubscriptionColumns))
                VALUES (?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, 0, NULL, ?)
                ON CONFLICT (source_id) DO UPDATE SET
                    hub_url = excluded.hub_url, topic_url = excluded.topic_url, callback_id = excluded.callback_id,
                    secret = excluded.secret, requested_at = NULL, verified_at = NULL, lease_expires_at = NULL,
                    last_push_at = NULL, quiet_since = NULL, failures = 0, last_error = NULL, next_attempt_at = excluded.next_attempt_at
                """)
            for row in wanted {
                let source: String = try row.decode(forColumn: "source_id")
                let hub: String = try row.decode(forColumn: "hub_url")
                let topic: String = try row.decode(forColumn: "topic_url")
                try upsert.execute(arguments: [source, hub, topic, PushSubscription.newCallbackID(), PushSubscription.newSecret(), now])
            }
            guard claim.limit > 0 else { return [] }
            let due = try Row.fetchAll(db, sql: """
                SELECT \(Self.pushSubscriptionColumns) FROM push_subscriptions
                WHERE next_attempt_at <= ? ORDER BY verified_at IS NOT NULL, next_attempt_at, source_id LIMIT ?
                """, arguments: [now, claim.limit])
            let mark = try db.cachedStatement(sql: "UPDATE push_subscriptions SET requested_at = ?, next_attempt_at = ? WHERE source_id = ?")
            return try due.map { row in
                var subscription = try PushSubscription(row: row)
                try mark.execute(arguments: [now, retryAt, subscription.sourceID.rawValue])
                subscription.requestedAt = claim.now
                subscription.nextAttemptAt = claim.retryAt
                return subscription
            }
        }
    }

    public func recordPushRequestFailure(callbackID: String, message: String, retryAt: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE push_subscriptions SET requested_at = NULL, failures = failures + 1, last_error = ?, next_attempt_at = ?
                WHERE callback_id = ?
                """, arguments: [message, StoredDate.microseconds(retryAt), callbackID])
        }
    }

    public func confirmPushSubscription(callbackID: String, topic: String, leaseExpiresAt: Date, renewAt: Date, at now: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE push_subscriptions SET requested_at = NULL, verified_at = ?, lease_expires_at = ?, quiet_since = NULL,
                    failures = 0, last_error = NULL, next_attempt_at = ?
                WHERE callback_id = ? AND topic_url = ? AND requested_at IS NOT NULL
                """, arguments: [
                    StoredDate.microseconds(now), StoredDate.microseconds(leaseExpiresAt), StoredDate.microseconds(renewAt), callbackID, topic,
                ])
            return db.changesCount == 1
        }
    }

    public func recordPushDenial(callbackID: String, topic: String, reason: String, retryAt: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE push_subscriptions SET requested_at = NULL, verified_at = NULL, lease_expires_at = NULL,
                    failures = failures + 1, last_error = ?, next_attempt_at = ?
                WHERE callback_id = ? AND topic_url = ?
                """, arguments: [reason, StoredDate.microseconds(retryAt), callbackID, topic])
            return db.changesCount == 1
        }
    }

    public func pushSubscription(callbackID: String) async throws -> PushSubscription? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.pushSubscriptionColumns) FROM push_subscriptions WHERE callback_id = ?", arguments: [callbackID])
                .map(PushSubscription.init(row:))
        }
    }

    public func pushSubscription(for source: SourceID) async throws -> PushSubscription? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.pushSubscriptionColumns) FROM push_subscriptions WHERE source_id = ?"),
                arguments: [source.rawValue]
            ).map(PushSubscription.init(row:))
        }
    }

    public func recordPushDelivery(callbackID: String, at date: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE push_subscriptions SET last_push_at = ? WHERE callback_id = ?",
                           arguments: [StoredDate.microseconds(date), callbackID])
        }
    }

    public func recordPushMissed(source: SourceID, at date: Date, retryAt: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE push_subscriptions SET quiet_since = ?, failures = failures + 1, next_attempt_at = ? WHERE source_id = ?
                """, arguments: [StoredDate.microseconds(date), StoredDate.microseconds(retryAt), source.rawValue])
        }
    }
}

extension PushSubscription {
    init(row: Row) throws {
        let sourceText: String = try row.decode(forColumn: "source_id")
        self.init(
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            hubURL: try row.decode(forColumn: "hub_url"),
            topicURL: try row.decode(forColumn: "topic_url"),
            callbackID: try row.decode(forColumn: "callback_id"),
            secret: try row.decode(forColumn: "secret"),
            requestedAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "requested_at")),
            verifiedAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "verified_at")),
            leaseExpiresAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "lease_expires_at")),
            lastPushAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "last_push_at")),
            quietSince: StoredDate.date(try row.decode(Int64?.self, forColumn: "quiet_since")),
            failures: try row.decode(forColumn: "failures"),
            lastError: try row.decode(forColumn: "last_error"),
            nextAttemptAt: StoredDate.date(try row.decode(Int64.self, forColumn: "next_attempt_at"))
        )
    }
}
