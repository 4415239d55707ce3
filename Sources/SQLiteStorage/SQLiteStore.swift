import Foundation
import GRDB
import NewsModel
import Storage

/// The embedded default store: one SQLite file in WAL mode (readers never wait for the
/// writer), foreign keys on, and beside it the FTS5 search index in a file of its own with
/// its own writer (`SearchIndex`). Safe to share between tasks.
public final class SQLiteStore: ReaderStore {
    /// How long a write waits for another process (say, the CLI beside the server) to finish.
    public static let busyTimeout: TimeInterval = 10

    /// The database file.
    public let path: String
    let pool: DatabasePool
    /// Commits made through `pool`'s writer, by what they change (`libraryChangeCount`).
    let commits = CommitCounter()
    /// Refreshes waiting for the writer, written together (`applyRefresh`).
    let refreshWrites: RefreshWriteQueue
    /// The search index, in its own file with its own writer.
    let searchIndex: SearchIndex
    /// Set for `temporary()` stores: the directory removed with the store.
    private let temporaryDirectory: URL?

    /// Opens the database at `path`, creating it (and its directory) if missing, and brings
    /// its schema up to date. Throws `SQLiteStoreError` with a sentence a person can act on.
    public convenience init(path: String) throws(SQLiteStoreError) {
        try self.init(path: path, temporaryDirectory: nil)
    }

    /// A WAL file larger than this when the library is opened is emptied (see `init`).
    static let largestKeptWALBytes = 64 * 1_048_576
    /// The page cache of each reader connection (SQLite's default is 2,000 KiB).
    static let readerCacheKibibytes = 512

