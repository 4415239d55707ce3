import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Sources are listed by name as a person reads it (case-insensitively), then by id.
    static let sourceOrder = "s.name COLLATE NOCASE, s.name, s.id"

    public func addSource(_ source: Source) async throws -> Source {
        let now = StoredDate.microseconds(Date())
        return try await pool.write { db in
            let stored = try Self.insertSource(source, in: db)
            // The single-person API: what is added is the owner's.
            try db.execute(
                sql: "INSERT INTO subscriptions (user_id, source_id, created_at) VALUES (?, ?, ?)",
                arguments: [try Self.ownerID(in: db), stored.id.rawValue, now]
            )
            return stored
        }
    }

    /// Inserts `source` under a free id (see `freeSourceID`) and returns it as stored.
    static func insertSource(_ source: Source, in db: Database) throws -> Source {
        var stored = source
        stored.id = try freeSourceID(startingWith: source.id, in: db)
        try db.execute(
            sql: """
                INSERT INTO sources (id, name, description, site_url, feed_url, category, language, country,
                                     icon_url, is_demo, added_at, inferred_language, inferred_country, inferred_category)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: StatementArguments([stored.id.rawValue] + stored.columnValues + stored.inferredColumnValues)
        )
        return stored
    }

    /// `id` itself if free, else the first free of `id-2`, `id-3`, … (shortened to fit the
    /// 64-character limit).
    static func freeSourceID(startingWith id: SourceID, in db: Database) throws -> SourceID {
        let isTaken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sources WHERE id = ?)", arguments: [id.rawValue]) ?? false
        guard isTaken else { return id }
        var number = 2
        while true {
            let suffix = "-\(number)"
            var base = String(id.rawValue.prefix(SourceID.maximumLength - suffix.count))
            while base.hasSuffix("-") { base.removeLast() }
            if let candidate = SourceID(rawValue: base + suffix) {
                let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sources WHERE id = ?)", arguments: [candidate.rawValue]) ?? false
                if !taken { return candidate }
            }
            number += 1
        }
    }

    /// Writes what a person may change; the inferred traits are the refresh's to write.
    public func updateSource(_ source: Source) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE sources SET name = ?, description = ?, site_url = ?, feed_url = ?, category = ?,
                        language = ?, country = ?, icon_url = ?, is_demo = ?, added_at = ?
                    WHERE id = ?
                    """,
                arguments: StatementArguments(source.columnValues + [source.id.rawValue])
            )
            if db.changesCount == 0 { throw StoreError.sourceNotFound(source.id) }
        }
    }

    public func removeSource(_ id: SourceID) async throws {
        try await pool.write { db in
            // Articles, their reader views and the feed state go with it (ON DELETE CASCADE),
            // and the texts' delete trigger logs them for the search index.
            try db.execute(sql: "DELETE FROM sources WHERE id = ?", arguments: [id.rawValue])
            if db.changesCount == 0 { throw StoreError.sourceNotFound(id) }
        }
        searchIndex.wake()
    }

    public func removeDemoSources() async throws -> Int {
        let removed = try await pool.write { db in
            try db.execute(sql: "DELETE FROM sources WHERE is_demo = 1")
            return db.changesCount
        }
        searchIndex.wake()
        return removed
    }

    public func source(_ id: SourceID) async throws -> Source? {
        try await pool.read { db in try Self.source(id, in: db) }
    }

    static func source(_ id: SourceID, in db: Database) throws -> Source? {
        try db.row(sourceByIDSQL, arguments: [id.rawValue], Source.init(row:))
    }

    // Written once: building the column list at each call cost the article page about 2 % of
    // its CPU when it read sources through these.
    private static let sourceByIDSQL = "SELECT \(Source.selection(from: "s")) FROM sources s WHERE s.id = ?"
    private static let sourcesByIDSQL = "SELECT \(Source.selection(from: "s")) FROM \(listedIDs(1)) CROSS JOIN sources s WHERE s.id = listed.value"

    public func sources(_ ids: Set<SourceID>) async throws -> [SourceID: Source] {
        guard !ids.isEmpty else { return [:] }
        return try await pool.read { db in try Self.sources(ids, in: db) }
    }

    static func sources(_ ids: Set<SourceID>, in db: Database) throws -> [SourceID: Source] {
        var sources: [SourceID: Source] = [:]
        for chunk in chunked(ids.map(\.rawValue)) {
            for source in try db.columnRows(sourcesByIDSQL, arguments: [jsonStrings(chunk)], { try Source(row: $0, startingAt: 0) }) {
                sources[source.id] = source
            }
        }
        return sources
    }

    public func sources(matching query: SourceQuery) async throws -> [Source] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        // A person's value, else the inferred one, else the default: what apps are shown.
        if let category = query.category {
            conditions.append("coalesce(s.category, s.inferred_category, ?) = ?")
            arguments += [query.defaults.category.rawValue, category.rawValue]
        }
        if let language = query.language {
            conditions.append("coalesce(s.language, s.inferred_language, ?) = ?")
            arguments += [query.defaults.language.rawValue, language.rawValue]
        }
        if let country = query.country {
            conditions.append("coalesce(s.country, s.inferred_country, ?) = ?")
            arguments += [query.defaults.country.rawValue, country.rawValue]
        }
        if let user = query.followedBy {
            conditions.append("s.id IN (SELECT source_id FROM subscriptions WHERE user_id = ?)")
            arguments += [user.rawValue]
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let sql = "SELECT \(Source.selection(from: "s")) FROM sources s \(whereClause) ORDER BY \(Self.sourceOrder)"
        return try await pool.read { [arguments] db in
            try db.rows(sql, arguments: arguments, Source.init(row:))
        }
    }

    public func sourceSummaries() async throws -> [SourceSummary] {
        // One query: per-source counts come from one grouped scan of the
        // (source_id, published_at) index, not one query per source.
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
        return try await pool.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                SourceSummary(
                    source: try Source(row: row),
                    articleCount: try row.decode(forColumn: "article_count"),
                    newestArticleAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "newest_published_at")),
                    state: try FeedState(row: row)
                )
            }
        }
    }

    public func feedState(for source: SourceID) async throws -> FeedState? {
        try await pool.read { db in
            try db.row(
                "SELECT \(FeedState.selection(from: "f")) FROM feed_state f WHERE f.source_id = ?", arguments: [source.rawValue], FeedState.init(row:)
            ) ?? nil
        }
    }

    public func feedStates(for sources: [SourceID]) async throws -> [SourceID: FeedState] {
        // One statement for the whole pass (a refresh of a hundred feeds asked a hundred,
        // each prepared anew), the ids bound as one JSON array.
        let sql = "SELECT \(FeedState.selection(from: "f")) FROM feed_state f WHERE f.source_id IN \(Self.idList)"
        return try await pool.read { db in
            var states: [SourceID: FeedState] = [:]
            for chunk in Self.chunked(sources.map(\.rawValue)) {
                let found = try db.rows(sql, arguments: [Self.jsonStrings(chunk)]) { row in
                    (SourceID(rawValue: try row.decode(String.self, forColumn: "state_source_id")), try FeedState(row: row))
                }
                for case let (id?, state?) in found { states[id] = state }
            }
            return states
        }
    }

    public func sourcesDueForRefresh(at date: Date, limit: Int) async throws -> [Source] {
        guard limit > 0 else { return [] }
        // Never fetched (no state row) first, oldest added first; then the most overdue.
        // A source nobody follows (kept for someone's stars) is not fetched.
        let sql = """
            SELECT \(Source.selection(from: "s"))
            FROM sources s LEFT JOIN feed_state f ON f.source_id = s.id
            WHERE s.is_demo = 0 AND (f.next_refresh_at IS NULL OR f.next_refresh_at <= ?)
              AND EXISTS (SELECT 1 FROM subscriptions WHERE source_id = s.id)
            ORDER BY f.source_id IS NOT NULL, f.next_refresh_at, s.added_at, s.id
            LIMIT ?
            """
        return try await pool.read { db in
            try Row.fetchAll(db, sql: sql, arguments: [StoredDate.microseconds(date), limit]).map(Source.init(row:))
        }
    }
}
