import Foundation
import NewsAPI
import NewsModel
import Storage
import SyncSupport

/// Reads and validates NewsAPI query parameters. Every refusal names the parameter, what
/// was given and what is allowed.
struct APIParameters {
    static let maximumQueryLength = 500
    static let maximumSources = 20
    static let maximumDomains = 50
    /// Paging past this many results is refused (`maximumResultsReached`), which also keeps
    /// database offsets small.
    static let maximumResultDepth = ArticleQuery.standardCountLimit

    let values: QueryParameters
    /// Scheme, host and port that relative URLs are resolved against, without a trailing slash.
    var baseURL = ""
    /// The key's owner, once the key is checked: the API answers from their library.
    var followedBy: UserID?

    init(query: String?) {
        values = QueryParameters(query: query)
    }

    /// Refuses a query string longer than `QueryParameters` reads, rather than answering a
    /// request whose last parameters were cut off.
    init(checking query: String?) throws(APIFailure) {
        let length = query?.utf8.count ?? 0
        guard length <= QueryParameters.maximumQueryBytes else {
            throw .invalid(
                "The request's parameters are too long: at most \(QueryParameters.maximumQueryBytes / 1024) kB may be sent, and yours are \(length / 1024) kB. Ask for less at once."
            )
        }
        self.init(query: query)
    }

    func country() throws(APIFailure) -> Country? {
        guard let text = values.nonEmpty("country") else { return nil }
        guard let country = Country(rawValue: text) else {
            throw .invalid("The country parameter must be one of \(Country.knownCodes.joined(separator: ", ")); \(given(text)).")
        }
        return country
    }

    func category() throws(APIFailure) -> NewsModel.Category? {
        guard let text = values.nonEmpty("category") else { return nil }
        guard let category = NewsModel.Category(rawValue: text.lowercased()) else {
            throw .invalid("The category parameter must be one of \(NewsModel.Category.allCases.map(\.rawValue).joined(separator: ", ")); \(given(text)).")
        }
        return category
    }

