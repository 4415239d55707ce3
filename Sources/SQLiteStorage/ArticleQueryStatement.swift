import Foundation
import GRDB
import Storage
import NewsModel

/// The SQL for one `ArticleQuery`. Every value the query carries is a bound parameter;
/// the SQL text is made only of fixed fragments chosen by the query's shape.
struct ArticleQueryStatement {
    /// Counts the matches, at most `query.countLimit` of them.
    let countSQL: String
    let countArguments: StatementArguments
    /// Selects the ids of the page's articles, in order; nil when the page lies beyond
    /// what can be addressed (it is empty).
    let pageSQL: String?
    let arguments: StatementArguments
    let pageArguments: StatementArguments

    /// The search, when the query has one that articles must match (not a pure negation).
    let matchedExpression: String?
    /// Every condition but the search, over `filterFrom`, with its arguments: what
    /// `NewestMatches` checks the search index's candidates against.
    let filterFrom: String
    let filterConditions: [String]
    let filterArguments: StatementArguments

    /// nil when the query cannot match anything (a search without a searchable word).
    init?(_ query: ArticleQuery) {
        var joins: [String] = []
        var conditions: [String] = []
        var arguments = StatementArguments()
        var relevanceOrder: String?
        var fullText: FullTextSearch?
        if query.search != nil || query.titleSearch != nil {
            guard let search = FullTextSearch(query.search, in: query.searchIn, titleQuery: query.titleSearch) else { return nil }
            fullText = search
        }

        if let user = query.followedBy {
            conditions.append("a.source_id IN (SELECT source_id FROM subscriptions WHERE user_id = ?)")
            arguments += [user.rawValue]
        }

        if !query.sources.isEmpty {
            conditions.append("a.source_id IN (\(Self.placeholders(query.sources.count)))")
            arguments += StatementArguments(query.sources.map(\.rawValue))
        }

        let domains = Self.normalizedDomains(query.domains)
        if !domains.isEmpty {
            conditions.append("(" + domains.map { _ in Self.hostIsDomainOrSubdomain }.joined(separator: " OR ") + ")")
            for domain in domains { arguments += Self.hostArguments(domain) }
        }
        for domain in Self.normalizedDomains(query.excludedDomains) {
            conditions.append("NOT \(Self.hostIsDomainOrSubdomain.replacingOccurrences(of: "a.url_host_reversed", with: "coalesce(a.url_host_reversed, '')"))")
            arguments += Self.hostArguments(domain)
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
        // A source's language, country and category are a person's value, else the
        // inferred one, else the default: what apps are shown for the source.
        let defaults = query.sourceDefaults
        if let language = query.language {
            // An article without its own language speaks its source's.
            conditions.append("coalesce(a.language, s.language, s.inferred_language, ?) = ?")
            arguments += [defaults.language.rawValue, language.rawValue]
            needsSource = true
        }
        if let country = query.country {
            conditions.append("coalesce(s.country, s.inferred_country, ?) = ?")
            arguments += [defaults.country.rawValue, country.rawValue]
            needsSource = true
        }
        if let category = query.category {
            conditions.append("coalesce(s.category, s.inferred_category, ?) = ?")
            arguments += [defaults.category.rawValue, category.rawValue]
            needsSource = true
        }
        if needsSource { joins.append("JOIN sources s ON s.id = a.source_id") }
        filterFrom = (["FROM articles a"] + joins).joined(separator: " ")
        filterConditions = conditions
        filterArguments = arguments

        // The search comes last, so that everything before it is the filters alone.
        matchedExpression = fullText?.polarity == .matching ? fullText?.expression : nil
        if let fullText {
            switch fullText.polarity {
            case .matching:
                joins.insert("JOIN articles_search ON articles_search.rowid = a.id", at: 0)
                conditions.append("articles_search MATCH ?")
                relevanceOrder = "bm25(articles_search, \(SQLiteStore.relevanceWeights))"
            case .excluding:
                conditions.append("a.id NOT IN (SELECT rowid FROM articles_search WHERE articles_search MATCH ?)")
            }
            arguments += [fullText.expression]
        }

        let from = (["FROM articles a"] + joins).joined(separator: " ")
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let matches: String
        if relevanceOrder != nil && conditions.count == 1 {
            // Only a search: every indexed row is an article, so the index alone can count.
            matches = "FROM articles_search WHERE articles_search MATCH ?"
        } else {
            matches = "\(from) \(whereClause)"
        }
        if let limit = query.countLimit {
            // Counting stops at the limit, with or without conditions: counting a whole index
            // by its pages read all 5,000 of them at a million articles (10,000 entries are
            // about 60 pages).
            countSQL = "SELECT count(*) FROM (SELECT 1 \(matches) LIMIT ?)"
            countArguments = arguments + [max(0, limit)]
        } else {
            countSQL = "SELECT count(*) \(matches)"
            countArguments = arguments
        }
        self.arguments = arguments

        let newestFirst = "a.published_at DESC, a.id DESC"
        let order: String
        switch query.sortBy {
        case .relevancy: order = relevanceOrder.map { "\($0), \(newestFirst)" } ?? newestFirst
        case .popularity: order = "a.story_sources DESC, \(newestFirst)"
        case .publishedAt: order = newestFirst
        }

        let pageSize = max(0, query.pageSize)
        let (offset, overflow) = (max(1, query.page) - 1).multipliedReportingOverflow(by: pageSize)
        if pageSize == 0 || overflow {
            pageSQL = nil
            pageArguments = arguments
        } else {
            pageSQL = "SELECT a.id \(from) \(whereClause) ORDER BY \(order) LIMIT ? OFFSET ?"
            pageArguments = arguments + [pageSize, offset]
        }
    }

    /// The host is the domain itself or ends in `.domain`: on the reversed host, equal to the
    /// reversed domain or within the range of strings that start with it and a dot
    /// (`/` follows `.` in byte order). An index range, and no LIKE, so `%` and `_` are plain.
    /// (The exclusion reads a missing host as '' so that NOT keeps articles without a URL.)
    private static let hostIsDomainOrSubdomain =
        "(a.url_host_reversed = ? OR (a.url_host_reversed >= ? AND a.url_host_reversed < ?))"

    private static func hostArguments(_ domain: String) -> StatementArguments {
        let reversed = SQLiteStore.reversed(domain)
        return [reversed, reversed + ".", reversed + "/"]
    }

    /// Lower-cased, without surrounding dots or spaces, empty ones dropped.
    static func normalizedDomains(_ domains: [String]) -> [String] { URLHost.normalizedDomains(domains) }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
