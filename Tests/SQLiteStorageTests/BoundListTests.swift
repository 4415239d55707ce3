import Foundation
import GRDB
import Testing
@testable import SQLiteStorage

/// The lists of keys the store binds as one JSON array (`SQLiteStore.idList`).
struct BoundListTests {
    @Test func stringsAreWrittenAsTheJSONArraySQLiteReadsBack() throws {
        let strings = ["plain", "", "quote \" and backslash \\", "tab\tline\nbell\u{07}", "café 🚀 新闻", "[\"not\", \"a list\"]"]
        let json = SQLiteStore.jsonStrings(strings)
        #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == strings)
        let queue = try DatabaseQueue()
        let read = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT value FROM json_each(?) ORDER BY key", arguments: [json])
        }
        #expect(read == strings)
        #expect(SQLiteStore.jsonStrings([]) == "[]")
    }
}