    /// A fresh, empty database in a new temporary directory, deleted when the store goes away.
    /// Meant for tests and benchmarks.
    public static func temporary() throws(SQLiteStoreError) -> SQLiteStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("broadsheet-\(UUID().uuidString)", isDirectory: true)
        return try SQLiteStore(path: directory.appendingPathComponent("broadsheet.sqlite").path, temporaryDirectory: directory)
    }

    init(path: String, temporaryDirectory: URL?, largestKeptWALBytes: Int = SQLiteStore.largestKeptWALBytes) throws(SQLiteStoreError) {
        self.path = path
        self.temporaryDirectory = temporaryDirectory
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .cannotOpen(path: path, reason: "no file name was given")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: Self.reason(error))
        }

        let searchPath = SearchIndex.path(forLibraryAt: path)
        do {
            // Before the library's connections: its readers attach the index file.
            searchIndex = try SearchIndex(path: searchPath)
        } catch {
            throw .cannotOpen(path: searchPath, reason: Self.reason(error))
        }

        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "broadsheet"
        configuration.prepareDatabase { db in
            try Self.prepareConnection(db)
            if db.configuration.readonly {
                // A reader connection's page cache is emptied whenever another connection
                // commits, so under steady writes it holds little; once writes pause it fills
                // to SQLite's default of 2 MB, and five readers added 10–14 MB to the server.
                try db.execute(sql: "PRAGMA cache_size = -\(Self.readerCacheKibibytes)")
                // Searches read the index from its own file (`SearchIndex`); the writer never
                // does, so the index's writer and the library's never wait for each other.
                try db.execute(sql: "ATTACH DATABASE ? AS \(SearchIndex.schemaName)", arguments: [searchPath])
                SearchIndex.keepWAL(of: SearchIndex.schemaName, in: db)
                // Each attached file has a page cache of its own, at SQLite's default size
                // unless told (`cache_size` above set the library's alone).
                try db.execute(sql: "PRAGMA \(SearchIndex.schemaName).cache_size = -\(Self.readerCacheKibibytes)")
            }
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            refreshWrites = RefreshWriteQueue(pool: pool, searchIndex: searchIndex)
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }

        let migrator = SQLiteSchema.migrator
        do {
            let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
            let unknown = applied.subtracting(migrator.migrations)
            if !unknown.isEmpty {
                throw SQLiteStoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
            }
            // Up to date (every process but the first after an upgrade): no write at all.
            // GRDB's `migrate` would take the writer and wait for every reader to find the
            // same thing.
            if !applied.isSuperset(of: migrator.migrations) {
                try migrator.migrate(pool)
            }
        } catch let error as SQLiteStoreError {
            throw error
        } catch {
            throw .migrationFailed(path: path, reason: Self.reason(error))
        }
        do {
            try searchIndex.attachLibrary(at: path)
        } catch {
            throw .cannotOpen(path: searchPath, reason: Self.reason(error))
        }
        // An index behind the library (a process killed before its index caught up, or a
        // library new to this index file) starts catching up now, not at the first search.
        searchIndex.wake()
        pool.add(transactionObserver: commits, extent: .databaseLifetime)
        // A WAL left large by a big transaction (a retention pass removing thousands of
        // articles, say) is emptied.
        Self.emptyWAL(of: pool, at: path, ifLargerThan: largestKeptWALBytes)
    }

    /// Empties the WAL of the file at `path` through `writer` when it is larger than `limit`.
    ///
    /// The WAL file is kept between processes (`prepareConnection`) at the size of the
    /// largest transaction written since it was made, so a big one would stay on disk that
    /// size. The first process to open such a file empties it: a checkpoint that waits (busy
    /// timeout) for readers to reach the newest snapshot. Failing to is harmless: the next
    /// open tries again. `main` only: the index's connection attaches the library.
    static func emptyWAL(of writer: some DatabaseWriter, at path: String, ifLargerThan limit: Int) {
        guard fileSize(atPath: path + "-wal") > limit else { return }
        try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA main.wal_checkpoint(TRUNCATE)") }
    }

    /// What every connection to the library or to its search index is set up with.
    static func prepareConnection(_ db: Database) throws {
        // The search index's tokenizer (migration v5) must be known to every connection.
        db.add(tokenizer: SpacelessScriptTokenizer.self)
        // In WAL mode NORMAL still never corrupts nor half-applies a transaction; it only
        // lets the last commits be lost on power failure, for far cheaper writes.
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        // No memory map: every page of the file a map touched counted in the server's
        // resident memory (190–310 MB of a 100,000-article library under the load test,
        // against about 50 MB read with pread into SQLite's own caches), and searches of a
        // million articles through `serve` were as fast without it (Benchmarks/README.md).
        try db.execute(sql: "PRAGMA mmap_size = 0")
        // Keep the WAL file when the last connection closes (it is checkpointed all the
        // same, so the database file alone is complete). Without it every process that
        // opens the library finds no WAL, and GRDB then creates and drops a table to make
        // one: a write transaction and two fsyncs before the command has done anything,
        // a tenth of an all-unchanged `refresh`. (The index's readers attach it read-only,
        // which needs its WAL files too.)
        SearchIndex.keepWAL(of: "main", in: db)
    }

    /// The size of a file, 0 when it is missing. `stat` alone: Foundation's
    /// `attributesOfItem` also looks up the owner's and group's names, reading the system's
    /// user and group databases on every command that opens a library.
    static func fileSize(atPath path: String) -> Int {
        var information = stat()
        guard stat(path, &information) == 0 else { return 0 }
        return Int(information.st_size)
    }

    /// The schema's migrations, in order (PostgreSQL's have the same names).
    public static var migrationNames: [String] { SQLiteSchema.migrator.migrations }

    deinit {
        if let temporaryDirectory {
            try? pool.close()
            searchIndex.closeConnection()
            try? FileManager.default.removeItem(at: temporaryDirectory)
        }
    }

    /// Ends the store's use: leaves a short WAL for the next process (see below) and closes
    /// the connections. A command calls it once it is done with the library; nothing may use
    /// the store after it.
    ///
    /// The last connection to close checkpoints the WAL but, the file being kept
    /// (`SQLITE_FCNTL_PERSIST_WAL`, `prepareConnection`), its frames stay valid. The next process to open
    /// the library must then read every one of them to rebuild the WAL's index and, finding
    /// none marked checkpointed, copies them all into the database again when it closes: after
    /// an import or a refresh that stored articles, the next command read and rewrote
    /// megabytes it had no use for. A checkpoint that completes, then one small write (the
    /// unused `user_version`, written unchanged), makes SQLite start the log over from its
    /// first frame with a new salt, which ends the old frames. When another process still
    /// reads old frames the checkpoint does not complete, and nothing is written.
    public func close() async {
        // The index takes in what this process wrote (and what others left) before the
        // process ends; the log's applied changes go with the WAL's end below.
        searchIndex.stopWaking()
        try? await searchIndex.catchUp()
        let applied = searchIndex.appliedChange
        try? await pool.writeWithoutTransaction { db in
            if let applied { try Self.pruneAppliedSearchChanges(through: applied, in: db) }
            try Self.endOldWALFrames(in: db)
        }
        try? pool.close()
        await searchIndex.close()
    }

    /// Checkpoints the WAL of `db`'s main database and, when that completes and the WAL
    /// holds more than `largestKeptWALFrames`, ends its frames with one small write (see
    /// `close()`). Only `main`: the search index's connection attaches the library, whose
    /// WAL belongs to the library's own writer.
    static func endOldWALFrames(in db: Database) throws {
        guard let checkpoint = try Row.fetchOne(db, sql: "PRAGMA main.wal_checkpoint(PASSIVE)"),
              try checkpoint.decode(Int.self, atIndex: 0) == 0 else { return }
        let frames = try checkpoint.decode(Int.self, atIndex: 1)
        guard frames > largestKeptWALFrames, try checkpoint.decode(Int.self, atIndex: 2) == frames else { return }
        // Deferred: the write below locks `main` alone.
        try db.inTransaction(.deferred) {
            let version = try Int.fetchOne(db, sql: "PRAGMA main.user_version") ?? 0
            try db.execute(sql: "PRAGMA main.user_version = \(version)")
            return .commit
        }
    }

    /// Removes from the search index's log the changes the index has applied (`applied`,
    /// read from the index). Only a look at the log's first row when there are none, so a
    /// process that changed nothing writes nothing.
    static func pruneAppliedSearchChanges(through applied: Int64, in db: Database) throws {
        guard let oldest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT min(id) FROM search_changes")), oldest <= applied else { return }
        try db.cachedStatement(sql: "DELETE FROM search_changes WHERE id <= ?").execute(arguments: [applied])
    }

    /// A WAL holding more frames than this when the store closes is started anew (`close`):
    /// reading a few hundred frames costs the next process less than the write that ends them.
    static let largestKeptWALFrames = 128

    private static func reason(_ error: any Error) -> String {
        if let databaseError = error as? DatabaseError {
            return databaseError.message ?? databaseError.resultCode.description
        }
        return (error as NSError).localizedDescription
    }
}

extension SQLiteStore: LibraryChangeCounting {
    /// Commits made through this store since it was opened (not those of other processes),
    /// but those marked as changing less (`CommitCounter.Scope`).
    public var libraryChangeCount: UInt64 { commits.libraryChanges }

    public func readingStateChangeCount(of user: UserID) -> UInt64 { commits.readingStateChanges(of: user) }
}

extension SQLiteStore: IdleMemoryReleasing {
    /// Empties the writer's page cache and closes the idle reader connections (reopened on
    /// the next read), without waiting for reads under way.
    public func releaseIdleMemory() {
        pool.releaseMemoryEventually()
    }
}