    func language() throws(APIFailure) -> Language? {
        guard let text = values.nonEmpty("language") else { return nil }
        guard let language = Language(rawValue: text.lowercased()) else {
            throw .invalid("The language parameter must be one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")); \(given(text)).")
        }
        return language
    }

    func sortOrder() throws(APIFailure) -> NewsModel.SortOrder {
        guard let text = values.nonEmpty("sortBy") else { return .publishedAt }
        guard let order = NewsModel.SortOrder(rawValue: text) else {
            throw .invalid("The sortBy parameter must be one of \(NewsModel.SortOrder.allCases.map(\.rawValue).joined(separator: ", ")); \(given(text)).")
        }
        return order
    }

    func pageSize(default defaultSize: Int) throws(APIFailure) -> Int {
        guard let text = values.nonEmpty("pageSize") else { return defaultSize }
        guard let size = Int(text), (1...100).contains(size) else {
            throw .invalid("The pageSize parameter must be a whole number from 1 to 100; \(given(text)).")
        }
        return size
    }

    func page() throws(APIFailure) -> Int {
        guard let text = values.nonEmpty("page") else { return 1 }
        guard let page = Int(text), page >= 1 else {
            throw .invalid("The page parameter must be a whole number of 1 or more; \(given(text)).")
        }
        return page
    }

    /// Refuses pages beyond the first `maximumResultDepth` results.
    static func checkDepth(page: Int, pageSize: Int) throws(APIFailure) {
        let (skipped, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
        if overflow || skipped >= maximumResultDepth {
            throw APIFailure(
                code: .maximumResultsReached,
                message: "You have requested too many results: paging stops after the first \(maximumResultDepth) matches. Narrow the search (q, from, to, sources) instead of asking for page \(page)."
            )
        }
    }

    func search() throws(APIFailure) -> SearchQuery? {
        try Self.searchQuery(values.nonEmpty("q"), named: "q")
    }

    var hasSearch: Bool { values.nonEmpty("q") != nil }

    /// `qInTitle`, which clients also spell `qintitle` (the Python client does).
    private var titleSearchText: (name: String, text: String)? {
        for name in ["qInTitle", "qintitle"] {
            if let text = values.nonEmpty(name) { return (name, text) }
        }
        return nil
    }

    /// The search the title alone must match (`qInTitle`), in the same syntax as `q`.
    func titleSearch() throws(APIFailure) -> SearchQuery? {
        guard let (name, text) = titleSearchText else { return nil }
        return try Self.searchQuery(text, named: name)
    }

    var hasTitleSearch: Bool { titleSearchText != nil }

    private static func searchQuery(_ text: String?, named name: String) throws(APIFailure) -> SearchQuery? {
        guard let text else { return nil }
        guard text.count <= maximumQueryLength else {
            throw .invalid("The \(name) parameter may be at most \(maximumQueryLength) characters long; yours has \(text.count).")
        }
        let search: SearchQuery
        do {
            search = try SearchQuery(parsing: text)
        } catch {
            throw .invalid("The \(name) parameter could not be read: \(error) Use words, \"exact phrases\", +must, -mustnot, AND, OR, NOT and parentheses.")
        }
        guard !search.isEmpty else {
            throw .invalid("The \(name) parameter has no word to search for; give at least one word or \"phrase\".")
        }
        return search
    }

    /// The `sources` ids, each checked against the store.
    func sources(in store: any ArticleStore) async throws -> [SourceID] {
        guard let text = values.nonEmpty("sources") else { return [] }
        let names = Self.list(text)
        guard names.count <= Self.maximumSources else {
            throw APIFailure(
                code: .sourcesTooMany,
                message: "You have requested too many sources: at most \(Self.maximumSources) may be given at once, and you gave \(names.count). Split the request."
            )
        }
        var identifiers: [SourceID] = []
        for name in names {
            guard let identifier = SourceID(rawValue: name.lowercased()), try await store.source(identifier) != nil else {
                throw APIFailure(
                    code: .sourceDoesNotExist,
                    message: "You have requested a source which does not exist: \"\(String(name.prefix(80)))\". The sources endpoint (/v2/top-headlines/sources) lists the ids."
                )
            }
            if !identifiers.contains(identifier) { identifiers.append(identifier) }
        }
        return identifiers
    }

    var hasSources: Bool { values.nonEmpty("sources") != nil }

    func searchFields() throws(APIFailure) -> Set<SearchField> {
        guard let text = values.nonEmpty("searchIn") else { return Set(SearchField.allCases) }
        var fields = Set<SearchField>()
        for name in Self.list(text) {
            guard let field = SearchField(rawValue: name.lowercased()) else {
                throw .invalid("The searchIn parameter must be a comma-separated list of title, description, content; \(given(text)).")
            }
            fields.insert(field)
        }
        guard !fields.isEmpty else {
            throw .invalid("The searchIn parameter must name at least one of title, description, content.")
        }
        return fields
    }

    func domains(_ name: String) throws(APIFailure) -> [String] {
        guard let text = values.nonEmpty(name) else { return [] }
        let domains = Self.list(text).map { $0.lowercased() }
        guard domains.count <= Self.maximumDomains else {
            throw .invalid("The \(name) parameter may list at most \(Self.maximumDomains) domains; you gave \(domains.count).")
        }
        for domain in domains where !Self.isDomainName(domain) {
            throw .invalid("The \(name) parameter must be a comma-separated list of domain names such as bbc.co.uk, techcrunch.com; \"\(String(domain.prefix(80)))\" is not one.")
        }
        return domains
    }

    /// `from`/`to`: a date means its whole day, so `to=2024-04-26` includes that day's evening.
    func date(_ name: String, endOfDay: Bool) throws(APIFailure) -> Date? {
        guard let text = values.nonEmpty(name) else { return nil }
        guard let parsed = NewsAPIDate.parse(text) else {
            throw .invalid("The \(name) parameter must be an ISO 8601 date or date-time such as 2024-04-26 or 2024-04-26T04:14:38; \(given(text)).")
        }
        if endOfDay, parsed.precision == .day {
            return parsed.date.addingTimeInterval(86_400 - 0.001)
        }
        return parsed.date
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }

    static func isDomainName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...253).contains(bytes.count) else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                }
        }
    }

    private func given(_ text: String) -> String {
        "you gave \"\(String(text.prefix(80)))\""
    }
}
