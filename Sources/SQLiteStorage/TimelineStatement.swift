import GRDB
import Storage
import NewsModel
import Synchronization

/// The SQL for one person's `Timeline`. Values are bound parameters; the text is made only of
/// fixed fragments chosen by the timeline's shape.
///
/// Every list but `.starred` reads `reader_entries` (the person's library, with copies of the
/// article's source and date), so lists, counts and id listings walk its indexes: by date
/// for everything, by date among the unread, by source. `.starred` reads the person's stars.
struct TimelineStatement {
    /// The columns each row has: `id`, `source_id`, `published_at`, `read_at`, `starred_at`,
    /// and `followed` (0 for a star from a source the person left, which counts as read).
    private let selection: String
    private let from: String
    /// The conditions of the list itself (scope, filter, bounds), without a cursor.
    private let conditions: [String]
    private let arguments: StatementArguments
    /// The expressions the list is ordered and paged by.
    private let published: String
    private let id: String
    /// What the SQL text depends on: every value is bound.
    private let shape: Shape

    /// The timeline's kind of scope, its filter and which bounds it has.
    private struct Shape: Hashable {
        var scope: Int
        var filter: Timeline.ReadFilter
        var hasPublishedFrom: Bool, hasPublishedTo: Bool, hasIDAbove: Bool, hasIDBelow: Bool
    }

    init(_ timeline: Timeline, user: UserID) {
        var conditions: [String] = []
        var arguments = StatementArguments()
        switch timeline.scope {
        case .starred:
            selection = "st.article_id AS id, a.source_id, a.published_at, e.read_at, st.starred_at, e.article_id IS NOT NULL AS followed"
            from = """
                stars st JOIN articles a ON a.id = st.article_id
                LEFT JOIN reader_entries e ON e.user_id = st.user_id AND e.article_id = st.article_id
                """
            published = "a.published_at"
            id = "st.article_id"
            conditions.append("st.user_id = ?")
            arguments += [user.rawValue]
            switch timeline.filter {
            case .any: break
            case .unread: conditions.append("e.article_id IS NOT NULL AND e.read_at IS NULL")
            case .read: conditions.append("(e.article_id IS NULL OR e.read_at IS NOT NULL)")
            }
        case .all, .source, .folder:
            selection = "e.article_id AS id, e.source_id, e.published_at, e.read_at, st.starred_at, 1 AS followed"
            from = "reader_entries e LEFT JOIN stars st ON st.user_id = e.user_id AND st.article_id = e.article_id"
            published = "e.published_at"
            id = "e.article_id"
            conditions.append("e.user_id = ?")
            arguments += [user.rawValue]
            if case .source(let source) = timeline.scope {
                conditions.append("e.source_id = ?")
                arguments += [source.rawValue]
            }
            if case .folder(let folder) = timeline.scope {
                conditions.append("e.source_id IN (SELECT source_id FROM subscriptions WHERE user_id = ? AND folder_id = ?)")
                arguments += [user.rawValue, folder.rawValue]
            }
            switch timeline.filter {
            case .any: break
            // Written as the partial index's own condition, so SQLite can use it.
            case .unread: conditions.append("e.read_at IS NULL")
            case .read: conditions.append("e.read_at IS NOT NULL")
            }
        }
        if let publishedFrom = timeline.publishedFrom {
            conditions.append("\(published) >= ?")
            arguments += [StoredDate.microseconds(publishedFrom)]
        }
        if let publishedTo = timeline.publishedTo {
            conditions.append("\(published) <= ?")
            arguments += [StoredDate.microseconds(publishedTo)]
        }
        if let idAbove = timeline.idAbove {
            conditions.append("\(id) > ?")
            arguments += [idAbove.rawValue]
        }
        if let idBelow = timeline.idBelow {
            conditions.append("\(id) < ?")
            arguments += [idBelow.rawValue]
        }
        self.conditions = conditions
        self.arguments = arguments
        let scope = switch timeline.scope {
        case .all: 0
        case .source: 1
        case .folder: 2
        case .starred: 3
        }
        // Four flags, not an array: every list builds a statement, and few ask for neighbours.
        shape = Shape(
            scope: scope, filter: timeline.filter,
            hasPublishedFrom: timeline.publishedFrom != nil, hasPublishedTo: timeline.publishedTo != nil,
            hasIDAbove: timeline.idAbove != nil, hasIDBelow: timeline.idBelow != nil
        )
    }

