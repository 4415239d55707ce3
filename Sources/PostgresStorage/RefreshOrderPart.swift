import NewsModel
import PostgresNIO

/// The parts of the refresh order, each a query an index walks in that order, so that a
/// claim reads about as many rows as it takes instead of sorting every due source (a
/// scheduler claims each time a refresh ends; see SQLite's `dueSourcesInRefreshOrder`).
enum RefreshOrderPart: CaseIterable {
    /// No state row, oldest added first (`sources_by_added_at`).
    case neverFetched
    /// A state row without a next time.
    case unscheduled
    /// The most overdue first (`feed_state_by_next_refresh_at`).
    case overdue

    /// Due, unclaimed sources someone follows, locked for the claim with `SKIP LOCKED`.
    func candidates(dueAt now: Int64, limit: Int64) -> BoundStatement {
        var statement = BoundStatement()
        switch self {
        case .neverFetched:
            statement.append("""
                SELECT \(Source.selection(from: "s")) FROM sources s
                WHERE NOT s.is_demo AND NOT EXISTS (SELECT 1 FROM feed_state f WHERE f.source_id = s.id)
                """)
        case .unscheduled:
            statement.append("""
                SELECT \(Source.selection(from: "s")) FROM feed_state f JOIN sources s ON s.id = f.source_id
                WHERE NOT s.is_demo AND f.next_refresh_at IS NULL
                """)
        case .overdue:
            statement.append("""
                SELECT \(Source.selection(from: "s")) FROM feed_state f JOIN sources s ON s.id = f.source_id
                WHERE NOT s.is_demo AND f.next_refresh_at <= \(statement.bind(now))
                """)
        }
        statement.append("""

              AND NOT EXISTS (SELECT 1 FROM refresh_claims c WHERE c.source_id = s.id AND c.expires_at > \(statement.bind(now)))
              AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
            ORDER BY \(order)
            LIMIT \(statement.bind(limit))
            FOR UPDATE OF s SKIP LOCKED
            """)
        return statement
    }

    private var order: String {
        switch self {
        case .neverFetched: "s.added_at, s.id COLLATE \"C\""
        case .unscheduled: "f.source_id COLLATE \"C\""
        case .overdue: "f.next_refresh_at, f.source_id COLLATE \"C\""
        }
    }
}
