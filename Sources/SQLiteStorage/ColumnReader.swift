import GRDB
import GRDBSQLite

/// Reads the columns of a row by position: what the store's decoders (`Article(columns:)`,
/// `Source(columns:startingAt:)`…) need, given by a GRDB `Row` or, on the hottest reads,
/// straight by SQLite (`ColumnReader`). Generic decoders are specialized for each, so one
/// decoder serves both.
protocol PositionalColumns {
    func int64(at index: Int) throws -> Int64
    func optionalInt64(at index: Int) throws -> Int64?
    func text(at index: Int) throws -> String
    func optionalText(at index: Int) throws -> String?
}

extension PositionalColumns {
    func bool(at index: Int) throws -> Bool { try int64(at: index) != 0 }
    func int(at index: Int) throws -> Int { Int(try int64(at: index)) }
}

extension Row: PositionalColumns {
    func int64(at index: Int) throws -> Int64 { try decode(Int64.self, atIndex: index) }
    func optionalInt64(at index: Int) throws -> Int64? { try decode(Int64?.self, atIndex: index) }
    func text(at index: Int) throws -> String { try decode(String.self, atIndex: index) }
    func optionalText(at index: Int) throws -> String? { try decode(String?.self, atIndex: index) }
}

/// The current row of a statement being stepped, read from SQLite by position.
///
/// GRDB's `Row.fetchCursor` first builds, at every run of a statement, a dictionary of the
/// statement's lower-cased column names (for look-ups by name). On an article page's rows of
/// some thirty columns that cost more than reading them: 3–4 % of the page's CPU.
struct ColumnReader: PositionalColumns {
    let statement: SQLiteStatement

    func isNull(at index: Int) -> Bool {
        sqlite3_column_type(statement, CInt(index)) == SQLITE_NULL
    }

    func int64(at index: Int) throws -> Int64 {
        guard !isNull(at: index) else { throw unexpectedNull(at: index) }
        return sqlite3_column_int64(statement, CInt(index))
    }

    func optionalInt64(at index: Int) throws -> Int64? {
        isNull(at: index) ? nil : sqlite3_column_int64(statement, CInt(index))
    }

    func text(at index: Int) throws -> String {
        guard let text = try optionalText(at: index) else { throw unexpectedNull(at: index) }
        return text
    }

    func optionalText(at index: Int) throws -> String? {
        // The text first, then its length: SQLite documents that order as the safe one.
        guard let bytes = sqlite3_column_text(statement, CInt(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, CInt(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func unexpectedNull(at index: Int) -> DatabaseError {
        let name = sqlite3_column_name(statement, CInt(index)).map { String(cString: $0) } ?? "\(index)"
        return DatabaseError(resultCode: .SQLITE_MISMATCH, message: "column \(name) is NULL where a value was expected")
    }
}

/// A GRDB cursor over a statement's rows that hands each to `transform` as a `ColumnReader`.
/// It runs through GRDB's own stepping (its checks of the connection's queue and of aborted
/// transactions apply) and sets the arguments with GRDB's validation.
private final class ColumnCursor<Element>: DatabaseCursor {
    let _statement: Statement
    var _isDone = false
    private let transform: (ColumnReader) throws -> Element

    init(statement: Statement, arguments: StatementArguments, transform: @escaping (ColumnReader) throws -> Element) throws {
        _statement = statement
        self.transform = transform
        // Resets the statement, then validates and binds the arguments.
        try statement.setArguments(arguments)
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> Element {
        try transform(ColumnReader(statement: sqliteStatement))
    }
}

extension Database {
    /// Each row of a cached statement, read by position (`ColumnReader`) and transformed.
    /// The statement always runs to its end, so it is left reset for its next use.
    func columnRows<Value>(
        _ sql: String, arguments: StatementArguments = StatementArguments(), _ transform: @escaping (ColumnReader) throws -> Value
    ) throws -> [Value] {
        let cursor = try ColumnCursor(statement: cachedStatement(sql: sql), arguments: arguments, transform: transform)
        var values: [Value] = []
        while let value = try cursor.next() {
            values.append(value)
        }
        return values
    }

    /// The first row of a cached statement, as `columnRows`; for statements of one row at
    /// most (looked up by a key), since every row is read.
    func columnRow<Value>(
        _ sql: String, arguments: StatementArguments = StatementArguments(), _ transform: @escaping (ColumnReader) throws -> Value
    ) throws -> Value? {
        try columnRows(sql, arguments: arguments, transform).first
    }
}
