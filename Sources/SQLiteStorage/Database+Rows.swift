import Foundation
import GRDB

extension SQLiteStore {
    /// `IN` over a list of ids bound as one JSON array (`jsonArray`): one statement text for
    /// any number of ids, so it is prepared once per connection and kept.
    static let idList = "(SELECT value FROM json_each(?))"

    /// Integers as a JSON array, for `idList`.
    static func jsonArray(_ ids: some Sequence<Int64>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// Strings as a JSON array, for `idList` over text keys.
    static func jsonStrings(_ strings: [String]) -> String {
        guard let data = try? JSONEncoder().encode(strings) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Database {
    /// Each row of a query, transformed while it is current. Rows are not copied, and a
    /// column is found by name in the statement's own index: a copied row (what
    /// `Row.fetchAll` gives) lower-cases and compares every column name at each lookup,
    /// which cost more than the queries themselves on wide rows. `cached` keeps the prepared
    /// statement for the next time (for SQL from a fixed set of texts, not for lists of
    /// placeholders of any length).
    func rows<Value>(
        _ sql: String, arguments: StatementArguments = StatementArguments(), cached: Bool = true,
        _ transform: (Row) throws -> Value
    ) throws -> [Value] {
        let statement = cached ? try cachedStatement(sql: sql) : try makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var values: [Value] = []
        while let row = try cursor.next() {
            values.append(try transform(row))
        }
        return values
    }

    /// The first row of a query, transformed, or nil; as `rows`.
    func row<Value>(
        _ sql: String, arguments: StatementArguments = StatementArguments(), cached: Bool = true,
        _ transform: (Row) throws -> Value
    ) throws -> Value? {
        let statement = cached ? try cachedStatement(sql: sql) : try makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        return try cursor.next().map(transform)
    }
}
