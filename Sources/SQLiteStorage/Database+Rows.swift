import Foundation
import GRDB

extension SQLiteStore {
    /// `IN` over a list of ids bound as one JSON array (`jsonArray`): one statement text for
    /// any number of ids, so it is prepared once per connection and kept.
    static let idList = "(SELECT value FROM json_each(?))"

    /// A list of ids bound as one JSON array at parameter `parameter`, as rows to read from,
    /// each id as `listed.value`: `FROM \(listedIDs(1)) CROSS JOIN sources s WHERE s.id =
    /// listed.value`. Each id then costs one index look-up, where `IN idList` first copies
    /// the list into a temporary b-tree, with a pager of its own, at every run (2 % of an
    /// article page's CPU over its lists). `CROSS JOIN` keeps the list the outer loop. An id
    /// listed twice gives its row twice.
    static func listedIDs(_ parameter: Int) -> String {
        "json_each(?\(parameter)) AS listed"
    }

    /// Integers as a JSON array, for `idList`.
    static func jsonArray(_ ids: some Sequence<Int64>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// Strings as a JSON array, for `idList` over text keys. Written out here: the article
    /// page binds two such lists, and a `JSONEncoder` for each cost 1 % of the page's CPU.
    static func jsonStrings(_ strings: [String]) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        let hexDigits = Array("0123456789abcdef".utf8)
        for (position, string) in strings.enumerated() {
            if position > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    json += [UInt8(ascii: "\\"), byte]
                case ..<0x20:
                    json += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                default:
                    json.append(byte)
                }
            }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
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
