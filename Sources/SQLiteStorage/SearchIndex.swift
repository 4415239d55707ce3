import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// The full-text index of the articles' searched texts (title, summary, plain text), kept in
/// a file of its own beside the library (`<library>-search`) and written by its own
/// connection.
///
/// Why a file of its own: SQLite lets one connection at a time write a file, and inside the
/// library the index was written by the same writer as the articles. In a cold refresh that
/// writer was the bottleneck and the index was most of its work (59 % of its samples; FTS5's
/// cost does not depend on the tokenizer, see docs/ARCHITECTURE.md). In a file of its own
/// the index is written on the other core while the library's writer goes on.
///
/// How it keeps in step, and why nothing is lost or applied twice: triggers on
/// `article_texts` append every change of a searched text to `search_changes` in the
/// library, in the transaction that made it (an insert names the article; an update or a
/// delete also keeps the texts it replaced, which a contentless FTS5 index needs to take
/// them out). The index applies the log in order, in transactions that also record the last
/// change applied (`index_state`), so after a crash on either side the index resumes where
/// its last commit left it. Applied changes are pruned from the log by the library's writer
/// (`pruneAppliedChanges`). The log is read in the same snapshot as the texts: after a
/// batch the index holds each article's text as of that snapshot, which is what the next
/// change of that article names as the text it replaced.
///
/// The index is rebuilt from `article_texts` when it was made for another library (its
/// token differs from the library's), is missing (a new file), or missed changes already
/// pruned from the log (a file older than the library).
///
/// A search first checks, in its own read transaction, that the index has applied every
/// change in the library (`isCurrent`), and otherwise waits for `catchUp()`: searches see
/// what their process wrote. Refreshes `wake()` the index after each commit so that it
/// keeps up on the other core; a store's `close()` waits for it.
final class SearchIndex: Sendable {
    /// The index file.
    let path: String
    let queue: DatabaseQueue
    private let state = Mutex(State())

    private struct State {
        /// A catch-up is queued and has not started yet.
        var catchUpQueued = false
        /// The last change this process saw applied (nil: none seen yet).
        var appliedChange: Int64?
        /// The store is closing: it catches up itself (`stopWaking()`).
        var isClosing = false
    }

    /// Changes applied per transaction: bounds the memory a catch-up after a large delete
    /// (whose log rows hold the deleted texts) reads at once.
    static let changesPerTransaction: Int64 = 20_000

    /// The columns and options of the index's FTS5 table: contentless (the texts stay in the
    /// library), with the project's tokenizer.
    static let tableArguments = """
        title, summary, content_text, content = '',
        tokenize = '\(SpacelessScriptTokenizer.name) porter unicode61 remove_diacritics 2'
        """

    /// The schema name under which the library's connections attach the index.
    static let schemaName = "search"

    /// The index file that belongs to the library at `libraryPath`.
    static func path(forLibraryAt libraryPath: String) -> String { libraryPath + "-search" }

    /// Opens (creating if missing) the index file at `path`. The library is attached later
    /// (`attachLibrary`), once its schema is up to date.
    init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(SQLiteStore.busyTimeout)
        configuration.label = "broadsheet-search"
        configuration.prepareDatabase { db in
            // (GRDB sets WAL mode only for a `DatabasePool`; the library's readers need it.)
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try SQLiteStore.prepareConnection(db)
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        // As for the library: a copy's optimisation rewrites the whole index at once.
        SQLiteStore.emptyWAL(of: queue, at: path, ifLargerThan: SQLiteStore.largestKeptWALBytes)
        try queue.writeWithoutTransaction { db in
            guard try !db.tableExists("index_state") else { return }
            try db.inTransaction(.immediate) {
                try db.execute(sql: """
                    CREATE VIRTUAL TABLE articles_search USING fts5(\(Self.tableArguments));
                    -- One row: the library the index was made from and the last change applied.
                    CREATE TABLE index_state (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        library_token TEXT NOT NULL,
                        applied_change INTEGER NOT NULL
                    );
                    """)
                return .commit
            }
        }
    }

