import Logging
import PostgresNIO

/// Brings a database's schema up to date, on one connection, under a session advisory
/// lock: several processes started together wait for each other, and the later ones
/// find the work done. Each migration runs in its own transaction with its record.
struct PostgresMigrator {
    let location: PostgresLocation
    let connection: PostgresConnection
    let logger: Logger

    /// The advisory lock's key: the same for every Broadsheet process on one schema.
    var lockKey: Int64 {
        Self.stableHash("broadsheet migrations " + (location.schema ?? ""))
    }

    func migrate() async throws(PostgresStoreError) {
        let place = location.description
        do {
            try await connection.run("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
        } catch {
            throw PostgresStore.explain(error, location: location)
        }
        do {
            if let schema = location.schema {
                // Under the lock: CREATE SCHEMA IF NOT EXISTS itself races. A plain
                // identifier (checked when the URL was read), so it is written as it is.
                try await connection.run(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            try await migrateLocked()
            try? await connection.run("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
        } catch {
            try? await connection.run("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
            if let error = error as? PostgresStoreError { throw error }
            let reason = (error as? PSQLError)?.serverInfo?[.message] ?? "\(error)"
            throw .migrationFailed(location: place, reason: reason)
        }
    }

    private func migrateLocked() async throws {
        try await connection.run("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name text PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        var applied = Set<String>()
        for row in try await connection.rows("SELECT name FROM schema_migrations", logger: logger) {
            applied.insert(try row["name"].decode(String.self))
        }
        let known = Set(PostgresSchema.migrations.map(\.name))
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
            throw PostgresStoreError.newerSchema(location: location.description, unknownMigrations: unknown.sorted())
        }
        for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
            logger.info("applying a schema migration", metadata: ["migration": "\(migration.name)"])
            try await connection.withTransaction(logger: logger) { connection in
                for statement in migration.statements {
                    try await connection.run(statement, logger: logger)
                }
                try await migration.dataStep?(connection, logger)
                try await connection.run("INSERT INTO schema_migrations (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }

    /// FNV-1a, 64 bits: the same number for the same text in every process and version
    /// (Swift's own hashing is seeded per process).
    static func stableHash(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: hash)
    }
}
