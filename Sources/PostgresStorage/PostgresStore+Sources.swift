import Foundation
import NewsModel
import PostgresNIO
import Storage

extension PostgresStore {
    /// By name as a person reads it (ASCII letters folded, like SQLite's NOCASE), then by id;
    /// the byte-order collation keeps it the same whatever the database's locale.
    static let sourceOrder = #"lower(s.name COLLATE "C"), s.name COLLATE "C", s.id COLLATE "C""#

    public func addSource(_ source: Source) async throws -> Source {
        let now = StoredDate.microseconds(Date())
        return try await transaction { connection in
            let stored = try await insertSource(source, on: connection)
            // The single-person API: what is added is the owner's.
            try await connection.run("""
                INSERT INTO subscriptions (user_id, source_id, created_at)
                VALUES (\(try await owner(on: connection).id.rawValue), \(stored.id.rawValue), \(now))
                """, logger: logger)
            return stored
        }
    }

    /// Inserts `source` under a free id (see `freeSourceID`) and returns it as stored.
    func insertSource(_ source: Source, on connection: PostgresConnection) async throws -> Source {
        var stored = source
        // Two processes adding the same id wait for each other here, so the second sees
        // the first's row and takes the next suffix.
        try await connection.run("SELECT pg_advisory_xact_lock(\(PostgresMigrator.stableHash("broadsheet source ids")))", logger: logger)
        stored.id = try await freeSourceID(startingWith: source.id, on: connection)
        try await connection.run("""
            INSERT INTO sources (id, name, description, site_url, feed_url, category, language, country, icon_url, is_demo, added_at,
                                 inferred_language, inferred_country, inferred_category)
            VALUES (\(stored.id.rawValue), \(stored.name), \(stored.description), \(stored.siteURL), \(stored.feedURL),
                    \(stored.category?.rawValue), \(stored.language?.rawValue), \(stored.country?.rawValue),
                    \(stored.iconURL), \(stored.isDemo), \(StoredDate.microseconds(stored.addedAt)),
                    \(stored.inferred.language?.rawValue), \(stored.inferred.country?.rawValue), \(stored.inferred.category?.rawValue))
            """, logger: logger)
        return stored
    }

    /// `id` itself if free, else the first free of `id-2`, `id-3`, … (shortened to fit).
    private func freeSourceID(startingWith id: SourceID, on connection: PostgresConnection) async throws -> SourceID {
        func isTaken(_ candidate: SourceID) async throws -> Bool {
            try await !connection.rows("SELECT 1 AS taken FROM sources WHERE id = \(candidate.rawValue)", logger: logger).isEmpty
        }
        guard try await isTaken(id) else { return id }
        var number = 2
        while true {
            let suffix = "-\(number)"
            var base = String(id.rawValue.prefix(SourceID.maximumLength - suffix.count))
            while base.hasSuffix("-") { base.removeLast() }
            if let candidate = SourceID(rawValue: base + suffix), try await !isTaken(candidate) { return candidate }
            number += 1
        }
    }

    public func updateSource(_ source: Source) async throws {
        let updated = try await rows("""
            UPDATE sources SET name = \(source.name), description = \(source.description), site_url = \(source.siteURL),
                feed_url = \(source.feedURL), category = \(source.category?.rawValue), language = \(source.language?.rawValue),
                country = \(source.country?.rawValue), icon_url = \(source.iconURL), is_demo = \(source.isDemo),
                added_at = \(StoredDate.microseconds(source.addedAt))
            WHERE id = \(source.id.rawValue)
            RETURNING id
            """)
        if updated.isEmpty { throw StoreError.sourceNotFound(source.id) }
    }

    public func removeSource(_ id: SourceID) async throws {
        // Articles, texts, search rows, reader views, state and claims go with it (ON DELETE CASCADE).
        let removed = try await rows("DELETE FROM sources WHERE id = \(id.rawValue) RETURNING id")
        if removed.isEmpty { throw StoreError.sourceNotFound(id) }
    }

    public func removeDemoSources() async throws -> Int {
        try await rows("DELETE FROM sources WHERE is_demo RETURNING id").count
    }

    public func source(_ id: SourceID) async throws -> Source? {
        try await rows(Self.sourceQuery(id)).first.map(Source.init(postgresRow:))
    }

