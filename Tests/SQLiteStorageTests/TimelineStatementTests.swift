import Foundation
import GRDB
import NewsModel
import Testing
@testable import SQLiteStorage

/// The SQL of a timeline's neighbours, which is written once per shape of timeline and kept.
struct TimelineStatementTests {
    @Test func eachShapeOfTimelineKeepsSQLThatFitsItsArguments() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let scopes: [Timeline.Scope] = [.all, .source(SourceID(slugging: "alpha")), .folder(FolderID(rawValue: 3)), .starred]
        let cursor = TimelineCursor(publishedAtMicroseconds: 5, articleID: ArticleID(rawValue: 9))
        let store = try SQLiteStore.temporary()
        var texts = Set<String>()
        for scope in scopes {
            for filter in Timeline.ReadFilter.allCases {
                for bounded in [false, true] {
                    for order in Timeline.Order.allCases {
                        let timeline = Timeline(
                            scope: scope, filter: filter, order: order,
                            publishedFrom: bounded ? date : nil, idBelow: bounded ? ArticleID(rawValue: 100) : nil
                        )
                        let statement = TimelineStatement(timeline, user: UserID(rawValue: 1))
                        // Asked twice: the second answer comes from what the first kept.
                        let first = statement.nextID(order: order, after: cursor)
                        let kept = statement.nextID(order: order, after: cursor)
                        #expect(kept.sql == first.sql)
                        #expect(kept.arguments == first.arguments)
                        // The text compiles against the schema and takes exactly its arguments.
                        try store.pool.read { db in try db.makeStatement(sql: first.sql).validateArguments(first.arguments) }
                        #expect(first.sql.contains("source_id = ?") == (scope == .source(SourceID(slugging: "alpha"))))
                        #expect(first.sql.contains("folder_id") == (scope == .folder(FolderID(rawValue: 3))))
                        #expect(first.sql.hasPrefix("SELECT st.") == (scope == .starred))
                        #expect(first.sql.contains("read_at IS NULL") == (filter == .unread))
                        texts.insert(first.sql)
                    }
                }
            }
        }
        // Every shape has its own text: 4 scopes × 3 filters × 2 bounds × 4 orders.
        #expect(texts.count == scopes.count * Timeline.ReadFilter.allCases.count * 2 * Timeline.Order.allCases.count)
    }
}