    /// Counts the whole list.
    var count: (sql: String, arguments: StatementArguments) {
        ("SELECT count(*) FROM \(from) WHERE \(conditions.joined(separator: " AND "))", arguments)
    }

    /// Rows of the list in `order` that come after `cursor` (exclusive), at most `limit`,
    /// skipping `offset`.
    func rows(order: Timeline.Order, after cursor: TimelineCursor?, limit: Int, offset: Int) -> (sql: String, arguments: StatementArguments) {
        (sql(of: selection, order: order, afterCursor: cursor != nil), arguments(order: order, after: cursor, limit: limit, offset: offset))
    }

    /// The id of the article after `cursor` in `order`, if any: an article page's previous
    /// and next, which need no more of the row.
    func nextID(order: Timeline.Order, after cursor: TimelineCursor) -> (sql: String, arguments: StatementArguments) {
        let key = NextIDKey(shape: shape, order: order)
        let sql = Self.nextIDSQL.withLock { known in
            if let sql = known[key] { return sql }
            let sql = self.sql(of: "\(id) AS id", order: order, afterCursor: true)
            known[key] = sql
            return sql
        }
        return (sql, arguments(order: order, after: cursor, limit: 1, offset: 0))
    }

    private struct NextIDKey: Hashable {
        var shape: Shape
        var order: Timeline.Order
    }

    /// `nextID`'s SQL by the timeline's shape and order, written once per process: every
    /// article page asks twice, and writing the text cost it 1.5 % of its CPU. A few dozen
    /// shapes at most.
    private static let nextIDSQL = Mutex<[NextIDKey: String]>([:])

    private func sql(of selection: String, order: Timeline.Order, afterCursor: Bool) -> String {
        var conditions = conditions
        if afterCursor {
            switch order {
            case .newestFirst: conditions.append("(\(published), \(id)) < (?, ?)")
            case .oldestFirst: conditions.append("(\(published), \(id)) > (?, ?)")
            case .idAscending: conditions.append("\(id) > ?")
            case .idDescending: conditions.append("\(id) < ?")
            }
        }
        let orderBy = switch order {
        case .newestFirst: "\(published) DESC, \(id) DESC"
        case .oldestFirst: "\(published), \(id)"
        case .idAscending: id
        case .idDescending: "\(id) DESC"
        }
        return """
            SELECT \(selection) FROM \(from) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(orderBy) LIMIT ? OFFSET ?
            """
    }

    private func arguments(order: Timeline.Order, after cursor: TimelineCursor?, limit: Int, offset: Int) -> StatementArguments {
        var arguments = arguments
        if let cursor {
            switch order {
            case .newestFirst, .oldestFirst: arguments += [cursor.publishedAtMicroseconds, cursor.articleID.rawValue]
            case .idAscending, .idDescending: arguments += [cursor.articleID.rawValue]
            }
        }
        return arguments + [limit, offset]
    }
}

/// One row of a timeline: an article's place in the list and the person's state for it.
struct TimelineRow {
    let id: ArticleID
    let sourceID: SourceID
    let publishedAtMicroseconds: Int64
    let state: ReadingState

    init(row: Row) throws {
        let sourceText: String = try row.decode(forColumn: "source_id")
        id = ArticleID(rawValue: try row.decode(forColumn: "id"))
        sourceID = SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText)
        publishedAtMicroseconds = try row.decode(forColumn: "published_at")
        let followed: Bool = try row.decode(forColumn: "followed")
        let readAt = try row.decode(Int64?.self, forColumn: "read_at")
        state = ReadingState(
            isRead: !followed || readAt != nil,
            readAt: StoredDate.date(readAt),
            starredAt: StoredDate.date(try row.decode(Int64?.self, forColumn: "starred_at"))
        )
    }

    var cursor: TimelineCursor {
        TimelineCursor(publishedAtMicroseconds: publishedAtMicroseconds, articleID: id)
    }

    var reference: TimelineReference {
        TimelineReference(id: id, sourceID: sourceID, publishedAt: StoredDate.date(publishedAtMicroseconds), state: state)
    }
}
