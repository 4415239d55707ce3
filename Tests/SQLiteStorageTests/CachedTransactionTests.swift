import Foundation
import GRDB
import NewsModel
import Testing
@testable import SQLiteStorage

/// Transactions whose `BEGIN` and `COMMIT` are prepared once per connection
/// (`Database.inCachedTransaction`), as an article page's mark is written.
struct CachedTransactionTests {
    private struct Refusal: Error {}

    @Test func commitsWhatItWroteAndTellsTheTransactionObservers() throws {
        let queue = try DatabaseQueue()
        let commits = CommitCounter()
        queue.add(transactionObserver: commits, extent: .databaseLifetime)
        let reader = UserID(rawValue: 7)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE marks (id INTEGER PRIMARY KEY)")
            for id in 1...3 {
                let inserted = try db.inCachedTransaction {
                    commits.nextCommitChanges(.readingState(of: reader))
                    try db.execute(sql: "INSERT INTO marks VALUES (?)", arguments: [id])
                    return db.changesCount
                }
                #expect(inserted == 1)
                #expect(!db.isInsideTransaction)
            }
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM marks") } == 3)
        #expect(commits.readingStateChanges(of: reader) == 3)
    }

    @Test func rollsBackWhenTheOperationsThrowAndCanBeginAgain() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE marks (id INTEGER PRIMARY KEY)")
            #expect(throws: Refusal.self) {
                try db.inCachedTransaction {
                    try db.execute(sql: "INSERT INTO marks VALUES (1)")
                    throw Refusal()
                }
            }
            #expect(!db.isInsideTransaction)
            // A failing statement inside: the error is SQLite's, and nothing is kept.
            #expect(throws: DatabaseError.self) {
                try db.inCachedTransaction {
                    try db.execute(sql: "INSERT INTO marks VALUES (2)")
                    try db.execute(sql: "INSERT INTO marks VALUES (2)")
                }
            }
            #expect(!db.isInsideTransaction)
            try db.inCachedTransaction { try db.execute(sql: "INSERT INTO marks VALUES (3)") }
        }
        #expect(try queue.read { db in try Int.fetchAll(db, sql: "SELECT id FROM marks") } == [3])
    }
}