    /// The statement reading one source (`source(_:)`, and the article page's snapshot).
    static func sourceQuery(_ id: SourceID) -> PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT \(Source.selection(from: "s")) FROM sources s WHERE s.id = $1", binds: bindings(id.rawValue))
    }

    public func sources(_ ids: Set<SourceID>) async throws -> [SourceID: Source] {
        guard !ids.isEmpty else { return [:] }
        return try Self.sourcesByID(try await rows(Self.sourcesQuery(ids)))
    }

    /// The statement reading several sources, and its rows by source.
    static func sourcesQuery(_ ids: Set<SourceID>) -> PostgresQuery {
        "SELECT \(unescaped: Source.selection(from: "s")) FROM sources s WHERE s.id = ANY(\(ids.map(\.rawValue)))"
    }

    static func sourcesByID(_ rows: [PostgresRandomAccessRow]) throws -> [SourceID: Source] {
        var sources: [SourceID: Source] = [:]
        for row in rows {
            let source = try Source(postgresRow: row)
            sources[source.id] = source
        }
        return sources
    }

    public func sources(matching query: SourceQuery) async throws -> [Source] {
        var statement = BoundStatement("SELECT \(Source.selection(from: "s")) FROM sources s WHERE true")
        // A person's value, else the inferred one, else the default: what apps are shown.
        let defaults = query.defaults
        if let category = query.category {
            statement.append(" AND coalesce(s.category, s.inferred_category, \(statement.bind(defaults.category.rawValue))) = \(statement.bind(category.rawValue))")
        }
        if let language = query.language {
            statement.append(" AND coalesce(s.language, s.inferred_language, \(statement.bind(defaults.language.rawValue))) = \(statement.bind(language.rawValue))")
        }
        if let country = query.country {
            statement.append(" AND coalesce(s.country, s.inferred_country, \(statement.bind(defaults.country.rawValue))) = \(statement.bind(country.rawValue))")
        }
        if let user = query.followedBy {
            statement.append(" AND s.id IN (SELECT source_id FROM subscriptions WHERE user_id = \(statement.bind(user.rawValue)))")
        }
        statement.append(" ORDER BY \(Self.sourceOrder)")
        return try await rows(statement.query).map(Source.init(postgresRow:))
    }

    public func sourceSummaries() async throws -> [SourceSummary] {
        let sql = """
            SELECT \(Source.selection(from: "s")), \(FeedState.selection(from: "f")),
                   coalesce(counts.article_count, 0) AS article_count, counts.newest_published_at
            FROM sources s
            LEFT JOIN (
                SELECT source_id, count(*) AS article_count, max(published_at) AS newest_published_at
                FROM articles GROUP BY source_id
            ) counts ON counts.source_id = s.id
            LEFT JOIN feed_state f ON f.source_id = s.id
            ORDER BY \(Self.sourceOrder)
            """
        return try await rows(PostgresQuery(unsafeSQL: sql)).map { row in
            SourceSummary(
                source: try Source(postgresRow: row),
                articleCount: Int(try row["article_count"].decode(Int64.self)),
                newestArticleAt: StoredDate.date(try row["newest_published_at"].decode(Int64?.self)),
                state: try FeedState(postgresRow: row)
            )
        }
    }

    public func feedState(for source: SourceID) async throws -> FeedState? {
        try await rows(PostgresQuery(
            unsafeSQL: "SELECT \(FeedState.selection(from: "f")) FROM feed_state f WHERE f.source_id = $1",
            binds: Self.bindings(source.rawValue)
        )).first.flatMap(FeedState.init(postgresRow:))
    }

    public func sourcesDueForRefresh(at date: Date, limit: Int) async throws -> [Source] {
        guard limit > 0 else { return [] }
        var statement = BoundStatement()
        statement.append("""
            SELECT \(Source.selection(from: "s"))
            FROM sources s LEFT JOIN feed_state f ON f.source_id = s.id
            WHERE NOT s.is_demo AND (f.next_refresh_at IS NULL OR f.next_refresh_at <= \(statement.bind(StoredDate.microseconds(date))))
              AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
            ORDER BY \(Self.refreshOrder)
            LIMIT \(statement.bind(Int64(limit)))
            """)
        return try await rows(statement.query).map(Source.init(postgresRow:))
    }

    /// Never fetched (no state row) first, oldest added first; then the most overdue.
    static let refreshOrder = "f.source_id IS NOT NULL, f.next_refresh_at, s.added_at, s.id COLLATE \"C\""

    static func bindings(_ values: String...) -> PostgresBindings {
        var bindings = PostgresBindings()
        for value in values { bindings.append(value) }
        return bindings
    }
}
