import NewsModel
import PostgresNIO
import Storage

/// The SQL for one person's `Timeline`, the same shape as the SQLite backend's: every list
/// but `.starred` reads `reader_entries` (the person's library, with copies of each
/// article's source and date) and its indexes; `.starred` reads the person's stars. Values
/// are bound; the text is fixed fragments chosen by the timeline's shape.
struct PostgresTimelineStatement {
    private let selection: String
    private let from: String
    private let conditions: [String]
    private let base: BoundStatement
    private let published: String
    private let id: String

    init(_ timeline: Timeline, user: UserID) {
        var statement = BoundStatement()
        var conditions: [String] = []
        switch timeline.scope {
        case .starred:
            selection = "st.article_id AS id, a.source_id, a.published_at, e.read_at, st.starred_at, e.article_id IS NOT NULL AS followed"
            from = """
                stars st JOIN articles a ON a.id = st.article_id
                LEFT JOIN reader_entries e ON e.user_id = st.user_id AND e.article_id = st.article_id
                """
            published = "a.published_at"
            id = "st.article_id"
            conditions.append("st.user_id = \(statement.bind(user.rawValue))")
            switch timeline.filter {
            case .any: break
            case .unread: conditions.append("e.article_id IS NOT NULL AND e.read_at IS NULL")
            case .read: conditions.append("(e.article_id IS NULL OR e.read_at IS NOT NULL)")
            }
        case .all, .source, .folder:
            selection = "e.article_id AS id, e.source_id, e.published_at, e.read_at, st.starred_at, true AS followed"
            from = "reader_entries e LEFT JOIN stars st ON st.user_id = e.user_id AND st.article_id = e.article_id"
            published = "e.published_at"
            id = "e.article_id"
            conditions.append("e.user_id = \(statement.bind(user.rawValue))")
            if case .source(let source) = timeline.scope {
                conditions.append("e.source_id = \(statement.bind(source.rawValue))")
            }
            if case .folder(let folder) = timeline.scope {
                conditions.append("e.source_id IN (SELECT source_id FROM subscriptions WHERE user_id = \(statement.bind(user.rawValue)) AND folder_id = \(statement.bind(folder.rawValue)))")
            }
            switch timeline.filter {
            case .any: break
            case .unread: conditions.append("e.read_at IS NULL")
            case .read: conditions.append("e.read_at IS NOT NULL")
            }
        }
        if let publishedFrom = timeline.publishedFrom {
            conditions.append("\(published) >= \(statement.bind(StoredDate.microseconds(publishedFrom)))")
        }
        if let publishedTo = timeline.publishedTo {
            conditions.append("\(published) <= \(statement.bind(StoredDate.microseconds(publishedTo)))")
        }
        if let idAbove = timeline.idAbove { conditions.append("\(id) > \(statement.bind(idAbove.rawValue))") }
        if let idBelow = timeline.idBelow { conditions.append("\(id) < \(statement.bind(idBelow.rawValue))") }
        self.conditions = conditions
        base = statement
    }

    /// Counts the whole list.
    var count: PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT count(*) AS count FROM \(from) WHERE \(conditions.joined(separator: " AND "))", binds: base.bindings)
    }

    /// Rows of the list in `order` after `cursor` (exclusive), at most `limit`, skipping `offset`.
    func rows(order: Timeline.Order, after cursor: TimelineCursor?, limit: Int, offset: Int) -> PostgresQuery {
        var statement = base
        var conditions = conditions
        if let cursor {
            switch order {
            case .newestFirst:
                conditions.append("(\(published), \(id)) < (\(statement.bind(cursor.publishedAtMicroseconds)), \(statement.bind(cursor.articleID.rawValue)))")
            case .oldestFirst:
                conditions.append("(\(published), \(id)) > (\(statement.bind(cursor.publishedAtMicroseconds)), \(statement.bind(cursor.articleID.rawValue)))")
            case .idAscending:
                conditions.append("\(id) > \(statement.bind(cursor.articleID.rawValue))")
            case .idDescending:
                conditions.append("\(id) < \(statement.bind(cursor.articleID.rawValue))")
            }
        }
        let orderBy = switch order {
        case .newestFirst: "\(published) DESC, \(id) DESC"
        case .oldestFirst: "\(published), \(id)"
        case .idAscending: id
        case .idDescending: "\(id) DESC"
        }
        statement.append("""
            SELECT \(selection) FROM \(from) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(orderBy) LIMIT \(statement.bind(Int64(limit))) OFFSET \(statement.bind(Int64(offset)))
            """)
        return statement.query
    }
}

/// One row of a timeline: an article's place in the list and the person's state for it.
struct PostgresTimelineRow {
    let id: ArticleID
    let sourceID: SourceID
    let publishedAtMicroseconds: Int64
    let state: ReadingState

    init(row: PostgresRandomAccessRow) throws {
        let sourceText = try row["source_id"].decode(String.self)
        id = ArticleID(rawValue: try row["id"].decode(Int64.self))
        sourceID = SourceID(rawValue: sourceText) ?? SourceID(slugging: sourceText)
        publishedAtMicroseconds = try row["published_at"].decode(Int64.self)
        let followed = try row["followed"].decode(Bool.self)
        let readAt = try row["read_at"].decode(Int64?.self)
        state = ReadingState(
            isRead: !followed || readAt != nil,
            readAt: StoredDate.date(readAt),
            starredAt: StoredDate.date(try row["starred_at"].decode(Int64?.self))
        )
    }

    var cursor: TimelineCursor { TimelineCursor(publishedAtMicroseconds: publishedAtMicroseconds, articleID: id) }

    var reference: TimelineReference {
        TimelineReference(id: id, sourceID: sourceID, publishedAt: StoredDate.date(publishedAtMicroseconds), state: state)
    }
}
