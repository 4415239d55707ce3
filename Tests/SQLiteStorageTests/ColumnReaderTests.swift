import Foundation
import GRDB
import Testing
@testable import SQLiteStorage

/// Rows read by position straight from SQLite (`Database.columnRows`), as the hottest reads
/// do, and as GRDB's rows give them to the same decoders.
struct ColumnReaderTests {
    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, count INTEGER);
                INSERT INTO t VALUES (1, 'café 🚀', NULL, 7), (2, '', 'a note', NULL);
                """)
        }
        return queue
    }

    @Test func readsTextNumbersAndNullsByPosition() throws {
        let rows = try database().read { db in
            try db.columnRows("SELECT id, name, note, count FROM t ORDER BY id") { row in
                [String(try row.int64(at: 0)), try row.text(at: 1), try row.optionalText(at: 2) ?? "nil",
                 try row.optionalInt64(at: 3).map(String.init) ?? "nil", String(try row.bool(at: 0))]
            }
        }
        #expect(rows == [["1", "café 🚀", "nil", "7", "true"], ["2", "", "a note", "nil", "true"]])
    }

    @Test func aNullWhereAValueIsExpectedIsAnErrorNamingTheColumn() throws {
        let queue = try database()
        do {
            _ = try queue.read { db in try db.columnRows("SELECT note FROM t WHERE id = 1") { try $0.text(at: 0) } }
            Issue.record("a NULL read as text must throw")
        } catch let error as DatabaseError {
            #expect(error.message?.contains("note") == true)
        }
        #expect(throws: DatabaseError.self) {
            try queue.read { db in try db.columnRows("SELECT count FROM t WHERE id = 2") { try $0.int64(at: 0) } }
        }
    }

    @Test func theStatementIsLeftReadyForItsNextRunAndArgumentsAreChecked() throws {
        let queue = try database()
        let sql = "SELECT name FROM t WHERE id >= ? ORDER BY id"
        let (first, second, none, all) = try queue.read { db in
            (try db.columnRow(sql, arguments: [1]) { try $0.text(at: 0) },
             try db.columnRows(sql, arguments: [2]) { try $0.text(at: 0) },
             try db.columnRow(sql, arguments: [3]) { try $0.text(at: 0) },
             try db.columnRows(sql, arguments: [1]) { try $0.text(at: 0) })
        }
        #expect(first == "café 🚀")
        #expect(second == [""])
        #expect(none == nil)
        #expect(all.count == 2)
        #expect(throws: DatabaseError.self) {
            try queue.read { db in try db.columnRows(sql, arguments: []) { try $0.text(at: 0) } }
        }
    }

    @Test func gRDBRowsAndSQLiteRowsGiveTheDecodersTheSameValues() throws {
        let sql = "SELECT id, name, note, count FROM t ORDER BY id"
        let (fromSQLite, fromGRDB) = try database().read { db in
            (try db.columnRows(sql) { row in [try row.optionalText(at: 1), try row.optionalText(at: 2)] },
             try Row.fetchAll(db, sql: sql).map { row in [try row.optionalText(at: 1), try row.optionalText(at: 2)] })
        }
        #expect(fromSQLite == fromGRDB)
    }
}
