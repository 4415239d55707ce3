import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore: PushSubscriptionStore {
    static let pushSubscriptionColumns = """
        source_id, hub_url, topic_url, callback_id, secret, requested_at, verified_at, lease_expires_at, last_push_at,
        quiet_since, failures, last_error, next_attempt_at
        """

    /// In one transaction: drop subscriptions of feeds without a hub, make the missing ones
    /// (their callback ids and secrets come from Swift's secure generator, so the database
    /// needs no extension), then lock due subscriptions with `FOR UPDATE SKIP LOCKED` and
    /// mark them requested, so concurrent processes pass over each other's.
    public func claimPushSubscriptionRequests(_ claim: PushRequestClaim) async throws -> [PushSubscription] {
        let now = StoredDate.microseconds(claim.now)
        let retryAt = StoredDate.microseconds(claim.retryAt)
        return try await transaction { connection in
            try await connection.run("""
                DELETE FROM push_subscriptions p WHERE NOT EXISTS (
                    SELECT 1 FROM feed_state f WHERE f.source_id = p.source_id AND f.hub_url IS NOT NULL)
                  OR NOT EXISTS (SELECT 1 FROM subscriptions WHERE source_id = p.source_id)
                """, logger: logger)
            let wanted = try await connection.rows("""
                SELECT s.id AS source_id, f.hub_url, f.topic_url
                FROM sources s JOIN feed_state f ON f.source_id = s.id
                LEFT JOIN push_subscriptions p ON p.source_id = s.id
                WHERE NOT s.is_demo AND f.hub_url IS NOT NULL AND f.topic_url IS NOT NULL
                  AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
                  AND (p.source_id IS NULL OR p.hub_url <> f.hub_url OR p.topic_url <> f.topic_url)
                FOR UPDATE OF s SKIP LOCKED
                """, logger: logger)
            for row in wanted {
                let source = try row["source_id"].decode(String.self)
                let hub = try row["hub_url"].decode(String.self)
                let topic = try row["topic_url"].decode(String.self)
                try await connection.run("""
                    INSERT INTO push_subscriptions (\(unescaped: Self.pushSubscriptionColumns))
                    VALUES (\(source), \(hub), \(topic), \(PushSubscription.newCallbackID()), \(PushSubscription.newSecret()),
                            NULL, NULL, NULL, NULL, NULL, 0, NULL, \(now))
                    ON CONFLICT (source_id) DO UPDATE SET
                        hub_url = excluded.hub_url, topic_url = excluded.topic_url, callback_id = excluded.callback_id,
                        secret = excluded.secret, requested_at = NULL, verified_at = NULL, lease_expires_at = NULL,
                        last_push_at = NULL, quiet_since = NULL, failures = 0, last_error = NULL, next_attempt_at = excluded.next_attempt_at
                    """, logger: logger)
            }
            guard claim.limit > 0 else { return [] }
            let due = try await connection.rows("""
                SELECT \(unescaped: Self.pushSubscriptionColumns) FROM push_subscriptions
                WHERE next_attempt_at <= \(now)
                ORDER BY verified_at IS NOT NULL, next_attempt_at, source_id COLLATE "C"
                LIMIT \(Int64(claim.limit))
                FOR UPDATE SKIP LOCKED
                """, logger: logger).map(PushSubscription.init(postgresRow:))
            guard !due.isEmpty else { return [] }
            try await connection.run("""
                UPDATE push_subscriptions SET requested_at = \(now), next_attempt_at = \(retryAt)
                WHERE source_id = ANY(\(due.map(\.sourceID.rawValue)))
                """, logger: logger)
            return due.map { subscription in
                var subscription = subscription
                subscription.requestedAt = claim.now
                subscription.nextAttemptAt = claim.retryAt
                return subscription
            }
        }
    }

    public func recordPushRequestFailure(callbackID: String, message: String, retryAt: Date) async throws {
        _ = try await rows("""
            UPDATE push_subscriptions SET requested_at = NULL, failures = failures + 1, last_error = \(message),
                next_attempt_at = \(StoredDate.microseconds(retryAt))
            WHERE callback_id = \(callbackID)
            """)
    }

    public func confirmPushSubscription(callbackID: String, topic: String, leaseExpiresAt: Date, renewAt: Date, at now: Date) async throws -> Bool {
        let updated = try await rows("""
            UPDATE push_subscriptions SET requested_at = NULL, verified_at = \(StoredDate.microseconds(now)),
                lease_expires_at = \(StoredDate.microseconds(leaseExpiresAt)), quiet_since = NULL, failures = 0, last_error = NULL,
                next_attempt_at = \(StoredDate.microseconds(renewAt))
            WHERE callback_id = \(callbackID) AND topic_url = \(topic) AND requested_at IS NOT NULL
            RETURNING source_id
            """)
        return updated.count == 1
    }

    public func recordPushDenial(callbackID: String, topic: String, reason: String, retryAt: Date) async throws -> Bool {
        let updated = try await rows("""
            UPDATE push_subscriptions SET requested_at = NULL, verified_at = NULL, lease_expires_at = NULL,
                failures = failures + 1, last_error = \(reason), next_attempt_at = \(StoredDate.microseconds(retryAt))
            WHERE callback_id = \(callbackID) AND topic_url = \(topic)
            RETURNING source_id
            """)
        return updated.count == 1
    }

    public func pushSubscription(callbackID: String) async throws -> PushSubscription? {
        try await rows("SELECT \(unescaped: Self.pushSubscriptionColumns) FROM push_subscriptions WHERE callback_id = \(callbackID)")
            .first.map(PushSubscription.init(postgresRow:))
    }

    public func pushSubscription(for source: SourceID) async throws -> PushSubscription? {
        try await rows("SELECT \(unescaped: Self.pushSubscriptionColumns) FROM push_subscriptions WHERE source_id = \(source.rawValue)")
            .first.map(PushSubscription.init(postgresRow:))
    }

    public func recordPushDelivery(callbackID: String, at date: Date) async throws {
        _ = try await rows("UPDATE push_subscriptions SET last_push_at = \(StoredDate.microseconds(date)) WHERE callback_id = \(callbackID)")
    }

    public func recordPushMissed(source: SourceID, at date: Date, retryAt: Date) async throws {
        _ = try await rows("""
            UPDATE push_subscriptions SET quiet_since = \(StoredDate.microseconds(date)), failures = failures + 1,
                next_attempt_at = \(StoredDate.microseconds(retryAt))
            WHERE source_id = \(source.rawValue)
            """)
    }
}

extension PushSubscription {
    init(postgresRow row: PostgresRandomAccessRow) throws {
        let sourceText = try row["source_id"].decode(String.self)
        self.init(
            sourceID: SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText),
            hubURL: try row["hub_url"].decode(String.self),
            topicURL: try row["topic_url"].decode(String.self),
            callbackID: try row["callback_id"].decode(String.self),
            secret: try row["secret"].decode(String.self),
            requestedAt: StoredDate.date(try row["requested_at"].decode(Int64?.self)),
            verifiedAt: StoredDate.date(try row["verified_at"].decode(Int64?.self)),
            leaseExpiresAt: StoredDate.date(try row["lease_expires_at"].decode(Int64?.self)),
            lastPushAt: StoredDate.date(try row["last_push_at"].decode(Int64?.self)),
            quietSince: StoredDate.date(try row["quiet_since"].decode(Int64?.self)),
            failures: Int(try row["failures"].decode(Int32.self)),
            lastError: try row["last_error"].decode(String?.self),
            nextAttemptAt: StoredDate.date(try row["next_attempt_at"].decode(Int64.self))
        )
    }
}
