import Foundation
import GRDB
import NewsModel
import Storage

extension SQLiteStore {
    /// Relevance weights of the title, summary and content columns for `bm25()`:
    /// a word in the title says more about an article than one deep in its text.
    static let relevanceWeights = "10.0, 4.0, 1.0"

    /// One page of the articles matching `query`, with the count of all matches.
    /// Articles in lists come without their reader view (`article(_:)` has it).
    public func articles(matching query: ArticleQuery) async throws -> ArticleResults {
        guard let statement = ArticleQueryStatement(query) else {
            return ArticleResults(articles: [], totalResults: 0)
        }
        return try await pool.read { db in
            // One read transaction: the page and the count see the same snapshot.
            let total = try Int.fetchOne(db, sql: statement.countSQL, arguments: statement.arguments) ?? 0
            guard let pageSQL = statement.pageSQL else {
                return ArticleResults(articles: [], totalResults: total)
            }
            let articles = try Row.fetchAll(db, sql: pageSQL, arguments: statement.pageArguments).map(Article.init(row:))
            return ArticleResults(articles: articles, totalResults: total)
        }
    }
}

/// The SQL for one `ArticleQuery`. Every value the query carries is a bound parameter;
/// the SQL text is made only of fixed fragments chosen by the query's shape.
struct ArticleQueryStatement {
    let countSQL: String
    /// nil when the page lies beyond what can be addressed (it is empty).
    let pageSQL: String?
    let arguments: StatementArguments
    let pageArguments: StatementArguments

    /// nil when the query cannot match anything (a search without a searchable word).
    init?(_ query: ArticleQuery) {
        var joins: [String] = []
        var conditions: [String] = []
        var arguments = StatementArguments()
        var relevanceOrder: String?

        if let search = query.search {
            guard let fullText = FullTextSearch(search, in: query.searchIn) else { return nil }
            switch fullText.polarity {
            case .matching:
                joins.append("JOIN articles_search ON articles_search.rowid = a.id")
                conditions.append("articles_search MATCH ?")
                relevanceOrder = "bm25(articles_search, \(SQLiteStore.relevanceWeights))"
            case .excluding:
                conditions.append("a.id NOT IN (SELECT rowid FROM articles_search WHERE articles_search MATCH ?)")
            }
            arguments += [fullText.expression]
        }

        if !query.sources.isEmpty {
            conditions.append("a.source_id IN (\(Self.placeholders(query.sources.count)))")
            arguments += StatementArguments(query.sources.map(\.rawValue))
        }

        let domains = Self.normalizedDomains(query.domains)
        if !domains.isEmpty {
            conditions.append("(" + domains.map { _ in Self.hostMatchesDomain }.joined(separator: " OR ") + ")")
            for domain in domains { arguments += [domain, "." + domain, "." + domain] }
        }
        for domain in Self.normalizedDomains(query.excludedDomains) {
            conditions.append("NOT \(Self.hostMatchesDomain)")
            arguments += [domain, "." + domain, "." + domain]
        }

        if let from = query.from {
            conditions.append("a.published_at >= ?")
            arguments += [StoredDate.microseconds(from)]
        }
        if let to = query.to {
            conditions.append("a.published_at <= ?")
            arguments += [StoredDate.microseconds(to)]
        }

        var needsSource = false
        if let language = query.language {
            // An article without its own language speaks its source's.
            conditions.append("coalesce(a.language, s.language) = ?")
            arguments += [language.rawValue]
            needsSource = true
        }
        if let country = query.country {
            conditions.append("s.country = ?")
            arguments += [country.rawValue]
            needsSource = true
        }
        if let category = query.category {
            conditions.append("s.category = ?")
            arguments += [category.rawValue]
            needsSource = true
        }
        if needsSource { joins.append("JOIN sources s ON s.id = a.source_id") }

        let from = (["FROM articles a"] + joins).joined(separator: " ")
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        countSQL = "SELECT count(*) \(from) \(whereClause)"
        self.arguments = arguments

        let newestFirst = "a.published_at DESC, a.id DESC"
        let order: String
        switch query.sortBy {
        case .relevancy: order = relevanceOrder.map { "\($0), \(newestFirst)" } ?? newestFirst
        case .popularity: order = "a.read_count DESC, \(newestFirst)"
        case .publishedAt: order = newestFirst
        }

        let pageSize = max(0, query.pageSize)
        let (offset, overflow) = (max(1, query.page) - 1).multipliedReportingOverflow(by: pageSize)
        if pageSize == 0 || overflow {
            pageSQL = nil
            pageArguments = arguments
        } else {
            pageSQL = "SELECT \(Article.selection) \(from) \(whereClause) ORDER BY \(order) LIMIT ? OFFSET ?"
            pageArguments = arguments + [pageSize, offset]
        }
    }

    /// The host is the domain itself or ends in `.domain` (compared from the end, with no
    /// LIKE, so `%` or `_` in a domain are plain characters).
    private static let hostMatchesDomain =
        "(coalesce(a.url_host, '') = ? OR substr(coalesce(a.url_host, ''), -length(?)) = ?)"

    /// Lower-cased, without surrounding dots or spaces, empty ones dropped.
    static func normalizedDomains(_ domains: [String]) -> [String] {
        domains.compactMap { domain in
            let trimmed = domain.trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespacesAndNewlines)).lowercased()
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