    /// Attaches the library to the index's connection, to read its log and texts.
    func attachLibrary(at libraryPath: String) throws {
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS library", arguments: [libraryPath])
            // This connection may be the library's last to close: it must keep the WAL too.
            Self.keepWAL(of: "library", in: db)
            // It only reads the library, once per change: a reader's cache is enough.
            try db.execute(sql: "PRAGMA library.cache_size = -\(SQLiteStore.readerCacheKibibytes)")
        }
    }

    /// Keeps the WAL file of `schema` when the connection closes (see `SQLiteStore.prepareConnection`).
    static func keepWAL(of schema: String, in db: Database) {
        var persistWAL: Int32 = 1
        _ = sqlite3_file_control(db.sqliteConnection, schema, SQLITE_FCNTL_PERSIST_WAL, &persistWAL)
    }

    /// Leaves a short WAL for the next process, as the library does (`SQLiteStore.close()`),
    /// and closes the index's connection.
    func close() async {
        try? await queue.writeWithoutTransaction { db in try SQLiteStore.endOldWALFrames(in: db) }
        closeConnection()
    }

    /// Closes the index's connection at once (a temporary store going away). A catch-up
    /// woken before and run after finds the connection closed: GRDB refuses it with an error,
    /// which a woken catch-up ignores.
    func closeConnection() {
        try? queue.close()
    }

    /// The last change this process saw applied, for pruning the log (nil: none yet).
    var appliedChange: Int64? { state.withLock { $0.appliedChange } }

    /// True when the index, as attached to a library connection (`schemaName`), has applied
    /// every change in that connection's snapshot of the library.
    static func isCurrent(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT coalesce(s.applied_change = coalesce((SELECT seq FROM main.sqlite_sequence WHERE name = 'search_changes'), 0)
                AND s.library_token = (SELECT token FROM main.search_index_owner), 0)
            FROM (SELECT 1) LEFT JOIN \(schemaName).index_state s
            """)) ?? false
    }

    /// How long a woken index waits before it catches up, gathering the commits that follow,
    /// in milliseconds. FTS5's cost per article falls with the articles a transaction
    /// brings: each transaction flushes a segment of its own, and segments cost again when
    /// they merge (the corpus texts: 68 ms in one transaction, 118 ms in 18). With a second,
    /// a cold refresh of the 95 corpus feeds (half a second of commits) is indexed in one
    /// transaction at the command's close: 12 % less CPU for the whole process than with the
    /// 50 ms used before, for the same wall time (30 rounds each, alternating, 2026-12-01);
    /// `serve`'s scheduler, which commits one feed at a time, gets one index transaction a
    /// second. Nothing waits on this delay: a search catches the index up first (`catchUp()`),
    /// and so does `close()`.
    static let gatheringDelayMilliseconds = 1000

    /// Applies, in the background and after `gatheringDelayMilliseconds`, the changes the library
    /// holds. Several calls before the index gets to them make one catch-up.
    func wake() {
        let isQueuedOrClosing = state.withLock { state in
            defer { state.catchUpQueued = true }
            return state.catchUpQueued || state.isClosing
        }
        if isQueuedOrClosing { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Self.gatheringDelayMilliseconds)) { [self] in
            queue.asyncWriteWithoutTransaction { [self] db in
                let isClosing = state.withLock { state in
                    state.catchUpQueued = false
                    return state.isClosing
                }
                if isClosing { return }
                // A failure here (the disk full, say) is retried by the next catch-up;
                // searches wait for one that succeeds (`catchUp()`) and report its error.
                try? apply(in: db)
            }
        }
    }

    /// Stops the woken catch-ups, for a store that is closing: its `close()` catches up
    /// itself, and a woken one whose delay ran out during the close's checkpoint would read
    /// the library then and hold the snapshot the checkpoint has to wait for (it did, in a
    /// loaded test run: the WAL was not started anew).
    func stopWaking() {
        state.withLock { $0.isClosing = true }
    }

    /// Returns once every change committed to the library before the call is in the index.
    func catchUp() async throws {
        try await queue.writeWithoutTransaction { [self] db in try apply(in: db) }
    }

    /// Merges the index's segments into one (after a bulk copy into the library).
    func optimize() async throws {
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO articles_search(articles_search) VALUES ('optimize')")
        }
    }

    /// Applies the log until none is left, in transactions of `changesPerTransaction`.
    private func apply(in db: Database) throws {
        // A read first: most calls (a command closing its library) find nothing to do, and
        // need no write lock.
        var position: Position?
        try db.inTransaction(.deferred) {
            position = try Self.position(in: db)
            return .commit
        }
        if let position, position.isCurrent {
            state.withLock { $0.appliedChange = position.applied }
            return
        }
        while true {
            // The last change applied once this transaction commits, and whether it is the
            // library's last.
            var applied: Int64 = 0
            var done = false
            try db.inTransaction(.deferred) {
                // The index's write lock first, before this transaction reads the index: a
                // transaction that read it first and then found another process had written
                // it since could not write at all (SQLITE_BUSY_SNAPSHOT). The library is only
                // read, so its writer never waits for the index.
                try db.execute(sql: """
                    INSERT INTO index_state (id, library_token, applied_change) VALUES (1, '', -1)
                    ON CONFLICT (id) DO NOTHING
                    """)
                let position = try Self.position(in: db)
                if position.needsRebuild {
                    try Self.rebuild(through: position.last, token: position.token, in: db)
                    applied = position.last
                } else if position.isCurrent {
                    applied = position.last
                } else {
                    applied = min(position.last, position.applied + Self.changesPerTransaction)
                    try Self.applyChanges(after: position.applied, through: applied, in: db)
                }
                done = applied == position.last
                return .commit
            }
            state.withLock { [applied] in $0.appliedChange = applied }
            if done { return }
        }
    }

    /// Where the index stands against the library's log, in one snapshot of each.
    private struct Position {
        /// The library's token.
        var token: String
        /// The library's last change (0: none ever).
        var last: Int64
        /// The oldest change still in the log (nil: the log is empty).
        var oldestKept: Int64?
        /// The index's token and last applied change (nil: never built).
        var indexToken: String?
        var applied: Int64

        var needsRebuild: Bool {
            indexToken != token || applied < 0 || applied > last
                || (applied < last && (oldestKept ?? Int64.max) > applied + 1)
        }
        var isCurrent: Bool { !needsRebuild && applied == last }
    }

    private static func position(in db: Database) throws -> Position {
        let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT token FROM library.search_index_owner),
                   coalesce((SELECT seq FROM library.sqlite_sequence WHERE name = 'search_changes'), 0),
                   (SELECT min(id) FROM library.search_changes),
                   (SELECT library_token FROM index_state),
                   coalesce((SELECT applied_change FROM index_state), -1)
            """))
        guard let row else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "the search index's position could not be read") }
        return Position(
            token: try row.decode(String?.self, atIndex: 0) ?? "",
            last: try row.decode(Int64.self, atIndex: 1),
            oldestKept: try row.decode(Int64?.self, atIndex: 2),
            indexToken: try row.decode(String?.self, atIndex: 3),
            applied: try row.decode(Int64.self, atIndex: 4)
        )
    }

    /// The index made anew from every text in the library's snapshot, which holds every
    /// change up to `last`.
    private static func rebuild(through last: Int64, token: String, in db: Database) throws {
        try db.execute(sql: "INSERT INTO articles_search(articles_search) VALUES ('delete-all')")
        try db.execute(sql: """
            INSERT INTO articles_search (rowid, title, summary, content_text)
            SELECT article_id, title, summary, content_text FROM library.article_texts ORDER BY article_id
            """)
        try db.execute(
            sql: "UPDATE index_state SET library_token = ?, applied_change = ?",
            arguments: [token, last]
        )
    }

    /// The changes after `applied` up to `through`, in the index.
    ///
    /// Per article, what the index holds before them is told by its first change: nothing
    /// before an insert, the replaced texts before an update or delete. Those come out; then
    /// every changed article still in the library goes in with its texts of this snapshot.
    private static func applyChanges(after applied: Int64, through: Int64, in db: Database) throws {
        var firstChanges: [Int64: (change: Int64, replaced: Bool)] = [:]
        let changes = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, article_id, replaced FROM library.search_changes WHERE id > ? AND id <= ? ORDER BY id
            """), arguments: [applied, through])
        while let change = try changes.next() {
            let article: Int64 = try change.decode(atIndex: 1)
            if firstChanges[article] == nil {
                firstChanges[article] = (try change.decode(atIndex: 0), try change.decode(atIndex: 2))
            }
        }
        let removals = firstChanges.values.filter(\.replaced).map(\.change).sorted()
        if !removals.isEmpty {
            try db.execute(sql: """
                INSERT INTO articles_search (articles_search, rowid, title, summary, content_text)
                SELECT 'delete', article_id, old_title, old_summary, old_content_text FROM library.search_changes
                WHERE id IN \(SQLiteStore.idList) ORDER BY article_id
                """, arguments: [SQLiteStore.jsonArray(removals)])
        }
        try db.execute(sql: """
            INSERT INTO articles_search (rowid, title, summary, content_text)
            SELECT article_id, title, summary, content_text FROM library.article_texts
            WHERE article_id IN \(SQLiteStore.idList) ORDER BY article_id
            """, arguments: [SQLiteStore.jsonArray(firstChanges.keys.sorted())])
        try db.execute(sql: "UPDATE index_state SET applied_change = ?", arguments: [through])
    }
}
